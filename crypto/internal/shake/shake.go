// Package shake implements SHAKE128 and SHAKE256 (FIPS 202 §6.2) over the
// proved Keccak-f[1600] kernels of vg.dev/kernels/keccak, one stream at a
// time (State) or four or eight at once (X4, X8, on the multi-way
// kernels).
//
// The sponge here is Go: it XORs input bytes into the state's lanes and
// copies output bytes out of them at positions that depend only on the
// lengths written and read, never on the bytes, so secret inputs (ML-DSA's
// seeds) and outputs reach no branch or index. The permutation is the
// kernels'.
package shake

import (
	"encoding/binary"

	"vg.dev/kernels/keccak"
)

// Rates in bytes.
const (
	Rate128 = 168
	Rate256 = 136
)

// dsSHAKE is the domain separation and first padding bit of SHAKE: the
// suffix 1111 and pad10*1's leading 1 (FIPS 202 §6.2, §5.1), as a byte.
const dsSHAKE = 0x1F

// State is a SHAKE128 or SHAKE256 instance: absorbing until the first
// Read, squeezing after it. The zero value is not usable; see New128 and
// New256.
type State struct {
	a         [25]uint64
	rate      int
	pos       int // absorbing: bytes absorbed into the current block; squeezing: bytes read from it
	squeezing bool
}

// New128 returns SHAKE128, ready to absorb.
func New128() State { return State{rate: Rate128} }

// New256 returns SHAKE256, ready to absorb.
func New256() State { return State{rate: Rate256} }

// Reset returns s to the empty absorbing state of its function.
func (s *State) Reset() { *s = State{rate: s.rate} }

// xorByte XORs c into byte i of the state (little-endian lanes).
func (s *State) xorByte(i int, c byte) { s.a[i/8] ^= uint64(c) << (8 * (i % 8)) }

// Write absorbs p. It must not be called after Read.
func (s *State) Write(p []byte) {
	if s.squeezing {
		panic("shake: Write after Read")
	}
	for len(p) > 0 {
		if s.pos%8 == 0 && len(p) >= 8 && s.pos+8 <= s.rate {
			// Whole lanes at a time while aligned.
			n := min(len(p), s.rate-s.pos) &^ 7
			for i := 0; i < n; i += 8 {
				s.a[(s.pos+i)/8] ^= binary.LittleEndian.Uint64(p[i:])
			}
			s.pos += n
			p = p[n:]
		} else {
			s.xorByte(s.pos, p[0])
			s.pos++
			p = p[1:]
		}
		if s.pos == s.rate {
			keccak.F1600(&s.a)
			s.pos = 0
		}
	}
}

// finish pads the input and permutes: the first squeeze.
func (s *State) finish() {
	s.xorByte(s.pos, dsSHAKE)
	s.xorByte(s.rate-1, 0x80)
	keccak.F1600(&s.a)
	s.pos = 0
	s.squeezing = true
}

// Read squeezes len(p) bytes into p. It never fails.
func (s *State) Read(p []byte) (int, error) {
	if !s.squeezing {
		s.finish()
	}
	n := len(p)
	for len(p) > 0 {
		if s.pos == s.rate {
			keccak.F1600(&s.a)
			s.pos = 0
		}
		if s.pos%8 == 0 && len(p) >= 8 {
			k := min(len(p), s.rate-s.pos) &^ 7
			for i := 0; i < k; i += 8 {
				binary.LittleEndian.PutUint64(p[i:], s.a[(s.pos+i)/8])
			}
			s.pos += k
			p = p[k:]
			continue
		}
		p[0] = byte(s.a[s.pos/8] >> (8 * (s.pos % 8)))
		s.pos++
		p = p[1:]
	}
	return n, nil
}

// NextLanes squeezes the next whole block and returns the state, whose
// first rate/8 lanes are the block's bytes (little-endian), valid until
// the next call on s. It must be called at a block boundary: after
// absorbing, or after reads of whole blocks.
func (s *State) NextLanes() *[25]uint64 {
	if !s.squeezing {
		s.finish()
	} else {
		if s.pos != s.rate && s.pos != 0 {
			panic("shake: NextLanes inside a block")
		}
		keccak.F1600(&s.a)
	}
	s.pos = s.rate
	return &s.a
}

// Sum256 writes SHAKE256(in[0] ‖ in[1] ‖ …) into out.
func Sum256(out []byte, in ...[]byte) {
	s := New256()
	for _, b := range in {
		s.Write(b)
	}
	s.Read(out)
}

// X4 is four SHAKE128 or SHAKE256 instances permuted together by
// keccak.F1600x4: four equal-length inputs absorbed at once, then whole
// blocks squeezed from each.
type X4 struct {
	a    [100]uint64
	rate int
}

// NewX4 returns four instances of SHAKE128 (rate Rate128) or SHAKE256
// (Rate256) with in[s] absorbed into instance s. The four inputs must
// have the same length.
func NewX4(rate int, in *[4][]byte) X4 {
	x := X4{rate: rate}
	absorbN(x.a[:], in[:], rate, func() { keccak.F1600x4(&x.a) })
	return x
}

// Squeeze fills out[s] (all of the same length, a multiple of the rate)
// with the next blocks of instance s.
func (x *X4) Squeeze(out *[4][]byte) {
	squeezeN(x.a[:], out[:], x.rate, func() { keccak.F1600x4(&x.a) })
}

// NextLanes squeezes the next block of each instance and returns the
// states: byte 8i + b of instance s's block is byte b of a[4i + s].
func (x *X4) NextLanes() *[100]uint64 {
	keccak.F1600x4(&x.a)
	return &x.a
}

// X8 is X4 for eight instances, on keccak.F1600x8.
type X8 struct {
	a    [200]uint64
	rate int
}

// NewX8 returns eight instances with in[s] absorbed into instance s; the
// inputs must have the same length.
func NewX8(rate int, in *[8][]byte) X8 {
	x := X8{rate: rate}
	absorbN(x.a[:], in[:], rate, func() { keccak.F1600x8(&x.a) })
	return x
}

// Squeeze fills out[s] (all of the same length, a multiple of the rate)
// with the next blocks of instance s.
func (x *X8) Squeeze(out *[8][]byte) {
	squeezeN(x.a[:], out[:], x.rate, func() { keccak.F1600x8(&x.a) })
}

// NextLanes squeezes the next block of each instance and returns the
// states: byte 8i + b of instance s's block is byte b of a[8i + s].
func (x *X8) NextLanes() *[200]uint64 {
	keccak.F1600x8(&x.a)
	return &x.a
}

// absorbN absorbs and pads the inputs into the ways = len(in) interleaved
// states a (lane i of state s at a[ways·i + s]), permuting with permute
// after each full block.
func absorbN(a []uint64, in [][]byte, rate int, permute func()) {
	ways, n := len(in), len(in[0])
	for s := range ways {
		if len(in[s]) != n {
			panic("shake: inputs of different lengths")
		}
	}
	pos := 0
	for off := 0; ; {
		// One block (or the final partial block) of each input.
		k := min(n-off, rate-pos)
		for s := range ways {
			b := in[s][off : off+k]
			j := pos
			// Whole lanes a word at a time, the rest byte by byte.
			for ; j%8 == 0 && len(b) >= 8; j, b = j+8, b[8:] {
				a[ways*(j/8)+s] ^= binary.LittleEndian.Uint64(b)
			}
			for i, c := range b {
				a[ways*((j+i)/8)+s] ^= uint64(c) << (8 * ((j + i) % 8))
			}
		}
		off += k
		pos += k
		if pos < rate {
			break
		}
		permute()
		pos = 0
	}
	for s := range ways {
		a[ways*(pos/8)+s] ^= uint64(dsSHAKE) << (8 * (pos % 8))
		a[ways*((rate-1)/8)+s] ^= uint64(0x80) << (8 * ((rate - 1) % 8))
	}
}

// squeezeN squeezes whole blocks of the interleaved states into out.
func squeezeN(a []uint64, out [][]byte, rate int, permute func()) {
	ways, n := len(out), len(out[0])
	if n%rate != 0 {
		panic("shake: squeeze of a partial block")
	}
	lanes := rate / 8
	for off := 0; off < n; off += rate {
		permute()
		for s := range ways {
			b := out[s][off : off+rate]
			for i := range lanes {
				binary.LittleEndian.PutUint64(b[8*i:8*i+8], a[ways*i+s])
			}
		}
	}
}
