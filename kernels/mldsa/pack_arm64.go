//go:build arm64 && !purego

package mldsa

// The w₁, z and t₁ packing kernels and the η range checks use
// general-purpose registers only and need no feature; like the t₀ and η
// kernels they belong to the NEON variant, so that
// VG_CPU_FEATURES=none selects the generic code.

// packW1_32ARM64 is spec.PackW1_32.
//
//vg:spec vg.dev/spec/mldsa.PackW1_32
//go:noescape
func packW1_32ARM64(b *[128]byte, p *Poly)

func packW1_32(b *[128]byte, p *Poly) {
	if useNEON {
		packW1_32ARM64(b, p)
	} else {
		packW1_32Generic(b, p)
	}
}

// packW1_88ARM64 is spec.PackW1_88.
//
//vg:spec vg.dev/spec/mldsa.PackW1_88
//go:noescape
func packW1_88ARM64(b *[192]byte, p *Poly)

func packW1_88(b *[192]byte, p *Poly) {
	if useNEON {
		packW1_88ARM64(b, p)
	} else {
		packW1_88Generic(b, p)
	}
}

// packZ17ARM64 is spec.PackZ17.
//
//vg:spec vg.dev/spec/mldsa.PackZ17
//go:noescape
func packZ17ARM64(b *[576]byte, p *Poly)

func packZ17(b *[576]byte, p *Poly) {
	if useNEON {
		packZ17ARM64(b, p)
	} else {
		packZ17Generic(b, p)
	}
}

// packZ19ARM64 is spec.PackZ19.
//
//vg:spec vg.dev/spec/mldsa.PackZ19
//go:noescape
func packZ19ARM64(b *[640]byte, p *Poly)

func packZ19(b *[640]byte, p *Poly) {
	if useNEON {
		packZ19ARM64(b, p)
	} else {
		packZ19Generic(b, p)
	}
}

// packT1ARM64 is spec.PackT1.
//
//vg:spec vg.dev/spec/mldsa.PackT1
//go:noescape
func packT1ARM64(b *[320]byte, p *Poly)

func packT1(b *[320]byte, p *Poly) {
	if useNEON {
		packT1ARM64(b, p)
	} else {
		packT1Generic(b, p)
	}
}

// unpackT1ARM64 is spec.UnpackT1.
//
//vg:spec vg.dev/spec/mldsa.UnpackT1
//go:noescape
func unpackT1ARM64(p *Poly, b *[320]byte)

func unpackT1(p *Poly, b *[320]byte) {
	if useNEON {
		unpackT1ARM64(p, b)
	} else {
		unpackT1Generic(p, b)
	}
}

// outOfEta2ARM64 is spec.OutOfEta2.
//
//vg:spec vg.dev/spec/mldsa.OutOfEta2
//go:noescape
func outOfEta2ARM64(p *Poly) uint32

func outOfEta2(p *Poly) uint32 {
	if useNEON {
		return outOfEta2ARM64(p)
	}
	return outOfEta2Generic(p)
}

// outOfEta4ARM64 is spec.OutOfEta4.
//
//vg:spec vg.dev/spec/mldsa.OutOfEta4
//go:noescape
func outOfEta4ARM64(p *Poly) uint32

func outOfEta4(p *Poly) uint32 {
	if useNEON {
		return outOfEta4ARM64(p)
	}
	return outOfEta4Generic(p)
}
