package mldsa

import spec "vg.dev/spec/mldsa"

// Poly is a polynomial of Z_q[X]/(X²⁵⁶ + 1), 256 int32 coefficients: the
// specification's type, so the kernels and the spec see the same memory.
type Poly = spec.Poly

// Parameters of FIPS 204, as in the spec.
const (
	N         = spec.N
	Q         = spec.Q
	Gamma2_88 = spec.Gamma2_88
	Gamma2_32 = spec.Gamma2_32
)

// NTT replaces p by its number-theoretic transform (spec.NTT): for |p[i]| <
// q the result has |p[i]| < 9q.
func NTT(p *Poly) { ntt(p) }

// InvNTT replaces p by 2³² times its inverse transform (spec.InvNTT): for
// |p[i]| < 2²³ the result has |p[i]| < q.
func InvNTT(p *Poly) { invNTT(p) }

// PointwiseMontgomery sets out[i] = a[i]·b[i]·2⁻³² mod q
// (spec.PointwiseMontgomery), in (−q, q) when a[i]·b[i] ∈ [−2³¹q, 2³¹q).
func PointwiseMontgomery(out, a, b *Poly) { pointwise(out, a, b) }

// PointwiseAccMontgomery adds a[i]·b[i]·2⁻³² mod q to out[i]
// (spec.PointwiseAccMontgomery), not reduced.
func PointwiseAccMontgomery(out, a, b *Poly) { pointwiseAcc(out, a, b) }

// Add sets out = a + b coefficient-wise, not reduced (spec.Add).
func Add(out, a, b *Poly) { add(out, a, b) }

// Sub sets out = a − b coefficient-wise, not reduced (spec.Sub).
func Sub(out, a, b *Poly) { sub(out, a, b) }

// Reduce maps each p[i] ≤ 2³¹ − 2²² − 1 to a representative in
// [−6283009, 6283008] (spec.Reduce).
func Reduce(p *Poly) { reduce(p) }

// Freeze maps each p[i] ≤ 2³¹ − 2²² − 1 to its representative in [0, q)
// (spec.Freeze).
func Freeze(p *Poly) { freeze(p) }

// NormExceeds returns 1 if |a[i]| ≥ bound for some i, else 0, looking at
// every coefficient (spec.NormExceeds).
func NormExceeds(a *Poly, bound int32) uint32 { return normExceeds(a, bound) }

// Power2Round splits each a[i] ∈ [0, q) into a1[i]·2¹³ + a0[i]
// (spec.Power2Round).
func Power2Round(a1, a0, a *Poly) { power2Round(a1, a0, a) }

// Decompose88 is Decompose with γ₂ = (q−1)/88 on each a[i] ∈ [0, q)
// (spec.Decompose88).
func Decompose88(a1, a0, a *Poly) { decompose88(a1, a0, a) }

// Decompose32 is Decompose with γ₂ = (q−1)/32 (spec.Decompose32).
func Decompose32(a1, a0, a *Poly) { decompose32(a1, a0, a) }

// HighBits88 is HighBits with γ₂ = (q−1)/88 (spec.HighBits88).
func HighBits88(a1, a *Poly) { highBits88(a1, a) }

// HighBits32 is HighBits with γ₂ = (q−1)/32 (spec.HighBits32).
func HighBits32(a1, a *Poly) { highBits32(a1, a) }

// LowBits88 is LowBits with γ₂ = (q−1)/88 (spec.LowBits88).
func LowBits88(a0, a *Poly) { lowBits88(a0, a) }

// LowBits32 is LowBits with γ₂ = (q−1)/32 (spec.LowBits32).
func LowBits32(a0, a *Poly) { lowBits32(a0, a) }

// MakeHint88 sets h[i] = MakeHint(z[i], r[i]) with γ₂ = (q−1)/88 and
// returns the number of ones (spec.MakeHint88).
func MakeHint88(h, z, r *Poly) uint32 { return makeHint88(h, z, r) }

// MakeHint32 is MakeHint88 with γ₂ = (q−1)/32 (spec.MakeHint32).
func MakeHint32(h, z, r *Poly) uint32 { return makeHint32(h, z, r) }

// UseHint88 sets out[i] = UseHint(h[i], r[i]) with γ₂ = (q−1)/88
// (spec.UseHint88).
func UseHint88(out, h, r *Poly) { useHint88(out, h, r) }

// UseHint32 is UseHint88 with γ₂ = (q−1)/32 (spec.UseHint32).
func UseHint32(out, h, r *Poly) { useHint32(out, h, r) }

// Variant names, as reported by selected.
const (
	variantAVX2    = "avx2"
	variantAVX512  = "avx512"
	variantGeneric = "generic"
)
