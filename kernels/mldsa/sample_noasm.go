//go:build (!amd64 && !arm64) || purego

package mldsa

func rejBounded2(out *[16]int32, w uint64) int { return rejBounded2Generic(out, w) }

func rejBounded4(out *[16]int32, w uint64) int { return rejBounded4Generic(out, w) }

func rejUniform(out *[56]int32, a *[21]uint64) int { return rejUniformGeneric(out, a) }

func packHint(out *[256]byte, h *Poly) int { return packHintGeneric(out, h) }

func sampleInBallSwaps(c *Poly, js *[60]byte, signs uint64, tau int) {
	sampleInBallSwapsGeneric(c, js, signs, tau)
}

func unpackHint(h *Poly, y *[80]byte, first, end int) uint32 {
	return unpackHintGeneric(h, y, first, end)
}
