package fe25519

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The spec is checked against math/big: an independent reference that shares
// no code with it.

var bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

const (
	max51 = 1<<51 - 1
	max52 = 1<<52 - 1
	max54 = 1<<54 - 1 // largest limb Mul and Square accept
	max64 = 1<<64 - 1
)

// toBig returns the integer the limbs stand for (not reduced).
func toBig(e *Element) *big.Int {
	v := new(big.Int)
	for _, l := range [...]uint64{e.L4, e.L3, e.L2, e.L1, e.L0} {
		v.Lsh(v, 51)
		v.Add(v, new(big.Int).SetUint64(l))
	}
	return v
}

// fromBig returns the canonical limbs of v mod p.
func fromBig(v *big.Int) Element {
	v = new(big.Int).Mod(v, bigP)
	var l [5]uint64
	mask := big.NewInt(max51)
	for i := range l {
		l[i] = new(big.Int).And(v, mask).Uint64()
		v.Rsh(v, 51)
	}
	return Element{l[0], l[1], l[2], l[3], l[4]}
}

func modP(v *big.Int) *big.Int { return new(big.Int).Mod(v, bigP) }

func splat(l uint64) Element { return Element{l, l, l, l, l} }

// Limbs of p and 2p as written in radix 2⁵¹ (not reduced).
var (
	limbsP  = Element{max51 - 18, max51, max51, max51, max51}
	limbs2P = Element{2 * (max51 - 18), 2 * max51, 2 * max51, 2 * max51, 2 * max51}
)

// edgeInputs are the special values every operation is tried on; all have
// limbs < 2⁵⁴.
var edgeInputs = []struct {
	name string
	e    Element
}{
	{"zero", Element{}},
	{"one", Element{L0: 1}},
	{"two", Element{L0: 2}},
	{"p-1", fromBig(new(big.Int).Sub(bigP, big.NewInt(1)))},
	{"p", limbsP},
	{"p+1", Element{max51 - 17, max51, max51, max51, max51}},
	{"2p", limbs2P},
	{"2^255-1", splat(max51)},
	{"2^51", Element{L1: 1}},
	{"limbs 2^51", splat(1 << 51)},
	{"limbs 2^52-1", splat(max52)},
	{"limbs 2^53", splat(1 << 53)},
	{"limbs 2^54-1", splat(max54)},
	{"top 2^54-1", Element{L4: max54}},
	{"bottom 2^54-1", Element{L0: max54}},
	{"alternating", Element{max54, 0, max54, 0, max54}},
	{"alternating'", Element{0, max54, 0, max54, 0}},
	{"19", Element{L0: 19}},
}

// mulOutputOK reports whether out has the limb bounds Mul and Square
// document: L0 < 2⁵¹ + 2¹⁵, the others < 2⁵¹ + 2¹³.
func mulOutputOK(out *Element) bool {
	return out.L0 < 1<<51+1<<15 && out.L1 < 1<<51+1<<13 && out.L2 < 1<<51+1<<13 &&
		out.L3 < 1<<51+1<<13 && out.L4 < 1<<51+1<<13
}

// carryOutputOK reports whether out has the limb bounds Carry documents:
// L0 < 2⁵¹ + 19·2¹³, the others < 2⁵¹ + 2¹³.
func carryOutputOK(out *Element) bool {
	return out.L0 < 1<<51+19<<13 && out.L1 < 1<<51+1<<13 && out.L2 < 1<<51+1<<13 &&
		out.L3 < 1<<51+1<<13 && out.L4 < 1<<51+1<<13
}

// randomLoose returns an element with every limb < 2^bits.
func randomLoose(r *rand.Rand, bits uint) Element {
	m := uint64(1)<<bits - 1
	return Element{r.Uint64() & m, r.Uint64() & m, r.Uint64() & m, r.Uint64() & m, r.Uint64() & m}
}

// randomInput returns an input within the Mul bound, biased to large limbs.
func randomInput(r *rand.Rand) Element {
	switch r.IntN(4) {
	case 0:
		return randomLoose(r, 51)
	case 1:
		return randomLoose(r, 52)
	case 2:
		// Limbs near the bound, where the column sums are largest.
		e := randomLoose(r, 10)
		return Element{max54 - e.L0, max54 - e.L1, max54 - e.L2, max54 - e.L3, max54 - e.L4}
	default:
		return randomLoose(r, 54)
	}
}

func checkMul(t *testing.T, name string, a, b Element) {
	t.Helper()
	var out Element
	Mul(&out, &a, &b)
	want := modP(new(big.Int).Mul(toBig(&a), toBig(&b)))
	if got := modP(toBig(&out)); got.Cmp(want) != 0 {
		t.Errorf("%s: Mul(%v, %v) = %v ≡ %v, want %v", name, a, b, out, got, want)
	}
	if !mulOutputOK(&out) {
		t.Errorf("%s: Mul(%v, %v) = %v exceeds the documented limb bounds", name, a, b, out)
	}
}

func checkSquare(t *testing.T, name string, a Element) {
	t.Helper()
	var out Element
	Square(&out, &a)
	want := modP(new(big.Int).Mul(toBig(&a), toBig(&a)))
	if got := modP(toBig(&out)); got.Cmp(want) != 0 {
		t.Errorf("%s: Square(%v) = %v ≡ %v, want %v", name, a, out, got, want)
	}
	if !mulOutputOK(&out) {
		t.Errorf("%s: Square(%v) = %v exceeds the documented limb bounds", name, a, out)
	}
	var viaMul Element
	Mul(&viaMul, &a, &a)
	if modP(toBig(&viaMul)).Cmp(modP(toBig(&out))) != 0 {
		t.Errorf("%s: Square(%v) = %v differs from Mul(a, a) = %v", name, a, out, viaMul)
	}
}

func TestMulEdges(t *testing.T) {
	for _, x := range edgeInputs {
		for _, y := range edgeInputs {
			checkMul(t, x.name+"×"+y.name, x.e, y.e)
		}
	}
}

func TestMulRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		checkMul(t, fmt.Sprint("random ", i), randomInput(r), randomInput(r))
	}
}

func TestSquareEdges(t *testing.T) {
	for _, x := range edgeInputs {
		checkSquare(t, x.name, x.e)
	}
}

func TestSquareRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		checkSquare(t, fmt.Sprint("random ", i), randomInput(r))
	}
}

// TestMulChain feeds outputs back as inputs (and sums of four outputs, which
// the bounds allow), as curve arithmetic does.
func TestMulChain(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	x, y := randomInput(r), randomInput(r)
	want := modP(toBig(&x))
	for i := range 1000 {
		var sq, m Element
		Square(&sq, &x)
		Mul(&m, &sq, &y)
		// x = 4·m, formed by limb-wise addition of loose limbs.
		x = Element{4 * m.L0, 4 * m.L1, 4 * m.L2, 4 * m.L3, 4 * m.L4}
		want.Mul(want, want).Mul(want, toBig(&y)).Lsh(want, 2).Mod(want, bigP)
		if got := modP(toBig(&x)); got.Cmp(want) != 0 {
			t.Fatalf("step %d: got %v, want %v", i, got, want)
		}
		if x.L0 >= 1<<54 || x.L1 >= 1<<54 || x.L2 >= 1<<54 || x.L3 >= 1<<54 || x.L4 >= 1<<54 {
			t.Fatalf("step %d: %v left the input bound", i, x)
		}
	}
}

// TestBoundDerivation replays the interval argument documented at
// reduceWide with exact integers, so the documented bounds are checked, not
// only sampled.
func TestBoundDerivation(t *testing.T) {
	two := func(e uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), e) }
	maxLimb := new(big.Int).SetUint64(max54)
	maxProd := new(big.Int).Mul(maxLimb, maxLimb)
	weights := [5]int64{77, 59, 41, 23, 5} // column weights, wrapped products count 19
	var c [5]*big.Int
	for k, n := range weights {
		r := new(big.Int).Mul(maxProd, big.NewInt(n))
		if r.Cmp(two(128)) >= 0 {
			t.Fatalf("column %d may overflow 128 bits", k)
		}
		c[k] = new(big.Int).Rsh(r, 51)
		if c[k].Cmp(two(64)) >= 0 {
			t.Fatalf("carry %d may overflow 64 bits", k)
		}
	}
	// First step: lₖ ≤ 2⁵¹−1 + cₖ₋₁ (19·c4 for l0).
	var carries [5]uint64
	for k := range 5 {
		in := c[(k+4)%5]
		if k == 0 {
			in = new(big.Int).Mul(in, big.NewInt(19))
		}
		l := new(big.Int).Add(big.NewInt(max51), in)
		if l.Cmp(two(64)) >= 0 {
			t.Fatalf("limb %d after the first step may overflow 64 bits", k)
		}
		carries[k] = new(big.Int).Rsh(l, 51).Uint64()
	}
	// Second step: outₖ ≤ 2⁵¹−1 + ⌊lₖ₋₁/2⁵¹⌋ (19× for out0).
	worst := Element{
		max51 + 19*carries[4], max51 + carries[0], max51 + carries[1],
		max51 + carries[2], max51 + carries[3],
	}
	if !mulOutputOK(&worst) {
		t.Fatalf("derived worst case %v exceeds the documented bounds", worst)
	}
	// And the outputs may be summed seven at a time and still be inputs.
	if 7*worst.L0 > max54 || 7*worst.L1 > max54 {
		t.Fatalf("seven outputs %v may exceed the input bound", worst)
	}
	// The bound for Carry on arbitrary limbs.
	worstCarry := Element{max51 + 19*(max64>>51), max51 + max64>>51, max51 + max64>>51,
		max51 + max64>>51, max51 + max64>>51}
	if !carryOutputOK(&worstCarry) {
		t.Fatalf("derived Carry worst case %v exceeds the documented bounds", worstCarry)
	}
}

func TestCarry(t *testing.T) {
	tests := []struct {
		name string
		in   Element
	}{
		{"zero", Element{}},
		{"all ones", splat(max64)},
		{"2^63", splat(1 << 63)},
		{"2^63-1", splat(1<<63 - 1)},
		{"2^51", splat(1 << 51)},
		{"2^51-1", splat(max51)},
		{"p", limbsP},
		{"2p", limbs2P},
		{"top only", Element{L4: max64}},
		{"bottom only", Element{L0: max64}},
		{"alternating", Element{max64, 0, max64, 0, max64}},
		{"alternating'", Element{0, max64, 0, max64, 0}},
		{"low bits clear", splat(max64 &^ max51)},
	}
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 20000 {
		tests = append(tests, struct {
			name string
			in   Element
		}{fmt.Sprint("random ", i), randomLoose(r, uint(1+r.IntN(64)))})
	}
	for _, tt := range tests {
		var out Element
		Carry(&out, &tt.in)
		if got, want := modP(toBig(&out)), modP(toBig(&tt.in)); got.Cmp(want) != 0 {
			t.Errorf("%s: Carry(%v) = %v ≡ %v, want %v", tt.name, tt.in, out, got, want)
		}
		if !carryOutputOK(&out) {
			t.Errorf("%s: Carry(%v) = %v exceeds the documented limb bounds", tt.name, tt.in, out)
		}
	}
}

// TestCarryKeepsReduced checks that limbs already < 2⁵¹ pass unchanged.
func TestCarryKeepsReduced(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 1000 {
		in := randomLoose(r, 51)
		var out Element
		Carry(&out, &in)
		if out != in {
			t.Fatalf("Carry(%v) = %v, want it unchanged", in, out)
		}
	}
}

// TestAliasing checks that out may be the same element as an input.
func TestAliasing(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 1000 {
		a, b := randomInput(r), randomInput(r)
		var want Element
		Mul(&want, &a, &b)
		x, y := a, b
		Mul(&x, &x, &y)
		if x != want {
			t.Fatalf("Mul(a, a, b) = %v, want %v", x, want)
		}
		x, y = a, b
		Mul(&y, &x, &y)
		if y != want {
			t.Fatalf("Mul(b, a, b) = %v, want %v", y, want)
		}
		Square(&want, &a)
		x = a
		Square(&x, &x)
		if x != want {
			t.Fatalf("Square(a, a) = %v, want %v", x, want)
		}
		Carry(&want, &b)
		y = b
		Carry(&y, &y)
		if y != want {
			t.Fatalf("Carry(b, b) = %v, want %v", y, want)
		}
	}
}
