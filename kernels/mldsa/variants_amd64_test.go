//go:build amd64 && !purego

package mldsa

import "vg.dev/kernels/internal/cpuid"

func hasAVX2() bool { return cpuid.Has("avx2") }

// asmKernels maps each spec function's name to its assembly kernel and the
// kernel's name.
var asmKernels = map[string]asmKernel{
	"NTT":                    {"nttAVX2", hasAVX2, nttAVX2},
	"InvNTT":                 {"invNTTAVX2", hasAVX2, invNTTAVX2},
	"PointwiseMontgomery":    {"pointwiseAVX2", hasAVX2, pointwiseAVX2},
	"PointwiseAccMontgomery": {"pointwiseAccAVX2", hasAVX2, pointwiseAccAVX2},
	"Add":                    {"addAVX2", hasAVX2, addAVX2},
	"Sub":                    {"subAVX2", hasAVX2, subAVX2},
	"Reduce":                 {"reduceAVX2", hasAVX2, reduceAVX2},
	"Freeze":                 {"freezeAVX2", hasAVX2, freezeAVX2},
	"NormExceeds":            {"normExceedsAVX2", hasAVX2, normExceedsAVX2},
	"Power2Round":            {"power2RoundAVX2", hasAVX2, power2RoundAVX2},
	"Decompose88":            {"decompose88AVX2", hasAVX2, decompose88AVX2},
	"Decompose32":            {"decompose32AVX2", hasAVX2, decompose32AVX2},
	"HighBits88":             {"highBits88AVX2", hasAVX2, highBits88AVX2},
	"HighBits32":             {"highBits32AVX2", hasAVX2, highBits32AVX2},
	"LowBits88":              {"lowBits88AVX2", hasAVX2, lowBits88AVX2},
	"LowBits32":              {"lowBits32AVX2", hasAVX2, lowBits32AVX2},
	"MakeHint88":             {"makeHint88AVX2", hasAVX2, makeHint88AVX2},
	"MakeHint32":             {"makeHint32AVX2", hasAVX2, makeHint32AVX2},
	"UseHint88":              {"useHint88AVX2", hasAVX2, useHint88AVX2},
	"UseHint32":              {"useHint32AVX2", hasAVX2, useHint32AVX2},
}

// wantSelected is the variant selectVariant must pick when VG_CPU_FEATURES
// is set to env.
func wantSelected(env string) string {
	has := func(f string) bool { return cpuid.Detected(f) && cpuid.Allowed(f, env) }
	switch {
	case has("avx2") && has("avx512f"):
		return variantAVX512
	case has("avx2"):
		return variantAVX2
	}
	return variantGeneric
}
