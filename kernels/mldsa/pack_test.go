package mldsa

import (
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/mldsa"
)

// packKernels lists the w₁, z and t₁ packing kernels of this build,
// filled by the per-architecture files.
var packKernels []packKernel

type packKernel struct {
	name   string
	usable func() bool
	w1_32  func(*[128]byte, *Poly)
	w1_88  func(*[192]byte, *Poly)
}

// packBase are the public functions and the generic code.
var packBase = []packKernel{
	{"public", yes, PackW1_32, PackW1_88},
	{"generic", yes, packW1_32Generic, packW1_88Generic},
}

// randPoly fills p for trial: every int32 on one trial in three, else
// values in [lo, hi].
func randPoly(r *rand.Rand, p *Poly, trial int, lo, hi int32) {
	for i := range p {
		if trial%3 == 0 {
			p[i] = int32(r.Uint32())
		} else {
			p[i] = lo + int32(r.IntN(int(hi-lo+1)))
		}
	}
	if trial == 0 {
		p[0], p[1], p[2], p[3], p[255] = -1<<31, 1<<31-1, lo, hi, -1
	}
}

// TestW1 checks every variant's w₁ encoding against the spec on random
// and extreme inputs (every int32, and w₁'s range), with the output
// starting as garbage.
func TestW1(t *testing.T) {
	for _, v := range append(packBase[:len(packBase):len(packBase)], packKernels...) {
		t.Run(v.name, func(t *testing.T) {
			skipUnusable(t, v.usable)
			r := rand.New(rand.NewPCG(37, 38))
			for trial := range 200 {
				var p32, p88 Poly
				randPoly(r, &p32, trial, 0, 15)
				randPoly(r, &p88, trial, 0, 43)
				g32, g88 := [128]byte{0: 0x55, 127: 0xAA}, [192]byte{0: 0x55, 191: 0xAA}
				var w32 [128]byte
				var w88 [192]byte
				v.w1_32(&g32, &p32)
				spec.PackW1_32(&w32, &p32)
				v.w1_88(&g88, &p88)
				spec.PackW1_88(&w88, &p88)
				if g32 != w32 || g88 != w88 {
					t.Fatalf("%s packW1_32/packW1_88 differ from the spec (trial %d)", v.name, trial)
				}
			}
		})
	}
}
