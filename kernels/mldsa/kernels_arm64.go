//go:build arm64 && !purego

package mldsa

// The NEON kernels (arm64 Advanced SIMD, four int32 coefficients per V
// register; *_arm64.s). Each stub names its specification and the spec's
// precondition; the prover checks the kernel against the spec under it.
// ASIMD is part of the base arm64 architecture, so no CPU feature is
// needed.
//
// This file declares the kernels only. The dispatch (ntt, add, … calling
// them) is in mldsa_arm64.go.txt, held back until mldsa_noasm.go's build
// constraint excludes arm64; the kernels are tested directly meanwhile
// (neon_arm64_test.go).

// pointwiseNEON computes out = MontMul(a, b) (spec.PointwiseMontgomery), with SMULL/SMULL2: exact for every input.
//
//vg:spec vg.dev/spec/mldsa.PointwiseMontgomery
//vg:requires vg.dev/spec/mldsa.PointwiseRequires
//go:noescape
func pointwiseNEON(out, a, b *Poly)

// pointwiseAccNEON computes out += MontMul(a, b) (spec.PointwiseAccMontgomery).
//
//vg:spec vg.dev/spec/mldsa.PointwiseAccMontgomery
//vg:requires vg.dev/spec/mldsa.PointwiseAccRequires
//go:noescape
func pointwiseAccNEON(out, a, b *Poly)

// addNEON computes out = a + b (spec.Add).
//
//vg:spec vg.dev/spec/mldsa.Add
//vg:requires vg.dev/spec/mldsa.AddRequires
//go:noescape
func addNEON(out, a, b *Poly)

// subNEON computes out = a − b (spec.Sub).
//
//vg:spec vg.dev/spec/mldsa.Sub
//vg:requires vg.dev/spec/mldsa.SubRequires
//go:noescape
func subNEON(out, a, b *Poly)

// reduceNEON computes p = reduce32(p) (spec.Reduce).
//
//vg:spec vg.dev/spec/mldsa.Reduce
//vg:requires vg.dev/spec/mldsa.ReduceRequires
//go:noescape
func reduceNEON(p *Poly)

// freezeNEON computes p = p mod⁺ q (spec.Freeze).
//
//vg:spec vg.dev/spec/mldsa.Freeze
//vg:requires vg.dev/spec/mldsa.FreezeRequires
//go:noescape
func freezeNEON(p *Poly)

// normExceedsNEON computes [|a[i]| ≥ bound for some i] (spec.NormExceeds).
//
//vg:spec vg.dev/spec/mldsa.NormExceeds
//vg:requires vg.dev/spec/mldsa.NormExceedsRequires
//go:noescape
func normExceedsNEON(a *Poly, bound int32) uint32

// power2RoundNEON computes Power2Round (spec.Power2Round).
//
//vg:spec vg.dev/spec/mldsa.Power2Round
//vg:requires vg.dev/spec/mldsa.Power2RoundRequires
//go:noescape
func power2RoundNEON(a1, a0, a *Poly)

// decompose88NEON computes Decompose, γ₂ = (q−1)/88 (spec.Decompose88).
//
//vg:spec vg.dev/spec/mldsa.Decompose88
//vg:requires vg.dev/spec/mldsa.DecomposeRequires
//go:noescape
func decompose88NEON(a1, a0, a *Poly)

// decompose32NEON computes Decompose, γ₂ = (q−1)/32 (spec.Decompose32).
//
//vg:spec vg.dev/spec/mldsa.Decompose32
//vg:requires vg.dev/spec/mldsa.DecomposeRequires
//go:noescape
func decompose32NEON(a1, a0, a *Poly)

// makeHint88NEON computes MakeHint, γ₂ = (q−1)/88, and the count of ones (spec.MakeHint88).
//
//vg:spec vg.dev/spec/mldsa.MakeHint88
//vg:requires vg.dev/spec/mldsa.MakeHintRequires
//go:noescape
func makeHint88NEON(h, z, r *Poly) uint32

// makeHint32NEON computes MakeHint, γ₂ = (q−1)/32, and the count of ones (spec.MakeHint32).
//
//vg:spec vg.dev/spec/mldsa.MakeHint32
//vg:requires vg.dev/spec/mldsa.MakeHintRequires
//go:noescape
func makeHint32NEON(h, z, r *Poly) uint32

// useHint88NEON computes UseHint, γ₂ = (q−1)/88 (spec.UseHint88).
//
//vg:spec vg.dev/spec/mldsa.UseHint88
//vg:requires vg.dev/spec/mldsa.UseHintRequires
//go:noescape
func useHint88NEON(out, h, r *Poly)

// useHint32NEON computes UseHint, γ₂ = (q−1)/32 (spec.UseHint32).
//
//vg:spec vg.dev/spec/mldsa.UseHint32
//vg:requires vg.dev/spec/mldsa.UseHintRequires
//go:noescape
func useHint32NEON(out, h, r *Poly)

// highBits88NEON computes HighBits, γ₂ = (q−1)/88 (spec.HighBits88).
//
//vg:spec vg.dev/spec/mldsa.HighBits88
//vg:requires vg.dev/spec/mldsa.HighBitsRequires
//go:noescape
func highBits88NEON(a1, a *Poly)

// lowBits88NEON computes LowBits, γ₂ = (q−1)/88 (spec.LowBits88).
//
//vg:spec vg.dev/spec/mldsa.LowBits88
//vg:requires vg.dev/spec/mldsa.LowBitsRequires
//go:noescape
func lowBits88NEON(a0, a *Poly)

// highBits32NEON computes HighBits, γ₂ = (q−1)/32 (spec.HighBits32).
//
//vg:spec vg.dev/spec/mldsa.HighBits32
//vg:requires vg.dev/spec/mldsa.HighBitsRequires
//go:noescape
func highBits32NEON(a1, a *Poly)

// lowBits32NEON computes LowBits, γ₂ = (q−1)/32 (spec.LowBits32).
//
//vg:spec vg.dev/spec/mldsa.LowBits32
//vg:requires vg.dev/spec/mldsa.LowBitsRequires
//go:noescape
func lowBits32NEON(a0, a *Poly)

// nttNEON computes the forward transform (spec.NTT).
//
//vg:spec vg.dev/spec/mldsa.NTT
//vg:requires vg.dev/spec/mldsa.NTTRequires
//go:noescape
func nttNEON(p *Poly)

// invNTTNEON computes the inverse transform times 2³² (spec.InvNTT).
//
//vg:spec vg.dev/spec/mldsa.InvNTT
//vg:requires vg.dev/spec/mldsa.InvNTTRequires
//go:noescape
func invNTTNEON(p *Poly)
