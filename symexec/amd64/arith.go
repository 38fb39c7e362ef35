package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

func init() {
	register(addsub, x86asm.ADD, x86asm.ADC, x86asm.SUB, x86asm.SBB, x86asm.CMP)
	register(neg, x86asm.NEG)
	register(incdec, x86asm.INC, x86asm.DEC)
	register(adx, OpADCX, OpADOX)
	register(flagOps, x86asm.CLC, x86asm.STC, x86asm.CMC)
}

// addsub: ADD, ADC, SUB, SBB and CMP r/m, r/m/imm. All six flags are
// defined by the result (SDM: OF, SF, ZF, AF, CF and PF are set according
// to the result).
func addsub(s *state) error {
	op := s.x.Op
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
	var c *term.Term
	if op == x86asm.ADC || op == x86asm.SBB {
		if c, err = s.getFlag(CF); err != nil {
			return err
		}
	}
	b := s.b
	lz := &lazyFlags{x: x, y: y, c: c}
	switch op {
	case x86asm.ADD, x86asm.ADC:
		lz.kind = lzAdd
		lz.r = b.Add(x, y)
		if c != nil {
			lz.r = b.Add(lz.r, b.ZeroExt(c, w))
		}
	default:
		lz.kind = lzSub
		lz.r = b.Sub(x, y)
		if c != nil {
			lz.r = b.Sub(lz.r, b.ZeroExt(c, w))
		}
	}
	if op != x86asm.CMP {
		if err := s.write(dst, lz.r); err != nil {
			return err
		}
	}
	s.setLazy(fAll, lz)
	return nil
}

// neg: NEG r/m is 0 − x with the flags of that subtraction (CF = x ≠ 0).
func neg(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	x, err := s.read(dst, w)
	if err != nil {
		return err
	}
	b := s.b
	lz := &lazyFlags{kind: lzSub, x: b.Zero(w), y: x, r: b.Neg(x)}
	if err := s.write(dst, lz.r); err != nil {
		return err
	}
	s.setLazy(fAll, lz)
	return nil
}

// incdec: INC and DEC r/m set OF, SF, ZF, AF and PF like x ± 1 and leave CF
// unchanged.
func incdec(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	x, err := s.read(dst, w)
	if err != nil {
		return err
	}
	b := s.b
	one := b.Uint(1, w)
	lz := &lazyFlags{kind: lzAdd, x: x, y: one, r: b.Add(x, one)}
	if s.x.Op == x86asm.DEC {
		lz.kind, lz.r = lzSub, b.Sub(x, one)
	}
	if err := s.write(dst, lz.r); err != nil {
		return err
	}
	s.setLazy(fAll&^fCF, lz)
	return nil
}

// adx: ADCX r, r/m adds with CF as carry in and out; ADOX r, r/m adds with
// OF as carry in and out (OF receives the unsigned carry). No other flag
// changes.
func adx(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	if _, ok := dst.(x86asm.Reg); !ok || (w != 32 && w != 64) {
		return s.unsupported("ADCX/ADOX needs a 32- or 64-bit register destination")
	}
	f := CF
	if s.x.Op == OpADOX {
		f = OF
	}
	c, err := s.getFlag(f)
	if err != nil {
		return err
	}
	x, err := s.read(dst, w)
	if err != nil {
		return err
	}
	y, err := s.read(s.x.Args[1], w)
	if err != nil {
		return err
	}
	b := s.b
	r := b.Add(b.Add(x, y), b.ZeroExt(c, w))
	if err := s.write(dst, r); err != nil {
		return err
	}
	if f == CF {
		s.flags[CF] = flag{lz: &lazyFlags{kind: lzAdd, x: x, y: y, c: c, r: r}}
	} else {
		s.setFlag(OF, carryOut(b, x, y, c))
	}
	return nil
}

// flagOps: CLC, STC and CMC clear, set and complement CF.
func flagOps(s *state) error {
	b := s.b
	switch s.x.Op {
	case x86asm.CLC:
		s.setFlag(CF, b.Bool(false))
	case x86asm.STC:
		s.setFlag(CF, b.Bool(true))
	default:
		c, err := s.getFlag(CF)
		if err != nil {
			return err
		}
		s.setFlag(CF, b.Not(c))
	}
	return nil
}
