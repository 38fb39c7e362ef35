//go:build amd64 && !purego

package fe25519

import "vg.dev/kernels/internal/cpuid"

func hasADX() bool { return cpuid.Has("bmi2") && cpuid.Has("adx") }

func always() bool { return true }

// The assembly variants, each with the features it needs.
var (
	mulVariants = []mulVariant{
		{"mulADX", hasADX, mulADX},
		{"mulMULQ", always, mulMULQ},
	}
	squareVariants = []squareVariant{
		{"squareADX", hasADX, squareADX},
		{"squareMULQ", always, squareMULQ},
	}
	carryVariants = []squareVariant{
		{"carryAMD64", always, carryAMD64},
	}
)

// wantSelected is the variant selectVariant must pick when VG_CPU_FEATURES
// is set to env.
func wantSelected(env string) string {
	if cpuid.Detected("bmi2") && cpuid.Detected("adx") &&
		cpuid.Allowed("bmi2", env) && cpuid.Allowed("adx", env) {
		return variantADX
	}
	return variantMULQ
}
