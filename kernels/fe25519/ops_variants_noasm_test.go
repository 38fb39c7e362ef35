//go:build (!amd64 && !arm64) || purego

package fe25519

var opsAsm []opsKernels

var invertVariants []squareVariant
