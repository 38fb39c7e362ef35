package ed25519

import (
	"vg.dev/spec/ctselect"
	fe "vg.dev/spec/fe25519"
)

// Limbs of 4p: 4·(2⁵¹ − 19) and 4·(2⁵¹ − 1).
const (
	fourP0 = 4 * (1<<51 - 19)
	fourPi = 4 * (1<<51 - 1)
)

func sub4p(out, a, b *fe.Element) {
	out.L0 = a.L0 + fourP0 - b.L0
	out.L1 = a.L1 + fourPi - b.L1
	out.L2 = a.L2 + fourPi - b.L2
	out.L3 = a.L3 + fourPi - b.L3
	out.L4 = a.L4 + fourPi - b.L4
}

// le64 returns the little-endian word at s[i : i+8].
func le64(s *[32]byte, i int) uint64 {
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// Recode returns the comb's 51 signed radix-32 digits dᵢ ∈ [−16, 16] of
// s < 2²⁵³ (little-endian), s = Σ dᵢ·32ⁱ: each 5-bit window plus the
// carry, minus 32 with a carry out when it exceeds 16, without a branch on
// s. (For s ≥ 2²⁵³ the top digit exceeds 16: the sum still holds, but
// CombAdd's tables have no such entry.)
func Recode(s *[32]byte) [51]int8 {
	w := [4]uint64{le64(s, 0), le64(s, 8), le64(s, 16), le64(s, 24)}
	var d [51]int8
	var carry uint64
	for i := 0; i < 51; i++ {
		bit := 5 * i
		v := w[bit/64] >> (bit % 64)
		if bit%64 > 59 && bit/64 < 3 {
			v |= w[bit/64+1] << (64 - bit%64)
		}
		v = v&31 + carry
		carry = (16 - v) >> 63
		d[i] = int8(int64(v) - int64(carry<<5))
	}
	return d
}

// double sets p = 2p from p's X, Y, Z (projective), through the completed
// point: XX = X², YY = Y², ZZ2 = 2Z², S = (X + Y)², then
// (S − YY − XX, YY + XX, YY − XX, ZZ2 − YY + XX) and the products back to
// (X, Y, Z), and T too when ext.
func double(p *[4]fe.Element, ext bool) {
	var xx, yy, zz, zz2, s, dx, dy, dz, dt fe.Element
	fe.Square(&xx, &p[0])
	fe.Square(&yy, &p[1])
	fe.Square(&zz, &p[2])
	add(&zz2, &zz, &zz)
	add(&s, &p[0], &p[1])
	fe.Square(&s, &s)
	add(&dy, &yy, &xx)
	sub(&dz, &yy, &xx)
	sub4p(&dx, &s, &dy)
	sub4p(&dt, &zz2, &dz)
	fe.Mul(&p[0], &dx, &dt)
	fe.Mul(&p[1], &dy, &dz)
	fe.Mul(&p[2], &dz, &dt)
	if ext {
		fe.Mul(&p[3], &dx, &dy)
	}
}

// ScalarBaseMult sets out = s·B in extended coordinates for s < 2²⁵³
// (a scalar reduced modulo ℓ, little-endian), where t[k] holds m·32²ᵏ·B
// for m = 1 … 16 as CombAdd reads them: the comb's odd digits, five
// doublings, then its even digits.
func ScalarBaseMult(out *[4]fe.Element, t *[26]ctselect.Table, s *[32]byte) {
	d := Recode(s)
	var p [4]fe.Element
	p[1].L0 = 1
	p[2].L0 = 1
	for k := 0; k < 25; k++ {
		CombAdd(&p, &t[k], uint64(int64(d[2*k+1])))
	}
	double(&p, false)
	double(&p, false)
	double(&p, false)
	double(&p, false)
	double(&p, true)
	for k := 0; k < 26; k++ {
		CombAdd(&p, &t[k], uint64(int64(d[2*k])))
	}
	*out = p
}
