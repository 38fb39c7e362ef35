package arm64

import (
	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

func init() {
	register("CSEL/CSINC/CSINV/CSNEG", 0x3FE00800, 0x1A800000, csel,
		arm64asm.CSEL, arm64asm.CSINC, arm64asm.CSINV, arm64asm.CSNEG,
		arm64asm.CSET, arm64asm.CSETM, arm64asm.CINC, arm64asm.CINV, arm64asm.CNEG)
	register("CCMN/CCMP (register)", 0x3FE00C10, 0x3A400000, ccmp, arm64asm.CCMN, arm64asm.CCMP)
	register("CCMN/CCMP (immediate)", 0x3FE00C10, 0x3A400800, ccmp, arm64asm.CCMN, arm64asm.CCMP)
}

// csel: CSEL, CSINC, CSINV, CSNEG Rd, Rn, Rm, cond (bit 30: invert, bit
// 10: increment; both: negate) are Rn if cond holds, else Rm, Rm + 1,
// NOT(Rm) or −Rm; CSET, CSETM, CINC, CINV, CNEG are their aliases.
// Register 31 is ZR.
func csel(s *state) error {
	c, err := s.condition(condCode(field(s.enc, 15, 12)))
	if err != nil {
		return err
	}
	w := width(s.enc)
	b := s.b
	y := s.reg(fRm(s.enc), w)
	if bit(s.enc, 30) {
		y = b.Not(y)
	}
	if bit(s.enc, 10) {
		y = b.Add(y, b.Uint(1, w))
	}
	return s.setReg(fRd(s.enc), b.Ite(c, s.reg(fRn(s.enc), w), y))
}

// ccmp: CCMP and CCMN (bit 30 clear) Rn, Rm|#imm5, #nzcv, cond set the
// flags of Rn − y (Rn + y) if cond holds, else to nzcv. Register 31 is ZR.
func ccmp(s *state) error {
	c, err := s.condition(condCode(field(s.enc, 15, 12)))
	if err != nil {
		return err
	}
	w := width(s.enc)
	b := s.b
	x := s.reg(fRn(s.enc), w)
	var y *term.Term
	if bit(s.enc, 11) {
		y = b.Uint(uint64(field(s.enc, 20, 16)), w)
	} else {
		y = s.reg(fRm(s.enc), w)
	}
	var lz *lazyFlags
	if bit(s.enc, 30) {
		lz = s.subWithCarry(x, y, nil)
	} else {
		lz = s.addWithCarry(x, y, nil)
	}
	nzcv := field(s.enc, 3, 0)
	var fs [nflags]*term.Term
	for f := range fs {
		fs[f] = b.Ite(c, s.compute(f, lz), b.Bool(nzcv>>uint(3-f)&1 == 1))
	}
	for f, v := range fs {
		s.setFlag(f, v)
	}
	return nil
}
