package mldsa

import (
	"math/rand/v2"
	"slices"
	"testing"

	spec "vg.dev/spec/mldsa"
)

// sampleKernels lists the bounded samplers' kernels of this build, filled
// by the per-architecture test files; uniformKernels the uniform samplers
// beside them (only their uniform and uniformSpec are set).
var sampleKernels []sampleKernel

var uniformKernels = []sampleKernel{{name: "packedSpec", uniform: spec.RejUniformPacked, uniformSpec: spec.RejUniformPacked}}

type sampleKernel struct {
	name       string
	eta2, eta4 func(*[16]int32, uint64) int
	uniform    func(*[56]int32, *[21]uint64) int
	// uniformSpec is the spec of uniform on all of out (nil: only
	// out[:count] is checked, as for the dispatching RejUniform).
	uniformSpec func(*[56]int32, *[21]uint64) int
	hint        func(*[256]byte, *Poly) int
	ball        func(*Poly, *[60]byte, uint64, int)
	unhint      func(*Poly, *[80]byte, int, int) uint32
}

var sampleBase = []sampleKernel{
	{"public", RejBounded2, RejBounded4, RejUniform, nil, PackHint, SampleInBallSwaps, UnpackHint},
	{"generic", rejBounded2Generic, rejBounded4Generic, rejUniformGeneric, spec.RejUniform, packHintGeneric, sampleInBallSwapsGeneric, unpackHintGeneric},
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
// against its spec on all of out, on random blocks, blocks with every
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
	for _, v := range append(append(sampleBase[:len(sampleBase):len(sampleBase)], sampleKernels...), uniformKernels...) {
		if v.uniform == nil {
			continue
		}
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
				if v.uniformSpec == nil {
					continue
				}
				if sc := v.uniformSpec(&want, &a); sc != c || want != out {
					t.Fatalf("block %x: %v, spec %v", b, out, want)
				}
			}
		})
	}
}

// TestPackHint checks every variant against HintBitPack's loop as FIPS 204
// writes it (the positions of the nonzero coefficients, in order) and
// against the spec on all of out, on sparse and dense hints, the zero
// one, an all-ones one and coefficients other than 0 and 1 (any nonzero
// counts).
func TestPackHint(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	var hints []Poly
	var all, none Poly
	for i := range all {
		all[i] = 1
	}
	hints = append(hints, all, none)
	for trial := range 500 {
		var h Poly
		for i := range h {
			switch {
			case trial%5 == 0:
				h[i] = int32(r.Uint32()) // anything; nonzero counts
			case r.IntN(1+trial%7*10) == 0:
				h[i] = 1
			}
		}
		if trial%11 == 0 {
			h[0], h[255] = -1<<31, 1
		}
		hints = append(hints, h)
	}
	for _, v := range append(sampleBase[:len(sampleBase):len(sampleBase)], sampleKernels...) {
		t.Run(v.name, func(t *testing.T) {
			for _, h := range hints {
				var out, want [256]byte
				for i := range out {
					out[i] = byte(r.Uint32())
					want[i] = out[i]
				}
				c := v.hint(&out, &h)
				var ref []byte
				for j := range 256 {
					if h[j] != 0 {
						ref = append(ref, byte(j))
					}
				}
				if c != len(ref) || string(out[:min(c, 256)]) != string(ref) {
					t.Fatalf("h %v: %d %v, want %d %v", h, c, out[:min(c, 256)], len(ref), ref)
				}
				if sc := spec.PackHint(&want, &h); sc != c || want != out {
					t.Fatalf("h %v: %v, spec %v", h, out, want)
				}
			}
		})
	}
}

// TestSampleInBallSwaps checks every variant against Algorithm 29's swaps
// as FIPS 204 writes them, for each τ, on positions drawn as the
// algorithm draws them (j ≤ i) and on arbitrary bytes, with c starting as
// garbage; and that the public function refuses a τ no kernel is proved
// for.
func TestSampleInBallSwaps(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 48))
	for _, v := range append(sampleBase[:len(sampleBase):len(sampleBase)], sampleKernels...) {
		t.Run(v.name, func(t *testing.T) {
			for trial := range 600 {
				tau := []int{39, 49, 60}[trial%3]
				var js [60]byte
				for k := range js {
					js[k] = byte(r.Uint32())
					if trial%2 == 0 {
						js[k] = byte(r.IntN(N - tau + k + 1))
					}
				}
				signs := r.Uint64()
				var got, want Poly
				for i := range got {
					got[i] = int32(r.Uint32())
				}
				v.ball(&got, &js, signs, tau)
				for k := range tau {
					i, j := N-tau+k, int(js[k])
					want[i] = want[j]
					want[j] = 1 - 2*int32(signs>>k&1)
				}
				if got != want {
					t.Fatalf("τ=%d js=%v signs=%#x: %v, want %v", tau, js, signs, got, want)
				}
			}
		})
	}
	defer func() {
		if recover() == nil {
			t.Error("SampleInBallSwaps with τ = 61 did not panic")
		}
	}()
	var c Poly
	var js [60]byte
	SampleInBallSwaps(&c, &js, 0, 61)
}

// TestUnpackHint checks every variant against HintBitUnpack's inner loop
// as FIPS 204 writes it, on increasing runs (what a valid signature holds),
// runs with a repeat or a descent, empty runs and runs reaching ω = 80,
// with h starting as garbage.
func TestUnpackHint(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 50))
	for _, v := range append(sampleBase[:len(sampleBase):len(sampleBase)], sampleKernels...) {
		t.Run(v.name, func(t *testing.T) {
			for trial := range 1000 {
				var y [80]byte
				for i := range y {
					y[i] = byte(r.Uint32())
				}
				first := r.IntN(81)
				end := first + r.IntN(81-first)
				if trial%3 == 0 { // increasing
					pos := r.Perm(256)[:end-first]
					slices.Sort(pos)
					for k, p := range pos {
						y[first+k] = byte(p)
					}
				}
				var got, want Poly
				for i := range got {
					got[i] = int32(r.Uint32())
				}
				ok := v.unhint(&got, &y, first, end)
				wantOK := uint32(1)
				for idx := first; idx < end; idx++ {
					if idx > first && y[idx-1] >= y[idx] {
						wantOK = 0
					}
					want[y[idx]] = 1
				}
				if ok != wantOK || got != want {
					t.Fatalf("y=%v [%d, %d): %d %v, want %d %v", y, first, end, ok, got, wantOK, want)
				}
			}
		})
	}
}

// BenchmarkRejUniform runs each uniform sampler of this build and the
// specs on one random block (the kernels' timing does not depend on it).
func BenchmarkRejUniform(b *testing.B) {
	r := rand.New(rand.NewPCG(47, 48))
	var a [21]uint64
	for i := range a {
		a[i] = r.Uint64()
	}
	for _, v := range append(append(sampleBase[:len(sampleBase):len(sampleBase)], sampleKernels...), uniformKernels...) {
		b.Run(v.name, func(b *testing.B) {
			var out [56]int32
			for b.Loop() {
				v.uniform(&out, &a)
			}
		})
	}
}
