package mldsa

import spec "vg.dev/spec/mldsa"

// RejBounded2 is spec.RejBounded2: RejBoundedPoly's step for η = 2 over one
// word of SHAKE256, the accepted coefficients at the front of out, their
// count returned. Constant time but for which half-bytes are accepted.
func RejBounded2(out *[16]int32, w uint64) int { return rejBounded2(out, w) }

func rejBounded2Generic(out *[16]int32, w uint64) int { return spec.RejBounded2(out, w) }

// RejBounded4 is spec.RejBounded4: the same for η = 4.
func RejBounded4(out *[16]int32, w uint64) int { return rejBounded4(out, w) }

func rejBounded4Generic(out *[16]int32, w uint64) int { return spec.RejBounded4(out, w) }

// RejUniform is RejNTTPoly's step over one block of SHAKE128 (its 21
// lanes): the coefficients below q at the front of out, their count
// returned, as spec.RejUniform computes them. What it leaves in out past
// the count depends on the variant: spec.RejUniform's values, or with the
// AVX-512 kernel spec.RejUniformPacked's. The block is public.
func RejUniform(out *[56]int32, a *[21]uint64) int { return rejUniform(out, a) }

func rejUniformGeneric(out *[56]int32, a *[21]uint64) int { return spec.RejUniform(out, a) }

// PackHint is spec.PackHint: HintBitPack's positions of the nonzero
// coefficients of one polynomial, at the front of out, and their count.
// The hint is public.
func PackHint(out *[256]byte, h *Poly) int { return packHint(out, h) }

func packHintGeneric(out *[256]byte, h *Poly) int { return spec.PackHint(out, h) }

// SampleInBallSwaps is spec.SampleInBallSwaps: SampleInBall's swaps for
// τ = tau (39, 49 or 60; a kernel is proved for each), given the positions
// the caller drew. Public data.
func SampleInBallSwaps(c *Poly, js *[60]byte, signs uint64, tau int) {
	if tau != 39 && tau != 49 && tau != 60 {
		panic("mldsa: SampleInBallSwaps: τ must be 39, 49 or 60, the values its kernels are proved for")
	}
	sampleInBallSwaps(c, js, signs, tau)
}

func sampleInBallSwapsGeneric(c *Poly, js *[60]byte, signs uint64, tau int) {
	spec.SampleInBallSwaps(c, js, signs, tau)
}

// UnpackHint is spec.UnpackHint: HintBitUnpack for one polynomial,
// positions y[first:end], 1 iff they strictly increase. Public data.
func UnpackHint(h *Poly, y *[80]byte, first, end int) uint32 { return unpackHint(h, y, first, end) }

func unpackHintGeneric(h *Poly, y *[80]byte, first, end int) uint32 {
	return spec.UnpackHint(h, y, first, end)
}
