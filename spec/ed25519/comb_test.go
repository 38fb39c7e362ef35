package ed25519

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"vg.dev/spec/ctselect"
	fe "vg.dev/spec/fe25519"
)

// The reference is affine Edwards arithmetic in math/big, sharing no code
// with the specification.

var (
	p  = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	dC = func() *big.Int { // −121665/121666
		d := new(big.Int).ModInverse(big.NewInt(121666), p)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, p)
	}()
)

type affine struct{ x, y *big.Int }

func mod(x *big.Int) *big.Int { return x.Mod(x, p) }

func addAffine(a, b affine) affine {
	x1y2 := new(big.Int).Mul(a.x, b.y)
	y1x2 := new(big.Int).Mul(a.y, b.x)
	y1y2 := new(big.Int).Mul(a.y, b.y)
	x1x2 := new(big.Int).Mul(a.x, b.x)
	t := mod(new(big.Int).Mul(dC, mod(new(big.Int).Mul(x1x2, y1y2))))
	one := big.NewInt(1)
	xn := mod(new(big.Int).Add(x1y2, y1x2))
	yn := mod(new(big.Int).Add(y1y2, x1x2))
	xd := new(big.Int).ModInverse(mod(new(big.Int).Add(one, t)), p)
	yd := new(big.Int).ModInverse(mod(new(big.Int).Sub(one, t)), p)
	return affine{mod(xn.Mul(xn, xd)), mod(yn.Mul(yn, yd))}
}

// base is the RFC 8032 base point: y = 4/5, x even.
func base() affine {
	y := mod(new(big.Int).Mul(big.NewInt(4), new(big.Int).ModInverse(big.NewInt(5), p)))
	y2 := new(big.Int).Mul(y, y)
	u := mod(new(big.Int).Sub(y2, big.NewInt(1)))
	v := mod(new(big.Int).Add(new(big.Int).Mul(dC, y2), big.NewInt(1)))
	x2 := mod(new(big.Int).Mul(u, new(big.Int).ModInverse(v, p)))
	x := new(big.Int).ModSqrt(x2, p)
	if x.Bit(0) == 1 {
		x.Sub(p, x)
	}
	return affine{x, y}
}

func limbs(v *big.Int) fe.Element {
	v = new(big.Int).Mod(v, p)
	var l [5]uint64
	m := big.NewInt(1<<51 - 1)
	for i := range l {
		l[i] = new(big.Int).And(v, m).Uint64()
		v.Rsh(v, 51)
	}
	return fe.Element{L0: l[0], L1: l[1], L2: l[2], L3: l[3], L4: l[4]}
}

func toBig(e *fe.Element) *big.Int {
	v := new(big.Int)
	for _, l := range []uint64{e.L4, e.L3, e.L2, e.L1, e.L0} {
		v.Lsh(v, 51)
		v.Add(v, new(big.Int).SetUint64(l))
	}
	return mod(v)
}

// TestCombAdd builds a table of m·Q (m = 1 … 16) for a point Q with
// math/big, runs CombAdd from an extended point with Z ≠ 1 for every
// digit in [−16, 16], and compares with P + d·Q computed affinely.
func TestCombAdd(t *testing.T) {
	B := base()
	Q := addAffine(B, addAffine(B, B)) // 3B
	P := addAffine(Q, B)               // 4B
	var tab ctselect.Table
	m := Q
	for j := range tab {
		ypx := limbs(new(big.Int).Add(m.y, m.x))
		ymx := limbs(new(big.Int).Sub(m.y, m.x))
		t2d := limbs(new(big.Int).Mul(new(big.Int).Mul(big.NewInt(2), dC), new(big.Int).Mul(m.x, m.y)))
		copy(tab[j][0:], []uint64{ypx.L0, ypx.L1, ypx.L2, ypx.L3, ypx.L4})
		copy(tab[j][5:], []uint64{ymx.L0, ymx.L1, ymx.L2, ymx.L3, ymx.L4})
		copy(tab[j][10:], []uint64{t2d.L0, t2d.L1, t2d.L2, t2d.L3, t2d.L4})
		m = addAffine(m, Q)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for d := -16; d <= 16; d++ {
		// P in extended coordinates with a random Z.
		z := new(big.Int).SetUint64(r.Uint64() | 1)
		pe := [4]fe.Element{
			limbs(new(big.Int).Mul(P.x, z)), limbs(new(big.Int).Mul(P.y, z)),
			limbs(z), limbs(new(big.Int).Mul(new(big.Int).Mul(P.x, P.y), z)),
		}
		CombAdd(&pe, &tab, uint64(int64(d)))
		for _, e := range pe {
			for _, l := range []uint64{e.L0, e.L1, e.L2, e.L3, e.L4} {
				if l >= 1<<51+1<<15 {
					t.Fatalf("d = %d: limb %#x beyond 2⁵¹ + 2¹⁵", d, l)
				}
			}
		}
		want := P
		mag := d
		if d < 0 {
			mag = -d
		}
		if mag > 0 {
			q := Q
			for k := 1; k < mag; k++ {
				q = addAffine(q, Q)
			}
			if d < 0 {
				q.x = mod(new(big.Int).Neg(q.x))
			}
			want = addAffine(P, q)
		}
		zi := new(big.Int).ModInverse(toBig(&pe[2]), p)
		x := mod(new(big.Int).Mul(toBig(&pe[0]), zi))
		y := mod(new(big.Int).Mul(toBig(&pe[1]), zi))
		tt := mod(new(big.Int).Mul(toBig(&pe[3]), zi))
		if x.Cmp(want.x) != 0 || y.Cmp(want.y) != 0 || tt.Cmp(mod(new(big.Int).Mul(x, y))) != 0 {
			t.Fatalf("d = %d: CombAdd gives (%v, %v), want (%v, %v)", d, x, y, want.x, want.y)
		}
	}
}
