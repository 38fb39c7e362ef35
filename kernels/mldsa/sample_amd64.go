//go:build amd64 && !purego

package mldsa

// The samplers' and the hint's kernels use general-purpose registers only,
// but belong to the vector variant, as the packing kernels do (doc.go).

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

// rejUniformAVX512 is spec.RejUniformPacked, on a public block
// (uniform512_amd64.s: VPERMB, VPCMPUD, VPCOMPRESSD).
//
//vg:spec vg.dev/spec/mldsa.RejUniformPacked
//vg:public out a
//go:noescape
func rejUniformAVX512(out *[56]int32, a *[21]uint64) int

func rejUniform(out *[56]int32, a *[21]uint64) int {
	switch {
	case useVBMI:
		return rejUniformAVX512(out, a)
	case useAVX2:
		return rejUniformAMD64(out, a)
	}
	return rejUniformGeneric(out, a)
}

// packHintAMD64 is spec.PackHint, on a public hint.
//
//vg:spec vg.dev/spec/mldsa.PackHint
//vg:public out h
//go:noescape
func packHintAMD64(out *[256]byte, h *Poly) int

func packHint(out *[256]byte, h *Poly) int {
	if useAVX2 {
		return packHintAMD64(out, h)
	}
	return packHintGeneric(out, h)
}

// sampleInBallAMD64 is spec.SampleInBallSwaps, on public data.
//
//vg:spec vg.dev/spec/mldsa.SampleInBallSwaps
//vg:public c js signs tau
//vg:sizes tau=39,49,60
//go:noescape
func sampleInBallAMD64(c *Poly, js *[60]byte, signs uint64, tau int)

func sampleInBallSwaps(c *Poly, js *[60]byte, signs uint64, tau int) {
	if useAVX2 {
		sampleInBallAMD64(c, js, signs, tau)
	} else {
		sampleInBallSwapsGeneric(c, js, signs, tau)
	}
}

// unpackHintAMD64 is spec.UnpackHint, on a public signature.
//
//vg:spec vg.dev/spec/mldsa.UnpackHint
//vg:public h y first end
//go:noescape
func unpackHintAMD64(h *Poly, y *[80]byte, first, end int) uint32

func unpackHint(h *Poly, y *[80]byte, first, end int) uint32 {
	if useAVX2 {
		return unpackHintAMD64(h, y, first, end)
	}
	return unpackHintGeneric(h, y, first, end)
}

func rejBounded2(out *[16]int32, w uint64) int {
	if useAVX2 {
		return rejBounded2AMD64(out, w)
	}
	return rejBounded2Generic(out, w)
}

func rejBounded4(out *[16]int32, w uint64) int {
	if useAVX2 {
		return rejBounded4AMD64(out, w)
	}
	return rejBounded4Generic(out, w)
}
