//go:build amd64 && !purego

package mldsa

// rejBounded2AMD64 is spec.RejBounded2: it reveals which half-bytes are
// accepted (spec.RejBoundedAccepted2), through the addresses it stores at.
//
//vg:spec vg.dev/spec/mldsa.RejBounded2
//vg:leaks vg.dev/spec/mldsa.RejBoundedAccepted2
//go:noescape
func rejBounded2AMD64(out *[16]int32, w uint64) int

// rejBounded4AMD64 is spec.RejBounded4, revealing spec.RejBoundedAccepted4.
//
//vg:spec vg.dev/spec/mldsa.RejBounded4
//vg:leaks vg.dev/spec/mldsa.RejBoundedAccepted4
//go:noescape
func rejBounded4AMD64(out *[16]int32, w uint64) int

// rejUniformAMD64 is spec.RejUniform, on a public block.
//
//vg:spec vg.dev/spec/mldsa.RejUniform
//vg:public out a
//go:noescape
func rejUniformAMD64(out *[56]int32, a *[21]uint64) int

func rejUniform(out *[56]int32, a *[21]uint64) int { return rejUniformAMD64(out, a) }

func rejBounded2(out *[16]int32, w uint64) int { return rejBounded2AMD64(out, w) }

func rejBounded4(out *[16]int32, w uint64) int { return rejBounded4AMD64(out, w) }
