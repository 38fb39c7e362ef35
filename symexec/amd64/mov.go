package amd64

import (
	"golang.org/x/arch/x86/x86asm"
)

func init() {
	register(mov, x86asm.MOV)
	register(movx, x86asm.MOVZX, x86asm.MOVSX, x86asm.MOVSXD)
	register(lea, x86asm.LEA)
	register(xchg, x86asm.XCHG)
}

// mov: MOV r/m, r/m/imm in every width, including the 64-bit immediate
// (MOVABS) and absolute-address forms. Segment and control registers are
// rejected by the operand accessors.
func mov(s *state) error {
	dst := s.x.Args[0]
	v, err := s.read(s.x.Args[1], s.width(dst))
	if err != nil {
		return err
	}
	return s.write(dst, v)
}

// movx: MOVZX, MOVSX and MOVSXD r, r/m extend a narrower source.
func movx(s *state) error {
	dst, src := s.x.Args[0], s.x.Args[1]
	w, ws := s.width(dst), s.width(src)
	v, err := s.read(src, ws)
	if err != nil {
		return err
	}
	switch {
	case ws > w:
		return s.unsupported("source wider than destination")
	case s.x.Op == x86asm.MOVZX:
		v = s.b.ZeroExt(v, w)
	default:
		v = s.b.SignExt(v, w)
	}
	return s.write(dst, v)
}

// lea: LEA r, m computes the address (truncated to the destination
// width) without accessing memory.
func lea(s *state) error {
	m, ok := s.x.Args[1].(x86asm.Mem)
	if !ok {
		return s.unsupported("LEA without a memory operand")
	}
	if m.Segment == x86asm.FS || m.Segment == x86asm.GS {
		m.Segment = 0 // LEA ignores the segment
	}
	a, err := s.addr(m)
	if err != nil {
		return err
	}
	dst := s.x.Args[0]
	w := s.width(dst)
	if w < 64 {
		a = s.b.Extract(a, w-1, 0)
	}
	return s.write(dst, a)
}

// xchg: XCHG r/m, r swaps (with a memory operand it is also a locked
// read-modify-write, which is the same in a single thread).
func xchg(s *state) error {
	a, c := s.x.Args[0], s.x.Args[1]
	w := s.width(a)
	x, err := s.read(a, w)
	if err != nil {
		return err
	}
	y, err := s.read(c, w)
	if err != nil {
		return err
	}
	if err := s.write(a, y); err != nil {
		return err
	}
	return s.write(c, x)
}
