package arm64

import (
	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

func init() {
	ops := []arm64asm.Op{arm64asm.ADD, arm64asm.ADDS, arm64asm.SUB, arm64asm.SUBS, arm64asm.CMP, arm64asm.CMN}
	register("ADD/ADDS/SUB/SUBS (immediate)", 0x1F800000, 0x11000000, addSubImm, append(ops, arm64asm.MOV)...)
	register("ADD/ADDS/SUB/SUBS (shifted register)", 0x1F200000, 0x0B000000, addSubShifted, append(ops, arm64asm.NEG, arm64asm.NEGS)...)
	register("ADD/ADDS/SUB/SUBS (extended register)", 0x1FE00000, 0x0B200000, addSubExtended, ops...)
	register("ADC/ADCS/SBC/SBCS", 0x1FE0FC00, 0x1A000000, addSubCarry,
		arm64asm.ADC, arm64asm.ADCS, arm64asm.SBC, arm64asm.SBCS, arm64asm.NGC, arm64asm.NGCS)
}

// addSub computes Rd = x ± y (op: bit 30 is subtract, bit 29 sets the
// flags) and writes it with write.
func (s *state) addSub(x, y *term.Term, write func(int, *term.Term) error) error {
	var lz *lazyFlags
	if bit(s.enc, 30) {
		lz = s.subWithCarry(x, y, nil)
	} else {
		lz = s.addWithCarry(x, y, nil)
	}
	if bit(s.enc, 29) {
		s.setFlags(lz)
	}
	return write(fRd(s.enc), lz.r)
}

// addSubImm: ADD, ADDS, SUB, SUBS Rd, Rn, #imm12{, LSL #12}, and the
// aliases MOV (to or from SP), CMP, CMN. Rn is SP when 31; Rd is SP when
// 31 unless the flags are set (then ZR).
func addSubImm(s *state) error {
	w := width(s.enc)
	imm := uint64(field(s.enc, 21, 10))
	if bit(s.enc, 22) {
		imm <<= 12
	}
	if w == 64 && field(s.enc, 30, 29) == 0 { // ADD: completes an ADRP
		if a, ok := s.pageOffset(fRn(s.enc), imm); ok {
			return s.setRegSP(fRd(s.enc), a)
		}
	}
	x := s.regSP(fRn(s.enc), w)
	write := s.setRegSP
	if bit(s.enc, 29) {
		write = s.setReg
	}
	return s.addSub(x, s.b.Uint(imm, w), write)
}

// addSubShifted: ADD, ADDS, SUB, SUBS Rd, Rn, Rm{, LSL|LSR|ASR #amount},
// and the aliases NEG, NEGS, CMP, CMN. Register 31 is ZR.
func addSubShifted(s *state) error {
	w := width(s.enc)
	y, err := s.shiftedReg(w, false)
	if err != nil {
		return err
	}
	return s.addSub(s.reg(fRn(s.enc), w), y, s.setReg)
}

// addSubExtended: ADD, ADDS, SUB, SUBS Rd, Rn, Rm, <extend> {#amount},
// and the aliases CMP, CMN. Rn is SP when 31; Rd is SP when 31 unless the
// flags are set.
func addSubExtended(s *state) error {
	w := width(s.enc)
	y, err := s.extendedReg(w)
	if err != nil {
		return err
	}
	write := s.setRegSP
	if bit(s.enc, 29) {
		write = s.setReg
	}
	return s.addSub(s.regSP(fRn(s.enc), w), y, write)
}

// addSubCarry: ADC, ADCS, SBC, SBCS Rd, Rn, Rm (bit 30: subtract, bit 29:
// set flags), and the aliases NGC, NGCS: Rn + Rm + C, Rn − Rm − NOT(C).
func addSubCarry(s *state) error {
	c, err := s.getFlag(flagC)
	if err != nil {
		return err
	}
	w := width(s.enc)
	x, y := s.reg(fRn(s.enc), w), s.reg(fRm(s.enc), w)
	var lz *lazyFlags
	if bit(s.enc, 30) {
		lz = s.subWithCarry(x, y, c)
	} else {
		lz = s.addWithCarry(x, y, c)
	}
	if bit(s.enc, 29) {
		s.setFlags(lz)
	}
	return s.setReg(fRd(s.enc), lz.r)
}

// shiftedReg is the shifted register operand: Rm (31 is ZR) shifted by
// imm6 (bits 15:10) as bits 23:22 say: LSL, LSR, ASR or, for the logical
// instructions, ROR.
func (s *state) shiftedReg(w int, ror bool) (*term.Term, error) {
	m := s.reg(fRm(s.enc), w)
	n := int(field(s.enc, 15, 10))
	if n >= w {
		return nil, s.unsupported("shift amount reserved for 32-bit operands")
	}
	b := s.b
	switch field(s.enc, 23, 22) {
	case 0:
		return b.ShlC(m, n), nil
	case 1:
		return b.LshrC(m, n), nil
	case 2:
		return b.AshrC(m, n), nil
	}
	if !ror {
		return nil, s.unsupported("shift type ROR is reserved for add and subtract")
	}
	return b.RotR(m, n), nil
}

// extendedReg is the extended register operand: the low 8, 16, 32 or 64
// bits of Rm (31 is ZR) zero- or sign-extended (option, bits 15:13) and
// shifted left by imm3 (0 to 4) — the Arm ARM's ExtendReg.
func (s *state) extendedReg(w int) (*term.Term, error) {
	option := field(s.enc, 15, 13)
	sh := int(field(s.enc, 12, 10))
	if sh > 4 {
		return nil, s.unsupported("extend shift amount greater than 4 is reserved")
	}
	b := s.b
	n := min(8<<(option&3), w-sh)
	v := b.Extract(s.reg(fRm(s.enc), 64), n-1, 0)
	if sh > 0 {
		v = b.Concat(v, b.Zero(sh))
	}
	if option&4 != 0 {
		return b.SignExt(v, w), nil
	}
	return b.ZeroExt(v, w), nil
}
