//go:build arm64 && !purego

package ed25519

func always() bool { return true }

var (
	variants     = []variant{{"combAddARM64", always, combAddARM64}}
	baseVariants = []baseVariant{{"scalarBaseARM64", always, scalarBaseARM64}}
)
