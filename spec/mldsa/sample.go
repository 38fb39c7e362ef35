package mldsa

// The rejection samplers' inner steps (FIPS 204 Algorithms 30 and 31,
// RejNTTPoly and RejBoundedPoly): one word of the SHAKE stream becomes the
// coefficients it yields, packed at the front of out, and their count. The
// caller copies out[:count] to the polynomial at its running index, which
// is public: it depends only on which candidates were accepted.
//
// Every candidate is stored, at the count of the candidates accepted
// before it, so the store position is the only thing that depends on the
// acceptance; a rejected candidate is overwritten by the next one, or left
// past the count. What a kernel of these reveals is the acceptance
// pattern, returned by the ...Accepted functions for //vg:leaks: FIPS 204
// lets a signer leak it (the accepted values are independent of where the
// rejected ones were), and the number of SHAKE blocks squeezed shows it
// anyway.

// RejBounded2 is CoeffFromHalfByte (Algorithm 15) for η = 2 over the
// sixteen half-bytes of w, low half-byte of the low byte first (the order
// of Algorithm 31): a half-byte b < 15 becomes 2 − (b mod 5), in [−2, 2].
// It returns the count of accepted half-bytes, at most 16.
func RejBounded2(out *[16]int32, w uint64) int {
	c := 0
	for i := 0; i < 16; i++ {
		b := int32(w >> (4 * i) & 15)
		// b mod 5 for b < 15 is b − 5·⌊13b/64⌋.
		out[c] = 2 - (b - 5*((13*b)>>6))
		c += int(uint32(b-15) >> 31) // 1 iff b < 15
	}
	return c
}

// RejBounded4 is RejBounded2 for η = 4: a half-byte b < 9 becomes 4 − b,
// in [−4, 4].
func RejBounded4(out *[16]int32, w uint64) int {
	c := 0
	for i := 0; i < 16; i++ {
		b := int32(w >> (4 * i) & 15)
		out[c] = 4 - b
		c += int(uint32(b-9) >> 31) // 1 iff b < 9
	}
	return c
}

// RejBoundedAccepted2 is what RejBounded2 reveals of w: bit i is set iff
// half-byte i is accepted (< 15).
func RejBoundedAccepted2(out *[16]int32, w uint64) uint16 { return accepted(w, 15) }

// RejBoundedAccepted4 is what RejBounded4 reveals of w: bit i is set iff
// half-byte i is accepted (< 9).
func RejBoundedAccepted4(out *[16]int32, w uint64) uint16 { return accepted(w, 9) }

// accepted returns the half-bytes of w below bound as a bit mask.
func accepted(w uint64, bound uint64) uint16 {
	var m uint16
	for i := 0; i < 16; i++ {
		if w>>(4*i)&15 < bound {
			m |= 1 << i
		}
	}
	return m
}

// RejUniformCandidates is the number of three-byte candidates in one block
// of SHAKE128 (168 bytes).
const RejUniformCandidates = 56

// RejUniform is CoeffFromThreeBytes (Algorithm 14) over the 56 three-byte
// groups of one SHAKE128 block, given as its 21 lanes (little-endian, as
// Keccak holds them), in stream order: each 23-bit value z < q is
// accepted, stored at out[c] with c the count accepted before it (every
// candidate is stored, as in RejBounded2). It returns the count. The
// stream is public (it comes from the seed ρ).
func RejUniform(out *[RejUniformCandidates]int32, a *[21]uint64) int {
	c := 0
	for k := 0; k < RejUniformCandidates; k++ {
		z := uniformCandidate(a, k)
		out[c] = z
		c += int(uint32(z-Q) >> 31) // 1 iff z < q
	}
	return c
}

// uniformCandidate is candidate k of the block: bytes 3k to 3k+2 as a
// little-endian integer with its top bit cleared.
func uniformCandidate(a *[21]uint64, k int) int32 {
	bit := 24 * k
	i, sh := bit/64, bit%64
	v := a[i] >> sh
	if sh > 40 {
		v |= a[i+1] << (64 - sh)
	}
	return int32(v & (1<<23 - 1))
}

// RejUniformPacked is RejUniform computed as the AVX-512 kernel does: the
// candidates in groups of 16 (the last of 8); each group's accepted
// values, in order and followed by zeros to the group's size, are stored
// at out[c], c the count accepted before the group. It returns the count.
// out[:count] is what RejUniform leaves there; the entries past it differ.
func RejUniformPacked(out *[RejUniformCandidates]int32, a *[21]uint64) int {
	c := 0
	for g := 0; g < 48; g += 16 {
		var group [16]int32
		m := packAccepted(group[:], a, g)
		*(*[16]int32)(out[c : c+16]) = group
		c += m
	}
	var last [8]int32
	m := packAccepted(last[:], a, 48)
	*(*[8]int32)(out[c : c+8]) = last
	return c + m
}

// packAccepted puts the accepted ones of the candidates g, g+1, … (as many
// as group has entries) at the front of group, in order, zeros after
// them, and returns their count: entry j is the accepted candidate with j
// accepted ones before it, if there is one.
func packAccepted(group []int32, a *[21]uint64, g int) int {
	count := 0
	for i := range group {
		count += int(uint32(uniformCandidate(a, g+i)-Q) >> 31) // 1 iff < q
	}
	for j := range group {
		var e int32
		pos := uint8(0)
		for i := range group {
			if z := uniformCandidate(a, g+i); uint32(z-Q)>>31 == 1 {
				if pos == uint8(j) {
					e = z
				}
				pos++
			}
		}
		group[j] = e
	}
	return count
}

// PackHint is the inner loop of HintBitPack (Algorithm 20) for one
// polynomial: the positions j with h[j] ≠ 0, in increasing order, at the
// front of out, and their count. Every position is stored, at the count
// of nonzero coefficients before it (branch-free, as the samplers). The
// hint is public: it is packed only into a signature that is returned.
func PackHint(out *[N]byte, h *Poly) int {
	c := 0
	for j := 0; j < N; j++ {
		out[c] = byte(j)
		x := uint32(h[j])
		c += int((x | -x) >> 31) // 1 iff h[j] ≠ 0
	}
	return c
}

// SampleInBallSwaps is the swapping part of SampleInBall (Algorithm 29)
// for τ = tau (39, 49 or 60): c starts all zero; for k < τ, with
// i = 256 − τ + k, c[i] takes c[js[k]] and c[js[k]] takes 1 − 2·(bit k of
// signs). The caller draws js[k] ≤ i by rejection from SHAKE256(c̃), which
// is public (FIPS 204 lets a signer leak the c̃ of rejected attempts, and
// an accepted one is in the signature), as is everything here.
func SampleInBallSwaps(c *Poly, js *[60]byte, signs uint64, tau int) {
	for k := 0; k < N; k++ {
		c[k] = 0
	}
	for k := 0; k < tau; k++ {
		i := N - tau + k
		j := int(js[k])
		c[i] = c[j]
		c[j] = 1 - 2*int32(signs>>k&1)
	}
}

// UnpackHint is HintBitUnpack (Algorithm 21) for one polynomial, branch-
// free: h is zero but for h[y[idx]] = 1 for first ≤ idx < end, and the
// result is 1 iff those positions strictly increase (0: the algorithm
// returns ⊥). The caller checks first ≤ end ≤ ω (≤ 80) and that the bytes
// of y past the last count are zero. y is a signature's, public.
func UnpackHint(h *Poly, y *[80]byte, first, end int) uint32 {
	for k := 0; k < N; k++ {
		h[k] = 0
	}
	ok := uint64(1)
	prev := uint64(0)
	for idx := 0; idx < 80; idx++ {
		in := (uint64(idx-first)>>63 ^ 1) & (uint64(idx-end) >> 63) // first ≤ idx < end
		j := uint64(y[idx])
		h[j] |= int32(in)
		later := uint64(first-idx) >> 63   // idx > first
		notAbove := uint64(prev-j)>>63 ^ 1 // y[idx−1] ≥ y[idx]
		ok &^= in & later & notAbove
		prev = j
	}
	return uint32(ok)
}
