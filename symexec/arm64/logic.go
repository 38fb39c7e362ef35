package arm64

import (
	"math/bits"

	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

func init() {
	register("AND/ORR/EOR/ANDS (immediate)", 0x1F800000, 0x12000000, logicalImm,
		arm64asm.AND, arm64asm.ORR, arm64asm.EOR, arm64asm.ANDS, arm64asm.TST, arm64asm.MOV)
	register("AND/BIC/ORR/ORN/EOR/EON/ANDS/BICS (shifted register)", 0x1F000000, 0x0A000000, logicalShifted,
		arm64asm.AND, arm64asm.BIC, arm64asm.ORR, arm64asm.ORN, arm64asm.EOR, arm64asm.EON,
		arm64asm.ANDS, arm64asm.BICS, arm64asm.TST, arm64asm.MOV, arm64asm.MVN)
}

// logic computes x op y for opc (bits 30:29: AND, ORR, EOR, ANDS); ANDS
// sets N and Z from the result and clears C and V.
func (s *state) logic(x, y *term.Term) *term.Term {
	b := s.b
	var r *term.Term
	switch field(s.enc, 30, 29) {
	case 0, 3:
		r = b.And(x, y)
	case 1:
		r = b.Or(x, y)
	default:
		r = b.Xor(x, y)
	}
	if field(s.enc, 30, 29) == 3 {
		s.setFlags(&lazyFlags{kind: lzLogic, r: r})
	}
	return r
}

// logicalImm: AND, ORR, EOR, ANDS Rd, Rn, #bitmask, and the aliases MOV
// (bitmask immediate) and TST. Rn is ZR when 31; Rd is SP when 31 unless
// the flags are set.
func logicalImm(s *state) error {
	w := width(s.enc)
	nbit := field(s.enc, 22, 22)
	if w == 32 && nbit == 1 {
		return s.unsupported("N = 1 is reserved for 32-bit operands")
	}
	imm, _, ok := decodeBitMasks(nbit, field(s.enc, 15, 10), field(s.enc, 21, 16), true, w)
	if !ok {
		return s.unsupported("reserved bitmask immediate")
	}
	r := s.logic(s.reg(fRn(s.enc), w), s.b.Uint(imm, w))
	if field(s.enc, 30, 29) == 3 {
		return s.setReg(fRd(s.enc), r)
	}
	return s.setRegSP(fRd(s.enc), r)
}

// logicalShifted: AND, BIC, ORR, ORN, EOR, EON, ANDS, BICS Rd, Rn, Rm{,
// shift #amount} (bit 21, N, inverts the shifted operand), and the aliases
// MOV (register), MVN and TST. Register 31 is ZR.
func logicalShifted(s *state) error {
	w := width(s.enc)
	y, err := s.shiftedReg(w, true)
	if err != nil {
		return err
	}
	if bit(s.enc, 21) {
		y = s.b.Not(y)
	}
	return s.setReg(fRd(s.enc), s.logic(s.reg(fRn(s.enc), w), y))
}

// decodeBitMasks is the Arm ARM's DecodeBitMasks: the bitmask immediate
// (wmask) and, for the bitfield instructions, the top mask (tmask) that
// N:imms:immr encode at width w. ok is false for a reserved encoding.
func decodeBitMasks(n, imms, immr uint32, immediate bool, w int) (wmask, tmask uint64, ok bool) {
	// len is the index of the highest set bit of N:NOT(imms).
	combined := n<<6 | ^imms&0x3F
	if combined == 0 {
		return 0, 0, false
	}
	length := 31 - bits.LeadingZeros32(combined)
	if length < 1 {
		return 0, 0, false
	}
	esize := 1 << uint(length)
	if esize > w {
		return 0, 0, false
	}
	levels := uint32(esize - 1)
	if immediate && imms&levels == levels {
		return 0, 0, false
	}
	sv := imms & levels
	rv := immr & levels
	d := (sv - rv) & levels
	emask := uint64(1)<<uint(esize) - 1
	if esize == 64 {
		emask = ^uint64(0)
	}
	welem := ones(int(sv) + 1)
	telem := ones(int(d) + 1)
	welem = rorElem(welem, int(rv), esize) & emask
	wmask = replicate(welem, esize, w)
	tmask = replicate(telem&emask, esize, w)
	return wmask, tmask, true
}

// ones is a value of n low one bits (n ≤ 64).
func ones(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// rorElem rotates the esize-bit value v right by r.
func rorElem(v uint64, r, esize int) uint64 {
	if r == 0 {
		return v
	}
	m := ones(esize)
	return (v>>uint(r) | v<<uint(esize-r)) & m
}

// replicate repeats the esize-bit element e to w bits.
func replicate(e uint64, esize, w int) uint64 {
	var v uint64
	for i := 0; i < w; i += esize {
		v |= e << uint(i)
	}
	return v & ones(w)
}
