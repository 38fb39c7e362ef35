//go:build (!amd64 && !arm64) || purego

package ed25519

var (
	variants     []variant
	baseVariants []baseVariant
)
