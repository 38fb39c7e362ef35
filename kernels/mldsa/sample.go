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

// RejUniform is spec.RejUniform: RejNTTPoly's step over one block of
// SHAKE128 (its 21 lanes), the coefficients below q at the front of out,
// their count returned. The block is public.
func RejUniform(out *[56]int32, a *[21]uint64) int { return rejUniform(out, a) }

func rejUniformGeneric(out *[56]int32, a *[21]uint64) int { return spec.RejUniform(out, a) }
