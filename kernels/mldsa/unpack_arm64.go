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

// packT0ARM64 packs t₀ (spec.PackT0).
//
//vg:spec vg.dev/spec/mldsa.PackT0
//go:noescape
func packT0ARM64(b *[416]byte, p *Poly)

// unpackT0ARM64 unpacks t₀ (spec.UnpackT0).
//
//vg:spec vg.dev/spec/mldsa.UnpackT0
//go:noescape
func unpackT0ARM64(p *Poly, b *[416]byte)

func packT0(b *[416]byte, p *Poly) {
	if useNEON {
		packT0ARM64(b, p)
	} else {
		packT0Generic(b, p)
	}
}

func unpackT0(p *Poly, b *[416]byte) {
	if useNEON {
		unpackT0ARM64(p, b)
	} else {
		unpackT0Generic(p, b)
	}
}
