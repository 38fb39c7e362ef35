package edwards

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkOps times each operation of every variant the CPU has, in
// chains (each call waits for the previous one, as in verification's
// loop), with random inputs within the bounds.
func BenchmarkOps(b *testing.B) {
	r := rand.New(rand.NewPCG(25519, 7))
	var p, q Element52x4
	for j := range 4 {
		setLane(&p, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
		setLane(&q, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
	}
	for _, v := range allVariants() {
		if !v.usable() {
			continue
		}
		b.Run("double/"+v.name, func(b *testing.B) {
			x := p
			for b.Loop() {
				v.double(&x)
			}
		})
		b.Run("add/"+v.name, func(b *testing.B) {
			x := p
			for b.Loop() {
				v.add(&x, &q)
			}
		})
		b.Run("pow22523/"+v.name, func(b *testing.B) {
			x := p
			for b.Loop() {
				v.pow(&x, &x)
			}
		})
	}
}
