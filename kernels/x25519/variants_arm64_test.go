//go:build arm64 && !purego

package x25519

func always() bool { return true }

var (
	variants       = []variant{{"ladderARM64", always, ladderARM64}}
	stepVariants   = []stepVariant{{"stepARM64", always, stepARM64}}
	variants52     []variant52
	stepVariants52 []stepVariant52
)

func wantSelected(string) string { return variantARM64 }
