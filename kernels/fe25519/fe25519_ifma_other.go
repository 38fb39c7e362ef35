//go:build !amd64 || purego

package fe25519

// Without amd64 assembly, Mul52x4 is the generic variant (the spec).

func mul52x4(out, a, b *Element52x4) { mul52x4Generic(out, a, b) }

// selected52 names the variant Mul52x4 uses.
func selected52() string { return variantGeneric }
