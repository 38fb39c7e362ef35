// Package scalar implements arithmetic modulo the order of the Ed25519 base
// point, ℓ = 2²⁵² + 27742317777372353535851937790883648493, in Go.
//
// Scalars are four 64-bit limbs, always reduced below ℓ. Products use
// Montgomery multiplication (R = 2²⁵⁶) with bits.Mul64 and bits.Add64 and
// a final subtraction of ℓ under a mask: no branch and no memory address
// depends on a scalar's value (NonAdjacentForm, for public scalars in
// verification, is the one variable-time function and says so). Scalar
// arithmetic is not a proved kernel.
package scalar

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// Scalar is an integer modulo ℓ, reduced. The zero value is 0.
type Scalar struct {
	l [4]uint64
}

// ell is ℓ; rModL is 2²⁵⁶ mod ℓ; r2ModL is 2⁵¹² mod ℓ; ellInv is −ℓ⁻¹
// mod 2⁶⁴. TestConstants recomputes them with math/big.
var (
	ell    = [4]uint64{0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000}
	rModL  = [4]uint64{0xd6ec31748d98951d, 0xc6ef5bf4737dcf70, 0xfffffffffffffffe, 0x0fffffffffffffff}
	r2ModL = [4]uint64{0xa40611e3449c0f01, 0xd00e1ba768859347, 0xceec73d217f5be65, 0x0399411b7c309a3d}
)

const ellInv = 0xd2b51da312547e1b

// madd returns a·b + c + d as (hi, lo); it never overflows 128 bits.
func madd(a, b, c, d uint64) (hi, lo uint64) {
	hi, lo = bits.Mul64(a, b)
	var cc uint64
	lo, cc = bits.Add64(lo, c, 0)
	hi += cc
	lo, cc = bits.Add64(lo, d, 0)
	hi += cc
	return hi, lo
}

// montMul returns a·b·2⁻²⁵⁶ mod ℓ, reduced, for a < 2²⁵⁶ and b < ℓ (so
// a·b < 2²⁵⁶·ℓ and the Montgomery sum before the last subtraction is < 2ℓ).
func montMul(a, b *[4]uint64) [4]uint64 {
	var t0, t1, t2, t3, t4 uint64
	for i := 0; i < 4; i++ {
		bi := b[i]
		var c, t5 uint64
		c, t0 = madd(a[0], bi, t0, 0)
		c, t1 = madd(a[1], bi, t1, c)
		c, t2 = madd(a[2], bi, t2, c)
		c, t3 = madd(a[3], bi, t3, c)
		t4, t5 = bits.Add64(t4, c, 0)

		m := t0 * ellInv
		c, _ = madd(m, ell[0], t0, 0)
		c, t0 = madd(m, ell[1], t1, c)
		c, t1 = madd(m, ell[2], t2, c)
		c, t2 = madd(m, ell[3], t3, c)
		var cc uint64
		t3, cc = bits.Add64(t4, c, 0)
		t4 = t5 + cc
	}
	return condSubEll([5]uint64{t0, t1, t2, t3, t4})
}

// condSubEll returns t − ℓ if t ≥ ℓ and t otherwise, for t < 2ℓ, under a
// mask.
func condSubEll(t [5]uint64) [4]uint64 {
	var d [4]uint64
	var b uint64
	d[0], b = bits.Sub64(t[0], ell[0], 0)
	d[1], b = bits.Sub64(t[1], ell[1], b)
	d[2], b = bits.Sub64(t[2], ell[2], b)
	d[3], b = bits.Sub64(t[3], ell[3], b)
	_, b = bits.Sub64(t[4], 0, b)
	keep := -b // all ones when t < ℓ
	for i := range d {
		d[i] = d[i]&^keep | t[i]&keep
	}
	return d
}

// add returns a + b mod ℓ for a, b < ℓ.
func add(a, b *[4]uint64) [4]uint64 {
	var t [5]uint64
	var c uint64
	t[0], c = bits.Add64(a[0], b[0], 0)
	t[1], c = bits.Add64(a[1], b[1], c)
	t[2], c = bits.Add64(a[2], b[2], c)
	t[3], c = bits.Add64(a[3], b[3], c)
	t[4] = c
	return condSubEll(t)
}

func load4(x []byte) [4]uint64 {
	return [4]uint64{
		binary.LittleEndian.Uint64(x[0:]), binary.LittleEndian.Uint64(x[8:]),
		binary.LittleEndian.Uint64(x[16:]), binary.LittleEndian.Uint64(x[24:]),
	}
}

// SetUniformBytes sets s = x mod ℓ for a 64-byte little-endian x (a
// SHA-512 output) and returns s.
func (s *Scalar) SetUniformBytes(x []byte) (*Scalar, error) {
	if len(x) != 64 {
		return nil, errors.New("scalar: invalid SetUniformBytes input length")
	}
	lo, hi := load4(x[:32]), load4(x[32:])
	// lo·R·R⁻¹ + hi·R²·R⁻¹ = lo + hi·2²⁵⁶ (mod ℓ).
	a := montMul(&lo, &rModL)
	b := montMul(&hi, &r2ModL)
	s.l = add(&a, &b)
	return s, nil
}

// SetCanonicalBytes sets s to the 32-byte little-endian x and returns s,
// or returns an error if x is not below ℓ (RFC 8032's check of S).
func (s *Scalar) SetCanonicalBytes(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, errors.New("scalar: invalid scalar length")
	}
	v := load4(x)
	var b uint64
	_, b = bits.Sub64(v[0], ell[0], 0)
	_, b = bits.Sub64(v[1], ell[1], b)
	_, b = bits.Sub64(v[2], ell[2], b)
	_, b = bits.Sub64(v[3], ell[3], b)
	if b == 0 {
		return nil, errors.New("scalar: invalid scalar encoding")
	}
	s.l = v
	return s, nil
}

// SetBytesWithClamping clamps the 32-byte x as RFC 8032 (and RFC 7748)
// do — bits 0–2 and 255 cleared, bit 254 set — and sets s to it mod ℓ.
func (s *Scalar) SetBytesWithClamping(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, errors.New("scalar: invalid SetBytesWithClamping input length")
	}
	var wide [64]byte
	copy(wide[:], x)
	wide[0] &= 248
	wide[31] &= 127
	wide[31] |= 64
	return s.SetUniformBytes(wide[:])
}

// MultiplyAdd sets s = x·y + z mod ℓ and returns s.
func (s *Scalar) MultiplyAdd(x, y, z *Scalar) *Scalar {
	t := montMul(&x.l, &y.l) // x·y·R⁻¹
	t = montMul(&t, &r2ModL) // x·y
	s.l = add(&t, &z.l)
	return s
}

// Bytes returns the 32-byte little-endian encoding of s.
func (s *Scalar) Bytes() [32]byte {
	var b [32]byte
	for i, w := range s.l {
		binary.LittleEndian.PutUint64(b[8*i:], w)
	}
	return b
}

// Equal returns 1 if s and t are equal, 0 otherwise.
func (s *Scalar) Equal(t *Scalar) int {
	d := (s.l[0] ^ t.l[0]) | (s.l[1] ^ t.l[1]) | (s.l[2] ^ t.l[2]) | (s.l[3] ^ t.l[3])
	return int(((d | -d) >> 63) ^ 1)
}

// SignedRadix32 returns digits d₀ … d₅₀ in [−16, 16] with s = Σ dᵢ·32ⁱ,
// the comb's signed digits. s < ℓ < 2²⁵³, so the top digit absorbs the
// last carry. Constant time: the carries are computed with shifts.
func (s *Scalar) SignedRadix32() [51]int8 {
	var d [51]int8
	var carry uint64
	for i := range 51 {
		bit := 5 * i
		w := s.l[bit/64] >> (bit % 64)
		if bit%64 > 59 && bit/64 < 3 {
			w |= s.l[bit/64+1] << (64 - bit%64)
		}
		v := w&31 + carry // 0 … 32
		// carry = 1 when v > 16, that is (16 − v) wraps.
		carry = (16 - v) >> 63
		d[i] = int8(int64(v) - int64(carry<<5))
	}
	return d
}

// NonAdjacentForm returns the width-w NAF of s (2 ≤ w ≤ 8): digits that
// are 0 or odd with |d| < 2ʷ⁻¹, at most one non-zero in any w consecutive,
// with s = Σ dᵢ·2ⁱ. It runs in variable time: use it on public scalars
// only.
//
// It reads s from low to high without changing it: at position pos the
// value still to write is ⌊s/2ᵖᵒˢ⌋ + carry, carry ∈ {0, 1} (a negative
// digit below borrowed 2ʷ from it). Its zero low bits are skipped at
// once: when the 64 bits of s from pos plus the carry end in n zeros,
// ⌊s/2ᵖᵒˢ⁺ⁿ⌋ plus the same carry is what remains. An odd value's digit
// is its low w bits, less 2ʷ (and carry 1) when they are 2ʷ⁻¹ or more;
// the next w − 1 positions are then 0.
func (s *Scalar) NonAdjacentForm(w uint) [256]int8 {
	var naf [256]int8
	x := [5]uint64{s.l[0], s.l[1], s.l[2], s.l[3], 0}
	width := uint64(1) << w
	carry := uint64(0)
	for pos := uint(0); pos < 256; {
		i, b := pos/64, pos%64
		win := x[i] >> b
		if b != 0 {
			win |= x[i+1] << (64 - b)
		}
		v := win + carry
		if v == 0 {
			// 64 zero bits (or 2⁶⁴ − 1 plus the carry, which then
			// carries on past them).
			pos += 64
			continue
		}
		if v&1 == 0 {
			pos += uint(bits.TrailingZeros64(v))
			continue
		}
		d := v & (width - 1)
		if d >= width/2 {
			naf[pos] = int8(int64(d) - int64(width))
			carry = 1
		} else {
			naf[pos] = int8(d)
			carry = 0
		}
		pos += w
	}
	return naf
}
