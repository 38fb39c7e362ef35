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

// packEta2ARM64 is spec.PackEta2.
//
//vg:spec vg.dev/spec/mldsa.PackEta2
//go:noescape
func packEta2ARM64(b *[96]byte, p *Poly)

func packEta2(b *[96]byte, p *Poly) {
	if useNEON {
		packEta2ARM64(b, p)
	} else {
		packEta2Generic(b, p)
	}
}

// unpackEta2ARM64 is spec.UnpackEta2.
//
//vg:spec vg.dev/spec/mldsa.UnpackEta2
//go:noescape
func unpackEta2ARM64(p *Poly, b *[96]byte)

func unpackEta2(p *Poly, b *[96]byte) {
	if useNEON {
		unpackEta2ARM64(p, b)
	} else {
		unpackEta2Generic(p, b)
	}
}

// packEta4ARM64 is spec.PackEta4.
//
//vg:spec vg.dev/spec/mldsa.PackEta4
//go:noescape
func packEta4ARM64(b *[128]byte, p *Poly)

func packEta4(b *[128]byte, p *Poly) {
	if useNEON {
		packEta4ARM64(b, p)
	} else {
		packEta4Generic(b, p)
	}
}

// unpackEta4ARM64 is spec.UnpackEta4.
//
//vg:spec vg.dev/spec/mldsa.UnpackEta4
//go:noescape
func unpackEta4ARM64(p *Poly, b *[128]byte)

func unpackEta4(p *Poly, b *[128]byte) {
	if useNEON {
		unpackEta4ARM64(p, b)
	} else {
		unpackEta4Generic(p, b)
	}
}
