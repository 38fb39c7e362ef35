//go:build amd64 && !purego

package x25519

var (
	variants       = []variant{{"ladderADX", hasADX, ladderADX}}
	stepVariants   = []stepVariant{{"stepADX", hasADX, stepADX}}
	variants52     = []variant52{{"ladderIFMA", hasIFMA, ladderIFMA}}
	stepVariants52 = []stepVariant52{{"stepIFMA", hasIFMA, stepIFMA}}
)
