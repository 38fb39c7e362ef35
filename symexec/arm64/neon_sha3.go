package arm64

import (
	"vg.dev/decode"
	"vg.dev/symexec/term"
)

// The SHA3 extension (FEAT_SHA3, ARMv8.2): EOR3 and BCAX (Cryptographic
// four-register), RAX1 (Cryptographic three-register SHA 512) and XAR
// (Cryptographic three-register, imm6). arm64asm does not decode them;
// package decode does (decode.OpEOR3, …). They are computed on 64-bit
// lanes, so that Keccak's lanes stay terms of their own.

func init() {
	registerNeon("EOR3", 0xFFE08000, 0xCE000000, sha3Eor3, decode.OpEOR3)
	registerNeon("BCAX", 0xFFE08000, 0xCE200000, sha3Bcax, decode.OpBCAX)
	registerNeon("RAX1", 0xFFE0FC00, 0xCE608C00, sha3Rax1, decode.OpRAX1)
	registerNeon("XAR", 0xFFE00000, 0xCE800000, sha3Xar, decode.OpXAR)
}

// sha3Eor3: Vd = Vn ⊕ Vm ⊕ Va.
func sha3Eor3(s *state) error {
	e := s.enc
	s.setV(fRd(e), s.mapLanes(64, func(_ int, x []*term.Term) *term.Term {
		return s.b.Xor(x[0], x[1], x[2])
	}, s.vreg(fRn(e)), s.vreg(fRm(e)), s.vreg(fRa(e))))
	return nil
}

// sha3Bcax: Vd = Vn ⊕ (Vm ∧ ¬Va).
func sha3Bcax(s *state) error {
	e := s.enc
	s.setV(fRd(e), s.mapLanes(64, func(_ int, x []*term.Term) *term.Term {
		return s.b.Xor(x[0], s.b.And(x[1], s.b.Not(x[2])))
	}, s.vreg(fRn(e)), s.vreg(fRm(e)), s.vreg(fRa(e))))
	return nil
}

// sha3Rax1: Vd.2D = Vn ⊕ rol(Vm, 1).
func sha3Rax1(s *state) error {
	e := s.enc
	s.setV(fRd(e), s.mapLanes(64, func(_ int, x []*term.Term) *term.Term {
		return s.b.Xor(x[0], s.b.RotL(x[1], 1))
	}, s.vreg(fRn(e)), s.vreg(fRm(e))))
	return nil
}

// sha3Xar: Vd.2D = ror(Vn ⊕ Vm, imm6).
func sha3Xar(s *state) error {
	e := s.enc
	imm := int(e >> 10 & 63)
	s.setV(fRd(e), s.mapLanes(64, func(_ int, x []*term.Term) *term.Term {
		return s.b.RotR(s.b.Xor(x[0], x[1]), imm)
	}, s.vreg(fRn(e)), s.vreg(fRm(e))))
	return nil
}
