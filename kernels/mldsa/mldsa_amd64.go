//go:build amd64 && !purego

package mldsa

//go:generate go run gen_tables.go

import "vg.dev/kernels/internal/cpuid"

// The AVX2 kernels. Each stub names its specification and the spec's
// precondition; the prover checks the kernel against the spec under it.

// nttAVX2 computes the forward transform (spec.NTT).
//
//vg:spec vg.dev/spec/mldsa.NTT
//vg:requires vg.dev/spec/mldsa.NTTRequires
//go:noescape
func nttAVX2(p *Poly)

// invNTTAVX2 computes the inverse transform times 2³² (spec.InvNTT).
//
//vg:spec vg.dev/spec/mldsa.InvNTT
//vg:requires vg.dev/spec/mldsa.InvNTTRequires
//go:noescape
func invNTTAVX2(p *Poly)

// pointwiseAVX2 computes out = MontMul(a, b) (spec.PointwiseMontgomery).
//
//vg:spec vg.dev/spec/mldsa.PointwiseMontgomery
//vg:requires vg.dev/spec/mldsa.PointwiseRequires
//go:noescape
func pointwiseAVX2(out, a, b *Poly)

// pointwiseAccAVX2 computes out += MontMul(a, b) (spec.PointwiseAccMontgomery).
//
//vg:spec vg.dev/spec/mldsa.PointwiseAccMontgomery
//vg:requires vg.dev/spec/mldsa.PointwiseAccRequires
//go:noescape
func pointwiseAccAVX2(out, a, b *Poly)

// addAVX2 computes out = a + b (spec.Add).
//
//vg:spec vg.dev/spec/mldsa.Add
//vg:requires vg.dev/spec/mldsa.AddRequires
//go:noescape
func addAVX2(out, a, b *Poly)

// subAVX2 computes out = a − b (spec.Sub).
//
//vg:spec vg.dev/spec/mldsa.Sub
//vg:requires vg.dev/spec/mldsa.SubRequires
//go:noescape
func subAVX2(out, a, b *Poly)

// reduceAVX2 computes p = reduce32(p) (spec.Reduce).
//
//vg:spec vg.dev/spec/mldsa.Reduce
//vg:requires vg.dev/spec/mldsa.ReduceRequires
//go:noescape
func reduceAVX2(p *Poly)

// freezeAVX2 computes p = p mod⁺ q (spec.Freeze).
//
//vg:spec vg.dev/spec/mldsa.Freeze
//vg:requires vg.dev/spec/mldsa.FreezeRequires
//go:noescape
func freezeAVX2(p *Poly)

// normExceedsAVX2 computes [|a[i]| ≥ bound for some i] (spec.NormExceeds).
//
//vg:spec vg.dev/spec/mldsa.NormExceeds
//vg:requires vg.dev/spec/mldsa.NormExceedsRequires
//go:noescape
func normExceedsAVX2(a *Poly, bound int32) uint32

// power2RoundAVX2 computes Power2Round (spec.Power2Round).
//
//vg:spec vg.dev/spec/mldsa.Power2Round
//vg:requires vg.dev/spec/mldsa.Power2RoundRequires
//go:noescape
func power2RoundAVX2(a1, a0, a *Poly)

// decompose88AVX2 computes Decompose, γ₂ = (q−1)/88 (spec.Decompose88).
//
//vg:spec vg.dev/spec/mldsa.Decompose88
//vg:requires vg.dev/spec/mldsa.DecomposeRequires
//go:noescape
func decompose88AVX2(a1, a0, a *Poly)

// decompose32AVX2 computes Decompose, γ₂ = (q−1)/32 (spec.Decompose32).
//
//vg:spec vg.dev/spec/mldsa.Decompose32
//vg:requires vg.dev/spec/mldsa.DecomposeRequires
//go:noescape
func decompose32AVX2(a1, a0, a *Poly)

// highBits88AVX2 computes HighBits, γ₂ = (q−1)/88 (spec.HighBits88).
//
//vg:spec vg.dev/spec/mldsa.HighBits88
//vg:requires vg.dev/spec/mldsa.HighBitsRequires
//go:noescape
func highBits88AVX2(a1, a *Poly)

// highBits32AVX2 computes HighBits, γ₂ = (q−1)/32 (spec.HighBits32).
//
//vg:spec vg.dev/spec/mldsa.HighBits32
//vg:requires vg.dev/spec/mldsa.HighBitsRequires
//go:noescape
func highBits32AVX2(a1, a *Poly)

// lowBits88AVX2 computes LowBits, γ₂ = (q−1)/88 (spec.LowBits88).
//
//vg:spec vg.dev/spec/mldsa.LowBits88
//vg:requires vg.dev/spec/mldsa.LowBitsRequires
//go:noescape
func lowBits88AVX2(a0, a *Poly)

// lowBits32AVX2 computes LowBits, γ₂ = (q−1)/32 (spec.LowBits32).
//
//vg:spec vg.dev/spec/mldsa.LowBits32
//vg:requires vg.dev/spec/mldsa.LowBitsRequires
//go:noescape
func lowBits32AVX2(a0, a *Poly)

// makeHint88AVX2 computes MakeHint, γ₂ = (q−1)/88, and the count of ones (spec.MakeHint88).
//
//vg:spec vg.dev/spec/mldsa.MakeHint88
//vg:requires vg.dev/spec/mldsa.MakeHintRequires
//go:noescape
func makeHint88AVX2(h, z, r *Poly) uint32

// makeHint32AVX2 computes MakeHint, γ₂ = (q−1)/32, and the count of ones (spec.MakeHint32).
//
//vg:spec vg.dev/spec/mldsa.MakeHint32
//vg:requires vg.dev/spec/mldsa.MakeHintRequires
//go:noescape
func makeHint32AVX2(h, z, r *Poly) uint32

// useHint88AVX2 computes UseHint, γ₂ = (q−1)/88 (spec.UseHint88).
//
//vg:spec vg.dev/spec/mldsa.UseHint88
//vg:requires vg.dev/spec/mldsa.UseHintRequires
//go:noescape
func useHint88AVX2(out, h, r *Poly)

// useHint32AVX2 computes UseHint, γ₂ = (q−1)/32 (spec.UseHint32).
//
//vg:spec vg.dev/spec/mldsa.UseHint32
//vg:requires vg.dev/spec/mldsa.UseHintRequires
//go:noescape
func useHint32AVX2(out, h, r *Poly)

// useAVX2 and useAVX512 are set by selectVariant. Plain booleans and
// direct calls, rather than function values, let the compiler call the
// ABI0 kernels without an ABI wrapper. useAVX512 selects the AVX-512
// transforms (mldsa_avx512_amd64.go) over the AVX2 ones.
var useAVX2, useAVX512 bool

// useVBMI selects the AVX-512 uniform sampler, which needs AVX-512VL and
// VBMI (VPERMB) and POPCNT beside AVX-512F.
var useVBMI bool

func init() { selectVariant() }

// selectVariant chooses the variant from the CPU features that
// VG_CPU_FEATURES allows. Tests call it again after changing the variable.
func selectVariant() {
	useAVX2 = cpuid.Has("avx2")
	useAVX512 = useAVX2 && cpuid.Has("avx512f")
	useVBMI = useAVX512 && cpuid.Has("avx512vl") && cpuid.Has("avx512vbmi") && cpuid.Has("popcnt")
}

// selected names the variant the functions use ("avx512": the AVX2
// kernels with the AVX-512 transforms).
func selected() string {
	switch {
	case useAVX512:
		return variantAVX512
	case useAVX2:
		return variantAVX2
	}
	return variantGeneric
}

func ntt(p *Poly) {
	switch {
	case useAVX512:
		nttAVX512(p)
	case useAVX2:
		nttAVX2(p)
	default:
		nttGeneric(p)
	}
}

func invNTT(p *Poly) {
	switch {
	case useAVX512:
		invNTTAVX512(p)
	case useAVX2:
		invNTTAVX2(p)
	default:
		invNTTGeneric(p)
	}
}

func pointwise(out, a, b *Poly) {
	if useAVX2 {
		pointwiseAVX2(out, a, b)
	} else {
		pointwiseGeneric(out, a, b)
	}
}

func pointwiseAcc(out, a, b *Poly) {
	if useAVX2 {
		pointwiseAccAVX2(out, a, b)
	} else {
		pointwiseAccGeneric(out, a, b)
	}
}

func add(out, a, b *Poly) {
	if useAVX2 {
		addAVX2(out, a, b)
	} else {
		addGeneric(out, a, b)
	}
}

func sub(out, a, b *Poly) {
	if useAVX2 {
		subAVX2(out, a, b)
	} else {
		subGeneric(out, a, b)
	}
}

func reduce(p *Poly) {
	if useAVX2 {
		reduceAVX2(p)
	} else {
		reduceGeneric(p)
	}
}

func freeze(p *Poly) {
	if useAVX2 {
		freezeAVX2(p)
	} else {
		freezeGeneric(p)
	}
}

func normExceeds(a *Poly, bound int32) uint32 {
	if useAVX2 {
		return normExceedsAVX2(a, bound)
	}
	return normExceedsGeneric(a, bound)
}

func power2Round(a1, a0, a *Poly) {
	if useAVX2 {
		power2RoundAVX2(a1, a0, a)
	} else {
		power2RoundGeneric(a1, a0, a)
	}
}

func decompose88(a1, a0, a *Poly) {
	if useAVX2 {
		decompose88AVX2(a1, a0, a)
	} else {
		decompose88Generic(a1, a0, a)
	}
}

func decompose32(a1, a0, a *Poly) {
	if useAVX2 {
		decompose32AVX2(a1, a0, a)
	} else {
		decompose32Generic(a1, a0, a)
	}
}

func highBits88(a1, a *Poly) {
	if useAVX2 {
		highBits88AVX2(a1, a)
	} else {
		highBits88Generic(a1, a)
	}
}

func highBits32(a1, a *Poly) {
	if useAVX2 {
		highBits32AVX2(a1, a)
	} else {
		highBits32Generic(a1, a)
	}
}

func lowBits88(a0, a *Poly) {
	if useAVX2 {
		lowBits88AVX2(a0, a)
	} else {
		lowBits88Generic(a0, a)
	}
}

func lowBits32(a0, a *Poly) {
	if useAVX2 {
		lowBits32AVX2(a0, a)
	} else {
		lowBits32Generic(a0, a)
	}
}

func makeHint88(h, z, r *Poly) uint32 {
	if useAVX2 {
		return makeHint88AVX2(h, z, r)
	}
	return makeHint88Generic(h, z, r)
}

func makeHint32(h, z, r *Poly) uint32 {
	if useAVX2 {
		return makeHint32AVX2(h, z, r)
	}
	return makeHint32Generic(h, z, r)
}

func useHint88(out, h, r *Poly) {
	if useAVX2 {
		useHint88AVX2(out, h, r)
	} else {
		useHint88Generic(out, h, r)
	}
}

func useHint32(out, h, r *Poly) {
	if useAVX2 {
		useHint32AVX2(out, h, r)
	} else {
		useHint32Generic(out, h, r)
	}
}
