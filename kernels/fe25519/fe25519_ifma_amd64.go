//go:build amd64 && !purego

package fe25519

// mul52x4IFMA sets out = a × b mod 2²⁵⁵−19 for four elements in radix 2⁵²,
// lane by lane, with VPMADD52LUQ/HUQ on YMM registers (AVX-512 IFMA and
// AVX-512VL).
//
//vg:spec vg.dev/spec/fe25519.Mul52x4
//go:noescape
func mul52x4IFMA(out, a, b *Element52x4)

// selected52 names the variant Mul52x4 uses.
func selected52() string {
	if useIFMA {
		return variantIFMA
	}
	return variantGeneric
}
