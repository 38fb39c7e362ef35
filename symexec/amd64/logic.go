package amd64

import (
	"golang.org/x/arch/x86/x86asm"
)

func init() {
	register(logic, x86asm.AND, x86asm.OR, x86asm.XOR, x86asm.TEST)
	register(not, x86asm.NOT)
	register(andn, x86asm.ANDN)
	register(bt, x86asm.BT)
}

// logic: AND, OR, XOR and TEST r/m, r/m/imm clear CF and OF, set SF, ZF
// and PF from the result and leave AF undefined. TEST does not write.
func logic(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	x, err := s.read(dst, w)
	if err != nil {
		return err
	}
	y, err := s.read(s.x.Args[1], w)
	if err != nil {
		return err
	}
	b := s.b
	var r = b.And(x, y)
	switch s.x.Op {
	case x86asm.OR:
		r = b.Or(x, y)
	case x86asm.XOR:
		r = b.Xor(x, y)
	}
	if s.x.Op != x86asm.TEST {
		if err := s.write(dst, r); err != nil {
			return err
		}
	}
	s.setLogic(r)
	return nil
}

// not: NOT r/m complements; no flag changes.
func not(s *state) error {
	dst := s.x.Args[0]
	x, err := s.read(dst, s.width(dst))
	if err != nil {
		return err
	}
	return s.write(dst, s.b.Not(x))
}

// andn: ANDN r, r1, r/m sets r = ¬r1 ∧ r/m; SF and ZF from the result, CF
// and OF cleared, AF and PF undefined.
func andn(s *state) error {
	args := s.x.Args
	dst := args[0]
	w := s.width(dst)
	x, err := s.read(args[1], w)
	if err != nil {
		return err
	}
	y, err := s.read(args[2], w)
	if err != nil {
		return err
	}
	b := s.b
	r := b.And(b.Not(x), y)
	if err := s.write(dst, r); err != nil {
		return err
	}
	s.setFlag(CF, b.Bool(false))
	s.setFlag(OF, b.Bool(false))
	s.setLazy(fSF|fZF, &lazyFlags{kind: lzResult, r: r})
	s.undefine(fAF|fPF, "AF and PF are undefined after ANDN")
	return nil
}

// bt: BT r/m, r/imm copies the selected bit into CF; ZF is unchanged; OF,
// SF, AF and PF are undefined. The bit offset is taken modulo the operand
// width, except that a register offset with a memory base addresses a bit
// string beyond the operand, which is not modelled.
func bt(s *state) error {
	base, off := s.x.Args[0], s.x.Args[1]
	w := s.width(base)
	_, memBase := base.(x86asm.Mem)
	_, immOff := off.(x86asm.Imm)
	if memBase && !immOff {
		return s.unsupported("BT with a memory bit string and a register offset")
	}
	x, err := s.read(base, w)
	if err != nil {
		return err
	}
	n, err := s.read(off, w)
	if err != nil {
		return err
	}
	b := s.b
	n = b.And(n, b.Uint(uint64(w-1), w))
	s.setFlag(CF, b.Bit(b.Lshr(x, n), 0))
	s.undefine(fOF|fSF|fAF|fPF, "OF, SF, AF and PF are undefined after BT")
	return nil
}
