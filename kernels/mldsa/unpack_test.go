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
	packT0 func(*[416]byte, *Poly)
	t0     func(*Poly, *[416]byte)
	pEta2  func(*[96]byte, *Poly)
	eta2   func(*Poly, *[96]byte)
	pEta4  func(*[128]byte, *Poly)
	eta4   func(*Poly, *[128]byte)
}

// baseKernels are the public functions and the generic code.
var baseKernels = []unpackKernel{
	{"public", yes, UnpackZ17, UnpackZ19, PackT0, UnpackT0, PackEta2, UnpackEta2, PackEta4, UnpackEta4},
	{"generic", yes, unpackZ17Generic, unpackZ19Generic, packT0Generic, unpackT0Generic,
		packEta2Generic, unpackEta2Generic, packEta4Generic, unpackEta4Generic},
}

// TestUnpackZ checks every variant against the spec on random bytes and
// all ones, with the output starting as garbage.
func TestUnpackZ(t *testing.T) {
	vs := append(baseKernels[:len(baseKernels):len(baseKernels)], unpackKernels...)
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

// TestT0 checks every variant's t₀ packing and unpacking against the spec
// on random and extreme inputs (every int32 for packing, every bit string
// for unpacking), with the output starting as garbage.
func TestT0(t *testing.T) {
	vs := append(baseKernels[:len(baseKernels):len(baseKernels)], unpackKernels...)
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			skipUnusable(t, v.usable)
			r := rand.New(rand.NewPCG(33, 34))
			for trial := range 200 {
				var b [416]byte
				var p Poly
				for i := range b {
					b[i] = byte(r.Uint32())
				}
				for i := range p {
					switch trial % 3 {
					case 0:
						p[i] = int32(r.Uint32())
					default:
						p[i] = int32(r.IntN(1<<13)) - 1<<12 + 1
					}
				}
				if trial == 0 {
					for i := range b {
						b[i] = 0xFF
					}
					p[0], p[1], p[255] = -1<<31, 1<<31-1, 1<<12
				}
				got := Poly{0: 7, 255: -9}
				var want Poly
				v.t0(&got, &b)
				spec.UnpackT0(&want, &b)
				if !diff(t, v.name+" unpackT0", &got, &want) {
					t.FailNow()
				}
				gb := [416]byte{0: 0x55, 415: 0xAA}
				var wb [416]byte
				v.packT0(&gb, &p)
				spec.PackT0(&wb, &p)
				if gb != wb {
					t.Fatalf("%s packT0 differs from the spec (trial %d)", v.name, trial)
				}
			}
		})
	}
}

// TestEta checks every variant's η packing and unpacking against the spec
// on random and extreme inputs (every int32 for packing, every bit string
// for unpacking), with the output starting as garbage.
func TestEta(t *testing.T) {
	for _, v := range append(baseKernels[:len(baseKernels):len(baseKernels)], unpackKernels...) {
		t.Run(v.name, func(t *testing.T) {
			skipUnusable(t, v.usable)
			r := rand.New(rand.NewPCG(35, 36))
			for trial := range 200 {
				var b2 [96]byte
				var b4 [128]byte
				var p Poly
				for i := range b4 {
					b4[i] = byte(r.Uint32())
				}
				for i := range b2 {
					b2[i] = byte(r.Uint32())
				}
				for i := range p {
					if trial%3 == 0 {
						p[i] = int32(r.Uint32())
					} else {
						p[i] = int32(r.IntN(9)) - 4
					}
				}
				if trial == 0 {
					for i := range b4 {
						b4[i] = 0xFF
					}
					for i := range b2 {
						b2[i] = 0xFF
					}
					p[0], p[1], p[255] = -1<<31, 1<<31-1, 4
				}
				got := Poly{0: 7, 255: -9}
				var want Poly
				v.eta2(&got, &b2)
				spec.UnpackEta2(&want, &b2)
				if !diff(t, v.name+" unpackEta2", &got, &want) {
					t.FailNow()
				}
				v.eta4(&got, &b4)
				spec.UnpackEta4(&want, &b4)
				if !diff(t, v.name+" unpackEta4", &got, &want) {
					t.FailNow()
				}
				g2, g4 := [96]byte{0: 0x55, 95: 0xAA}, [128]byte{0: 0x55, 127: 0xAA}
				var w2 [96]byte
				var w4 [128]byte
				v.pEta2(&g2, &p)
				spec.PackEta2(&w2, &p)
				v.pEta4(&g4, &p)
				spec.PackEta4(&w4, &p)
				if g2 != w2 || g4 != w4 {
					t.Fatalf("%s packEta2/packEta4 differ from the spec (trial %d)", v.name, trial)
				}
			}
		})
	}
}
