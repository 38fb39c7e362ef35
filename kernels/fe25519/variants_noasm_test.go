//go:build (!amd64 && !arm64) || purego

package fe25519

var (
	mulVariants    []mulVariant
	squareVariants []squareVariant
	carryVariants  []squareVariant
)

func wantSelected(string) string { return variantGeneric }
