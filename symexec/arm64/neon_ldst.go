package arm64

import (
	A "golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

// AdvSIMD loads and stores: LD1/ST1 (multiple structures, 1-4 registers,
// no offset and post-index), LD1R-LD4R (one element per register,
// replicated into every lane; no offset and post-index), LDR/STR of Q
// registers (unsigned offset,
// pre- and post-index), LDP/STP of Q registers (signed offset, pre- and
// post-index). Each register is one access of 8 or 16 bytes through the
// scalar load/store helpers (events, regions); memory order is the
// register's little-endian byte order for every arrangement.

func init() {
	for _, r := range []struct {
		n   string
		opc uint32
	}{{"1", 0x7}, {"2", 0xA}, {"3", 0x6}, {"4", 0x2}} {
		registerNeon("LD1/ST1 ("+r.n+" register, no offset)", 0xBFBFF000, 0x0C000000|r.opc<<12, neonLd1, A.LD1, A.ST1)
		registerNeon("LD1/ST1 ("+r.n+" register, post-index)", 0xBFA0F000, 0x0C800000|r.opc<<12, neonLd1, A.LD1, A.ST1)
	}
	for _, r := range []struct {
		n    string
		bits uint32 // opcode<0> (bit 13) and R (bit 21)
	}{{"1", 0}, {"2", 1 << 21}, {"3", 1 << 13}, {"4", 1<<13 | 1<<21}} {
		registerNeon("LD"+r.n+"R (no offset)", 0xBFFFF000, 0x0D40C000|r.bits, neonLdR, A.LD1R, A.LD2R, A.LD3R, A.LD4R)
		registerNeon("LD"+r.n+"R (post-index)", 0xBFE0F000, 0x0DC0C000|r.bits, neonLdR, A.LD1R, A.LD2R, A.LD3R, A.LD4R)
	}
	registerNeon("LDR/STR Q (unsigned offset)", 0xFF800000, 0x3D800000, neonLdrQ, A.LDR, A.STR)
	for _, sz := range []struct {
		name  string
		value uint32
	}{{"B", 0x3D000000}, {"H", 0x7D000000}, {"S", 0xBD000000}, {"D", 0xFD000000}} {
		registerNeon("LDR/STR "+sz.name+" (unsigned offset)", 0xFF800000, sz.value, neonLdrScalar, A.LDR, A.STR)
	}
	registerNeon("LDR/STR Q (post-index)", 0xFFA00C00, 0x3C800400, neonLdrQ, A.LDR, A.STR)
	registerNeon("LDR/STR Q (pre-index)", 0xFFA00C00, 0x3C800C00, neonLdrQ, A.LDR, A.STR)
	registerNeon("LDP/STP Q (post-index)", 0xFF800000, 0xAC800000, neonLdpQ, A.LDP, A.STP)
	registerNeon("LDP/STP Q (signed offset)", 0xFF800000, 0xAD000000, neonLdpQ, A.LDP, A.STP)
	registerNeon("LDP/STP Q (pre-index)", 0xFF800000, 0xAD800000, neonLdpQ, A.LDP, A.STP)
}

// vmove loads Vt (n bytes, zero-extended) from addr or stores its low n
// bytes there.
func (s *state) vmove(load bool, t, n int, addr *term.Term) error {
	if !load {
		return s.storeAt(addr, s.b.Extract(s.vreg(t), 8*n-1, 0))
	}
	v, err := s.loadAt(addr, n)
	if err != nil {
		return err
	}
	s.setV(t, v)
	return nil
}

func neonLd1(s *state) error {
	e := s.enc
	var regs int
	switch field(e, 15, 12) {
	case 0x7:
		regs = 1
	case 0xA:
		regs = 2
	case 0x6:
		regs = 3
	default:
		regs = 4
	}
	n := 8
	if vq(e) {
		n = 16
	}
	load := bit(e, 22)
	base := s.regSP(fRn(e), 64)
	b := s.b
	t := fRd(e)
	for r := 0; r < regs; r++ {
		if err := s.vmove(load, (t+r)%32, n, b.Add(base, b.Uint(uint64(r*n), 64))); err != nil {
			return err
		}
	}
	if !bit(e, 23) {
		return nil
	}
	var off *term.Term
	if m := fRm(e); m == regZR {
		off = b.Uint(uint64(regs*n), 64)
	} else {
		off = s.reg(m, 64)
	}
	return s.setRegSP(fRn(e), b.Add(base, off))
}

// neonLdR: LDnR loads n consecutive elements of 1, 2, 4 or 8 bytes and
// replicates element r into every lane of V(t+r) (64 bits, the rest
// zeroed, or 128); post-index adds n times the element size, or Xm.
func neonLdR(s *state) error {
	e := s.enc
	regs := int(field(e, 13, 13)<<1|field(e, 21, 21)) + 1
	n := 1 << field(e, 11, 10)
	width := 64
	if vq(e) {
		width = 128
	}
	b := s.b
	base := s.regSP(fRn(e), 64)
	t := fRd(e)
	for r := 0; r < regs; r++ {
		v, err := s.loadAt(b.Add(base, b.Uint(uint64(r*n), 64)), n)
		if err != nil {
			return err
		}
		lanes := make([]*term.Term, width/(8*n))
		for i := range lanes {
			lanes[i] = v
		}
		s.setV((t+r)%32, b.Concat(lanes...))
	}
	if !bit(e, 23) {
		return nil
	}
	off := b.Uint(uint64(regs*n), 64)
	if m := fRm(e); m != regZR {
		off = s.reg(m, 64)
	}
	return s.setRegSP(fRn(e), b.Add(base, off))
}

func neonLdrQ(s *state) error {
	e := s.enc
	load := bit(e, 22)
	b := s.b
	if bit(e, 24) { // unsigned offset
		return s.vmove(load, fRd(e), 16, s.base(int64(field(e, 21, 10))*16))
	}
	off := int64(int32(field(e, 20, 12)<<23) >> 23)
	base := s.regSP(fRn(e), 64)
	moved := b.Add(base, b.Uint(uint64(off), 64))
	addr := base
	if bit(e, 11) { // pre-index
		addr = moved
	}
	if err := s.vmove(load, fRd(e), 16, addr); err != nil {
		return err
	}
	return s.setRegSP(fRn(e), moved)
}

func neonLdpQ(s *state) error {
	e := s.enc
	load := bit(e, 22)
	t, t2 := fRd(e), int(field(e, 14, 10))
	if load && t == t2 {
		return s.reserved("LDP with Rt = Rt2 is CONSTRAINED UNPREDICTABLE")
	}
	b := s.b
	off := int64(int32(field(e, 21, 15)<<25)>>25) * 16
	mode := field(e, 24, 23) // 1 post, 2 signed offset, 3 pre
	base := s.regSP(fRn(e), 64)
	addr := base
	if mode != 1 {
		addr = s.base(off)
	}
	if err := s.vmove(load, t, 16, addr); err != nil {
		return err
	}
	if err := s.vmove(load, t2, 16, b.Add(addr, b.Uint(16, 64))); err != nil {
		return err
	}
	if mode == 2 {
		return nil
	}
	return s.setRegSP(fRn(e), b.Add(base, b.Uint(uint64(off), 64)))
}

// neonLdrScalar: LDR and STR of a B, H, S or D register at an unsigned
// offset (imm12 scaled by the size); a load zeroes the rest of the V
// register.
func neonLdrScalar(s *state) error {
	e := s.enc
	n := 1 << field(e, 31, 30)
	return s.vmove(bit(e, 22), fRd(e), n, s.base(int64(field(e, 21, 10))*int64(n)))
}
