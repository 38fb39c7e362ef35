//go:build !amd64 || purego

package ed25519

var base52Variants []base52Variant
