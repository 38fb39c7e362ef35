//go:build amd64 && !purego

package ctselect

import "vg.dev/kernels/internal/cpuid"

// The assembly variants, each with the features it needs.
var selectVariants = []variant{
	{"selectAVX2", func() bool { return cpuid.Has("avx2") }, selectAVX2},
	{"selectCMOV", func() bool { return true }, selectCMOV},
}

// wantSelected is the variant selectVariant must pick when VG_CPU_FEATURES
// is set to env: the AVX2 kernel when the CPU has AVX2 and env allows it,
// otherwise the CMOV kernel, which needs no feature.
func wantSelected(env string) string {
	if cpuid.Detected("avx2") && cpuid.Allowed("avx2", env) {
		return variantAVX2
	}
	return variantCMOV
}
