package mldsa

import (
	"math/rand/v2"
	"testing"
)

// The references here work in int64 modulo q, from the definitions: the
// negacyclic schoolbook product, and the NTT as evaluation at the odd powers
// ζ^(2·brv₈(i)+1) (FIPS 204 §2.5). They share no code with the spec.

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6d6c647361)) }

// modQ returns x mod q in [0, q).
func modQ(x int64) int64 {
	x %= Q
	if x < 0 {
		x += Q
	}
	return x
}

// powQ returns b^e mod q, e ≥ 0.
func powQ(b, e int64) int64 {
	r := int64(1)
	b = modQ(b)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % Q
		}
		b = b * b % Q
	}
	return r
}

// r32 is 2³² mod q.
var r32 = powQ(2, 32)

// schoolbook returns a·b in Z_q[X]/(X²⁵⁶ + 1), coefficients in [0, q).
func schoolbook(a, b *Poly) [N]int64 {
	var c [N]int64
	for i := range N {
		for j := range N {
			p := modQ(int64(a[i])) * modQ(int64(b[j])) % Q
			if k := i + j; k < N {
				c[k] = (c[k] + p) % Q
			} else {
				c[k-N] = (c[k-N] - p + Q) % Q // X²⁵⁶ = −1
			}
		}
	}
	return c
}

// nttRef returns the NTT of a by its definition: â[i] = a(ζ^(2·brv₈(i)+1)).
func nttRef(a *Poly) [N]int64 {
	var out [N]int64
	for i := range N {
		x := powQ(1753, int64(2*brv8Test(i)+1))
		var acc, xj int64 = 0, 1
		for j := range N {
			acc = (acc + modQ(int64(a[j]))*xj) % Q
			xj = xj * x % Q
		}
		out[i] = acc
	}
	return out
}

// invNTTRef returns NTT⁻¹(â) by its definition:
// a[j] = 256⁻¹ · Σᵢ â[i]·ζ^(−(2·brv₈(i)+1)·j).
func invNTTRef(ahat *Poly) [N]int64 {
	inv256 := powQ(N, Q-2)
	var out [N]int64
	for j := range N {
		var acc int64
		for i := range N {
			e := int64(2*brv8Test(i)+1) * int64(j) % 512
			x := powQ(1753, (512-e)%512) // ζ^(−e), ζ⁵¹² = 1
			acc = (acc + modQ(int64(ahat[i]))*x) % Q
		}
		out[j] = acc * inv256 % Q
	}
	return out
}

func randPoly(rng *rand.Rand, lo, hi int32) *Poly {
	var p Poly
	for i := range p {
		p[i] = lo + int32(rng.Int64N(int64(hi)-int64(lo)+1))
	}
	return &p
}

func constPoly(c int32) *Poly {
	var p Poly
	for i := range p {
		p[i] = c
	}
	return &p
}

// alternating is ±c, signs alternating.
func alternating(c int32) *Poly {
	var p Poly
	for i := range p {
		p[i] = c
		if i%2 == 1 {
			p[i] = -c
		}
	}
	return &p
}

// checkRange fails unless lo ≤ p[i] ≤ hi for every i.
func checkRange(t *testing.T, what string, p *Poly, lo, hi int32) {
	t.Helper()
	for i, x := range p {
		if x < lo || x > hi {
			t.Fatalf("%s: coefficient %d = %d outside [%d, %d]", what, i, x, lo, hi)
		}
	}
}

// checkCongruent fails unless p[i] ≡ scale·want[i] (mod q) for every i.
func checkCongruent(t *testing.T, what string, p *Poly, want *[N]int64, scale int64) {
	t.Helper()
	for i := range N {
		if modQ(int64(p[i])) != modQ(want[i]*scale) {
			t.Fatalf("%s: coefficient %d = %d ≢ %d·%d (mod q)", what, i, p[i], want[i], scale)
		}
	}
}

type namedPoly struct {
	name string
	p    *Poly
}

// nttInputs are inputs within NTT's range |p[i]| < q: random in [0, q),
// random centred, and the extremes.
func nttInputs(rng *rand.Rand) []namedPoly {
	return []namedPoly{
		{"random [0,q)", randPoly(rng, 0, Q-1)},
		{"random (−q,q)", randPoly(rng, -(Q - 1), Q-1)},
		{"all q−1", constPoly(Q - 1)},
		{"all −(q−1)", constPoly(-(Q - 1))},
		{"alternating q−1", alternating(Q - 1)},
		{"zero", constPoly(0)},
		{"one", &Poly{1}},
		{"X", &Poly{0, 1}},
		{"X²⁵⁵", &Poly{255: 1}},
	}
}

// TestNTTSchoolbook checks InvNTT(PointwiseMontgomery(NTT a, NTT b)) ≡ a·b
// against the schoolbook negacyclic product, and every documented range on
// the way: each input with a random partner, and random pairs.
func TestNTTSchoolbook(t *testing.T) {
	rng := newRand(1)
	ins := nttInputs(rng)
	var pairs [][2]namedPoly
	for _, x := range ins {
		pairs = append(pairs, [2]namedPoly{x, ins[rng.IntN(len(ins))]})
	}
	for range 4 {
		pairs = append(pairs, [2]namedPoly{{"random", randPoly(rng, -(Q - 1), Q-1)}, {"random", randPoly(rng, 0, Q-1)}})
	}
	for _, xy := range pairs {
		x, y := xy[0], xy[1]
		ahat, bhat := *x.p, *y.p
		NTT(&ahat)
		NTT(&bhat)
		checkRange(t, "NTT "+x.name, &ahat, -(9*Q - 1), 9*Q-1)
		checkRange(t, "NTT "+y.name, &bhat, -(9*Q - 1), 9*Q-1)
		var c Poly
		PointwiseMontgomery(&c, &ahat, &bhat)
		checkRange(t, "PointwiseMontgomery", &c, -(Q - 1), Q-1)
		InvNTT(&c)
		checkRange(t, "InvNTT", &c, -(Q - 1), Q-1)
		want := schoolbook(x.p, y.p)
		checkCongruent(t, x.name+" × "+y.name, &c, &want, 1)
	}
}

// TestNTTDefinition checks NTT against evaluation at the odd powers of ζ,
// on the documented range (output |p[i]| < 9q) and on the widest inputs
// the general bound allows (|p[i]| ≤ 2³¹ − 1 − 8(q−1): no overflow).
func TestNTTDefinition(t *testing.T) {
	rng := newRand(2)
	check := func(in namedPoly, bound int32) {
		t.Helper()
		got := *in.p
		NTT(&got)
		checkRange(t, "NTT "+in.name, &got, -bound, bound)
		want := nttRef(in.p)
		checkCongruent(t, "NTT "+in.name, &got, &want, 1)
	}
	for _, in := range nttInputs(rng) {
		check(in, 9*Q-1)
	}
	const wide = 1<<31 - 1 - 8*(Q-1)
	for _, in := range []namedPoly{
		{"all wide", constPoly(wide)},
		{"all −wide", constPoly(-wide)},
		{"alternating wide", alternating(wide)},
		{"random wide", randPoly(rng, -wide, wide)},
	} {
		check(in, 1<<31-1)
	}
}

// TestNTTInverse checks InvNTT(NTT(a)) ≡ 2³²·a, NTT(InvNTT(â)) ≡ 2³²·â, and
// InvNTT against its definition on its widest inputs (|p[i]| < 2²³).
func TestNTTInverse(t *testing.T) {
	rng := newRand(3)
	for _, in := range nttInputs(rng) {
		p := *in.p
		NTT(&p)
		InvNTT(&p)
		checkRange(t, "InvNTT∘NTT "+in.name, &p, -(Q - 1), Q-1)
		var want [N]int64
		for i := range want {
			want[i] = int64(in.p[i])
		}
		checkCongruent(t, "InvNTT∘NTT "+in.name, &p, &want, r32)

		p = *in.p
		InvNTT(&p)
		NTT(&p)
		checkCongruent(t, "NTT∘InvNTT "+in.name, &p, &want, r32)
	}
	const wide = 1<<23 - 1
	for _, in := range []namedPoly{
		{"all 2²³−1", constPoly(wide)},
		{"all −(2²³−1)", constPoly(-wide)},
		{"alternating 2²³−1", alternating(wide)},
		{"random wide", randPoly(rng, -wide, wide)},
		{"random (−q,q)", randPoly(rng, -(Q - 1), Q-1)},
	} {
		p := *in.p
		InvNTT(&p)
		checkRange(t, "InvNTT "+in.name, &p, -(Q - 1), Q-1)
		want := invNTTRef(in.p)
		checkCongruent(t, "InvNTT "+in.name, &p, &want, r32)
	}
}

// checkMont fails unless r ≡ a·2⁻³² (mod q) and −q < r < q.
func checkMont(t *testing.T, a int64, r int32) {
	t.Helper()
	if r <= -Q || r >= Q || modQ(int64(r)<<32-a) != 0 {
		t.Fatalf("montReduce(%d) = %d", a, r)
	}
}

// TestMontReduce checks montReduce on its whole range [−2³¹·q, 2³¹·q):
// the ends, multiples of q and of 2³² around them, and many random values.
func TestMontReduce(t *testing.T) {
	const lo, hi = -(1 << 31) * Q, (1<<31)*Q - 1
	edges := []int64{lo, lo + 1, hi, hi - 1, 0, 1, -1, Q, -Q, Q - 1, 1 << 32, -1 << 32,
		(1 << 32) * (Q - 1), -(1 << 32) * (Q - 1), 1<<62/Q - 1, lo + 1<<32, hi - 1<<32}
	for _, a := range edges {
		if a >= lo && a <= hi {
			checkMont(t, a, montReduce(a))
		}
	}
	rng := newRand(4)
	for range 2_000_000 {
		a := lo + rng.Int64N(hi-lo+1)
		checkMont(t, a, montReduce(a))
	}
	// Near the ends, where the bound is tight.
	for range 200_000 {
		d := rng.Int64N(1 << 40)
		checkMont(t, lo+d, montReduce(lo+d))
		checkMont(t, hi-d, montReduce(hi-d))
	}
}

// TestMontMul checks MontMul for a ∈ (−q, q) and any int32 b, and for
// |a|, |b| < 9q (NTT outputs).
func TestMontMul(t *testing.T) {
	rng := newRand(5)
	for range 1_000_000 {
		a := int32(rng.Int64N(2*Q-1)) - (Q - 1)
		b := int32(rng.Uint32())
		checkMont(t, int64(a)*int64(b), MontMul(a, b))
		a, b = int32(rng.Int64N(18*Q-1))-(9*Q-1), int32(rng.Int64N(18*Q-1))-(9*Q-1)
		checkMont(t, int64(a)*int64(b), MontMul(a, b))
	}
	for _, ab := range [][2]int32{{Q - 1, -1 << 31}, {-(Q - 1), -1 << 31}, {Q - 1, 1<<31 - 1}, {9*Q - 1, 9*Q - 1}, {-(9*Q - 1), 9*Q - 1}, {0, 0}} {
		checkMont(t, int64(ab[0])*int64(ab[1]), MontMul(ab[0], ab[1]))
	}
	// MontMul by 2³² mod q (1 in Montgomery form) is the identity mod q;
	// by 2⁶⁴ mod q it converts to Montgomery form.
	r2 := int32(r32 * r32 % Q)
	for _, a := range []int32{0, 1, Q - 1, -(Q - 1), 12345} {
		if got := MontMul(a, int32(r32)); modQ(int64(got)) != modQ(int64(a)) {
			t.Errorf("MontMul(%d, 2³²) = %d", a, got)
		}
		if got := MontMul(a, r2); modQ(int64(got)) != modQ(int64(a)*r32) {
			t.Errorf("MontMul(%d, 2⁶⁴) = %d", a, got)
		}
	}
}

// TestPointwiseAcc checks PointwiseAccMontgomery: 256 accumulations of
// products of NTT outputs from zero stay exact (|out| < 256q) and congruent.
func TestPointwiseAcc(t *testing.T) {
	rng := newRand(6)
	var acc Poly
	var want [N]int64
	for k := range 256 {
		a, b := randPoly(rng, -(9*Q-1), 9*Q-1), randPoly(rng, -(9*Q-1), 9*Q-1)
		if k == 0 {
			a, b = constPoly(9*Q-1), constPoly(9*Q-1)
		}
		PointwiseAccMontgomery(&acc, a, b)
		for i := range N {
			want[i] = modQ(want[i] + modQ(int64(a[i]))*modQ(int64(b[i]))%Q)
		}
	}
	checkRange(t, "PointwiseAccMontgomery", &acc, -256*(Q-1), 256*(Q-1))
	inv := powQ(r32, Q-2) // 2⁻³²
	checkCongruent(t, "PointwiseAccMontgomery", &acc, &want, inv)

	// Aliasing: out may be an input.
	a, b := randPoly(rng, -(Q-1), Q-1), randPoly(rng, -(Q-1), Q-1)
	var sep Poly
	PointwiseMontgomery(&sep, a, b)
	PointwiseMontgomery(a, a, b)
	if *a != sep {
		t.Errorf("PointwiseMontgomery with out = a differs")
	}
}
