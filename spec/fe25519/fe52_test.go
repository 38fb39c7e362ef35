package fe25519

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// Mul52 and Mul52x4 are checked against math/big, as the radix-2⁵¹ spec is.

// toBig52 returns the integer the radix-2⁵² limbs stand for (not reduced).
func toBig52(e *Element52) *big.Int {
	v := new(big.Int)
	for i := 4; i >= 0; i-- {
		v.Lsh(v, 52)
		v.Add(v, new(big.Int).SetUint64(e[i]))
	}
	return v
}

// fromBig52 returns the canonical radix-2⁵² limbs of v mod p.
func fromBig52(v *big.Int) Element52 {
	v = new(big.Int).Mod(v, bigP)
	var e Element52
	mask := big.NewInt(max52)
	for i := range e {
		e[i] = new(big.Int).And(v, mask).Uint64()
		v.Rsh(v, 52)
	}
	return e
}

const max47 = 1<<47 - 1

// limbs52P is p in radix 2⁵².
var limbs52P = Element52{max52 - 18, max52, max52, max52, max47}

// edges52 are the special inputs, all with limbs < 2⁵².
func edges52() []Element52 {
	pm1 := limbs52P
	pm1[0]--
	pp1 := limbs52P
	pp1[0]++
	return []Element52{
		{},
		{1},
		{2},
		pm1,                                 // p − 1
		limbs52P,                            // p
		pp1,                                 // p + 1
		{max52, max52, max52, max52, max52}, // 2²⁶⁰ − 1, every limb at the bound
		{max52, max52, max52, max52, max47}, // 2²⁵⁵ − 1
		{max52, max52, max52, max52, max47 + 1<<11}, // beyond 2²⁵⁵ (a Mul52 output's top)
		{max52},
		{0, 0, 0, 0, max52},
		{max52, 0, max52, 0, max52},
		{0, max52, 0, max52, 0},
		{1 << 51, 1 << 51, 1 << 51, 1 << 51, 1 << 51},
		{19, 0, 0, 0, 1 << 47}, // 2²⁵⁵ + 19 ≡ 38
	}
}

// random52 returns limbs < 2⁵², biased towards all ones and the bound.
func random52(r *rand.Rand) Element52 {
	var e Element52
	for i := range e {
		switch r.IntN(6) {
		case 0:
			e[i] = max52 - r.Uint64N(64)
		case 1:
			e[i] = r.Uint64N(64)
		default:
			e[i] = r.Uint64() >> 12
		}
	}
	return e
}

// checkMul52 compares Mul52(a, b) with math/big and checks the output
// bounds.
func checkMul52(t *testing.T, a, b Element52) {
	t.Helper()
	var got Element52
	Mul52(&got, &a, &b)
	want := modP(new(big.Int).Mul(toBig52(&a), toBig52(&b)))
	if g := modP(toBig52(&got)); g.Cmp(want) != 0 {
		t.Fatalf("Mul52(%x, %x) = %x ≡ %v, want %v", a, b, got, g, want)
	}
	for i := range 4 {
		if got[i] > max52 {
			t.Fatalf("Mul52(%x, %x): limb %d = %#x ≥ 2⁵²", a, b, i, got[i])
		}
	}
	if got[4] >= 1<<47+1<<11 {
		t.Fatalf("Mul52(%x, %x): limb 4 = %#x ≥ 2⁴⁷ + 2¹¹", a, b, got[4])
	}
}

func TestMul52(t *testing.T) {
	es := edges52()
	for _, a := range es {
		for _, b := range es {
			checkMul52(t, a, b)
		}
	}
	r := rand.New(rand.NewPCG(52, 1))
	for range 50000 {
		checkMul52(t, random52(r), random52(r))
	}
	// Chained: outputs are valid inputs.
	x, y := Element52{max52, max52, max52, max52, max52}, random52(r)
	for range 1000 {
		var z Element52
		checkMul52(t, x, y)
		Mul52(&z, &x, &y)
		x, y = z, x
	}
}

// TestMul52Canonical checks a few products whose reduced value is known.
func TestMul52Canonical(t *testing.T) {
	one := Element52{1}
	pm1 := limbs52P
	pm1[0]--
	tests := []struct{ a, b, want Element52 }{
		{pm1, pm1, one},              // (−1)² = 1
		{limbs52P, pm1, Element52{}}, // p·x ≡ 0
		{Element52{1 << 51}, Element52{1 << 51}, Element52{0, 1 << 50}}, // 2⁵¹·2⁵¹ = 2¹⁰² = 2⁵⁰·2⁵²
	}
	for _, tt := range tests {
		var got Element52
		Mul52(&got, &tt.a, &tt.b)
		if c := fromBig52(toBig52(&got)); c != tt.want {
			t.Errorf("Mul52(%x, %x) = %x, canonical %x, want %x", tt.a, tt.b, got, c, tt.want)
		}
	}
}

// TestMadd52 checks the two multiply-adds against math/big, for operands
// with bits above 52 (which they ignore) and sums that wrap.
func TestMadd52(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 2))
	m52 := big.NewInt(max52)
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for range 20000 {
		acc, x, y := r.Uint64(), r.Uint64(), r.Uint64()
		if r.IntN(4) == 0 {
			x |= max52
		}
		p := new(big.Int).Mul(new(big.Int).SetUint64(x&max52), new(big.Int).SetUint64(y&max52))
		lo := new(big.Int).And(p, m52)
		hi := new(big.Int).Rsh(p, 52)
		wantLo := new(big.Int).Mod(lo.Add(lo, new(big.Int).SetUint64(acc)), two64).Uint64()
		wantHi := new(big.Int).Mod(hi.Add(hi, new(big.Int).SetUint64(acc)), two64).Uint64()
		if got := madd52lo(acc, x, y); got != wantLo {
			t.Fatalf("madd52lo(%#x, %#x, %#x) = %#x, want %#x", acc, x, y, got, wantLo)
		}
		if got := madd52hi(acc, x, y); got != wantHi {
			t.Fatalf("madd52hi(%#x, %#x, %#x) = %#x, want %#x", acc, x, y, got, wantHi)
		}
	}
}

// lane and setLane move element j in and out of the limb-major layout.
func lane(x *Element52x4, j int) Element52 {
	var e Element52
	for i := range e {
		e[i] = x[i][j]
	}
	return e
}

func setLane(x *Element52x4, j int, e Element52) {
	for i := range e {
		x[i][j] = e[i]
	}
}

// TestMul52x4 checks that every lane is Mul52 of that lane, with the other
// lanes different, and that out may alias an input.
func TestMul52x4(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 3))
	es := edges52()
	for n := range 5000 {
		var a, b Element52x4
		for j := range 4 {
			if n < len(es)*len(es) && j == 0 {
				setLane(&a, j, es[n/len(es)])
				setLane(&b, j, es[n%len(es)])
				continue
			}
			setLane(&a, j, random52(r))
			setLane(&b, j, random52(r))
		}
		var out Element52x4
		Mul52x4(&out, &a, &b)
		for j := range 4 {
			x, y := lane(&a, j), lane(&b, j)
			var want Element52
			Mul52(&want, &x, &y)
			if got := lane(&out, j); got != want {
				t.Fatalf("Mul52x4 lane %d = %x, want Mul52 = %x", j, got, want)
			}
		}
		x, y := a, b
		if Mul52x4(&x, &x, &y); x != out {
			t.Fatalf("Mul52x4 with out == a = %x, want %x", x, out)
		}
		x = a
		if Mul52x4(&y, &x, &y); y != out {
			t.Fatalf("Mul52x4 with out == b = %x, want %x", y, out)
		}
	}
}
