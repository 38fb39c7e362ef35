package mldsa

import (
	"fmt"
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/mldsa"
)

// packKernels lists the w₁, z and t₁ packing kernels and the η range
// checks of this build,
// filled by the per-architecture files.
var packKernels []packKernel

type packKernel struct {
	name   string
	usable func() bool
	w1_32  func(*[128]byte, *Poly)
	w1_88  func(*[192]byte, *Poly)
	z17    func(*[576]byte, *Poly)
	z19    func(*[640]byte, *Poly)
	packT1 func(*[320]byte, *Poly)
	t1     func(*Poly, *[320]byte)
	eta2   func(*Poly) uint32
	eta4   func(*Poly) uint32
}

// packBase are the public functions and the generic code.
var packBase = []packKernel{
	{"public", yes, PackW1_32, PackW1_88, PackZ17, PackZ19, PackT1, UnpackT1,
		OutOfEta2, OutOfEta4},
	{"generic", yes, packW1_32Generic, packW1_88Generic, packZ17Generic, packZ19Generic,
		packT1Generic, unpackT1Generic, outOfEta2Generic, outOfEta4Generic},
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

// TestPackZ checks every variant's z packing against the spec on random
// and extreme inputs (every int32, and the centred range |z| < γ₁), with
// the output starting as garbage, and that the unpacking kernels invert
// it on the centred range.
func TestPackZ(t *testing.T) {
	for _, v := range append(packBase[:len(packBase):len(packBase)], packKernels...) {
		t.Run(v.name, func(t *testing.T) {
			skipUnusable(t, v.usable)
			r := rand.New(rand.NewPCG(39, 40))
			for trial := range 200 {
				var p17, p19 Poly
				randPoly(r, &p17, trial, -spec.Gamma1_17+1, spec.Gamma1_17-1)
				randPoly(r, &p19, trial, -spec.Gamma1_19+1, spec.Gamma1_19-1)
				g17, g19 := [576]byte{0: 0x55, 575: 0xAA}, [640]byte{0: 0x55, 639: 0xAA}
				var w17 [576]byte
				var w19 [640]byte
				v.z17(&g17, &p17)
				spec.PackZ17(&w17, &p17)
				v.z19(&g19, &p19)
				spec.PackZ19(&w19, &p19)
				if g17 != w17 || g19 != w19 {
					t.Fatalf("%s packZ17/packZ19 differ from the spec (trial %d)", v.name, trial)
				}
				if trial%3 == 0 {
					continue // outside the centred range the mask loses bits
				}
				var q Poly
				if UnpackZ17(&q, &g17); q != p17 {
					t.Fatalf("%s: UnpackZ17(packZ17(z)) != z (trial %d)", v.name, trial)
				}
				if UnpackZ19(&q, &g19); q != p19 {
					t.Fatalf("%s: UnpackZ19(packZ19(z)) != z (trial %d)", v.name, trial)
				}
			}
		})
	}
}

// TestT1 checks every variant's t₁ packing and unpacking against the spec
// on random and extreme inputs (every int32 for packing, every bit string
// for unpacking), with the output starting as garbage.
func TestT1(t *testing.T) {
	for _, v := range append(packBase[:len(packBase):len(packBase)], packKernels...) {
		t.Run(v.name, func(t *testing.T) {
			skipUnusable(t, v.usable)
			r := rand.New(rand.NewPCG(41, 42))
			for trial := range 200 {
				var p Poly
				randPoly(r, &p, trial, 0, 1<<10-1)
				var b [320]byte
				for i := range b {
					b[i] = byte(r.Uint32())
				}
				if trial == 0 {
					for i := range b {
						b[i] = 0xFF
					}
				}
				got := Poly{0: 7, 255: -9}
				var want Poly
				v.t1(&got, &b)
				spec.UnpackT1(&want, &b)
				if !diff(t, v.name+" unpackT1", &got, &want) {
					t.FailNow()
				}
				gb := [320]byte{0: 0x55, 319: 0xAA}
				var wb [320]byte
				v.packT1(&gb, &p)
				spec.PackT1(&wb, &p)
				if gb != wb {
					t.Fatalf("%s packT1 differs from the spec (trial %d)", v.name, trial)
				}
			}
		})
	}
}

// TestOutOfEta checks every variant's η range checks against the spec:
// each edge value (−η − 1, −η, η, η + 1, the int32 extremes) alone at
// several positions of an in-range polynomial, then random polynomials in
// range, with one stray field as unpacking yields, and over every int32.
func TestOutOfEta(t *testing.T) {
	for _, v := range append(packBase[:len(packBase):len(packBase)], packKernels...) {
		t.Run(v.name, func(t *testing.T) {
			skipUnusable(t, v.usable)
			for _, c := range []struct {
				eta       int32
				got, want func(*Poly) uint32
			}{{2, v.eta2, spec.OutOfEta2}, {4, v.eta4, spec.OutOfEta4}} {
				check := func(p *Poly, what string) {
					t.Helper()
					g, w := c.got(p), c.want(p)
					if g != w {
						t.Fatalf("%s η = %d, %s: got %d, want %d", v.name, c.eta, what, g, w)
					}
				}
				for _, e := range []int32{-c.eta - 1, -c.eta, c.eta, c.eta + 1, 7 - c.eta, -1 << 31, 1<<31 - 1} {
					for _, i := range []int{0, 7, 8, 200, 255} {
						var p Poly
						p[i] = e
						check(&p, fmt.Sprintf("p[%d] = %d", i, e))
					}
				}
				r := rand.New(rand.NewPCG(43, uint64(c.eta)))
				for trial := range 200 {
					var p Poly
					randPoly(r, &p, trial, -c.eta, c.eta)
					check(&p, fmt.Sprintf("trial %d", trial))
					p[r.IntN(N)] = c.eta - int32(r.IntN(16)) // a 4-bit field's value
					check(&p, fmt.Sprintf("trial %d, stray field", trial))
				}
			}
		})
	}
}
