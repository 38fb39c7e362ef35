package amd64

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

func init() {
	register(shift, x86asm.SHL, x86asm.SHR, x86asm.SAR)
	register(rotate, x86asm.ROL, x86asm.ROR)
	register(shiftDouble, x86asm.SHLD, x86asm.SHRD)
	register(shiftX, x86asm.SHLX, x86asm.SHRX, x86asm.SARX)
	register(rorx, x86asm.RORX)
	register(bswap, x86asm.BSWAP)
}

const symbolicCount = "a shift or rotate by a non-constant count leaves the flags it may write undefined (they depend on whether the count is 0 or 1)"

// countMask is the mask applied to shift and rotate counts: 6 bits for
// 64-bit operands, else 5.
func countMask(w int) uint64 {
	if w == 64 {
		return 63
	}
	return 31
}

// count returns the masked count operand, as a constant when it is one.
func (s *state) count(a x86asm.Arg, w int) (k int, t *term.Term, err error) {
	mask := countMask(w)
	switch a := a.(type) {
	case x86asm.Imm:
		return int(uint64(a) & mask), nil, nil
	case x86asm.Reg:
		if a != x86asm.CL {
			return 0, nil, s.unsupported(fmt.Sprintf("count in %v", a))
		}
		cl, err := s.getReg(x86asm.CL)
		if err != nil {
			return 0, nil, err
		}
		t := s.b.And(cl, s.b.Uint(mask, 8))
		if v, ok := t.Uint64(); ok {
			return int(v), nil, nil
		}
		return -1, t, nil
	}
	return 0, nil, s.unsupported(fmt.Sprintf("count operand %v", a))
}

// countOf widens an 8-bit count term to w bits.
func countOf(b *term.Builder, t *term.Term, w int) *term.Term {
	if w == 8 {
		return t
	}
	return b.ZeroExt(t, w)
}

// shift: SHL, SHR and SAR r/m, imm/CL. With a masked count of 0 nothing
// but the destination write happens (flags unchanged). Otherwise CF is the
// last bit shifted out (undefined when the count reaches the operand
// width), OF is defined only for a count of 1 (SHL: MSB(result) ⊕ CF; SHR:
// MSB(original); SAR: 0), SF, ZF and PF follow the result, AF is
// undefined.
func shift(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	x, err := s.read(dst, w)
	if err != nil {
		return err
	}
	k, kt, err := s.count(s.x.Args[1], w)
	if err != nil {
		return err
	}
	b := s.b
	op := s.x.Op
	if kt != nil {
		n := countOf(b, kt, w)
		var r *term.Term
		switch op {
		case x86asm.SHL:
			r = b.Shl(x, n)
		case x86asm.SHR:
			r = b.Lshr(x, n)
		default:
			r = b.Ashr(x, n)
		}
		s.undefine(fAll, symbolicCount)
		return s.write(dst, r)
	}
	if k == 0 {
		return s.write(dst, x)
	}
	var r, cf, of *term.Term
	switch op {
	case x86asm.SHL:
		r = b.ShlC(x, k)
		if k < w {
			cf = b.Bit(x, w-k)
			of = b.Xor(b.Bit(r, w-1), cf)
		}
	case x86asm.SHR:
		r = b.LshrC(x, k)
		if k < w {
			cf = b.Bit(x, k-1)
		}
		of = b.Bit(x, w-1)
	default:
		r = b.AshrC(x, k)
		if k < w {
			cf = b.Bit(x, k-1)
		}
		of = b.Bool(false)
	}
	if err := s.write(dst, r); err != nil {
		return err
	}
	if cf != nil {
		s.setFlag(CF, cf)
	} else {
		s.undefine(fCF, fmt.Sprintf("CF is undefined after %v by %d ≥ the operand width", op, k))
	}
	if k == 1 && of != nil {
		s.setFlag(OF, of)
	} else {
		s.undefine(fOF, "OF is undefined after a shift by more than 1")
	}
	s.setLazy(fResult, &lazyFlags{kind: lzResult, r: r})
	s.undefine(fAF, "AF is undefined after a shift")
	return nil
}

// rotate: ROL and ROR r/m, imm/CL rotate by the masked count modulo the
// width. A masked count of 0 changes no flag; otherwise CF receives the
// bit rotated into it (ROL: LSB of the result, ROR: its MSB) and OF is
// defined only for a count of 1 (ROL: MSB ⊕ CF; ROR: the two top bits of
// the result differ). SF, ZF, AF and PF are unchanged.
func rotate(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	x, err := s.read(dst, w)
	if err != nil {
		return err
	}
	k, kt, err := s.count(s.x.Args[1], w)
	if err != nil {
		return err
	}
	b := s.b
	left := s.x.Op == x86asm.ROL
	if kt != nil {
		n := countOf(b, kt, w)
		if w < 32 {
			n = b.URem(n, b.Uint(uint64(w), w))
		}
		m := b.Sub(b.Uint(uint64(w), w), n)
		var r *term.Term
		if left {
			r = b.Or(b.Shl(x, n), b.Lshr(x, m))
		} else {
			r = b.Or(b.Lshr(x, n), b.Shl(x, m))
		}
		s.undefine(fCF|fOF, symbolicCount)
		return s.write(dst, r)
	}
	if k == 0 {
		return s.write(dst, x)
	}
	var r, cf, of *term.Term
	if left {
		r = b.RotL(x, k%w)
		cf = b.Bit(r, 0)
		of = b.Xor(b.Bit(r, w-1), cf)
	} else {
		r = b.RotR(x, k%w)
		cf = b.Bit(r, w-1)
		of = b.Xor(b.Bit(r, w-1), b.Bit(r, w-2))
	}
	if err := s.write(dst, r); err != nil {
		return err
	}
	s.setFlag(CF, cf)
	if k == 1 {
		s.setFlag(OF, of)
	} else {
		s.undefine(fOF, "OF is undefined after a rotate by more than 1")
	}
	return nil
}

// shiftDouble: SHLD and SHRD r/m, r, imm/CL shift the destination, filling
// from the source. A masked count of 0 changes nothing; a count above the
// operand width (16-bit forms) gives an undefined result and is not
// modelled. CF is the last bit shifted out of the destination, OF (count 1
// only) whether the sign changed, SF, ZF and PF follow the result, AF is
// undefined.
func shiftDouble(s *state) error {
	args := s.x.Args
	dst := args[0]
	w := s.width(dst)
	x, err := s.read(dst, w)
	if err != nil {
		return err
	}
	y, err := s.read(args[1], w)
	if err != nil {
		return err
	}
	k, kt, err := s.count(args[2], w)
	if err != nil {
		return err
	}
	b := s.b
	left := s.x.Op == x86asm.SHLD
	if kt != nil {
		if w < 32 {
			return s.unsupported("16-bit double shift by a non-constant count")
		}
		n := countOf(b, kt, w)
		m := b.Sub(b.Uint(uint64(w), w), n)
		var r *term.Term
		if left {
			r = b.Or(b.Shl(x, n), b.Lshr(y, m))
		} else {
			r = b.Or(b.Lshr(x, n), b.Shl(y, m))
		}
		s.undefine(fAll, symbolicCount)
		return s.write(dst, r)
	}
	if k == 0 {
		return s.write(dst, x)
	}
	if k > w {
		return s.unsupported(fmt.Sprintf("count %d exceeds the operand width (undefined result)", k))
	}
	var r, cf *term.Term
	if left {
		r = b.Extract(b.Concat(x, y), 2*w-1-k, w-k)
		cf = b.Bit(x, w-k)
	} else {
		r = b.Extract(b.Concat(y, x), k+w-1, k)
		cf = b.Bit(x, k-1)
	}
	if err := s.write(dst, r); err != nil {
		return err
	}
	s.setFlag(CF, cf)
	if k == 1 {
		s.setFlag(OF, b.Xor(b.Bit(r, w-1), b.Bit(x, w-1)))
	} else {
		s.undefine(fOF, "OF is undefined after a double shift by more than 1")
	}
	s.setLazy(fResult, &lazyFlags{kind: lzResult, r: r})
	s.undefine(fAF, "AF is undefined after a double shift")
	return nil
}

// shiftX: SHLX, SHRX and SARX r, r/m, r shift by the count register masked
// to 5 or 6 bits, without touching the flags.
func shiftX(s *state) error {
	args := s.x.Args
	dst := args[0]
	w := s.width(dst)
	x, err := s.read(args[1], w)
	if err != nil {
		return err
	}
	n, err := s.read(args[2], w)
	if err != nil {
		return err
	}
	b := s.b
	n = b.And(n, b.Uint(countMask(w), w))
	var r *term.Term
	switch s.x.Op {
	case x86asm.SHLX:
		r = b.Shl(x, n)
	case x86asm.SHRX:
		r = b.Lshr(x, n)
	default:
		r = b.Ashr(x, n)
	}
	return s.write(dst, r)
}

// rorx: RORX r, r/m, imm8 rotates right by the masked immediate without
// touching the flags.
func rorx(s *state) error {
	args := s.x.Args
	dst := args[0]
	w := s.width(dst)
	x, err := s.read(args[1], w)
	if err != nil {
		return err
	}
	imm, ok := args[2].(x86asm.Imm)
	if !ok {
		return s.unsupported("RORX without an immediate count")
	}
	return s.write(dst, s.b.RotR(x, int(uint64(imm)&countMask(w))))
}

// bswap: BSWAP r32/r64 reverses the byte order (the 16-bit form is
// undefined and not modelled).
func bswap(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	if w != 32 && w != 64 {
		return s.unsupported("16-bit BSWAP (undefined result)")
	}
	x, err := s.read(dst, w)
	if err != nil {
		return err
	}
	b := s.b
	parts := make([]*term.Term, w/8)
	for i := range parts {
		parts[i] = b.Extract(x, 8*i+7, 8*i) // byte i becomes the i-th most significant
	}
	return s.write(dst, b.Concat(parts...))
}
