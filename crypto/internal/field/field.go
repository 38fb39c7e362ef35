// Package field implements the field of integers modulo p = 2²⁵⁵ − 19 for
// X25519 and Ed25519, on the proved kernels of vg.dev/kernels/fe25519.
//
// Every operation on limbs runs a proved kernel of vg.dev/kernels/fe25519
// (multiplication and squaring: mulADX, mulMULQ, mulARM64 …, chosen by the
// CPU and VG_CPU_FEATURES; addition, subtraction, negation, selection and
// swap under a mask, strict reduction, encoding and decoding: addAMD64 …,
// addARM64 …), or with -tags purego the kernels' specifications. The Go
// here only sequences them: the addition chains of inversion and square
// root, and the combination of 0/1 results (Equal, IsNegative) of
// canonical encodings, branch-free.
//
// # Bounds
//
// Every Element this package returns has limbs < 2⁵² ("loose"), and every
// function accepts such elements: the multiplications need limbs < 2⁵⁴,
// Sub and Negate add 4p before subtracting (limbs of 4p are ≥ 2⁵³ − 76),
// and Add, Sub and Negate end with one parallel carry step (limbs
// < 2⁵¹ + 19·2¹³ afterwards).
//
// Not covered: elements built by hand with limbs ≥ 2⁵² (use SetBytes).
package field

import (
	"crypto/subtle"
	"errors"

	"vg.dev/kernels/fe25519"
)

// Element is a field element in radix 2⁵¹ (the kernels' layout). The zero
// value is 0.
type Element struct {
	l fe25519.Element
}

// Limbs returns the radix-2⁵¹ limbs, for the kernels' callers.
func (v *Element) Limbs() *fe25519.Element { return &v.l }

// Zero sets v = 0 and returns v.
func (v *Element) Zero() *Element { v.l = fe25519.Element{}; return v }

// One sets v = 1 and returns v.
func (v *Element) One() *Element { v.l = fe25519.Element{L0: 1}; return v }

// Set sets v = a and returns v.
func (v *Element) Set(a *Element) *Element { *v = *a; return v }

// Add sets v = a + b and returns v.
func (v *Element) Add(a, b *Element) *Element { fe25519.Add(&v.l, &a.l, &b.l); return v }

// Sub sets v = a − b and returns v.
func (v *Element) Sub(a, b *Element) *Element { fe25519.Sub(&v.l, &a.l, &b.l); return v }

// Negate sets v = −a and returns v.
func (v *Element) Negate(a *Element) *Element { fe25519.Neg(&v.l, &a.l); return v }

// Multiply sets v = a·b and returns v.
func (v *Element) Multiply(a, b *Element) *Element { fe25519.Mul(&v.l, &a.l, &b.l); return v }

// Square sets v = a² and returns v.
func (v *Element) Square(a *Element) *Element { fe25519.Square(&v.l, &a.l); return v }

// squareN sets v = a^(2ⁿ), n ≥ 1, and returns v.
func (v *Element) squareN(a *Element, n int) *Element {
	fe25519.Square(&v.l, &a.l)
	for i := 1; i < n; i++ {
		fe25519.Square(&v.l, &v.l)
	}
	return v
}

// Mult32 sets v = a·k for a small constant k and returns v.
func (v *Element) Mult32(a *Element, k uint32) *Element {
	c := Element{l: fe25519.Element{L0: uint64(k)}}
	return v.Multiply(a, &c)
}

// pow22501 returns a^(2²⁵⁰ − 1) in t and a^11 in a11, the head of the
// chain for a^((p−5)/8).
func pow22501(a *Element) (t, a11 Element) {
	var a2, a9, t0, t1 Element
	a2.Square(a)           // 2
	t0.squareN(&a2, 2)     // 8
	a9.Multiply(&t0, a)    // 9
	a11.Multiply(&a9, &a2) // 11
	t0.Square(&a11)        // 22
	t0.Multiply(&t0, &a9)  // 31 = 2⁵ − 1
	t1.squareN(&t0, 5)     //
	t0.Multiply(&t1, &t0)  // 2¹⁰ − 1
	t1.squareN(&t0, 10)    //
	t1.Multiply(&t1, &t0)  // 2²⁰ − 1
	t.squareN(&t1, 20)     //
	t1.Multiply(&t, &t1)   // 2⁴⁰ − 1
	t1.squareN(&t1, 10)    //
	t0.Multiply(&t1, &t0)  // 2⁵⁰ − 1
	t1.squareN(&t0, 50)    //
	t1.Multiply(&t1, &t0)  // 2¹⁰⁰ − 1
	t.squareN(&t1, 100)    //
	t1.Multiply(&t, &t1)   // 2²⁰⁰ − 1
	t1.squareN(&t1, 50)    //
	t.Multiply(&t1, &t0)   // 2²⁵⁰ − 1
	return t, a11
}

// Invert sets v = 1/a (0 for a = 0) and returns v: a^(p−2) by the chain
// of vg.dev/spec/fe25519.Invert, one proved kernel with ADX
// (fe25519.Invert).
func (v *Element) Invert(a *Element) *Element { fe25519.Invert(&v.l, &a.l); return v }

// pow22523 sets v = a^((p−5)/8) = a^(2²⁵² − 3) = a^((2²⁵⁰ − 1)·4 + 1).
func (v *Element) pow22523(a *Element) *Element {
	t, _ := pow22501(a)
	t.squareN(&t, 2)
	return v.Multiply(&t, a)
}

// Canonical sets v to a with canonical limbs (each < 2⁵¹, value < p) and
// returns v.
func (v *Element) Canonical(a *Element) *Element { fe25519.Reduce(&v.l, &a.l); return v }

// Bytes returns the canonical 32-byte little-endian encoding of v.
func (v *Element) Bytes() [32]byte {
	var out [32]byte
	fe25519.ToBytes(&out, &v.l)
	return out
}

// SetBytes sets v to the 32-byte little-endian x with its top bit ignored,
// as RFC 7748 and RFC 8032 decode. Values in [p, 2²⁵⁵) are accepted and
// reduced (non-canonical encodings). It returns an error only for a length
// other than 32.
func (v *Element) SetBytes(x []byte) (*Element, error) {
	if len(x) != 32 {
		return nil, errors.New("field: invalid field element length")
	}
	fe25519.FromBytes(&v.l, (*[32]byte)(x))
	return v, nil
}

// Equal returns 1 if v and u are equal modulo p, and 0 otherwise.
func (v *Element) Equal(u *Element) int {
	a, b := v.Bytes(), u.Bytes()
	return subtle.ConstantTimeCompare(a[:], b[:])
}

// IsNegative returns 1 if v is odd (its canonical encoding's low bit), as
// RFC 8032 defines the sign of x, and 0 otherwise.
func (v *Element) IsNegative() int {
	b := v.Bytes()
	return int(b[0] & 1)
}

// Absolute sets v = |a| (a or −a, whichever is even) and returns v.
func (v *Element) Absolute(a *Element) *Element {
	var n Element
	n.Negate(a)
	return v.Select(&n, a, a.IsNegative())
}

// Select sets v = a if cond is 1 and v = b if cond is 0, and returns v.
func (v *Element) Select(a, b *Element, cond int) *Element {
	fe25519.Select(&v.l, &a.l, &b.l, uint64(cond))
	return v
}

// Swap exchanges v and u if cond is 1 and leaves them if cond is 0.
func (v *Element) Swap(u *Element, cond int) { fe25519.Swap(&v.l, &u.l, uint64(cond)) }

// sqrtM1 is √−1 = 2^((p−1)/4), the even root.
var sqrtM1 = mustDecode("b0a00e4a271beec478e42fad0618432fa7d7fb3d99004d2b0bdfc14f8024832b")

// SqrtRatio sets r to the non-negative square root of u/v and returns
// (r, 1) if u/v is a square; otherwise it sets r as RFC 8032's decoding
// leaves it (a root of −u/v or garbage) and returns 0. For v = 0 it
// returns (0, 1) when u = 0 and 0 otherwise.
func (r *Element) SqrtRatio(u, v *Element) (*Element, int) {
	// x = u·v³·(u·v⁷)^((p−5)/8) (RFC 8032, 5.1.3).
	uv3, uv7 := SqrtRatioBase(u, v)
	var pow Element
	pow.pow22523(&uv7)
	return r.SqrtRatioFinish(u, v, &uv3, &pow)
}

// SqrtRatioBase returns u·v³ and u·v⁷: SqrtRatio(u, v) is
// SqrtRatioFinish(u, v, u·v³, (u·v⁷)^((p−5)/8)), for callers that compute
// the exponentiation elsewhere (several at once).
func SqrtRatioBase(u, v *Element) (uv3, uv7 Element) {
	var v2, v3, v7 Element
	v2.Square(v)
	v3.Multiply(&v2, v)
	v7.Square(&v3)
	v7.Multiply(&v7, v)
	uv3.Multiply(u, &v3)
	uv7.Multiply(u, &v7)
	return uv3, uv7
}

// SqrtRatioFinish sets r and returns what SqrtRatio(u, v) does, given
// uv3 = u·v³ and pow = (u·v⁷)^((p−5)/8) (SqrtRatioBase).
func (r *Element) SqrtRatioFinish(u, v, uv3, pow *Element) (*Element, int) {
	var check, negU, xI Element
	x := *pow
	x.Multiply(&x, uv3)

	check.Square(&x)
	check.Multiply(&check, v) // v·x²
	negU.Negate(u)
	correct := check.Equal(u)
	flipped := check.Equal(&negU)
	xI.Multiply(&x, sqrtM1)
	x.Select(&xI, &x, flipped)
	r.Absolute(&x)
	return r, correct | flipped
}

func mustDecode(h string) *Element {
	var b [32]byte
	for i := range b {
		b[i] = hexNibble(h[2*i])<<4 | hexNibble(h[2*i+1])
	}
	v, err := new(Element).SetBytes(b[:])
	if err != nil {
		panic(err)
	}
	return v
}

func hexNibble(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'a' + 10
}
