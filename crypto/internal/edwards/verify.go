package edwards

import (
	"bytes"

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
// (pt4.Pow22523), and compares R with P = [s]B − [k]A projectively
// instead of encoding P (which needs an inversion). This accepts exactly
// what comparing the encodings accepts: the encoding of a point is
// canonical (y < p; x = 0 only with bit 255 clear) and encodes no other
// point, so enc(P) = r exactly when r is canonical, decodes to a point R,
// and R = P, that is X_P = x_R·Z_P and Y_P = y_R·Z_P (Z_P ≠ 0: the
// formulas are complete).
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

	var minusA Point
	minusA.Negate(&A)
	acc := doubleScalar52(k, &minusA, s)
	var X, Y, Z, t field.Element
	lane52(&X, &acc, 0)
	lane52(&Y, &acc, 1)
	lane52(&Z, &acc, 2)
	return t.Multiply(&R.x, &Z).Equal(&X) == 1 && t.Multiply(&R.y, &Z).Equal(&Y) == 1
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
