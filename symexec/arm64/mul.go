package arm64

import (
	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

func init() {
	register("MADD/MSUB", 0x7FE00000, 0x1B000000, madd, arm64asm.MADD, arm64asm.MSUB, arm64asm.MUL, arm64asm.MNEG)
	register("SMADDL/SMSUBL/UMADDL/UMSUBL", 0xFF600000, 0x9B200000, maddl,
		arm64asm.SMADDL, arm64asm.SMSUBL, arm64asm.UMADDL, arm64asm.UMSUBL,
		arm64asm.SMULL, arm64asm.UMULL, arm64asm.SMNEGL, arm64asm.UMNEGL)
	register("SMULH/UMULH", 0xFF608000, 0x9B400000, mulh, arm64asm.SMULH, arm64asm.UMULH)
	register("UDIV/SDIV", 0x7FE0F800, 0x1AC00800, div, arm64asm.UDIV, arm64asm.SDIV)
}

// madd: MADD and MSUB (bit 15) Rd, Rn, Rm, Ra are Ra ± Rn×Rm; MUL and
// MNEG are their aliases with Ra = ZR. A 64-bit product is written as the
// low half of the 128-bit product, the term UMULH takes the high half of
// (and the Go spec's bits.Mul64 both halves of), so that a MUL and UMULH
// pair shares one product; by a constant it simplifies to the 64-bit
// product.
func madd(s *state) error {
	w := width(s.enc)
	b := s.b
	x, y := s.reg(fRn(s.enc), w), s.reg(fRm(s.enc), w)
	p := b.Mul(x, y)
	if w == 64 {
		p = b.Extract(b.Mul(b.ZeroExt(x, 128), b.ZeroExt(y, 128)), 63, 0)
	}
	a := s.reg(fRa(s.enc), w)
	if bit(s.enc, 15) {
		return s.setReg(fRd(s.enc), b.Sub(a, p))
	}
	return s.setReg(fRd(s.enc), b.Add(a, p))
}

// maddl: SMADDL, SMSUBL, UMADDL, UMSUBL Xd, Wn, Wm, Xa (bit 23: unsigned,
// bit 15: subtract) are Xa ± Wn×Wm with the 32-bit operands sign- or
// zero-extended; SMULL, UMULL, SMNEGL, UMNEGL are their aliases with
// Xa = XZR.
func maddl(s *state) error {
	b := s.b
	x, y := s.reg(fRn(s.enc), 32), s.reg(fRm(s.enc), 32)
	var p *term.Term
	if bit(s.enc, 23) {
		p = b.Mul(b.ZeroExt(x, 64), b.ZeroExt(y, 64))
	} else {
		p = b.Mul(b.SignExt(x, 64), b.SignExt(y, 64))
	}
	a := s.reg(fRa(s.enc), 64)
	if bit(s.enc, 15) {
		return s.setReg(fRd(s.enc), b.Sub(a, p))
	}
	return s.setReg(fRd(s.enc), b.Add(a, p))
}

// mulh: SMULH and UMULH (bit 23) Xd, Xn, Xm are the high 64 bits of the
// 128-bit product. Ra (bits 14:10) is ignored (it should be 31).
func mulh(s *state) error {
	b := s.b
	x, y := s.reg(fRn(s.enc), 64), s.reg(fRm(s.enc), 64)
	var p *term.Term
	if bit(s.enc, 23) {
		p = b.Mul(b.ZeroExt(x, 128), b.ZeroExt(y, 128))
	} else {
		p = b.Mul(b.SignExt(x, 128), b.SignExt(y, 128))
	}
	return s.setReg(fRd(s.enc), b.Extract(p, 127, 64))
}

// div: UDIV and SDIV (bit 10) Rd, Rn, Rm. Division by zero gives zero
// (A64 does not trap); SDIV rounds toward zero and the overflowing
// quotient of the most negative value by −1 wraps to it. Both are
// variable-time (VarTimePolicy): the event records the operands.
func div(s *state) error {
	w := width(s.enc)
	b := s.b
	x, y := s.reg(fRn(s.enc), w), s.reg(fRm(s.enc), w)
	s.event(VarTime, nil, 0, x, y)
	q := b.UDiv(x, y)
	if bit(s.enc, 10) {
		q = b.SDiv(x, y)
	}
	return s.setReg(fRd(s.enc), b.Ite(b.Eq(y, b.Zero(w)), b.Zero(w), q))
}
