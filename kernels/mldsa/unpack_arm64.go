//go:build arm64 && !purego

package mldsa

// unpackZ17ARM64 unpacks y or z for γ₁ = 2¹⁷ (spec.UnpackZ17).
//
//vg:spec vg.dev/spec/mldsa.UnpackZ17
//go:noescape
func unpackZ17ARM64(p *Poly, b *[576]byte)

// unpackZ19ARM64 unpacks y or z for γ₁ = 2¹⁹ (spec.UnpackZ19).
//
//vg:spec vg.dev/spec/mldsa.UnpackZ19
//go:noescape
func unpackZ19ARM64(p *Poly, b *[640]byte)

// The scalar unpacking kernels need no feature; VG_CPU_FEATURES=none
// selects the generic code, as for the NEON kernels.

func unpackZ17(p *Poly, b *[576]byte) {
	if useNEON {
		unpackZ17ARM64(p, b)
	} else {
		unpackZ17Generic(p, b)
	}
}

func unpackZ19(p *Poly, b *[640]byte) {
	if useNEON {
		unpackZ19ARM64(p, b)
	} else {
		unpackZ19Generic(p, b)
	}
}
