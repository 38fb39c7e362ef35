//go:build amd64 && !purego

package edwards

import "vg.dev/kernels/internal/cpuid"

var variants = []variant{{
	name: "ifma", usable: hasIFMA,
	double: doubleIFMA, add: addCachedIFMA, sub: subCachedIFMA, cached: cachedIFMA,
	pow: pow22523IFMA,
}}

// wantSelected is the variant selectVariant must pick when
// VG_CPU_FEATURES is set to env.
func wantSelected(env string) string {
	if cpuid.Detected("avx512ifma") && cpuid.Detected("avx512vl") &&
		cpuid.Allowed("avx512ifma", env) && cpuid.Allowed("avx512vl", env) {
		return variantIFMA
	}
	return variantGeneric
}
