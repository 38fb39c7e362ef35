package mldsa

// The samplers of FIPS 204 §7.3: RejNTTPoly, RejBoundedPoly, ExpandA,
// ExpandS, ExpandMask and SampleInBall (Algorithms 29–34).

// rejNTTPoly is Algorithm 30: a polynomial of T_q with coefficients
// uniform in [0, q), by rejection from SHAKE128(seed). The seed ρ ‖ s ‖ r
// is public, and so is everything computed from it here.
func rejNTTPoly(p *poly, seed []byte) {
	g := newShake128(seed)
	var buf [5 * rate128]byte // 280 candidates: more than enough, almost always
	g.Read(buf[:])
	j, pos := 0, 0
	for j < n {
		if pos+3 > len(buf) {
			g.Read(buf[:rate128])
			pos = 0
		}
		z := int32(buf[pos]) | int32(buf[pos+1])<<8 | int32(buf[pos+2]&0x7F)<<16
		pos += 3
		if z < q {
			p[j] = z
			j++
		}
	}
}

// expandA is Algorithm 32: Â[r][s] = RejNTTPoly(ρ ‖ s ‖ r), row-major
// in a (len k·l).
func expandA(p *Parameters, a []poly, rho *[32]byte) {
	var seed [34]byte
	copy(seed[:], rho[:])
	for r := range p.k {
		for s := range p.l {
			seed[32], seed[33] = byte(s), byte(r)
			rejNTTPoly(&a[r*p.l+s], seed[:])
		}
	}
}

// rejBoundedPoly is Algorithm 31: a polynomial with coefficients in
// [−η, η] from the half-bytes of SHAKE256(seed), rejecting those out of
// range (≥ 15 for η = 2, ≥ 9 for η = 4).
//
// Constant time: each half-byte's value and whether it is accepted are
// computed without branching on it, and every candidate is stored; the
// store position and the loop's end depend only on the pattern of
// accepted and rejected half-bytes, which FIPS 204 lets a signer leak:
// the accepted values are independent of where the rejected ones were.
// Nothing else about the stream or the coefficients reaches a branch or
// an address.
func rejBoundedPoly(p *poly, eta int32, seed []byte) {
	h := newShake256(seed)
	var buf [rate256]byte
	j := 0
	for j < n {
		h.Read(buf[:])
		for i := 0; i < len(buf) && j < n; i++ {
			for _, b := range [2]int32{int32(buf[i] & 0x0F), int32(buf[i] >> 4)} {
				var v, ok int32
				if eta == 2 {
					// b mod 5 for b < 15 is b − 5·⌊13b/64⌋.
					v = 2 - (b - 5*((13*b)>>6))
					ok = int32(uint32(b-15) >> 31) // 1 iff b < 15
				} else {
					v = 4 - b
					ok = int32(uint32(b-9) >> 31) // 1 iff b < 9
				}
				if j < n {
					p[j] = v
				}
				j += int(ok)
			}
		}
	}
}

// expandS is Algorithm 33: s₁[r] = RejBoundedPoly(ρ′ ‖ r) and s₂[r] =
// RejBoundedPoly(ρ′ ‖ r + l), with r as two bytes, little-endian.
func expandS(p *Parameters, s1, s2 []poly, rhoPrime []byte) {
	var seed [66]byte
	copy(seed[:], rhoPrime)
	for r := range p.l + p.k {
		seed[64], seed[65] = byte(r), byte(r>>8)
		if r < p.l {
			rejBoundedPoly(&s1[r], p.eta, seed[:])
		} else {
			rejBoundedPoly(&s2[r-p.l], p.eta, seed[:])
		}
	}
}

// expandMask is Algorithm 34: y[r] = BitUnpack(SHAKE256(ρ″ ‖ κ + r),
// γ₁ − 1, γ₁), coefficients in [−γ₁ + 1, γ₁]. Secret; constant time as
// the unpacking is (encode.go).
func expandMask(p *Parameters, y []poly, rhoPP []byte, kappa int) {
	var seed [66]byte
	copy(seed[:], rhoPP)
	var buf [32 * 20]byte
	size := 32 * p.z1Bits
	for r := range y {
		seed[64], seed[65] = byte(kappa+r), byte((kappa+r)>>8)
		newShake256(seed[:]).Read(buf[:size])
		unpackBits(&y[r], buf[:size], p.z1Bits, p.gamma1)
	}
}

// sampleInBall is Algorithm 29: the challenge c with τ coefficients ±1 and
// the rest 0, from SHAKE256(c̃). c̃ is public once the signature is, and
// FIPS 204 lets a signer leak the c̃ of rejected attempts, so this code
// branches and indexes on it.
func sampleInBall(p *Parameters, c *poly, ctilde []byte) {
	h := newShake256(ctilde)
	var buf [rate256]byte
	h.Read(buf[:])
	var signs uint64
	for i := range 8 {
		signs |= uint64(buf[i]) << (8 * i)
	}
	pos := 8
	clear(c[:])
	for i := n - p.tau; i < n; i++ {
		var j int
		for {
			if pos == len(buf) {
				h.Read(buf[:])
				pos = 0
			}
			j = int(buf[pos])
			pos++
			if j <= i {
				break
			}
		}
		c[i] = c[j]
		c[j] = 1 - 2*int32(signs&1)
		signs >>= 1
	}
}
