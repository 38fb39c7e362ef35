//go:build arm64 && !purego

package mldsa

import "vg.dev/kernels/internal/cpuid"

func hasASIMD() bool { return cpuid.Has("asimd") }

// asmKernels maps each spec function's name to its assembly kernel and the
// kernel's name.
var asmKernels = map[string]asmKernel{
	"NTT":                    {"nttNEON", hasASIMD, nttNEON},
	"InvNTT":                 {"invNTTNEON", hasASIMD, invNTTNEON},
	"PointwiseMontgomery":    {"pointwiseNEON", hasASIMD, pointwiseNEON},
	"PointwiseAccMontgomery": {"pointwiseAccNEON", hasASIMD, pointwiseAccNEON},
	"Add":                    {"addNEON", hasASIMD, addNEON},
	"Sub":                    {"subNEON", hasASIMD, subNEON},
	"Reduce":                 {"reduceNEON", hasASIMD, reduceNEON},
	"Freeze":                 {"freezeNEON", hasASIMD, freezeNEON},
	"NormExceeds":            {"normExceedsNEON", hasASIMD, normExceedsNEON},
	"Power2Round":            {"power2RoundNEON", hasASIMD, power2RoundNEON},
	"Decompose88":            {"decompose88NEON", hasASIMD, decompose88NEON},
	"Decompose32":            {"decompose32NEON", hasASIMD, decompose32NEON},
	"HighBits88":             {"highBits88NEON", hasASIMD, highBits88NEON},
	"HighBits32":             {"highBits32NEON", hasASIMD, highBits32NEON},
	"LowBits88":              {"lowBits88NEON", hasASIMD, lowBits88NEON},
	"LowBits32":              {"lowBits32NEON", hasASIMD, lowBits32NEON},
	"MakeHint88":             {"makeHint88NEON", hasASIMD, makeHint88NEON},
	"MakeHint32":             {"makeHint32NEON", hasASIMD, makeHint32NEON},
	"UseHint88":              {"useHint88NEON", hasASIMD, useHint88NEON},
	"UseHint32":              {"useHint32NEON", hasASIMD, useHint32NEON},
}

// wantSelected is the variant selectVariant must pick when VG_CPU_FEATURES
// is set to env.
func wantSelected(env string) string {
	if cpuid.Detected("asimd") && cpuid.Allowed("asimd", env) {
		return variantNEON
	}
	return variantGeneric
}
