package edwards

import (
	"bytes"
	"encoding/binary"

	"vg.dev/crypto/internal/field"
	"vg.dev/crypto/internal/scalar"
	pt4 "vg.dev/kernels/edwards"
)

// VarTimeVerify reports whether the canonical encoding of [s]B − [k]A is
// r, where A is the point the 32 bytes a encode as SetBytes decodes them
// (false if they encode none): the check of cofactorless Ed25519
// verification, as crypto/ed25519 makes it. It runs in variable time: use
// it only on public inputs.
//
// With the four-lane kernels (vg.dev/kernels/edwards) it decodes A and R
// together, their two square roots in one exponentiation kernel
// (pt4.Pow22523), and compares R with P = [s]B − [k]A as points instead
// of encoding P (which needs an inversion). This accepts exactly what
// comparing the encodings accepts: the encoding of a point is canonical
// (y < p; x = 0 only with bit 255 clear) and encodes no other point, so
// enc(P) = r exactly when r is canonical, decodes to a point R, and
// R = P. R = P is checked as [d](P − R) = O with about 128 doublings
// (halfScalar52, lattice.go), or, when the lattice pair fails its checks,
// as X_P = x_R·Z_P and Y_P = y_R·Z_P with 253 (Z_P ≠ 0: the formulas are
// complete).
func VarTimeVerify(a, r []byte, k, s *scalar.Scalar) bool {
	if len(r) != 32 {
		return false
	}
	if pt4.Available() {
		return varTimeVerify52(a, r, k, s)
	}
	A, err := new(Point).SetBytes(a)
	if err != nil {
		return false
	}
	var minusA, P Point
	minusA.Negate(A)
	P.VarTimeDoubleScalarBaseMult(k, &minusA, s)
	enc := P.Bytes()
	return bytes.Equal(enc[:], r)
}

// varTimeVerify52 is VarTimeVerify on the four-lane kernels.
func varTimeVerify52(a, r []byte, k, s *scalar.Scalar) bool {
	if len(a) != 32 || !canonicalY(r) {
		return false
	}
	// x² = u/w for A and for R; both roots from one exponentiation.
	yA, uA, wA := decodeRatio(a)
	yR, uR, wR := decodeRatio(r)
	uv3A, uv7A := field.SqrtRatioBase(&uA, &wA)
	uv3R, uv7R := field.SqrtRatioBase(&uR, &wR)
	var in, pow pt4.Element52x4
	setLane52(&in, 0, &uv7A)
	setLane52(&in, 1, &uv7R)
	pt4.Pow22523(&pow, &in)
	var powA, powR, xA, xR field.Element
	lane52(&powA, &pow, 0)
	lane52(&powR, &pow, 1)
	if _, ok := xA.SqrtRatioFinish(&uA, &wA, &uv3A, &powA); ok == 0 {
		return false
	}
	if _, ok := xR.SqrtRatioFinish(&uR, &wR, &uv3R, &powR); ok == 0 {
		return false
	}
	var zero field.Element
	if r[31]>>7 == 1 && xR.Equal(&zero) == 1 {
		return false // x = 0 with the sign bit set: not canonical
	}
	var A, R Point
	A.setDecoded(a, &xA, &yA)
	R.setDecoded(r, &xR, &yR)

	// [d]([S]B − [k]A − R) = O with about 128 doublings (lattice.go).
	if Q, ok := halfScalar52(k, s, &A, &R); ok {
		return isIdentity52(&Q)
	}
	var minusA Point
	minusA.Negate(&A)
	acc := doubleScalar52(k, &minusA, s)
	var X, Y, Z, t field.Element
	lane52(&X, &acc, 0)
	lane52(&Y, &acc, 1)
	lane52(&Z, &acc, 2)
	return t.Multiply(&R.x, &Z).Equal(&X) == 1 && t.Multiply(&R.y, &Z).Equal(&Y) == 1
}

// halfScalar52 returns Q = [d]([S]B − [k]A − R) for the pair (c, d) of
// shortPair, as [e0]B + [e1](2¹²⁸·B) ∓ [c]A − [|d|]R with
// e = |d|·S mod ℓ = e0 + 2¹²⁸·e1 (the sign of d taken out of the whole
// equation), and true; or false, and nothing computed, when the pair
// fails one of the checks that make Q = O exactly when [S]B − [k]A = R:
// d odd and 0 < |d| < ℓ (so [d] is a bijection on the group of order 8ℓ),
// and c ≡ d·k modulo 8 and modulo ℓ, hence modulo 8ℓ (checked with the
// scalar arithmetic, independently of shortPair).
func halfScalar52(k, s *scalar.Scalar, A, R *Point) (pt4.Element52x4, bool) {
	kb := k.Bytes()
	kn := bytesNat(&kb)
	c, dAbs, dNeg := shortPair(&kn)
	cs, ds, ok := checkPair(k, &c, &dAbs, dNeg)
	if !ok {
		return pt4.Element52x4{}, false
	}
	var zero, e scalar.Scalar
	eb := e.MultiplyAdd(ds, s, &zero).Bytes()
	var lo, hi [32]byte
	copy(lo[:16], eb[:16])
	copy(hi[:16], eb[16:])
	e0, err1 := new(scalar.Scalar).SetCanonicalBytes(lo[:])
	e1, err2 := new(scalar.Scalar).SetCanonicalBytes(hi[:])
	if err1 != nil || err2 != nil {
		return pt4.Element52x4{}, false
	}
	return quadScalar52(e0, e1, cs, !dNeg, A, ds, R), true
}

// checkPair returns c and |d| as scalars and true when d = ±dAbs (minus
// when dNeg) is odd, 0 < |d| < ℓ and c ≡ d·k modulo 8 and modulo ℓ (so
// modulo 8ℓ: 8 and ℓ are coprime), with 0 ≤ c < ℓ; false otherwise.
func checkPair(k *scalar.Scalar, c, dAbs *nat4, dNeg bool) (cs, ds *scalar.Scalar, ok bool) {
	if dAbs[0]&1 == 0 || c.bitLen() > 252 || dAbs.bitLen() > 252 {
		return nil, nil, false
	}
	cb, db := natBytes(c), natBytes(dAbs)
	cs, err1 := new(scalar.Scalar).SetCanonicalBytes(cb[:])
	ds, err2 := new(scalar.Scalar).SetCanonicalBytes(db[:])
	if err1 != nil || err2 != nil {
		return nil, nil, false
	}
	// c' = ±c ≡ |d|·k: modulo 8 on the low bits, modulo ℓ as scalars.
	kb := k.Bytes()
	c8 := c[0] & 7
	if dNeg {
		c8 = -c8 & 7
	}
	if c8 != dAbs[0]*uint64(kb[0])&7 {
		return nil, nil, false
	}
	var zero, dk scalar.Scalar
	if dNeg {
		if dk.MultiplyAdd(ds, k, cs).Equal(&zero) != 1 { // c + |d|·k ≡ 0
			return nil, nil, false
		}
	} else if dk.MultiplyAdd(ds, k, &zero).Equal(cs) != 1 {
		return nil, nil, false
	}
	return cs, ds, true
}

// isIdentity52 reports whether the four-lane point is the identity:
// X ≡ 0 and Y ≡ Z.
func isIdentity52(p *pt4.Element52x4) bool {
	var X, Y, Z, zero field.Element
	lane52(&X, p, 0)
	lane52(&Y, p, 1)
	lane52(&Z, p, 2)
	return X.Equal(&zero) == 1 && Y.Equal(&Z) == 1
}

// bytesNat and natBytes convert between 32 little-endian bytes and nat4.
func bytesNat(b *[32]byte) nat4 {
	var x nat4
	for i := range x {
		x[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return x
}

func natBytes(x *nat4) [32]byte {
	var b [32]byte
	for i, w := range x {
		binary.LittleEndian.PutUint64(b[8*i:], w)
	}
	return b
}

// canonicalY reports whether the 32-byte encoding r has y < p (bit 255
// ignored): p = 2²⁵⁵ − 19 is ed ff … ff 7f little-endian, and y ≥ p
// exactly when its bytes 1 … 30 are ff, byte 31 is 7f (bit 255 aside)
// and byte 0 is at least ed.
func canonicalY(r []byte) bool {
	if r[31]&0x7f != 0x7f || r[0] < 0xed {
		return true
	}
	for _, b := range r[1:31] {
		if b != 0xff {
			return true
		}
	}
	return false
}
