package mldsa

import kern "vg.dev/kernels/mldsa"

// The constants of FIPS 204 shared by every parameter set.
const (
	n      = kern.N // coefficients per polynomial
	q      = kern.Q // the modulus 2²³ − 2¹³ + 1
	d      = 13     // bits Power2Round drops from t
	t1Bits = 10     // bitlen(q − 1) − d: bits of a t₁ coefficient

	// SeedSize is the size of the seed ξ a key pair is derived from.
	SeedSize = 32
	// MuSize is the size of the message representative μ.
	MuSize = 64
)

// poly is a polynomial of R_q, or of T_q after the NTT: the kernels' type.
type poly = kern.Poly

// The kernels take polynomials by pointer; every function below calls
// them on whole polynomials, so the work between two kernel calls is the
// loop over the vector, whose bounds (k, l) are public. The coefficient
// ranges each kernel needs (vg.dev/spec/mldsa/requires.go) are given at
// each call.

// mulAcc sets out = Σⱼ a[j]∘b[j]·2⁻³² (the j-th row of Â times a vector
// in T_q): PointwiseMontgomery, then PointwiseAccMontgomery. Each term is
// in (−q, q), so out is in (−len(a)·q, len(a)·q).
func mulAcc(out *poly, a, b []poly) {
	kern.PointwiseMontgomery(out, &a[0], &b[0])
	for j := 1; j < len(a); j++ {
		kern.PointwiseAccMontgomery(out, &a[j], &b[j])
	}
}

// nttVec replaces each polynomial of v by its NTT (|v[i][j]| < q in,
// |·| < 9q out).
func nttVec(v []poly) {
	for i := range v {
		kern.NTT(&v[i])
	}
}

// zeroPoly is the zero polynomial, the minuend of negations.
var zeroPoly poly

// The rounding kernels of the parameter set's γ₂, called directly (a call
// through a function value would make the compiler move the polynomials to
// the heap).

func highBits(p *Parameters, a1, a *poly) {
	if p.gamma2 == kern.Gamma2_88 {
		kern.HighBits88(a1, a)
	} else {
		kern.HighBits32(a1, a)
	}
}

func lowBits(p *Parameters, a0, a *poly) {
	if p.gamma2 == kern.Gamma2_88 {
		kern.LowBits88(a0, a)
	} else {
		kern.LowBits32(a0, a)
	}
}

func makeHint(p *Parameters, h, z, r *poly) uint32 {
	if p.gamma2 == kern.Gamma2_88 {
		return kern.MakeHint88(h, z, r)
	}
	return kern.MakeHint32(h, z, r)
}

func useHint(p *Parameters, out, h, r *poly) {
	if p.gamma2 == kern.Gamma2_88 {
		kern.UseHint88(out, h, r)
	} else {
		kern.UseHint32(out, h, r)
	}
}
