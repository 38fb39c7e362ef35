//go:build arm64 && !purego

package fe25519

func always() bool { return true }

// The assembly variants of arm64: one, needing no CPU feature.
var (
	mulVariants = []mulVariant{
		{"mulARM64", always, mulARM64},
	}
	squareVariants = []squareVariant{
		{"squareARM64", always, squareARM64},
	}
	carryVariants = []squareVariant{
		{"carryARM64", always, carryARM64},
	}
)

// wantSelected is the variant selectVariant must pick when VG_CPU_FEATURES
// is set to env: always the arm64 kernels, which need no feature.
func wantSelected(string) string { return variantARM64 }
