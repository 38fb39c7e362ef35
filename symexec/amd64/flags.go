package amd64

import (
	"vg.dev/symexec/term"
)

// Flag values are built on demand: an arithmetic instruction records its
// operands and result once (lazyFlags), and a flag's term is made only when
// an instruction reads it.

type lazyKind uint8

const (
	lzAdd    lazyKind = iota // r = x + y + c
	lzSub                    // r = x − y − c
	lzResult                 // only SF, ZF and PF, from r
)

type lazyFlags struct {
	kind    lazyKind
	x, y, c *term.Term // c: carry or borrow in (width 1), or nil
	r       *term.Term
}

// flagSet is a set of flags (1<<CF | ...).
type flagSet uint8

const (
	fCF flagSet = 1 << CF
	fPF flagSet = 1 << PF
	fAF flagSet = 1 << AF
	fZF flagSet = 1 << ZF
	fSF flagSet = 1 << SF
	fOF flagSet = 1 << OF

	fAll    = fCF | fPF | fAF | fZF | fSF | fOF
	fResult = fSF | fZF | fPF // the flags every arithmetic result defines
)

// getFlag returns flag f, or an UndefinedFlagError naming the current
// instruction as the reader.
func (s *state) getFlag(f int) (*term.Term, error) {
	fl := &s.flags[f]
	if fl.v != nil {
		return fl.v, nil
	}
	if fl.lz != nil {
		fl.v = s.compute(f, fl.lz)
		return fl.v, nil
	}
	e := &UndefinedFlagError{
		Flag: FlagNames[f], Inst: syntax(s.in, s.x), Func: s.fn.name,
		PC: s.in.PC, File: s.in.File, Line: s.in.Line, Why: fl.why,
	}
	if fl.by != nil {
		e.By = syntax(fl.by, fl.bx)
		e.ByPC, e.ByFile, e.ByLine = fl.by.PC, fl.by.File, fl.by.Line
	}
	return nil, e
}

// setFlag defines flag f.
func (s *state) setFlag(f int, v *term.Term) {
	if v.Width() != 1 {
		panic("amd64: flag of width != 1")
	}
	s.flags[f] = flag{v: v}
}

// undefine leaves the flags in fs undefined by the current instruction.
func (s *state) undefine(fs flagSet, why string) {
	for f := 0; f < nflags; f++ {
		if fs&(1<<f) != 0 {
			s.flags[f] = flag{by: s.in, bx: s.x, why: why}
		}
	}
}

// setLazy defines the flags in fs from the operation described by lz.
func (s *state) setLazy(fs flagSet, lz *lazyFlags) {
	for f := 0; f < nflags; f++ {
		if fs&(1<<f) != 0 {
			s.flags[f] = flag{lz: lz}
		}
	}
}

// compute builds flag f of the operation lz, per the Intel SDM definitions:
// CF is the carry (borrow) out of the most significant bit, OF the signed
// overflow, AF the carry (borrow) out of bit 3, PF the even parity of the
// low byte of the result, ZF whether it is zero, SF its sign.
func (s *state) compute(f int, lz *lazyFlags) *term.Term {
	b := s.b
	r := lz.r
	w := r.Width()
	switch f {
	case ZF:
		return b.Eq(r, b.Zero(w))
	case SF:
		return b.Bit(r, w-1)
	case PF:
		bits := make([]*term.Term, 8)
		for i := range bits {
			bits[i] = b.Bit(r, i)
		}
		return b.Not(b.Xor(bits...))
	case AF:
		return b.Bit(b.Xor(lz.x, lz.y, r), 4)
	}
	x, y := lz.x, lz.y
	switch {
	case f == CF && lz.kind == lzAdd:
		return carryOut(b, x, y, lz.c)
	case f == CF && lz.kind == lzSub:
		if lz.c == nil {
			return b.Ult(x, y)
		}
		wide := b.Sub(b.ZeroExt(x, w+1), b.Add(b.ZeroExt(y, w+1), b.ZeroExt(lz.c, w+1)))
		return b.Bit(wide, w)
	case f == OF && lz.kind == lzAdd:
		return b.Bit(b.And(b.Xor(x, r), b.Xor(y, r)), w-1)
	case f == OF && lz.kind == lzSub:
		return b.Bit(b.And(b.Xor(x, y), b.Xor(x, r)), w-1)
	}
	panic("amd64: flag " + FlagNames[f] + " of a result-only operation")
}

// carryOut is the carry out of the most significant bit of x + y + c.
func carryOut(b *term.Builder, x, y, c *term.Term) *term.Term {
	w := x.Width()
	sum := b.Add(b.ZeroExt(x, w+1), b.ZeroExt(y, w+1))
	if c != nil {
		sum = b.Add(sum, b.ZeroExt(c, w+1))
	}
	return b.Bit(sum, w)
}

// setLogic sets the flags of a logical operation with result r: CF and OF
// cleared, SF, ZF and PF from the result, AF undefined.
func (s *state) setLogic(r *term.Term) {
	s.setFlag(CF, s.b.Bool(false))
	s.setFlag(OF, s.b.Bool(false))
	s.setLazy(fResult, &lazyFlags{kind: lzResult, r: r})
	s.undefine(fAF, "AF is undefined after a logical operation")
}
