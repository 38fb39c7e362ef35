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
	mul := func(x, y byte) byte {
		var r byte
		for ; y != 0; y >>= 1 {
			if y&1 != 0 {
				r ^= x
			}
			x = x<<1 ^ 0x1b*(x>>7)
		}
		return r
	}
	rot := func(x byte, k uint) byte { return x<<k | x>>(8-k) }
	for i := 0; i < 256; i++ {
		var inv byte
		for j := 1; j < 256 && i != 0; j++ {
			if mul(byte(i), byte(j)) == 1 {
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

// Sbox is box[x] for a byte term x: a constant when x is one, else a
// multiplexer on x's bits over the 256 constants (a secret byte is no
// secret address).
func Sbox(b *term.Builder, box *[256]byte, x *term.Term) *term.Term {
	if k, ok := x.Uint64(); ok {
		return b.Uint(uint64(box[k]), 8)
	}
	var sel func(lo, n, bit int) *term.Term
	sel = func(lo, n, bit int) *term.Term {
		if n == 1 {
			return b.Uint(uint64(box[lo]), 8)
		}
		h := n / 2
		return b.Ite(b.Bit(x, bit), sel(lo+h, h, bit-1), sel(lo, h, bit-1))
	}
	return sel(0, 256, 7)
}

// xtime multiplies a byte by x in GF(2⁸) modulo x⁸+x⁴+x³+x+1.
func xtime(b *term.Builder, x *term.Term) *term.Term {
	return b.Xor(b.ShlC(x, 1), b.And(b.SignExt(b.Bit(x, 7), 8), b.Uint(0x1b, 8)))
}

// gmul multiplies a byte by the constant k in GF(2⁸).
func gmul(b *term.Builder, x *term.Term, k int) *term.Term {
	r := b.Zero(8)
	for p := x; k != 0; k >>= 1 {
		if k&1 != 0 {
			r = b.Xor(r, p)
		}
		p = xtime(b, p)
	}
	return r
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

// Clmul is the carry-less product of two terms of w bits, 2w bits wide.
func Clmul(b *term.Builder, x, y *term.Term) *term.Term {
	w := x.Width()
	wx := b.ZeroExt(x, 2*w)
	r := b.Zero(2 * w)
	for i := 0; i < w; i++ {
		if k, ok := y.Uint64(); ok && w <= 64 && k>>uint(i)&1 == 0 {
			continue
		}
		r = b.Xor(r, b.And(b.SignExt(b.Bit(y, i), 2*w), b.ShlC(wx, i)))
	}
	return r
}
