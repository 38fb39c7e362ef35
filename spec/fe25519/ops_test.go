package fe25519

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// opsInputs are the edge inputs plus random ones of random limb widths
// below 2⁵³ − 76 (the bound of Sub's subtrahend) and non-canonical ones.
func opsInputs() []Element {
	var out []Element
	for _, e := range edgeInputs {
		out = append(out, e.e)
	}
	out = append(out, limbsP, limbs2P, splat(1<<53-77), Element{max51 - 19, max51, max51, max51, max51})
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		w := []uint{51, 52, 53}[r.IntN(3)]
		var e Element
		for _, l := range []*uint64{&e.L0, &e.L1, &e.L2, &e.L3, &e.L4} {
			*l = r.Uint64() & (1<<w - 1)
			if w == 53 && *l > 1<<53-77 {
				*l = 1<<53 - 77
			}
		}
		out = append(out, e)
	}
	return out
}

func checkCarryBounds(t *testing.T, name string, e *Element) {
	t.Helper()
	if e.L0 >= 1<<51+19<<13 || e.L1 >= 1<<51+1<<13 || e.L2 >= 1<<51+1<<13 || e.L3 >= 1<<51+1<<13 || e.L4 >= 1<<51+1<<13 {
		t.Fatalf("%s: limbs %v exceed the bounds of Carry", name, e)
	}
}

func below(e *Element, bound uint64) bool {
	return e.L0 < bound && e.L1 < bound && e.L2 < bound && e.L3 < bound && e.L4 < bound
}

func TestOps(t *testing.T) {
	in := opsInputs()
	for i := range in {
		a, b := in[i], in[(i*11+5)%len(in)]
		A, B := toBig(&a), toBig(&b)
		var out Element
		Add(&out, &a, &b)
		checkCarryBounds(t, "Add", &out)
		if modP(toBig(&out)).Cmp(modP(new(big.Int).Add(A, B))) != 0 {
			t.Fatalf("Add(%v, %v) wrong", a, b)
		}
		// Sub and Neg are right for subtrahend limbs < 2⁵³ − 76.
		if below(&b, 1<<53-76) {
			Sub(&out, &a, &b)
			checkCarryBounds(t, "Sub", &out)
			if modP(toBig(&out)).Cmp(modP(new(big.Int).Sub(A, B))) != 0 {
				t.Fatalf("Sub(%v, %v) wrong", a, b)
			}
		}
		if below(&a, 1<<53-76) {
			Neg(&out, &a)
			checkCarryBounds(t, "Neg", &out)
			if modP(toBig(&out)).Cmp(modP(new(big.Int).Neg(A))) != 0 {
				t.Fatalf("Neg(%v) wrong", a)
			}
		}
		Reduce(&out, &a)
		if want := fromBig(A); out != want {
			t.Fatalf("Reduce(%v) = %v, want %v", a, out, want)
		}
		var enc [32]byte
		ToBytes(&enc, &a)
		want := modP(A).FillBytes(make([]byte, 32))
		for k := range 32 {
			if enc[k] != want[31-k] {
				t.Fatalf("ToBytes(%v) = %x, want reversed %x", a, enc, want)
			}
		}
		var dec Element
		FromBytes(&dec, &enc)
		if dec != fromBig(A) {
			t.Fatalf("FromBytes(ToBytes(%v)) = %v", a, dec)
		}
		for c := range uint64(4) {
			Select(&out, &a, &b, c)
			if (c&1 == 1 && out != a) || (c&1 == 0 && out != b) {
				t.Fatalf("Select(c = %d) wrong", c)
			}
			x, y := a, b
			Swap(&x, &y, c)
			if (c&1 == 1 && (x != b || y != a)) || (c&1 == 0 && (x != a || y != b)) {
				t.Fatalf("Swap(c = %d) wrong", c)
			}
		}
	}
}

// TestReduceWide checks Reduce up to its documented bound (limbs < 2⁶³).
func TestReduceWide(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cases := []Element{splat(1<<63 - 1), {L4: 1<<63 - 1}, {L0: 1<<63 - 1}}
	for range 200 {
		cases = append(cases, Element{r.Uint64() >> 1, r.Uint64() >> 1, r.Uint64() >> 1, r.Uint64() >> 1, r.Uint64() >> 1})
	}
	for _, a := range cases {
		var out Element
		Reduce(&out, &a)
		if want := fromBig(toBig(&a)); out != want {
			t.Fatalf("Reduce(%v) = %v, want %v", a, out, want)
		}
	}
}

// TestFromBytes decodes random and non-canonical encodings (p … 2²⁵⁵ − 1,
// and bit 255 set) against math/big.
func TestFromBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 300 {
		var b [32]byte
		for k := range b {
			b[k] = byte(r.Uint32())
		}
		if i < 40 {
			for k := 1; k < 32; k++ {
				b[k] = 0xff
			}
			b[0] = byte(0xed + i%19)
		}
		le := make([]byte, 32)
		for k := range 32 {
			le[k] = b[31-k]
		}
		v := new(big.Int).SetBytes(le)
		v.SetBit(v, 255, 0)
		var e Element
		FromBytes(&e, &b)
		if toBig(&e).Cmp(v) != 0 {
			t.Fatalf("FromBytes(%x) = %v", b, e)
		}
	}
}

// TestInvert checks Invert against math/big's modular inverse.
func TestInvert(t *testing.T) {
	for _, a := range opsInputs() {
		if !below(&a, 1<<54) {
			continue
		}
		var out Element
		Invert(&out, &a)
		A := modP(toBig(&a))
		want := new(big.Int).ModInverse(A, bigP)
		if want == nil {
			want = new(big.Int)
		}
		if modP(toBig(&out)).Cmp(want) != 0 {
			t.Fatalf("Invert(%v) wrong", a)
		}
	}
}
