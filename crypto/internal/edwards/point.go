// Package edwards implements the group of the twisted Edwards curve
// −x² + y² = 1 + d·x²·y² (edwards25519) for Ed25519, over
// vg.dev/crypto/internal/field.
//
// Points are in extended coordinates (X : Y : Z : T) with x = X/Z, y = Y/Z
// and x·y = T/Z. Addition and doubling are the formulas of Hisil, Wong,
// Carter and Dawson for a = −1, through the completed coordinates
// ((X : Z), (Y : T)).
//
// ScalarBaseMult (comb.go) is constant time: with bmi2 and adx, and on
// arm64, it is one proved kernel (vg.dev/kernels/ed25519.ScalarBaseMult);
// elsewhere its table entries are selected with the proved kernel
// vg.dev/kernels/ctselect and every other step is branch-free, index-free
// Go over the field kernels. VarTimeDoubleScalarBaseMult (window.go) and
// VarTimeVerify (verify.go) are for public inputs only: with AVX-512 IFMA
// they run on the four-lane point kernels of vg.dev/kernels/edwards
// (window52.go), elsewhere on the field kernels.

package edwards

import (
	"errors"

	"vg.dev/crypto/internal/field"
)

// Point is a point on edwards25519 in extended coordinates. Use
// NewIdentityPoint, NewGeneratorPoint or SetBytes.
type Point struct {
	x, y, z, t field.Element
}

// completed is ((X : Z), (Y : T)), x = X/Z and y = Y/T: the sum or double
// before its four closing multiplications.
type completed struct {
	x, y, z, t field.Element
}

// projective is (X : Y : Z) without T, enough as the input of a doubling.
type projective struct {
	x, y, z field.Element
}

// cached is (Y + X, Y − X, Z, 2d·T), the second operand of an addition.
type cached struct {
	yPlusX, yMinusX, z, t2d field.Element
}

// affineCached is (y + x, y − x, 2d·x·y) of an affine point (Z = 1).
type affineCached struct {
	yPlusX, yMinusX, t2d field.Element
}

var (
	d, d2 field.Element // d = −121665/121666 and 2d
	gen   Point
)

func init() {
	var num, den field.Element
	num.One()
	num.Mult32(&num, 121665)
	num.Negate(&num)
	den.One()
	den.Mult32(&den, 121666)
	den.Invert(&den)
	d.Multiply(&num, &den)
	d2.Add(&d, &d)
	// The base point: y = 4/5, x even (RFC 8032, 5.1).
	enc := [32]byte{0x58}
	for i := 1; i < 32; i++ {
		enc[i] = 0x66
	}
	if _, err := gen.SetBytes(enc[:]); err != nil {
		panic("edwards: base point: " + err.Error())
	}
}

// NewIdentityPoint returns the neutral element (0, 1).
func NewIdentityPoint() *Point {
	p := new(Point)
	p.y.One()
	p.z.One()
	return p
}

// NewGeneratorPoint returns the base point B of RFC 8032.
func NewGeneratorPoint() *Point {
	p := gen
	return &p
}

// Set sets v = p and returns v.
func (v *Point) Set(p *Point) *Point { *v = *p; return v }

// SetBytes sets v to the point encoded by the 32 bytes x (RFC 8032,
// 5.1.3) and returns v, or returns an error if x encodes no point. As in
// crypto/ed25519, non-canonical encodings of y (y ≥ p) are accepted, and
// so is x = 0 with the sign bit set.
func (v *Point) SetBytes(x []byte) (*Point, error) {
	if len(x) != 32 {
		return nil, errors.New("edwards: invalid point encoding length")
	}
	y, u, w := decodeRatio(x)
	var xx field.Element
	if _, ok := xx.SqrtRatio(&u, &w); ok == 0 {
		return nil, errors.New("edwards: invalid point encoding")
	}
	return v.setDecoded(x, &xx, &y), nil
}

// decodeRatio returns the y of the 32-byte encoding x (bit 255 ignored,
// non-canonical values reduced) and u = y² − 1, w = d·y² + 1, so that
// x² = u/w.
func decodeRatio(x []byte) (y, u, w field.Element) {
	y.SetBytes(x)
	var one field.Element
	one.One()
	u.Square(&y)
	w.Multiply(&u, &d)
	u.Sub(&u, &one)
	w.Add(&w, &one)
	return y, u, w
}

// setDecoded sets v to (±xx, y), negated when bit 255 of the encoding x
// is set, where xx is SqrtRatio's non-negative root, and returns v.
func (v *Point) setDecoded(x []byte, xx, y *field.Element) *Point {
	var neg field.Element
	neg.Negate(xx)
	v.x.Select(&neg, xx, int(x[31]>>7))
	v.y = *y
	v.z.One()
	v.t.Multiply(&v.x, y)
	return v
}

// Bytes returns the canonical encoding of v.
func (v *Point) Bytes() [32]byte {
	var zInv, x, y field.Element
	zInv.Invert(&v.z)
	x.Multiply(&v.x, &zInv)
	y.Multiply(&v.y, &zInv)
	out := y.Bytes()
	out[31] |= byte(x.IsNegative() << 7)
	return out
}

// Equal returns 1 if v and u are the same point, 0 otherwise.
func (v *Point) Equal(u *Point) int {
	var a, b, c, e field.Element
	a.Multiply(&v.x, &u.z)
	b.Multiply(&u.x, &v.z)
	c.Multiply(&v.y, &u.z)
	e.Multiply(&u.y, &v.z)
	return a.Equal(&b) & c.Equal(&e)
}

// Negate sets v = −p and returns v.
func (v *Point) Negate(p *Point) *Point {
	v.x.Negate(&p.x)
	v.y = p.y
	v.z = p.z
	v.t.Negate(&p.t)
	return v
}

func (v *Point) fromCompleted(c *completed) *Point {
	v.x.Multiply(&c.x, &c.t)
	v.y.Multiply(&c.y, &c.z)
	v.z.Multiply(&c.z, &c.t)
	v.t.Multiply(&c.x, &c.y)
	return v
}

func (v *projective) fromCompleted(c *completed) *projective {
	v.x.Multiply(&c.x, &c.t)
	v.y.Multiply(&c.y, &c.z)
	v.z.Multiply(&c.z, &c.t)
	return v
}

func (v *projective) fromPoint(p *Point) *projective {
	v.x, v.y, v.z = p.x, p.y, p.z
	return v
}

func (v *cached) fromPoint(p *Point) *cached {
	v.yPlusX.Add(&p.y, &p.x)
	v.yMinusX.Sub(&p.y, &p.x)
	v.z = p.z
	v.t2d.Multiply(&p.t, &d2)
	return v
}

// double sets v = 2p in completed coordinates.
func (v *completed) double(p *projective) *completed {
	var xx, yy, zz2, s field.Element
	s.Add(&p.x, &p.y)
	xx.Square(&p.x)
	yy.Square(&p.y)
	zz2.Square(&p.z)
	s.Square(&s)
	zz2.Add(&zz2, &zz2)
	v.y.Add(&yy, &xx)
	v.z.Sub(&yy, &xx)
	v.x.Sub(&s, &v.y)
	v.t.Sub(&zz2, &v.z)
	return v
}

// add sets v = p + q in completed coordinates.
func (v *completed) add(p *Point, q *cached) *completed {
	var ypx, ymx, pp, mm, tt, zz field.Element
	ypx.Add(&p.y, &p.x)
	ymx.Sub(&p.y, &p.x)
	pp.Multiply(&ypx, &q.yPlusX)
	mm.Multiply(&ymx, &q.yMinusX)
	tt.Multiply(&p.t, &q.t2d)
	zz.Multiply(&p.z, &q.z)
	zz.Add(&zz, &zz)
	v.x.Sub(&pp, &mm)
	v.y.Add(&pp, &mm)
	v.z.Add(&zz, &tt)
	v.t.Sub(&zz, &tt)
	return v
}

// sub sets v = p − q in completed coordinates.
func (v *completed) sub(p *Point, q *cached) *completed {
	var ypx, ymx, pp, mm, tt, zz field.Element
	ypx.Add(&p.y, &p.x)
	ymx.Sub(&p.y, &p.x)
	pp.Multiply(&ypx, &q.yMinusX)
	mm.Multiply(&ymx, &q.yPlusX)
	tt.Multiply(&p.t, &q.t2d)
	zz.Multiply(&p.z, &q.z)
	zz.Add(&zz, &zz)
	v.x.Sub(&pp, &mm)
	v.y.Add(&pp, &mm)
	v.z.Sub(&zz, &tt)
	v.t.Add(&zz, &tt)
	return v
}

// addAffine sets v = p + q for an affine q, ordered by dependency: the
// sums and differences, the three independent products, the four sums
// and differences of the completed point.
func (v *completed) addAffine(p *Point, q *affineCached) *completed {
	var ypx, ymx, z2, pp, mm, tt field.Element
	ypx.Add(&p.y, &p.x)
	ymx.Sub(&p.y, &p.x)
	z2.Add(&p.z, &p.z)
	pp.Multiply(&ypx, &q.yPlusX)
	mm.Multiply(&ymx, &q.yMinusX)
	tt.Multiply(&p.t, &q.t2d)
	v.x.Sub(&pp, &mm)
	v.y.Add(&pp, &mm)
	v.z.Add(&z2, &tt)
	v.t.Sub(&z2, &tt)
	return v
}

// subAffine sets v = p − q for an affine q.
func (v *completed) subAffine(p *Point, q *affineCached) *completed {
	var ypx, ymx, z2, pp, mm, tt field.Element
	ypx.Add(&p.y, &p.x)
	ymx.Sub(&p.y, &p.x)
	z2.Add(&p.z, &p.z)
	pp.Multiply(&ypx, &q.yMinusX)
	mm.Multiply(&ymx, &q.yPlusX)
	tt.Multiply(&p.t, &q.t2d)
	v.x.Sub(&pp, &mm)
	v.y.Add(&pp, &mm)
	v.z.Sub(&z2, &tt)
	v.t.Add(&z2, &tt)
	return v
}

// Add sets v = p + q and returns v.
func (v *Point) Add(p, q *Point) *Point {
	var qc cached
	var c completed
	return v.fromCompleted(c.add(p, qc.fromPoint(q)))
}

// Subtract sets v = p − q and returns v.
func (v *Point) Subtract(p, q *Point) *Point {
	var qc cached
	var c completed
	return v.fromCompleted(c.sub(p, qc.fromPoint(q)))
}

// Double sets v = 2p and returns v.
func (v *Point) Double(p *Point) *Point {
	var pp projective
	var c completed
	return v.fromCompleted(c.double(pp.fromPoint(p)))
}

// MultByCofactor sets v = 8p and returns v.
func (v *Point) MultByCofactor(p *Point) *Point {
	var pp projective
	var c completed
	pp.fromPoint(p)
	pp.fromCompleted(c.double(&pp))
	pp.fromCompleted(c.double(&pp))
	return v.fromCompleted(c.double(&pp))
}

// affine returns the affine cached form of p, with canonical limbs, for
// tables.
func (p *Point) affine() affineCached {
	var zInv, x, y field.Element
	zInv.Invert(&p.z)
	x.Multiply(&p.x, &zInv)
	y.Multiply(&p.y, &zInv)
	var out affineCached
	out.yPlusX.Add(&y, &x)
	out.yMinusX.Sub(&y, &x)
	out.t2d.Multiply(&x, &y)
	out.t2d.Multiply(&out.t2d, &d2)
	out.yPlusX.Canonical(&out.yPlusX)
	out.yMinusX.Canonical(&out.yMinusX)
	out.t2d.Canonical(&out.t2d)
	return out
}

// MontgomeryU returns the encoded u-coordinate (1 + y)/(1 − y) =
// (Z + Y)/(Z − Y) of v on the birationally equivalent Curve25519, 0 for
// the identity (as X25519 of the identity's multiples encodes).
func (v *Point) MontgomeryU() [32]byte {
	var n, den field.Element
	n.Add(&v.z, &v.y)
	den.Sub(&v.z, &v.y)
	den.Invert(&den)
	n.Multiply(&n, &den)
	return n.Bytes()
}
