package mldsa

import (
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/mldsa"
)

// unpackKernels lists the unpacking kernels of this build (unpackZ17…,
// unpackZ19…), filled by the per-architecture files.
var unpackKernels []unpackKernel

type unpackKernel struct {
	name   string
	usable func() bool
	z17    func(*Poly, *[576]byte)
	z19    func(*Poly, *[640]byte)
}

// TestUnpackZ checks every variant against the spec on random bytes and
// all ones, with the output starting as garbage.
func TestUnpackZ(t *testing.T) {
	vs := append([]unpackKernel{{"public", yes, UnpackZ17, UnpackZ19}, {"generic", yes, unpackZ17Generic, unpackZ19Generic}},
		unpackKernels...)
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			skipUnusable(t, v.usable)
			r := rand.New(rand.NewPCG(31, 32))
			for trial := range 200 {
				var b17 [576]byte
				var b19 [640]byte
				for i := range b17 {
					b17[i] = byte(r.Uint32())
				}
				for i := range b19 {
					b19[i] = byte(r.Uint32())
				}
				if trial == 0 {
					for i := range b19 {
						b19[i] = 0xFF
					}
					for i := range b17 {
						b17[i] = 0xFF
					}
				}
				got := Poly{0: 7, 255: -9}
				var want Poly
				v.z17(&got, &b17)
				spec.UnpackZ17(&want, &b17)
				if !diff(t, v.name+" z17", &got, &want) {
					t.FailNow()
				}
				v.z19(&got, &b19)
				spec.UnpackZ19(&want, &b19)
				if !diff(t, v.name+" z19", &got, &want) {
					t.FailNow()
				}
			}
		})
	}
}
