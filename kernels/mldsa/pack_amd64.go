//go:build amd64 && !purego

package mldsa

// The w₁, z and t₁ packing kernels use general-purpose registers only and
// need no feature; like the t₀ and η kernels they belong to the "avx2"
// variant, so that VG_CPU_FEATURES=none selects the generic code.

// packW1_32AMD64 is spec.PackW1_32.
//
//vg:spec vg.dev/spec/mldsa.PackW1_32
//go:noescape
func packW1_32AMD64(b *[128]byte, p *Poly)

func packW1_32(b *[128]byte, p *Poly) {
	if useAVX2 {
		packW1_32AMD64(b, p)
	} else {
		packW1_32Generic(b, p)
	}
}

// packW1_88AMD64 is spec.PackW1_88.
//
//vg:spec vg.dev/spec/mldsa.PackW1_88
//go:noescape
func packW1_88AMD64(b *[192]byte, p *Poly)

func packW1_88(b *[192]byte, p *Poly) {
	if useAVX2 {
		packW1_88AMD64(b, p)
	} else {
		packW1_88Generic(b, p)
	}
}
