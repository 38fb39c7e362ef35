//go:build amd64 && !purego

package fe25519

import "vg.dev/kernels/internal/cpuid"

func hasIFMA() bool { return cpuid.Has("avx512ifma") && cpuid.Has("avx512vl") }

// mul52x4Variants are the assembly variants of Mul52x4.
var mul52x4Variants = []mul52x4Variant{
	{"mul52x4IFMA", hasIFMA, mul52x4IFMA},
}

// wantSelected52 is the variant selectVariant must pick for Mul52x4 when
// VG_CPU_FEATURES is set to env.
func wantSelected52(env string) string {
	if cpuid.Detected("avx512ifma") && cpuid.Detected("avx512vl") &&
		cpuid.Allowed("avx512ifma", env) && cpuid.Allowed("avx512vl", env) {
		return variantIFMA
	}
	return variantGeneric
}
