package amd64

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

func init() {
	register(mul, x86asm.MUL)
	register(imul, x86asm.IMUL)
	register(mulx, x86asm.MULX)
	register(div, x86asm.DIV, x86asm.IDIV)
}

const mulUndef = "SF, ZF, AF and PF are undefined after MUL and IMUL"

// accParts returns the registers holding the low and high halves of the
// double-width accumulator of MUL, IMUL and DIV for an operand of w bits:
// AL:AH for bytes, else AX:DX at width w.
func accParts(w int) (lo, hi x86asm.Reg) {
	switch w {
	case 8:
		return x86asm.AL, x86asm.AH
	case 16:
		return x86asm.AX, x86asm.DX
	case 32:
		return x86asm.EAX, x86asm.EDX
	}
	return x86asm.RAX, x86asm.RDX
}

// wideProduct is the 2w-bit product of x and y, unsigned or signed.
func wideProduct(b *term.Builder, x, y *term.Term, signed bool) *term.Term {
	w := x.Width()
	if signed {
		return b.Mul(b.SignExt(x, 2*w), b.SignExt(y, 2*w))
	}
	return b.Mul(b.ZeroExt(x, 2*w), b.ZeroExt(y, 2*w))
}

// mulAcc: MUL r/m and one-operand IMUL r/m set the double-width
// accumulator to AL/AX/EAX/RAX × r/m; CF and OF say whether the high half
// is significant (not zero, or not the sign extension of the low half).
func mulAcc(s *state, signed bool) error {
	src := s.x.Args[0]
	w := s.width(src)
	y, err := s.read(src, w)
	if err != nil {
		return err
	}
	loR, hiR := accParts(w)
	x, err := s.getReg(loR)
	if err != nil {
		return err
	}
	b := s.b
	p := wideProduct(b, x, y, signed)
	lo := b.Extract(p, w-1, 0)
	hi := b.Extract(p, 2*w-1, w)
	if w == 8 {
		err = s.setReg(x86asm.AX, p)
	} else if err = s.setReg(loR, lo); err == nil {
		err = s.setReg(hiR, hi)
	}
	if err != nil {
		return err
	}
	var big *term.Term
	if signed {
		big = b.Ne(p, b.SignExt(lo, 2*w))
	} else {
		big = b.Ne(hi, b.Zero(w))
	}
	s.setFlag(CF, big)
	s.setFlag(OF, big)
	s.undefine(fSF|fZF|fAF|fPF, mulUndef)
	return nil
}

func mul(s *state) error { return mulAcc(s, false) }

// imul: one-operand IMUL r/m (double-width), two-operand IMUL r, r/m and
// three-operand IMUL r, r/m, imm (truncated; CF = OF = the signed product
// does not fit).
func imul(s *state) error {
	args := s.x.Args
	if args[1] == nil {
		return mulAcc(s, true)
	}
	dst := args[0]
	w := s.width(dst)
	x, err := s.read(args[1], w)
	if err != nil {
		return err
	}
	var y *term.Term
	if args[2] != nil {
		y, err = s.read(args[2], w)
	} else {
		y, err = s.read(dst, w)
	}
	if err != nil {
		return err
	}
	b := s.b
	p := wideProduct(b, x, y, true)
	r := b.Extract(p, w-1, 0)
	if err := s.write(dst, r); err != nil {
		return err
	}
	big := b.Ne(p, b.SignExt(r, 2*w))
	s.setFlag(CF, big)
	s.setFlag(OF, big)
	s.undefine(fSF|fZF|fAF|fPF, mulUndef)
	return nil
}

// mulx: MULX hi, lo, r/m sets hi:lo = DX × r/m (EDX or RDX) without
// touching the flags. When hi and lo are the same register it receives the
// high half.
func mulx(s *state) error {
	args := s.x.Args
	w := s.x.DataSize
	if w != 32 && w != 64 {
		return s.unsupported(fmt.Sprintf("MULX of width %d", w))
	}
	y, err := s.read(args[2], w)
	if err != nil {
		return err
	}
	dx := x86asm.RDX
	if w == 32 {
		dx = x86asm.EDX
	}
	x, err := s.getReg(dx)
	if err != nil {
		return err
	}
	b := s.b
	p := wideProduct(b, x, y, false)
	if err := s.write(args[1], b.Extract(p, w-1, 0)); err != nil {
		return err
	}
	return s.write(args[0], b.Extract(p, 2*w-1, w))
}

// div: DIV and IDIV r/m divide the double-width accumulator by r/m,
// quotient in the low half, remainder in the high half; all flags become
// undefined. The divide-error exception (zero divisor, quotient too wide)
// is not modelled, so the lifter requires that it provably cannot happen:
// the condition must simplify to false (constant operands, or a high half
// known to be zero or sign bits and a constant non-zero divisor), else the
// instruction is reported as unsupported.
func div(s *state) error {
	signed := s.x.Op == x86asm.IDIV
	src := s.x.Args[0]
	w := s.width(src)
	d, err := s.read(src, w)
	if err != nil {
		return err
	}
	loR, hiR := accParts(w)
	var n *term.Term // the 2w-bit dividend
	if w == 8 {
		n, err = s.getReg(x86asm.AX)
	} else {
		var lo, hi *term.Term
		if lo, err = s.getReg(loR); err == nil {
			if hi, err = s.getReg(hiR); err == nil {
				n = s.b.Concat(hi, lo)
			}
		}
	}
	if err != nil {
		return err
	}
	b := s.b
	s.event(VarTime, nil, 0, n, d)
	var q, r, fault *term.Term
	if signed {
		dd := b.SignExt(d, 2*w)
		q, r = b.SDiv(n, dd), b.SRem(n, dd)
		fault = b.Or(b.Eq(d, b.Zero(w)), b.Ne(q, b.SignExt(b.Extract(q, w-1, 0), 2*w)))
	} else {
		dd := b.ZeroExt(d, 2*w)
		q, r = b.UDiv(n, dd), b.URem(n, dd)
		fault = b.Or(b.Eq(d, b.Zero(w)), b.Uge(b.Extract(n, 2*w-1, w), d))
	}
	if !isFalse(fault) {
		return s.unsupported("the divide-error exception (zero divisor or quotient overflow) is not modelled and cannot be ruled out")
	}
	q, r = b.Extract(q, w-1, 0), b.Extract(r, w-1, 0)
	if w == 8 {
		err = s.setReg(x86asm.AX, b.Concat(r, q))
	} else if err = s.setReg(loR, q); err == nil {
		err = s.setReg(hiR, r)
	}
	if err != nil {
		return err
	}
	s.undefine(fAll, "all flags are undefined after DIV and IDIV")
	return nil
}
