package amd64

import (
	"golang.org/x/arch/x86/x86asm"
)

func init() {
	register(nop, x86asm.NOP, x86asm.PAUSE)
	register(signExtendAcc, x86asm.CBW, x86asm.CWDE, x86asm.CDQE)
	register(signExtendInto, x86asm.CWD, x86asm.CDQ, x86asm.CQO)
}

// nop: NOP in all its forms (the multi-byte NOP's memory operand is not
// accessed), and PAUSE.
func nop(s *state) error { return nil }

// signExtendAcc: CBW, CWDE and CDQE sign-extend the low half of AX, EAX or
// RAX into the whole.
func signExtendAcc(s *state) error {
	var from, to x86asm.Reg
	switch s.x.Op {
	case x86asm.CBW:
		from, to = x86asm.AL, x86asm.AX
	case x86asm.CWDE:
		from, to = x86asm.AX, x86asm.EAX
	default:
		from, to = x86asm.EAX, x86asm.RAX
	}
	v, err := s.getReg(from)
	if err != nil {
		return err
	}
	g, _ := gprOf(to)
	return s.setReg(to, s.b.SignExt(v, g.w))
}

// signExtendInto: CWD, CDQ and CQO fill DX, EDX or RDX with the sign of AX,
// EAX or RAX.
func signExtendInto(s *state) error {
	var from, to x86asm.Reg
	switch s.x.Op {
	case x86asm.CWD:
		from, to = x86asm.AX, x86asm.DX
	case x86asm.CDQ:
		from, to = x86asm.EAX, x86asm.EDX
	default:
		from, to = x86asm.RAX, x86asm.RDX
	}
	v, err := s.getReg(from)
	if err != nil {
		return err
	}
	w := v.Width()
	return s.setReg(to, s.b.SignExt(s.b.Bit(v, w-1), w))
}
