//go:build amd64 && !purego

package bench

import (
	"math/rand/v2"
	"testing"
	_ "unsafe" // for go:linkname

	_ "github.com/cloudflare/circl/sign/mldsa/mldsa65" // links circl's dilithium package

	"vg.dev/kernels/mldsa"
	spec "vg.dev/spec/mldsa"
)

// CIRCL's AVX2 kernels (github.com/cloudflare/circl/sign/internal/dilithium,
// amd64.s), reached by linkname; see the package documentation.

//go:linkname circlNTT github.com/cloudflare/circl/sign/internal/dilithium.nttAVX2
//go:noescape
func circlNTT(p *[256]uint32)

//go:linkname circlInvNTT github.com/cloudflare/circl/sign/internal/dilithium.invNttAVX2
//go:noescape
func circlInvNTT(p *[256]uint32)

//go:linkname circlMulHat github.com/cloudflare/circl/sign/internal/dilithium.mulHatAVX2
//go:noescape
func circlMulHat(p, a, b *[256]uint32)

func inputs() (p mldsa.Poly, c [256]uint32) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range p {
		p[i] = int32(r.IntN(2*spec.Q-1)) - (spec.Q - 1)
		c[i] = uint32(r.IntN(2 * spec.Q))
	}
	return
}

// BenchmarkNTT: vg's NTT (the public entry point, AVX2 unless
// VG_CPU_FEATURES hides it), CIRCL's AVX2 NTT, and the pure Go spec.
func BenchmarkNTT(b *testing.B) {
	p, c := inputs()
	b.Run("vg", func(b *testing.B) {
		x := p
		for b.Loop() {
			mldsa.NTT(&x)
		}
	})
	b.Run("circl", func(b *testing.B) {
		x := c
		for b.Loop() {
			circlNTT(&x)
		}
	})
	b.Run("spec", func(b *testing.B) {
		x := p
		for b.Loop() {
			spec.NTT(&x)
		}
	})
}

func BenchmarkInvNTT(b *testing.B) {
	p, c := inputs()
	b.Run("vg", func(b *testing.B) {
		x := p
		for b.Loop() {
			mldsa.InvNTT(&x)
		}
	})
	b.Run("circl", func(b *testing.B) {
		x := c
		for b.Loop() {
			circlInvNTT(&x)
		}
	})
	b.Run("spec", func(b *testing.B) {
		x := p
		for b.Loop() {
			spec.InvNTT(&x)
		}
	})
}

func BenchmarkPointwise(b *testing.B) {
	p, c := inputs()
	b.Run("vg", func(b *testing.B) {
		var out mldsa.Poly
		for b.Loop() {
			mldsa.PointwiseMontgomery(&out, &p, &p)
		}
	})
	b.Run("circl", func(b *testing.B) {
		var out [256]uint32
		for b.Loop() {
			circlMulHat(&out, &c, &c)
		}
	})
	b.Run("spec", func(b *testing.B) {
		var out mldsa.Poly
		for b.Loop() {
			spec.PointwiseMontgomery(&out, &p, &p)
		}
	})
}

// BenchmarkMulNTT is a polynomial product through the NTT domain, the
// operation the transforms serve: two forward transforms, the pointwise
// product and the inverse.
func BenchmarkMulNTT(b *testing.B) {
	p, c := inputs()
	b.Run("vg", func(b *testing.B) {
		for b.Loop() {
			x, y := p, p
			mldsa.NTT(&x)
			mldsa.NTT(&y)
			mldsa.PointwiseMontgomery(&x, &x, &y)
			mldsa.InvNTT(&x)
		}
	})
	b.Run("circl", func(b *testing.B) {
		for b.Loop() {
			x, y := c, c
			circlNTT(&x)
			circlNTT(&y)
			circlMulHat(&x, &x, &y)
			circlInvNTT(&x)
		}
	})
	b.Run("spec", func(b *testing.B) {
		for b.Loop() {
			x, y := p, p
			spec.NTT(&x)
			spec.NTT(&y)
			spec.PointwiseMontgomery(&x, &x, &y)
			spec.InvNTT(&x)
		}
	})
}
