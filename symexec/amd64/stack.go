package amd64

import (
	"golang.org/x/arch/x86/x86asm"
)

func init() {
	register(push, x86asm.PUSH)
	register(pop, x86asm.POP)
}

// push: PUSH r/m/imm (64-bit; immediates sign-extended). The operand is
// read before SP is decremented, so PUSH SP and PUSH [SP+n] use the old SP.
func push(s *state) error {
	src := s.x.Args[0]
	if _, imm := src.(x86asm.Imm); (!imm && s.width(src) != 64) || (imm && s.x.DataSize == 16) {
		return s.unsupported("16-bit PUSH")
	}
	v, err := s.read(src, 64)
	if err != nil {
		return err
	}
	b := s.b
	sp := b.Sub(s.regs[RSP], b.Uint(8, 64))
	if err := s.storeAt(sp, v); err != nil {
		return err
	}
	s.regs[RSP] = sp
	return nil
}

// pop: POP r/m (64-bit). SP is incremented before the destination is
// written, so POP SP loads SP and POP [SP+n] addresses with the new SP.
func pop(s *state) error {
	dst := s.x.Args[0]
	if s.width(dst) != 64 {
		return s.unsupported("16-bit POP")
	}
	b := s.b
	sp := s.regs[RSP]
	v, err := s.loadAt(sp, 8)
	if err != nil {
		return err
	}
	s.regs[RSP] = b.Add(sp, b.Uint(8, 64))
	return s.write(dst, v)
}
