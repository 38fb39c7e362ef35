package arm64

import (
	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

func init() {
	register("SBFM/BFM/UBFM", 0x1F800000, 0x13000000, bitfield,
		arm64asm.SBFM, arm64asm.SBFIZ, arm64asm.SBFX, arm64asm.ASR, arm64asm.SXTB, arm64asm.SXTH, arm64asm.SXTW,
		arm64asm.BFM, arm64asm.BFI, arm64asm.BFXIL,
		arm64asm.UBFM, arm64asm.UBFIZ, arm64asm.UBFX, arm64asm.LSL, arm64asm.LSR, arm64asm.UXTB, arm64asm.UXTH)
	register("EXTR", 0x7FA00000, 0x13800000, extr, arm64asm.EXTR, arm64asm.ROR)
	register("LSLV/LSRV/ASRV/RORV", 0x7FE0F000, 0x1AC02000, shiftVar,
		arm64asm.LSLV, arm64asm.LSRV, arm64asm.ASRV, arm64asm.RORV,
		arm64asm.LSL, arm64asm.LSR, arm64asm.ASR, arm64asm.ROR)
}

// bitfield: SBFM, BFM, UBFM Rd, Rn, #immr, #imms (opc, bits 30:29) and
// their aliases (ASR, LSL, LSR immediate; SBFIZ, SBFX, UBFIZ, UBFX, BFI,
// BFXIL; SXTB, SXTH, SXTW, UXTB, UXTH). With imms ≥ immr the field
// Rn<imms:immr> goes to bit 0; otherwise Rn<imms:0> goes to bit w − immr.
// SBFM fills the bits above the field with its top bit and those below
// with zeros, UBFM fills both with zeros, BFM keeps Rd's. Register 31 is
// ZR.
func bitfield(s *state) error {
	w := width(s.enc)
	opc := field(s.enc, 30, 29)
	if opc == 3 {
		return s.unsupported("unallocated bitfield opcode")
	}
	if int(field(s.enc, 22, 22)) != w/64 {
		return s.unsupported("N must equal sf")
	}
	immr, imms := int(field(s.enc, 21, 16)), int(field(s.enc, 15, 10))
	if immr >= w || imms >= w {
		return s.unsupported("immr or imms out of range for 32-bit operands")
	}
	b := s.b
	src := s.reg(fRn(s.enc), w)
	var lo, n int // the field f lands at bits lo+n-1..lo
	var f *term.Term
	if imms >= immr {
		f = b.Extract(src, imms, immr)
		lo, n = 0, imms-immr+1
	} else {
		f = b.Extract(src, imms, 0)
		lo, n = w-immr, imms+1
	}
	if opc == 1 { // BFM: the other bits of Rd are kept
		dst := s.reg(fRd(s.enc), w)
		parts := []*term.Term{}
		if lo+n < w {
			parts = append(parts, b.Extract(dst, w-1, lo+n))
		}
		parts = append(parts, f)
		if lo > 0 {
			parts = append(parts, b.Extract(dst, lo-1, 0))
		}
		return s.setReg(fRd(s.enc), b.Concat(parts...))
	}
	if lo > 0 {
		f = b.Concat(f, b.Zero(lo))
	}
	if opc == 0 {
		return s.setReg(fRd(s.enc), b.SignExt(f, w))
	}
	return s.setReg(fRd(s.enc), b.ZeroExt(f, w))
}

// extr: EXTR Rd, Rn, Rm, #lsb is bits lsb+w−1..lsb of Rn:Rm; ROR
// (immediate) is its alias with Rn = Rm.
func extr(s *state) error {
	w := width(s.enc)
	if int(field(s.enc, 22, 22)) != w/64 {
		return s.unsupported("N must equal sf")
	}
	lsb := int(field(s.enc, 15, 10))
	if lsb >= w {
		return s.unsupported("lsb out of range for 32-bit operands")
	}
	b := s.b
	cat := b.Concat(s.reg(fRn(s.enc), w), s.reg(fRm(s.enc), w))
	return s.setReg(fRd(s.enc), b.Extract(cat, lsb+w-1, lsb))
}

// shiftVar: LSLV, LSRV, ASRV, RORV Rd, Rn, Rm (op2, bits 11:10), the
// register forms of LSL, LSR, ASR and ROR: the amount is Rm modulo w.
func shiftVar(s *state) error {
	w := width(s.enc)
	b := s.b
	x := s.reg(fRn(s.enc), w)
	lg := 5
	if w == 64 {
		lg = 6
	}
	n := b.ZeroExt(b.Extract(s.reg(fRm(s.enc), w), lg-1, 0), w)
	var r *term.Term
	switch field(s.enc, 11, 10) {
	case 0:
		r = b.Shl(x, n)
	case 1:
		r = b.Lshr(x, n)
	case 2:
		r = b.Ashr(x, n)
	default: // x >> n | x << (w − n) mod w, which is x when n = 0
		back := b.And(b.Sub(b.Uint(uint64(w), w), n), b.Uint(uint64(w-1), w))
		r = b.Or(b.Lshr(x, n), b.Shl(x, back))
	}
	return s.setReg(fRd(s.enc), r)
}
