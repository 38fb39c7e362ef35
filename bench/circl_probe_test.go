package bench

import (
	"testing"
	_ "unsafe"

	_ "github.com/cloudflare/circl/sign/mldsa/mldsa65"
)

//go:linkname circlNTT github.com/cloudflare/circl/sign/internal/dilithium.nttAVX2
//go:noescape
func circlNTT(p *[256]uint32)

func BenchmarkProbe(b *testing.B) {
	var p [256]uint32
	for i := range p {
		p[i] = uint32(i * 7919 % 8380417)
	}
	for b.Loop() {
		circlNTT(&p)
		for i := range 4 {
			p[i] &= 0x7fffff
		}
	}
}
