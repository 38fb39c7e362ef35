//go:build amd64 && !purego

package mldsa

// unpackZ17AVX2 unpacks y or z for γ₁ = 2¹⁷ (spec.UnpackZ17).
//
//vg:spec vg.dev/spec/mldsa.UnpackZ17
//go:noescape
func unpackZ17AVX2(p *Poly, b *[576]byte)

// unpackZ19AVX2 unpacks y or z for γ₁ = 2¹⁹ (spec.UnpackZ19).
//
//vg:spec vg.dev/spec/mldsa.UnpackZ19
//go:noescape
func unpackZ19AVX2(p *Poly, b *[640]byte)

func unpackZ17(p *Poly, b *[576]byte) {
	if useAVX2 {
		unpackZ17AVX2(p, b)
	} else {
		unpackZ17Generic(p, b)
	}
}

func unpackZ19(p *Poly, b *[640]byte) {
	if useAVX2 {
		unpackZ19AVX2(p, b)
	} else {
		unpackZ19Generic(p, b)
	}
}
