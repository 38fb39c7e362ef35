//go:build amd64 && !purego

package x25519

import "vg.dev/kernels/internal/cpuid"

var (
	variants       = []variant{{"ladderADX", hasADX, ladderADX}}
	stepVariants   = []stepVariant{{"stepADX", hasADX, stepADX}}
	variants52     = []variant52{{"ladderIFMA", hasIFMA, ladderIFMA}}
	stepVariants52 = []stepVariant52{{"stepIFMA", hasIFMA, stepIFMA}}
)

// wantSelected is the variant selectVariant must pick when VG_CPU_FEATURES
// is set to env: IFMA first, then ADX.
func wantSelected(env string) string {
	on := func(fs ...string) bool {
		for _, f := range fs {
			if !cpuid.Detected(f) || !cpuid.Allowed(f, env) {
				return false
			}
		}
		return true
	}
	switch {
	case on("avx512ifma", "avx512vl"):
		return variantIFMA
	case on("bmi2", "adx"):
		return variantADX
	}
	return variantGeneric
}
