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

// packT0AMD64 packs t₀ (spec.PackT0) in general-purpose registers.
//
//vg:spec vg.dev/spec/mldsa.PackT0
//go:noescape
func packT0AMD64(b *[416]byte, p *Poly)

// unpackT0AMD64 unpacks t₀ (spec.UnpackT0) in general-purpose registers.
//
//vg:spec vg.dev/spec/mldsa.UnpackT0
//go:noescape
func unpackT0AMD64(p *Poly, b *[416]byte)

// The t₀ kernels need no feature; they belong to the "avx2" variant so
// that VG_CPU_FEATURES=none selects the generic code, as on arm64.

func packT0(b *[416]byte, p *Poly) {
	if useAVX2 {
		packT0AMD64(b, p)
	} else {
		packT0Generic(b, p)
	}
}

func unpackT0(p *Poly, b *[416]byte) {
	if useAVX2 {
		unpackT0AMD64(p, b)
	} else {
		unpackT0Generic(p, b)
	}
}

// packEta2AMD64 is spec.PackEta2.
//
//vg:spec vg.dev/spec/mldsa.PackEta2
//go:noescape
func packEta2AMD64(b *[96]byte, p *Poly)

func packEta2(b *[96]byte, p *Poly) {
	if useAVX2 {
		packEta2AMD64(b, p)
	} else {
		packEta2Generic(b, p)
	}
}

// unpackEta2AMD64 is spec.UnpackEta2.
//
//vg:spec vg.dev/spec/mldsa.UnpackEta2
//go:noescape
func unpackEta2AMD64(p *Poly, b *[96]byte)

func unpackEta2(p *Poly, b *[96]byte) {
	if useAVX2 {
		unpackEta2AMD64(p, b)
	} else {
		unpackEta2Generic(p, b)
	}
}

// packEta4AMD64 is spec.PackEta4.
//
//vg:spec vg.dev/spec/mldsa.PackEta4
//go:noescape
func packEta4AMD64(b *[128]byte, p *Poly)

func packEta4(b *[128]byte, p *Poly) {
	if useAVX2 {
		packEta4AMD64(b, p)
	} else {
		packEta4Generic(b, p)
	}
}

// unpackEta4AMD64 is spec.UnpackEta4.
//
//vg:spec vg.dev/spec/mldsa.UnpackEta4
//go:noescape
func unpackEta4AMD64(p *Poly, b *[128]byte)

func unpackEta4(p *Poly, b *[128]byte) {
	if useAVX2 {
		unpackEta4AMD64(p, b)
	} else {
		unpackEta4Generic(p, b)
	}
}
