package machine

import "vg.dev/symexec/term"

// The AES and carry-less multiplication building blocks both lifters'
// cryptographic instructions use (amd64 AES-NI and PCLMULQDQ, arm64 AESE,
// AESD, AESMC, AESIMC and PMULL), over byte terms. The AES state is 16
// bytes, byte i being the byte of row i%4 and column i/4 (FIPS 197's
// column-major order), which is byte i of the register on both
// architectures.

// AESSbox and AESInvSbox are the AES S-box and its inverse (FIPS 197,
// 5.1.1), computed from their definition: the multiplicative inverse in
// GF(2⁸) (0 for 0) followed by the affine transformation.
var AESSbox, AESInvSbox [256]byte

func init() {
	rot := func(x byte, k uint) byte { return x<<k | x>>(8-k) }
	for i := 0; i < 256; i++ {
		var inv byte
		for j := 1; j < 256 && i != 0; j++ {
			if gfMul(byte(i), byte(j)) == 1 {
				inv = byte(j)
				break
			}
		}
		s := inv ^ rot(inv, 1) ^ rot(inv, 2) ^ rot(inv, 3) ^ rot(inv, 4) ^ 0x63
		AESSbox[i] = s
		AESInvSbox[s] = byte(i)
	}
}

// ShiftRows moves row r left by r columns (right for the inverse).
func ShiftRows(s []*term.Term, inv bool) []*term.Term {
	out := make([]*term.Term, 16)
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			from := (c + r) % 4
			if inv {
				from = (c - r + 4) % 4
			}
			out[4*c+r] = s[4*from+r]
		}
	}
	return out
}

// SubBytes applies the S-box (the inverse S-box) to each byte.
func SubBytes(b *term.Builder, s []*term.Term, inv bool) []*term.Term {
	box := &AESSbox
	if inv {
		box = &AESInvSbox
	}
	out := make([]*term.Term, len(s))
	for i, x := range s {
		out[i] = Sbox(b, box, x)
	}
	return out
}

// Sbox is box[x] for a byte term x: a table lookup (term.LUT; a secret
// byte is no secret address), the constant when x is one.
func Sbox(b *term.Builder, box *[256]byte, x *term.Term) *term.Term {
	e := make([]uint64, 256)
	for i, v := range box {
		e[i] = uint64(v)
	}
	return b.LUT(x, 8, e)
}

// gfMul multiplies two bytes in GF(2⁸) modulo x⁸+x⁴+x³+x+1.
func gfMul(x, y byte) byte {
	var r byte
	for ; y != 0; y >>= 1 {
		if y&1 != 0 {
			r ^= x
		}
		x = x<<1 ^ 0x1b*(x>>7)
	}
	return r
}

// mulTables are the GF(2⁸) multiples of every byte by the coefficients of
// MixColumns and its inverse: mulTables[k][x] = k·x.
var mulTables = map[int][]uint64{}

func init() {
	for _, k := range []int{1, 2, 3, 9, 11, 13, 14} {
		e := make([]uint64, 256)
		for x := range e {
			e[x] = uint64(gfMul(byte(x), byte(k)))
		}
		mulTables[k] = e
	}
}

// gmul multiplies a byte by the constant k (a coefficient of MixColumns or
// its inverse) in GF(2⁸): a table lookup, so that k·S(x) is one lookup at
// x, as a T-table's byte is.
func gmul(b *term.Builder, x *term.Term, k int) *term.Term {
	return b.LUT(x, 8, mulTables[k])
}

// MixColumns multiplies each column by {03}x³+{01}x²+{01}x+{02} (the
// inverse by {0b}x³+{0d}x²+{09}x+{0e}).
func MixColumns(b *term.Builder, s []*term.Term, inv bool) []*term.Term {
	m := [4]int{2, 3, 1, 1}
	if inv {
		m = [4]int{14, 11, 13, 9}
	}
	out := make([]*term.Term, 16)
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			acc := b.Zero(8)
			for k := 0; k < 4; k++ {
				acc = b.Xor(acc, gmul(b, s[4*c+(r+k)%4], m[k]))
			}
			out[4*c+r] = acc
		}
	}
	return out
}

// Clmul is the carry-less product of two terms of w bits, 2w bits wide
// (one term.OpClmul node: see vg.dev/symexec/term's clmul.go).
func Clmul(b *term.Builder, x, y *term.Term) *term.Term { return b.Clmul(x, y) }
