package arm64

import (
	"fmt"

	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

func init() {
	// PRFM and PRFUM share the forms' encodings (size 3, opc 2); the
	// write-back forms have no prefetch.
	single := []arm64asm.Op{arm64asm.STRB, arm64asm.STRH, arm64asm.STR,
		arm64asm.LDRB, arm64asm.LDRH, arm64asm.LDR, arm64asm.LDRSB, arm64asm.LDRSH, arm64asm.LDRSW, arm64asm.PRFM}
	unscaled := []arm64asm.Op{arm64asm.STURB, arm64asm.STURH, arm64asm.STUR,
		arm64asm.LDURB, arm64asm.LDURH, arm64asm.LDUR, arm64asm.LDURSB, arm64asm.LDURSH, arm64asm.LDURSW, arm64asm.PRFUM}
	register("LDR/STR (unsigned offset)", 0x3F000000, 0x39000000, ldstUnsigned, single...)
	register("LDUR/STUR (unscaled offset)", 0x3F200C00, 0x38000000, ldstImm9, unscaled...)
	register("LDR/STR (post-index)", 0x3F200C00, 0x38000400, ldstImm9, single...)
	register("LDR/STR (pre-index)", 0x3F200C00, 0x38000C00, ldstImm9, single...)
	register("LDR/STR (register offset)", 0x3F200C00, 0x38200800, ldstRegister, single...)
	register("LDR (literal)", 0xBF000000, 0x18000000, ldrLiteral, arm64asm.LDR)
	register("LDRSW (literal)", 0xFF000000, 0x98000000, ldrLiteral, arm64asm.LDRSW)
	register("LDP/STP/LDPSW/LDNP/STNP", 0x3E000000, 0x28000000, ldstPair,
		arm64asm.LDP, arm64asm.STP, arm64asm.LDPSW, arm64asm.LDNP, arm64asm.STNP)
}

// An access is what the size (bits 31:30) and opc (bits 23:22) fields of
// a single-register load or store say: the bytes moved, whether it loads,
// and how a load extends (signed, to 32 or 64 bits).
type access struct {
	bytes  int
	load   bool
	signed bool
	regw   int // width of the register a signed load writes
	// prefetch: PRFM or PRFUM, a hint that moves nothing; Rt names the
	// hint, not a register.
	prefetch bool
}

func (s *state) decodeAccess() (access, error) {
	size := field(s.enc, 31, 30)
	a := access{bytes: 1 << size}
	switch opc := field(s.enc, 23, 22); {
	case opc == 0:
	case opc == 1:
		a.load = true
	case size == 3 && opc == 2:
		a.prefetch = true
	case size == 3:
		return a, s.unsupported("unallocated load/store opcode")
	case opc == 2:
		a.load, a.signed, a.regw = true, true, 64
	case size == 2:
		return a, s.unsupported("unallocated load/store opcode")
	default:
		a.load, a.signed, a.regw = true, true, 32
	}
	return a, nil
}

// move performs the access a of register t at addr: a load writes Rt
// (31: the value is discarded), a store reads it (31: ZR).
func (s *state) move(a access, t int, addr *term.Term) error {
	if a.prefetch {
		// Nothing is read, so no region is checked; but the line it
		// brings into the cache shows its address, so that address is
		// held to a load's rule (VarTimePolicy).
		s.event(VarTime, nil, 0, addr)
		return nil
	}
	if !a.load {
		return s.storeAt(addr, s.reg(t, 8*a.bytes))
	}
	v, err := s.loadAt(addr, a.bytes)
	if err != nil {
		return err
	}
	if a.signed {
		v = s.b.SignExt(v, a.regw)
	} else {
		v = s.b.ZeroExt(v, 64)
	}
	return s.setReg(t, v)
}

// base is the address Rn (31: SP) + off; an ADRP page address completed
// by the offset is the symbol's address (see adr).
func (s *state) base(off int64) *term.Term {
	n := fRn(s.enc)
	if a, ok := s.pageOffset(n, uint64(off)); ok {
		return a
	}
	return s.b.Add(s.regSP(n, 64), s.b.Uint(uint64(off), 64))
}

// ldstUnsigned: LDR, LDRB, LDRH, LDRSB, LDRSH, LDRSW, STR, STRB, STRH Rt,
// [Rn|SP, #imm12×size].
func ldstUnsigned(s *state) error {
	a, err := s.decodeAccess()
	if err != nil {
		return err
	}
	off := int64(field(s.enc, 21, 10)) * int64(a.bytes)
	return s.move(a, fRd(s.enc), s.base(off))
}

// ldstImm9: the unscaled (LDUR..., STUR...), post-index and pre-index
// forms (bits 11:10) with a signed 9-bit byte offset. Post-index accesses
// [Rn] and then adds the offset to Rn; pre-index adds it first. With
// write-back, Rn = Rt (other than SP) is CONSTRAINED UNPREDICTABLE.
func ldstImm9(s *state) error {
	a, err := s.decodeAccess()
	if err != nil {
		return err
	}
	off := sext(uint64(field(s.enc, 20, 12)), 9)
	mode := field(s.enc, 11, 10)
	if a.prefetch && mode != 0 {
		return s.unsupported("unallocated: a prefetch has no write-back form")
	}
	if mode == 0 {
		return s.move(a, fRd(s.enc), s.base(off))
	}
	n, t := fRn(s.enc), fRd(s.enc)
	if n == t && n != regZR {
		return s.unsupported("write-back with Rn = Rt is CONSTRAINED UNPREDICTABLE")
	}
	b := s.b
	rn := s.regSP(n, 64)
	next := b.Add(rn, b.Uint(uint64(off), 64))
	addr := next
	if mode == 1 {
		addr = rn
	}
	if err := s.move(a, t, addr); err != nil {
		return err
	}
	return s.setRegSP(n, next)
}

// ldstRegister: the register-offset forms, [Rn|SP, Rm{, extend {#size}}]:
// Rm extended by option (UXTW, LSL, SXTW, SXTX) and shifted by the
// access size when S (bit 12) is set.
func ldstRegister(s *state) error {
	a, err := s.decodeAccess()
	if err != nil {
		return err
	}
	option := field(s.enc, 15, 13)
	if option&2 == 0 {
		return s.unsupported("reserved extend option")
	}
	sh := 0
	if bit(s.enc, 12) {
		sh = int(field(s.enc, 31, 30))
	}
	b := s.b
	m := s.reg(fRm(s.enc), 64)
	if option&1 == 0 { // a W register
		m = b.Extract(m, 31, 0)
		if option&4 != 0 {
			m = b.SignExt(m, 64)
		} else {
			m = b.ZeroExt(m, 64)
		}
	}
	addr := b.Add(s.regSP(fRn(s.enc), 64), b.ShlC(m, sh))
	return s.move(a, fRd(s.enc), addr)
}

// ldrLiteral: LDR Wt|Xt and LDRSW Xt, label: a load from PC + imm19×4.
// The literal is read through the data resolver (the function's own
// symbol, read-only), or else from the words of the current function.
func ldrLiteral(s *state) error {
	a := access{bytes: 4, load: true}
	switch field(s.enc, 31, 30) {
	case 1:
		a.bytes = 8
	case 2:
		a.signed, a.regw = true, 64
	}
	abs := s.in.PC + uint64(sext(uint64(field(s.enc, 23, 5)), 19)*4)
	if addr, ok := s.mem.AddressOf(abs); ok {
		return s.move(a, fRd(s.enc), addr)
	}
	s.event(Load, s.b.Uint(abs, 64), a.bytes)
	v, err := s.literal(abs, a.bytes)
	if err != nil {
		return err
	}
	if a.signed {
		v = s.b.SignExt(v, a.regw)
	}
	return s.setReg(fRd(s.enc), s.b.ZeroExt(v, 64))
}

// literalPool reports whether the n bytes at abs are literal pool words
// of the current function (decode.Inst.Data): constants the assembler
// placed there, the only code bytes a load may read.
func (s *state) literalPool(abs uint64, n int) bool {
	for pc := abs &^ 3; pc < abs+uint64(n); pc += 4 {
		i, ok := s.fn.find(pc)
		if !ok || !s.fn.insts[i].Data {
			return false
		}
	}
	return true
}

// literal reads n bytes at abs from the words of the current function.
func (s *state) literal(abs uint64, n int) (*term.Term, error) {
	var v uint64
	for k := 0; k < n; k++ {
		pc := abs + uint64(k)
		i, ok := s.fn.find(pc &^ 3)
		if !ok {
			return nil, fmt.Errorf("literal at %#x is outside %s and in no data symbol", abs, s.fn.name)
		}
		if !s.fn.insts[i].Data {
			return nil, fmt.Errorf("literal at %#x is an instruction of %s, not a literal pool word: %w", abs, s.fn.name, mem.ErrCodeLoad)
		}
		v |= uint64(s.fn.insts[i].Bytes[pc&3]) << uint(8*k)
	}
	return s.b.Uint(v, 8*n), nil
}

// ldstPair: LDP, STP, LDPSW, LDNP, STNP Rt, Rt2, [Rn|SP, #imm7×size] in
// the offset, non-temporal offset, post-index and pre-index modes (bits
// 24:23). Rt is at the address and Rt2 after it. A load with Rt = Rt2,
// and write-back with Rn equal to Rt or Rt2 (other than SP), are
// CONSTRAINED UNPREDICTABLE.
func ldstPair(s *state) error {
	opc := field(s.enc, 31, 30)
	load := bit(s.enc, 22)
	mode := field(s.enc, 24, 23)
	a := access{bytes: 4, load: load}
	switch {
	case opc == 3:
		return s.unsupported("unallocated load/store pair opcode")
	case opc == 2:
		a.bytes = 8
	case opc == 1 && (!load || mode == 0):
		return s.unsupported("STGP and unallocated pair forms are not modelled")
	case opc == 1:
		a.signed, a.regw = true, 64
	}
	n, t, t2 := fRn(s.enc), fRd(s.enc), fRa(s.enc)
	wback := mode == 1 || mode == 3
	switch {
	case load && t == t2:
		return s.unsupported("load pair with Rt = Rt2 is CONSTRAINED UNPREDICTABLE")
	case wback && n != regZR && (n == t || n == t2):
		return s.unsupported("write-back with Rn = Rt or Rt2 is CONSTRAINED UNPREDICTABLE")
	}
	off := sext(uint64(field(s.enc, 21, 15)), 7) * int64(a.bytes)
	b := s.b
	var addr, next *term.Term
	if wback {
		rn := s.regSP(n, 64)
		next = b.Add(rn, b.Uint(uint64(off), 64))
		addr = next
		if mode == 1 {
			addr = rn
		}
	} else {
		addr = s.base(off)
	}
	second := b.Add(addr, b.Uint(uint64(a.bytes), 64))
	if !load { // both registers are read before either access
		v1, v2 := s.reg(t, 8*a.bytes), s.reg(t2, 8*a.bytes)
		if err := s.storeAt(addr, v1); err != nil {
			return err
		}
		if err := s.storeAt(second, v2); err != nil {
			return err
		}
	} else {
		if err := s.move(a, t, addr); err != nil {
			return err
		}
		if err := s.move(a, t2, second); err != nil {
			return err
		}
	}
	if wback {
		return s.setRegSP(n, next)
	}
	return nil
}
