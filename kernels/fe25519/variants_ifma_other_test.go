//go:build !amd64 || purego

package fe25519

var mul52x4Variants []mul52x4Variant

func wantSelected52(string) string { return variantGeneric }
