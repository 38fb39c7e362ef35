package mldsa

import (
	"vg.dev/crypto/internal/shake"
	kern "vg.dev/kernels/mldsa"
)

// The samplers of FIPS 204 §7.3: RejNTTPoly, RejBoundedPoly, ExpandA,
// ExpandS, ExpandMask and SampleInBall (Algorithms 29–34). The
// expansions run up to eight SHAKE instances at once (shake.X4, X8)
// wherever they have several polynomials to make.

// rejUniformLanes is the loop of Algorithm 30 (RejNTTPoly) over one block
// of SHAKE128, held in the lanes a[ways·i + s], i < 21: it adds the
// coefficients CoeffFromThreeBytes accepts to p from index j on and
// returns the new count (at most n); p[count:] may hold rejected
// candidates, which later blocks overwrite. The block's 56 candidates go
// through a proved kernel (kern.RejUniform), which packs the accepted ones
// at the front of p[j:] or of a buffer. The seed ρ ‖ s ‖ r is public, and
// so is everything computed from it here.
func rejUniformLanes(p *poly, j int, a []uint64, ways, s int) int {
	var block [21]uint64
	var lanes *[21]uint64
	if ways == 1 {
		lanes = (*[21]uint64)(a[:21])
	} else {
		for i := range block {
			block[i] = a[ways*i+s]
		}
		lanes = &block
	}
	if j+56 <= n {
		// Straight into p: the candidates past the count land in
		// p[j+c:j+56], which the next blocks overwrite before j passes.
		return j + kern.RejUniform((*[56]int32)(p[j:j+56]), lanes)
	}
	var buf [56]int32
	c := kern.RejUniform(&buf, lanes)
	return j + copy(p[j:], buf[:c])
}

// rejBoundedLanes is the loop of Algorithm 31 (RejBoundedPoly) over one
// block of SHAKE256 held in the lanes a[ways·i + s], i < 17: the
// half-bytes CoeffFromHalfByte accepts (< 15 for η = 2, < 9 for η = 4)
// become coefficients in [−η, η] of p from index j on; it returns the new
// count (p[count:] may hold rejected candidates, overwritten later).
//
// Constant time: each lane's sixteen half-bytes go through a proved kernel
// (kern.RejBounded2, RejBounded4), which computes every candidate and
// stores it at the count of those accepted before it; the count, and so j
// and the copy below, depend only on the pattern of accepted and rejected
// half-bytes, which FIPS 204 lets a signer leak (the accepted values are
// independent of where the rejected ones were). The kernel's proof
// declares exactly that leak (//vg:leaks spec.RejBoundedAccepted2, 4) and
// nothing else.
func rejBoundedLanes(p *poly, j int, eta int32, a []uint64, ways, s int) int {
	var buf [16]int32
	for i := 0; i < rate256/8 && j < n; i++ {
		w := a[ways*i+s]
		// Straight into p while 16 entries are left (what lands past
		// the count is overwritten before j passes it), else through
		// buf.
		out := &buf
		if j+16 <= n {
			out = (*[16]int32)(p[j : j+16])
		}
		var c int
		if eta == 2 {
			c = kern.RejBounded2(out, w)
		} else {
			c = kern.RejBounded4(out, w)
		}
		if out == &buf {
			c = copy(p[j:], buf[:c])
		}
		j += c
	}
	return j
}

// streams squeezes up to eight SHAKE streams of one rate: one with
// shake.State, two to four with shake.X4, five to eight with shake.X8
// (spare streams repeat the last seed and are ignored).
type streams struct {
	rate, count int
	one         shake.State
	x4          shake.X4
	x8          shake.X8
	bufs        [8][5 * rate128]byte
}

func (st *streams) init(rate, count int, seeds *[8][]byte) {
	st.rate, st.count = rate, count
	in := *seeds
	for s := count; s < 8; s++ {
		in[s] = seeds[count-1]
	}
	switch {
	case count == 1:
		if rate == rate128 {
			st.one = shake.New128()
		} else {
			st.one = shake.New256()
		}
		st.one.Write(seeds[0])
	case count <= 4:
		st.x4 = shake.NewX4(rate, (*[4][]byte)(in[:4]))
	default:
		st.x8 = shake.NewX8(rate, &in)
	}
}

// nextLanes squeezes the next block of every stream and returns the
// interleaved states: byte 8i + b of stream s's block is byte b of
// a[ways·i + s].
func (st *streams) nextLanes() (a []uint64, ways int) {
	switch {
	case st.count == 1:
		return st.one.NextLanes()[:], 1
	case st.count <= 4:
		return st.x4.NextLanes()[:], 4
	}
	return st.x8.NextLanes()[:], 8
}

// squeeze returns the next blocks blocks of each stream (len(out[s]) =
// blocks·rate for s < count).
func (st *streams) squeeze(blocks int) (out [8][]byte) {
	for s := range 8 {
		out[s] = st.bufs[s][:blocks*st.rate]
	}
	switch {
	case st.count == 1:
		st.one.Read(out[0])
	case st.count <= 4:
		st.x4.Squeeze((*[4][]byte)(out[:4]))
	default:
		st.x8.Squeeze(&out)
	}
	return out
}

// expandA is Algorithm 32: Â[r][s] = RejNTTPoly(ρ ‖ s ‖ r) in a[r][s], four polynomials at a time. 5 blocks of SHAKE128 give
// 280 candidates for the 256 coefficients; more blocks follow, one at a
// time, while a polynomial is short.
func expandA(p *Parameters, a [][]poly, rho *[32]byte) {
	var seeds [8][34]byte
	var st streams
	total := p.k * p.l
	for base := 0; base < total; base += 8 {
		count := min(8, total-base)
		var in [8][]byte
		for s := range count {
			r, c := (base+s)/p.l, (base+s)%p.l
			copy(seeds[s][:], rho[:])
			seeds[s][32], seeds[s][33] = byte(c), byte(r)
			in[s] = seeds[s][:]
		}
		st.init(rate128, count, &in)
		var j [8]int
		for done := false; !done; {
			lanes, ways := st.nextLanes()
			done = true
			for s := range count {
				j[s] = rejUniformLanes(&a[(base+s)/p.l][(base+s)%p.l], j[s], lanes, ways, s)
				done = done && j[s] == n
			}
		}
	}
}

// expandS is Algorithm 33: s₁[r] = RejBoundedPoly(ρ′ ‖ r) and s₂[r] =
// RejBoundedPoly(ρ′ ‖ r + l), with r as two bytes, little-endian; eight at
// a time, block by block from the Keccak lanes. Whether another block is
// needed depends only on the rejection pattern (see rejBoundedLanes).
func expandS(p *Parameters, s1, s2 []poly, rhoPrime []byte) {
	total := p.l + p.k
	var seeds [8][66]byte
	var st streams
	for base := 0; base < total; base += 8 {
		count := min(8, total-base)
		var in [8][]byte
		var dst [8]*poly
		for s := range count {
			r := base + s
			copy(seeds[s][:], rhoPrime)
			seeds[s][64], seeds[s][65] = byte(r), byte(r>>8)
			in[s] = seeds[s][:]
			if r < p.l {
				dst[s] = &s1[r]
			} else {
				dst[s] = &s2[r-p.l]
			}
		}
		st.init(rate256, count, &in)
		var j [8]int
		for done := false; !done; {
			lanes, ways := st.nextLanes()
			done = true
			for s := range count {
				j[s] = rejBoundedLanes(dst[s], j[s], p.eta, lanes, ways, s)
				done = done && j[s] == n
			}
		}
	}
}

// expandMask is Algorithm 34: y[r] = BitUnpack(SHAKE256(ρ″ ‖ κ + r),
// γ₁ − 1, γ₁), coefficients in [−γ₁ + 1, γ₁]; all l at once, each from
// 5 blocks (680 bytes ≥ 32·20). Secret; constant time as the unpacking is
// (encode.go).
func expandMask(p *Parameters, y []poly, rhoPP []byte, kappa int) {
	var seeds [8][66]byte
	var st streams
	size := 32 * p.z1Bits
	for base := 0; base < len(y); base += 8 {
		count := min(8, len(y)-base)
		var in [8][]byte
		for s := range count {
			v := kappa + base + s
			copy(seeds[s][:], rhoPP)
			seeds[s][64], seeds[s][65] = byte(v), byte(v>>8)
			in[s] = seeds[s][:]
		}
		st.init(rate256, count, &in)
		out := st.squeeze(5)
		for s := range count {
			unpackBits(&y[base+s], out[s][:size], p.z1Bits, p.gamma1)
		}
	}
}

// sampleInBall is Algorithm 29: the challenge c with τ coefficients ±1 and
// the rest 0, from SHAKE256(c̃). c̃ is public once the signature is, and
// FIPS 204 lets a signer leak the c̃ of rejected attempts, so this code
// branches on it: it draws the positions by rejection, and a proved
// kernel (kern.SampleInBallSwaps) makes c from them and the signs.
func sampleInBall(p *Parameters, c *poly, ctilde []byte) {
	h := shake.New256()
	h.Write(ctilde)
	var buf [rate256]byte
	h.Read(buf[:])
	var signs uint64
	for i := range 8 {
		signs |= uint64(buf[i]) << (8 * i)
	}
	pos := 8
	var js [60]byte
	for k := range p.tau {
		i := n - p.tau + k
		for {
			if pos == len(buf) {
				h.Read(buf[:])
				pos = 0
			}
			j := buf[pos]
			pos++
			if int(j) <= i {
				js[k] = j
				break
			}
		}
	}
	kern.SampleInBallSwaps(c, &js, signs, p.tau)
}
