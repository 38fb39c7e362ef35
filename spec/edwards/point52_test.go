package edwards

import (
	"math/big"
	"math/rand/v2"
	"testing"

	fe "vg.dev/spec/fe25519"
)

// The reference is affine Edwards arithmetic in math/big, sharing no code
// with the specification.

var (
	bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	bigD = func() *big.Int { // −121665/121666
		d := new(big.Int).ModInverse(big.NewInt(121666), bigP)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, bigP)
	}()
	sqrtM1 = new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 2), bigP)
)

func mod(x *big.Int) *big.Int { return x.Mod(x, bigP) }

func mul(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }

type affine struct{ x, y *big.Int }

func (a affine) String() string { return "(" + a.x.String() + ", " + a.y.String() + ")" }

func (a affine) equal(b affine) bool { return a.x.Cmp(b.x) == 0 && a.y.Cmp(b.y) == 0 }

// addAffine is the affine addition law (complete on edwards25519).
func addAffine(a, b affine) affine {
	t := mul(bigD, mul(mul(a.x, b.x), mul(a.y, b.y)))
	one := big.NewInt(1)
	xn := mod(new(big.Int).Add(mul(a.x, b.y), mul(a.y, b.x)))
	yn := mod(new(big.Int).Add(mul(a.y, b.y), mul(a.x, b.x)))
	xd := new(big.Int).ModInverse(mod(new(big.Int).Add(one, t)), bigP)
	yd := new(big.Int).ModInverse(mod(new(big.Int).Sub(one, t)), bigP)
	return affine{mul(xn, xd), mul(yn, yd)}
}

func negAffine(a affine) affine { return affine{mod(new(big.Int).Neg(a.x)), a.y} }

// pointWithY returns a point with the given y, or false if there is none.
func pointWithY(y *big.Int) (affine, bool) {
	y2 := mul(y, y)
	u := mod(new(big.Int).Sub(y2, big.NewInt(1)))
	v := mod(new(big.Int).Add(mul(bigD, y2), big.NewInt(1)))
	x2 := mul(u, new(big.Int).ModInverse(v, bigP))
	x := new(big.Int).ModSqrt(x2, bigP)
	if x == nil {
		return affine{}, false
	}
	return affine{x, new(big.Int).Set(y)}, true
}

// smallOrder are the points of order 1, 2 and 4: (0, 1), (0, −1),
// (±√−1, 0).
func smallOrder() []affine {
	zero := big.NewInt(0)
	return []affine{
		{zero, big.NewInt(1)},
		{zero, mod(big.NewInt(-1))},
		{sqrtM1, zero},
		{mod(new(big.Int).Neg(sqrtM1)), zero},
	}
}

// setLane sets lane j of x to the canonical radix-2⁵² limbs of v mod p,
// or of v mod p + p when plusP (limbs still within the bounds only for
// small values).
func setLane(x *fe.Element52x4, j int, v *big.Int, plusP bool) {
	v = mod(new(big.Int).Set(v))
	if plusP {
		v.Add(v, bigP)
	}
	m := new(big.Int).SetUint64(mask52)
	for i := range 5 {
		x[i][j] = new(big.Int).And(v, m).Uint64()
		v.Rsh(v, 52)
	}
}

// lane returns the value of lane j of x mod p.
func lane(x *fe.Element52x4, j int) *big.Int {
	v := new(big.Int)
	for i := 4; i >= 0; i-- {
		v.Lsh(v, 52)
		v.Add(v, new(big.Int).SetUint64(x[i][j]))
	}
	return mod(v)
}

// extended returns a as [x·z, y·z, z, x·y·z] for a random z ≠ 0, or z = 1.
func extended(r *rand.Rand, a affine, randomZ bool) fe.Element52x4 {
	z := big.NewInt(1)
	if randomZ {
		z = mod(new(big.Int).SetUint64(r.Uint64()))
		z.Lsh(z, uint(r.IntN(192)))
		z = mod(z.Add(z, big.NewInt(1)))
		if z.Sign() == 0 {
			z.SetInt64(1)
		}
	}
	var x fe.Element52x4
	setLane(&x, 0, mul(a.x, z), false)
	setLane(&x, 1, mul(a.y, z), false)
	setLane(&x, 2, z, false)
	setLane(&x, 3, mul(mul(a.x, a.y), z), false)
	return x
}

// toAffine checks that p is a valid extended point (Z ≠ 0, X·Y = Z·T)
// and returns (X/Z, Y/Z).
func toAffine(t *testing.T, p *fe.Element52x4) affine {
	t.Helper()
	z := lane(p, 2)
	if z.Sign() == 0 {
		t.Fatal("Z ≡ 0")
	}
	if mul(lane(p, 0), lane(p, 1)).Cmp(mul(z, lane(p, 3))) != 0 {
		t.Fatal("X·Y ≢ Z·T")
	}
	zi := new(big.Int).ModInverse(z, bigP)
	return affine{mul(lane(p, 0), zi), mul(lane(p, 1), zi)}
}

// cachedK is (1, 1, 2d, 2) in the lanes, Cached52x4's constant.
func cachedK() fe.Element52x4 {
	var k fe.Element52x4
	setLane(&k, 0, big.NewInt(1), false)
	setLane(&k, 1, big.NewInt(1), false)
	setLane(&k, 2, mul(big.NewInt(2), bigD), false)
	setLane(&k, 3, big.NewInt(2), false)
	return k
}

// checkBounds checks every lane of x: limbs 0 … 3 < 2⁵², limb 4 < top.
func checkBounds(t *testing.T, what string, x *fe.Element52x4, top uint64) {
	t.Helper()
	for j := range 4 {
		for i := range 5 {
			lim := uint64(1 << 52)
			if i == 4 {
				lim = top
			}
			if x[i][j] >= lim {
				t.Fatalf("%s: lane %d limb %d = %#x, not below %#x", what, j, i, x[i][j], lim)
			}
		}
	}
}

// checkRounds checks every multiplier input of one operation against 2⁵²
// (limb 4 against 2⁴⁷ + 8: carried sums, products, or canonical).
func checkRounds(t *testing.T, what string, rd *rounds) {
	t.Helper()
	for _, x := range []*fe.Element52x4{&rd.l1, &rd.r1, &rd.l2, &rd.r2} {
		checkBounds(t, what+" multiplier input", x, 1<<47+1<<11)
	}
}

// TestSqr52 checks sqr52 against fe.Mul52(a, a) bit for bit, within the
// bounds and beyond them.
func TestSqr52(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 1))
	edges := []fe.Element52{
		{}, {1}, {2},
		{mask52 - 19, mask52, mask52, mask52, mask47}, // p − 1
		{mask52 - 18, mask52, mask52, mask52, mask47}, // p
		{mask52, mask52, mask52, mask52, mask52},
		{mask52, mask52, mask52, mask52, mask47 + 1<<11},
		{0, 0, 0, 0, mask52},
		{mask52, 0, mask52, 0, mask52},
		{1 << 52, 1<<53 - 1, 1 << 63, 1<<64 - 1, 1<<64 - 1}, // beyond
	}
	check := func(a fe.Element52) {
		var got, want fe.Element52
		sqr52(&got, &a)
		fe.Mul52(&want, &a, &a)
		if got != want {
			t.Fatalf("sqr52(%#x) = %#x, fe.Mul52 gives %#x", a, got, want)
		}
	}
	for _, a := range edges {
		check(a)
	}
	for i := range 20000 {
		var a fe.Element52
		for k := range a {
			switch (i + k) % 5 {
			case 0:
				a[k] = r.Uint64()
			case 1:
				a[k] = mask52 - r.Uint64N(64)
			default:
				a[k] = r.Uint64() >> 12
			}
		}
		check(a)
	}
}

// randomPoint returns a random point on the curve.
func randomPoint(r *rand.Rand) affine {
	for {
		y := mod(new(big.Int).SetBytes(func() []byte {
			b := make([]byte, 32)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			return b
		}()))
		if a, ok := pointWithY(y); ok {
			if r.IntN(2) == 1 {
				a = negAffine(a)
			}
			return a
		}
	}
}

// TestPointOps runs random chains of Double52x4, AddCached52x4 and
// SubCached52x4 (their cached operands from Cached52x4) next to affine
// arithmetic, from random points and from the points of small order, and
// checks after every operation that the result is the reference point,
// that every multiplier input is within the bound and that the result's
// limbs are a product's.
func TestPointOps(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2))
	k := cachedK()
	var starts, operands []affine
	starts = append(starts, smallOrder()...)
	operands = append(operands, smallOrder()...)
	for range 6 {
		starts = append(starts, randomPoint(r))
		operands = append(operands, randomPoint(r))
	}
	steps := 60
	if testing.Short() {
		steps = 20
	}
	for si, start := range starts {
		p := extended(r, start, si%2 == 0)
		want := start
		for step := range steps {
			var rd rounds
			switch op := r.IntN(3); op {
			case 0:
				double(&rd, &p)
				want = addAffine(want, want)
			default:
				q := operands[r.IntN(len(operands))]
				qe := extended(r, q, r.IntN(2) == 0)
				var qc fe.Element52x4
				Cached52x4(&qc, &qe, &k)
				checkBounds(t, "cached point", &qc, 1<<47+1<<11)
				if op == 1 {
					addCached(&rd, &p, &qc)
					want = addAffine(want, q)
				} else {
					subCached(&rd, &p, &qc)
					want = addAffine(want, negAffine(q))
				}
			}
			checkRounds(t, "step", &rd)
			checkBounds(t, "result", &p, 1<<47+1<<11)
			if got := toAffine(t, &p); !got.equal(want) {
				t.Fatalf("start %d step %d: got %v, want %v", si, step, got, want)
			}
		}
	}
}

// TestPointOpsEdges runs each operation on the small-order points and on
// random points whose coordinates are given non-canonically where the
// bounds allow (a value below 2²¹⁹ + 19 as value + p: the identity as
// (p, 1 + p, 1 + p, p)), with affine (Z = 1) cached operands as the base
// point's table holds them, and compares with affine arithmetic.
func TestPointOpsEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 3))
	k := cachedK()
	pts := append(smallOrder(), randomPoint(r), randomPoint(r))
	for _, a := range pts {
		for _, plusP := range []bool{false, true} {
			var p fe.Element52x4
			vals := []*big.Int{a.x, a.y, big.NewInt(1), mul(a.x, a.y)}
			for j, v := range vals {
				setLane(&p, j, v, plusP && v.BitLen() < 219)
			}
			checkBounds(t, "input", &p, 1<<47+1<<11)
			// The affine cached form, canonical, as a table entry.
			for _, b := range pts {
				var qc fe.Element52x4
				setLane(&qc, 0, mod(new(big.Int).Sub(b.y, b.x)), false)
				setLane(&qc, 1, mod(new(big.Int).Add(b.y, b.x)), false)
				setLane(&qc, 2, mul(mul(big.NewInt(2), bigD), mul(b.x, b.y)), false)
				setLane(&qc, 3, big.NewInt(2), false)
				var viaK fe.Element52x4
				be := extended(r, b, false)
				Cached52x4(&viaK, &be, &k)
				for j := range 4 {
					if lane(&viaK, j).Cmp(lane(&qc, j)) != 0 {
						t.Fatalf("Cached52x4(%v) lane %d = %v, want %v", b, j, lane(&viaK, j), lane(&qc, j))
					}
				}
				for _, sub := range []bool{false, true} {
					x := p
					var rd rounds
					want := addAffine(a, b)
					if sub {
						subCached(&rd, &x, &qc)
						want = addAffine(a, negAffine(b))
					} else {
						addCached(&rd, &x, &qc)
					}
					checkRounds(t, "edge", &rd)
					if got := toAffine(t, &x); !got.equal(want) {
						t.Fatalf("%v ± %v (sub %v, plusP %v): got %v, want %v", a, b, sub, plusP, got, want)
					}
				}
			}
			x := p
			var rd rounds
			double(&rd, &x)
			checkRounds(t, "edge double", &rd)
			if got, want := toAffine(t, &x), addAffine(a, a); !got.equal(want) {
				t.Fatalf("2·%v (plusP %v): got %v, want %v", a, plusP, got, want)
			}
		}
	}
}

// TestExported checks that the exported functions are their recording
// twins, and that AddCached52x4 and SubCached52x4 with p and q the same
// memory read q before writing p.
func TestExported(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 4))
	k := cachedK()
	for range 50 {
		p := extended(r, randomPoint(r), true)
		qe := extended(r, randomPoint(r), true)
		var q fe.Element52x4
		Cached52x4(&q, &qe, &k)

		a, b := p, p
		var rd rounds
		Double52x4(&a)
		double(&rd, &b)
		if a != b {
			t.Fatal("Double52x4 differs from double")
		}
		a, b = p, p
		AddCached52x4(&a, &q)
		addCached(&rd, &b, &q)
		if a != b {
			t.Fatal("AddCached52x4 differs from addCached")
		}
		a, b = p, p
		SubCached52x4(&a, &q)
		subCached(&rd, &b, &q)
		if a != b {
			t.Fatal("SubCached52x4 differs from subCached")
		}
		a, b = q, q
		AddCached52x4(&a, &a)
		AddCached52x4(&b, &q)
		if a != b {
			t.Fatal("AddCached52x4(q, q) in place differs")
		}
		a, b = q, q
		SubCached52x4(&a, &a)
		SubCached52x4(&b, &q)
		if a != b {
			t.Fatal("SubCached52x4(q, q) in place differs")
		}
		a = p
		var c fe.Element52x4
		Cached52x4(&c, &p, &k)
		Cached52x4(&a, &a, &k)
		if a != c {
			t.Fatal("Cached52x4(p, p, k) in place differs")
		}
	}
}
