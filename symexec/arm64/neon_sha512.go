package arm64

import (
	"vg.dev/decode"
	"vg.dev/symexec/term"
)

// The SHA512 extension (FEAT_SHA512, ARMv8.2): SHA512H and SHA512H2 (two
// rounds, in two halves), SHA512SU0 and SHA512SU1 (the message schedule),
// as the Arm ARM's pseudocode defines them on the 64-bit halves of the
// registers. arm64asm does not decode them; package decode does. RAX1,
// of the same encoding class, is in neon_sha3.go.

func init() {
	registerNeon("SHA512H", 0xFFE0FC00, 0xCE608000, sha512H, decode.OpSHA512H)
	registerNeon("SHA512H2", 0xFFE0FC00, 0xCE608400, sha512H2, decode.OpSHA512H2)
	registerNeon("SHA512SU0", 0xFFFFFC00, 0xCEC08000, sha512SU0, decode.OpSHA512SU0)
	registerNeon("SHA512SU1", 0xFFE0FC00, 0xCE608800, sha512SU1, decode.OpSHA512SU1)
}

// halves returns the low and high 64 bits of V[n].
func (s *state) halves(n int) (lo, hi *term.Term) {
	v := s.vreg(n)
	return s.b.Extract(v, 63, 0), s.b.Extract(v, 127, 64)
}

// ror3 is ror(x, a) ^ ror(x, b) ^ ror(x, c).
func (s *state) ror3(x *term.Term, a, b, c int) *term.Term {
	return s.b.Xor(s.b.RotR(x, a), s.b.RotR(x, b), s.b.RotR(x, c))
}

// sha512H: with X = V[n], Y = V[m], W = V[d],
//
//	hi = Ch(Y.hi, X.lo, X.hi) + Σ1(Y.hi) + W.hi
//	t  = hi + Y.lo
//	lo = Ch(t, Y.hi, X.lo) + Σ1(t) + W.lo
func sha512H(s *state) error {
	e := s.enc
	b := s.b
	xlo, xhi := s.halves(fRn(e))
	ylo, yhi := s.halves(fRm(e))
	wlo, whi := s.halves(fRd(e))
	ch := func(x, y, z *term.Term) *term.Term { return b.Xor(b.And(x, y), b.And(b.Not(x), z)) }
	hi := b.Add(b.Add(ch(yhi, xlo, xhi), s.ror3(yhi, 14, 18, 41)), whi)
	t := b.Add(hi, ylo)
	lo := b.Add(b.Add(ch(t, yhi, xlo), s.ror3(t, 14, 18, 41)), wlo)
	s.setV(fRd(e), b.Concat(hi, lo))
	return nil
}

// sha512H2: with X = V[n], Y = V[m], W = V[d],
//
//	hi = Maj(X.lo, Y.hi, Y.lo) + Σ0(Y.lo) + W.hi
//	lo = Maj(hi, Y.lo, Y.hi) + Σ0(hi) + W.lo
func sha512H2(s *state) error {
	e := s.enc
	b := s.b
	xlo, _ := s.halves(fRn(e))
	ylo, yhi := s.halves(fRm(e))
	wlo, whi := s.halves(fRd(e))
	maj := func(x, y, z *term.Term) *term.Term { return b.Xor(b.And(x, y), b.And(x, z), b.And(y, z)) }
	hi := b.Add(b.Add(maj(xlo, yhi, ylo), s.ror3(ylo, 28, 34, 39)), whi)
	lo := b.Add(b.Add(maj(hi, ylo, yhi), s.ror3(hi, 28, 34, 39)), wlo)
	s.setV(fRd(e), b.Concat(hi, lo))
	return nil
}

// sha512SU0: with X = V[n], W = V[d], σ0(x) = ror(x, 1) ^ ror(x, 8) ^ x>>7,
//
//	lo = W.lo + σ0(W.hi), hi = W.hi + σ0(X.lo)
func sha512SU0(s *state) error {
	e := s.enc
	b := s.b
	xlo, _ := s.halves(fRn(e))
	wlo, whi := s.halves(fRd(e))
	sig0 := func(x *term.Term) *term.Term { return b.Xor(b.RotR(x, 1), b.RotR(x, 8), b.LshrC(x, 7)) }
	s.setV(fRd(e), b.Concat(b.Add(whi, sig0(xlo)), b.Add(wlo, sig0(whi))))
	return nil
}

// sha512SU1: with X = V[n], Y = V[m], W = V[d], σ1(x) = ror(x, 19) ^
// ror(x, 61) ^ x>>6, each half W + σ1(X) + Y.
func sha512SU1(s *state) error {
	e := s.enc
	b := s.b
	xlo, xhi := s.halves(fRn(e))
	ylo, yhi := s.halves(fRm(e))
	wlo, whi := s.halves(fRd(e))
	sig1 := func(x *term.Term) *term.Term { return b.Xor(b.RotR(x, 19), b.RotR(x, 61), b.LshrC(x, 6)) }
	s.setV(fRd(e), b.Concat(b.Add(b.Add(whi, sig1(xhi)), yhi), b.Add(b.Add(wlo, sig1(xlo)), ylo)))
	return nil
}
