//go:build arm64 && !purego

package mldsa

// rejBounded2ARM64 is spec.RejBounded2: it reveals which half-bytes are
// accepted (spec.RejBoundedAccepted2), through the addresses it stores at.
//
//vg:spec vg.dev/spec/mldsa.RejBounded2
//vg:leaks vg.dev/spec/mldsa.RejBoundedAccepted2
//go:noescape
func rejBounded2ARM64(out *[16]int32, w uint64) int

// rejBounded4ARM64 is spec.RejBounded4, revealing spec.RejBoundedAccepted4.
//
//vg:spec vg.dev/spec/mldsa.RejBounded4
//vg:leaks vg.dev/spec/mldsa.RejBoundedAccepted4
//go:noescape
func rejBounded4ARM64(out *[16]int32, w uint64) int

// rejUniformARM64 is spec.RejUniform, on a public block.
//
//vg:spec vg.dev/spec/mldsa.RejUniform
//vg:public out a
//go:noescape
func rejUniformARM64(out *[56]int32, a *[21]uint64) int

func rejUniform(out *[56]int32, a *[21]uint64) int { return rejUniformARM64(out, a) }

func rejBounded2(out *[16]int32, w uint64) int { return rejBounded2ARM64(out, w) }

func rejBounded4(out *[16]int32, w uint64) int { return rejBounded4ARM64(out, w) }
