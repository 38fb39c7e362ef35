package arm64

import (
	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

func init() {
	register("MOVN/MOVZ/MOVK", 0x1F800000, 0x12800000, moveWide, arm64asm.MOVN, arm64asm.MOVZ, arm64asm.MOVK, arm64asm.MOV)
	register("ADR, ADRP", 0x1F000000, 0x10000000, adr, arm64asm.ADR, arm64asm.ADRP)
	register("NOP", 0xFFFFFFFF, 0xD503201F, nop, arm64asm.NOP)
}

// moveWide: MOVN, MOVZ, MOVK Rd, #imm16, LSL #(16×hw) (opc, bits 30:29)
// and the alias MOV (wide immediate). MOVN writes NOT(imm16 << shift),
// MOVZ imm16 << shift, MOVK replaces 16 bits of Rd. Register 31 is ZR.
func moveWide(s *state) error {
	w := width(s.enc)
	opc := field(s.enc, 30, 29)
	hw := int(field(s.enc, 22, 21))
	if opc == 1 {
		return s.unsupported("unallocated move-wide opcode")
	}
	if w == 32 && hw >= 2 {
		return s.unsupported("hw ≥ 2 is reserved for 32-bit operands")
	}
	b := s.b
	imm := uint64(field(s.enc, 20, 5))
	sh := 16 * hw
	var r *term.Term
	switch opc {
	case 0:
		r = b.Uint(^(imm<<uint(sh))&ones(w), w)
	case 2:
		r = b.Uint(imm<<uint(sh), w)
	default:
		old := s.reg(fRd(s.enc), w)
		parts := []*term.Term{}
		if sh+16 < w {
			parts = append(parts, b.Extract(old, w-1, sh+16))
		}
		parts = append(parts, b.Uint(imm, 16))
		if sh > 0 {
			parts = append(parts, b.Extract(old, sh-1, 0))
		}
		r = b.Concat(parts...)
	}
	return s.setReg(fRd(s.enc), r)
}

// adr: ADR Xd, PC + imm and ADRP Xd, (PC AND NOT 0xFFF) + imm<<12 (bit
// 31), with the 21-bit signed immhi:immlo. The address is absolute; when
// it lies in a data symbol (through Config.Mem's resolver) it is the
// symbol's region base plus the offset. ADRP marks Xd as holding a page
// address: the ADD (immediate) or load/store offset that completes it
// (the low 12 bits of a symbol's address) makes the symbol's address
// (symbolAddress), since the page itself may start in another symbol.
func adr(s *state) error {
	imm := sext(uint64(field(s.enc, 23, 5)<<2|field(s.enc, 30, 29)), 21)
	rd := fRd(s.enc)
	if !bit(s.enc, 31) {
		return s.setReg(rd, s.symbolAddress(s.in.PC+uint64(imm)))
	}
	page := s.in.PC&^0xFFF + uint64(imm)<<12
	if err := s.setReg(rd, s.b.Uint(page, 64)); err != nil {
		return err
	}
	if rd != regZR {
		s.adrp |= 1 << uint(rd)
	}
	return nil
}

// symbolAddress is the address abs: the base of the data region holding
// it plus the offset, or the constant when it is in no data symbol.
func (s *state) symbolAddress(abs uint64) *term.Term {
	if a, ok := s.mem.AddressOf(abs); ok {
		return a
	}
	return s.b.Uint(abs, 64)
}

// pageOffset returns the address Xn + off when Xn holds an ADRP page
// address (the symbol's address, see adr).
func (s *state) pageOffset(n int, off uint64) (*term.Term, bool) {
	if n == regZR || s.adrp&(1<<uint(n)) == 0 {
		return nil, false
	}
	page, ok := s.x[n].Uint64()
	if !ok {
		return nil, false
	}
	return s.symbolAddress(page + off), true
}

// nop: NOP.
func nop(s *state) error { return nil }
