package mldsa

import (
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/mldsa"
)

// sampleKernels lists the bounded samplers' kernels of this build, filled
// by the per-architecture test files.
var sampleKernels []sampleKernel

type sampleKernel struct {
	name       string
	eta2, eta4 func(*[16]int32, uint64) int
	uniform    func(*[56]int32, *[21]uint64) int
}

var sampleBase = []sampleKernel{
	{"public", RejBounded2, RejBounded4, RejUniform},
	{"generic", rejBounded2Generic, rejBounded4Generic, rejUniformGeneric},
}

// coeffFromHalfByte is Algorithm 15 of FIPS 204 as written there.
func coeffFromHalfByte(eta int32, b int32) (int32, bool) {
	switch {
	case eta == 2 && b < 15:
		return 2 - b%5, true
	case eta == 4 && b < 9:
		return 4 - b, true
	}
	return 0, false
}

// TestRejBounded checks every variant against Algorithm 15 applied to the
// half-bytes in Algorithm 31's order (the accepted coefficients, their
// count) and against the spec on all of out (the rejected candidates
// stored past the count), with out starting as garbage, on random words
// and on words with every half-byte at the acceptance bounds.
func TestRejBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	words := []uint64{0, ^uint64(0), 0xeeeeeeeeeeeeeeee, 0x8888888888888888, 0x9999999999999999, 0xfedcba9876543210, 0x0123456789abcdef}
	for range 2000 {
		words = append(words, r.Uint64())
	}
	for _, v := range append(sampleBase[:len(sampleBase):len(sampleBase)], sampleKernels...) {
		t.Run(v.name, func(t *testing.T) {
			for _, eta := range []int32{2, 4} {
				f, sp := v.eta2, spec.RejBounded2
				if eta == 4 {
					f, sp = v.eta4, spec.RejBounded4
				}
				for _, w := range words {
					var out, want [16]int32
					for i := range out {
						out[i] = int32(r.Uint32())
						want[i] = out[i]
					}
					c := f(&out, w)
					var ref []int32
					for i := range 16 {
						if x, ok := coeffFromHalfByte(eta, int32(w>>(4*i)&15)); ok {
							ref = append(ref, x)
						}
					}
					if c != len(ref) || [16]int32(append(ref[:len(ref):len(ref)], out[len(ref):]...)) != out {
						t.Fatalf("η=%d w=%#x: %d %v, want %d %v", eta, w, c, out[:min(c, 16)], len(ref), ref)
					}
					if sc := sp(&want, w); sc != c || want != out {
						t.Fatalf("η=%d w=%#x: %v, spec %v", eta, w, out, want)
					}
					if m := spec.RejBoundedAccepted2(nil, w); eta == 2 && popcount16(m) != c {
						t.Fatalf("accepted %#x, count %d", m, c)
					}
				}
			}
		})
	}
}

func popcount16(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// TestRejUniform checks every variant against Algorithm 14
// (CoeffFromThreeBytes) applied to the block's bytes in order, and
// against the spec on all of out, on random blocks, blocks with every
// candidate at q − 1, q, 2²³ − 1 (the top bit of each third byte set),
// and blocks biased to rejections.
func TestRejUniform(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	var blocks [][168]byte
	for _, z := range []uint32{spec.Q - 1, spec.Q, 1<<24 - 1, 0, 1 << 23} {
		var b [168]byte
		for k := range 56 {
			b[3*k], b[3*k+1], b[3*k+2] = byte(z), byte(z>>8), byte(z>>16)
		}
		blocks = append(blocks, b)
	}
	for trial := range 1000 {
		var b [168]byte
		for i := range b {
			b[i] = byte(r.Uint32())
			if trial%2 == 1 && i%3 == 2 {
				b[i] |= 0x7f // candidates ≥ 2²³ − 2¹⁶: most rejected
			}
		}
		blocks = append(blocks, b)
	}
	for _, v := range append(sampleBase[:len(sampleBase):len(sampleBase)], sampleKernels...) {
		t.Run(v.name, func(t *testing.T) {
			for _, b := range blocks {
				var a [21]uint64
				for i := range a {
					for k := range 8 {
						a[i] |= uint64(b[8*i+k]) << (8 * k)
					}
				}
				var out, want [56]int32
				for i := range out {
					out[i] = int32(r.Uint32())
					want[i] = out[i]
				}
				c := v.uniform(&out, &a)
				var ref []int32
				for k := range 56 {
					z := int32(b[3*k]) | int32(b[3*k+1])<<8 | int32(b[3*k+2]&0x7f)<<16
					if z < spec.Q {
						ref = append(ref, z)
					}
				}
				if c != len(ref) || [56]int32(append(ref[:len(ref):len(ref)], out[len(ref):]...)) != out {
					t.Fatalf("block %x: %d %v, want %d %v", b, c, out[:c], len(ref), ref)
				}
				if sc := spec.RejUniform(&want, &a); sc != c || want != out {
					t.Fatalf("block %x: %v, spec %v", b, out, want)
				}
			}
		})
	}
}
