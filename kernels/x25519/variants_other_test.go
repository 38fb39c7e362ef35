//go:build (!amd64 && !arm64) || purego

package x25519

var (
	variants       []variant
	stepVariants   []stepVariant
	variants52     []variant52
	stepVariants52 []stepVariant52
)

func wantSelected(string) string { return variantGeneric }
