package term

import (
	"fmt"
	"math/big"
	"math/bits"
)

// MaxWidth is the widest bit-vector a term may have (a ZMM register).
const MaxWidth = 512

const words = MaxWidth / 64

// Value is a concrete bit-vector of at most MaxWidth bits, little-endian
// 64-bit words. Bits above the width it is used at are zero.
type Value [words]uint64

// U64 is the Value holding v, truncated to width w.
func U64(v uint64, w int) Value {
	var r Value
	r[0] = v
	return r.trunc(w)
}

// BigValue converts x modulo 2^w (x may be negative).
func BigValue(x *big.Int, w int) Value {
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	y := new(big.Int).Mod(x, m)
	var r Value
	for i := 0; i < words && y.Sign() != 0; i++ {
		r[i] = new(big.Int).And(y, new(big.Int).SetUint64(^uint64(0))).Uint64()
		y.Rsh(y, 64)
	}
	return r
}

// Big returns v as a non-negative integer.
func (v Value) Big() *big.Int {
	r := new(big.Int)
	for i := words - 1; i >= 0; i-- {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(v[i]))
	}
	return r
}

// SignedBig returns v read as a two's complement number of width w.
func (v Value) SignedBig(w int) *big.Int {
	r := v.Big()
	if v.Bit(w - 1) {
		r.Sub(r, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	}
	return r
}

// Uint64 is the low 64 bits of v.
func (v Value) Uint64() uint64 { return v[0] }

// Bit reports bit i of v.
func (v Value) Bit(i int) bool { return v[i/64]>>(uint(i)%64)&1 == 1 }

// IsZero reports whether every bit of v is zero.
func (v Value) IsZero() bool { return v == Value{} }

// Hex formats v as 0x… with ceil(w/4) digits.
func (v Value) Hex(w int) string {
	return fmt.Sprintf("%#0*x", (w+3)/4+2, v.Big())
}

func (v Value) trunc(w int) Value {
	for i := 0; i < words; i++ {
		lo := i * 64
		switch {
		case lo >= w:
			v[i] = 0
		case lo+64 > w:
			v[i] &= (uint64(1) << uint(w-lo)) - 1
		}
	}
	return v
}

// ones is the all-ones value of width w.
func ones(w int) Value {
	var r Value
	for i := range r {
		r[i] = ^uint64(0)
	}
	return r.trunc(w)
}

func addV(a, b Value, w int) Value {
	var r Value
	var c uint64
	for i := 0; i < words; i++ {
		r[i], c = bits.Add64(a[i], b[i], c)
	}
	return r.trunc(w)
}

func negV(a Value, w int) Value {
	var r Value
	var c uint64
	for i := 0; i < words; i++ {
		r[i], c = bits.Sub64(0, a[i], c)
	}
	return r.trunc(w)
}

func subV(a, b Value, w int) Value { return addV(a, negV(b, w), w) }

func mulV(a, b Value, w int) Value {
	if w <= 64 {
		return U64(a[0]*b[0], w)
	}
	var r Value
	n := (w + 63) / 64
	for i := 0; i < n; i++ {
		var carry uint64
		for j := 0; i+j < n; j++ {
			hi, lo := bits.Mul64(a[i], b[j])
			var c1, c2 uint64
			r[i+j], c1 = bits.Add64(r[i+j], lo, 0)
			r[i+j], c2 = bits.Add64(r[i+j], carry, 0)
			carry = hi + c1 + c2
		}
	}
	return r.trunc(w)
}

func andV(a, b Value) Value {
	for i := range a {
		a[i] &= b[i]
	}
	return a
}

func orV(a, b Value) Value {
	for i := range a {
		a[i] |= b[i]
	}
	return a
}

func xorV(a, b Value) Value {
	for i := range a {
		a[i] ^= b[i]
	}
	return a
}

func notV(a Value, w int) Value { return xorV(a, ones(w)) }

// shlV shifts left by n bits (n may exceed w).
func shlV(a Value, n, w int) Value {
	if n >= w {
		return Value{}
	}
	var r Value
	ws, bs := n/64, uint(n%64)
	for i := words - 1; i >= ws; i-- {
		r[i] = a[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			r[i] |= a[i-ws-1] >> (64 - bs)
		}
	}
	return r.trunc(w)
}

// lshrV shifts right logically by n bits.
func lshrV(a Value, n, w int) Value {
	if n >= w {
		return Value{}
	}
	var r Value
	ws, bs := n/64, uint(n%64)
	for i := 0; i+ws < words; i++ {
		r[i] = a[i+ws] >> bs
		if bs != 0 && i+ws+1 < words {
			r[i] |= a[i+ws+1] << (64 - bs)
		}
	}
	return r.trunc(w)
}

func ashrV(a Value, n, w int) Value {
	neg := a.Bit(w - 1)
	if n >= w {
		if neg {
			return ones(w)
		}
		return Value{}
	}
	r := lshrV(a, n, w)
	if neg {
		r = orV(r, shlV(ones(w), w-n, w))
	}
	return r
}

// extractV returns bits hi..lo of a.
func extractV(a Value, hi, lo int) Value { return lshrV(a, lo, MaxWidth).trunc(hi - lo + 1) }

// shiftAmount reads b as a shift count, saturating at MaxWidth.
func shiftAmount(b Value) int {
	for i := 1; i < words; i++ {
		if b[i] != 0 {
			return MaxWidth
		}
	}
	if b[0] > MaxWidth {
		return MaxWidth
	}
	return int(b[0])
}

func ultV(a, b Value) bool {
	for i := words - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func sltV(a, b Value, w int) bool {
	na, nb := a.Bit(w-1), b.Bit(w-1)
	if na != nb {
		return na
	}
	return ultV(a, b)
}

func sextV(a Value, from, to int) Value {
	if a.Bit(from - 1) {
		a = orV(a, shlV(ones(to), from, to))
	}
	return a.trunc(to)
}

// udivV follows SMT-LIB: x / 0 is all ones, x % 0 is x.
func udivV(a, b Value, w int) Value {
	if b.IsZero() {
		return ones(w)
	}
	if w <= 64 {
		return U64(a[0]/b[0], w)
	}
	return BigValue(new(big.Int).Quo(a.Big(), b.Big()), w)
}

func uremV(a, b Value, w int) Value {
	if b.IsZero() {
		return a
	}
	if w <= 64 {
		return U64(a[0]%b[0], w)
	}
	return BigValue(new(big.Int).Rem(a.Big(), b.Big()), w)
}

// sdivV and sremV follow SMT-LIB bvsdiv/bvsrem (truncating, as Go and x86).
func sdivV(a, b Value, w int) Value {
	if b.IsZero() {
		if a.Bit(w - 1) {
			return U64(1, w)
		}
		return ones(w)
	}
	return BigValue(new(big.Int).Quo(a.SignedBig(w), b.SignedBig(w)), w)
}

func sremV(a, b Value, w int) Value {
	if b.IsZero() {
		return a
	}
	return BigValue(new(big.Int).Rem(a.SignedBig(w), b.SignedBig(w)), w)
}

func boolV(b bool) Value {
	if b {
		return U64(1, 1)
	}
	return Value{}
}
