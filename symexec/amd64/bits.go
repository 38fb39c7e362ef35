package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// Bit manipulation: BTS, BTR and BTC (BT is in logic.go), BSF, BSR,
// POPCNT, LZCNT, TZCNT, MOVBE, PDEP and PEXT.

func init() {
	register(btModify, x86asm.BTS, x86asm.BTR, x86asm.BTC)
	register(bitScan, x86asm.BSF, x86asm.BSR)
	register(popcnt, x86asm.POPCNT)
	register(zeroCount, x86asm.LZCNT, x86asm.TZCNT)
	register(movbe, x86asm.MOVBE)
	register(pdepPext, x86asm.PDEP, x86asm.PEXT)
}

// btModify: BTS, BTR and BTC r/m, r/imm copy the selected bit into CF, then
// set, clear or complement it; ZF is unchanged; OF, SF, AF and PF are
// undefined. The bit offset is taken modulo the operand width, except that
// a register offset with a memory base addresses a bit string beyond the
// operand, which is not modelled.
func btModify(s *state) error {
	base, off := s.x.Args[0], s.x.Args[1]
	w := s.width(base)
	_, memBase := base.(x86asm.Mem)
	_, immOff := off.(x86asm.Imm)
	if memBase && !immOff {
		return s.unsupported(OpName(s.x.Op) + " with a memory bit string and a register offset")
	}
	if s.hasPrefix(x86asm.PrefixLOCK) {
		return s.unsupported("LOCK prefix")
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
	one := b.Shl(b.Uint(1, w), n)
	s.setFlag(CF, b.Bit(b.Lshr(x, n), 0))
	var r *term.Term
	switch s.x.Op {
	case x86asm.BTS:
		r = b.Or(x, one)
	case x86asm.BTR:
		r = b.And(x, b.Not(one))
	default:
		r = b.Xor(x, one)
	}
	s.undefine(fOF|fSF|fAF|fPF, "OF, SF, AF and PF are undefined after "+OpName(s.x.Op))
	return s.write(base, r)
}

// bitScan: BSF and BSR r, r/m write the index of the lowest (highest) set
// bit of the source and clear ZF; for a zero source they set ZF and leave
// the destination undefined (Intel), which is modelled as a fresh
// variable for the whole register, so nothing that holds only because of
// what a processor happens to leave there can be proved. CF, OF, SF, AF
// and PF are undefined.
func bitScan(s *state) error {
	dst, src := s.x.Args[0], s.x.Args[1]
	w := s.width(dst)
	if w == 16 {
		return s.unsupported("16-bit " + OpName(s.x.Op))
	}
	x, err := s.read(src, w)
	if err != nil {
		return err
	}
	b := s.b
	var idx *term.Term
	if s.x.Op == x86asm.BSF {
		idx = lowestSet(b, x)
	} else {
		idx = highestSet(b, x)
	}
	zero := b.Eq(x, b.Zero(w))
	r, ok := dst.(x86asm.Reg)
	if !ok {
		return s.unsupported("destination " + dst.String())
	}
	g, _ := gprOf(r)
	full := b.ZeroExt(idx, 64)
	undef := machine.Fresh(b, 64)
	s.regs[g.n] = b.Ite(zero, undef, full)
	s.setFlag(ZF, zero)
	s.undefine(fCF|fOF|fSF|fAF|fPF, "CF, OF, SF, AF and PF are undefined after "+OpName(s.x.Op))
	return nil
}

// lowestSet is the index of the lowest set bit of x (w when x is 0).
func lowestSet(b *term.Builder, x *term.Term) *term.Term {
	w := x.Width()
	r := b.Uint(uint64(w), w)
	for i := w - 1; i >= 0; i-- {
		r = b.Ite(b.Bit(x, i), b.Uint(uint64(i), w), r)
	}
	return r
}

// highestSet is the index of the highest set bit of x (w when x is 0).
func highestSet(b *term.Builder, x *term.Term) *term.Term {
	w := x.Width()
	r := b.Uint(uint64(w), w)
	for i := 0; i < w; i++ {
		r = b.Ite(b.Bit(x, i), b.Uint(uint64(i), w), r)
	}
	return r
}

// popCount is the number of set bits of x, as a w-bit term.
func popCount(b *term.Builder, x *term.Term) *term.Term {
	w := x.Width()
	var sum *term.Term
	for i := 0; i < w; i++ {
		bit := b.ZeroExt(b.Bit(x, i), w)
		if sum == nil {
			sum = bit
		} else {
			sum = b.Add(sum, bit)
		}
	}
	return sum
}

// popcnt: POPCNT r, r/m counts the set bits; ZF is set for a zero source,
// CF, OF, SF, AF and PF are cleared.
func popcnt(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	x, err := s.read(s.x.Args[1], w)
	if err != nil {
		return err
	}
	b := s.b
	if err := s.write(dst, popCount(b, x)); err != nil {
		return err
	}
	s.setFlag(ZF, b.Eq(x, b.Zero(w)))
	for _, f := range []int{CF, OF, SF, AF, PF} {
		s.setFlag(f, b.Bool(false))
	}
	return nil
}

// zeroCount: LZCNT and TZCNT r, r/m count the leading (trailing) zero bits
// (the width for a zero source); CF is set for a zero source, ZF for a zero
// result; OF, SF, AF and PF are undefined.
func zeroCount(s *state) error {
	dst := s.x.Args[0]
	w := s.width(dst)
	x, err := s.read(s.x.Args[1], w)
	if err != nil {
		return err
	}
	b := s.b
	var r *term.Term
	if s.x.Op == x86asm.TZCNT {
		r = lowestSet(b, x)
	} else {
		// w−1−highest, and w for zero
		hi := highestSet(b, x)
		r = b.Ite(b.Eq(x, b.Zero(w)), b.Uint(uint64(w), w), b.Sub(b.Uint(uint64(w-1), w), hi))
	}
	if err := s.write(dst, r); err != nil {
		return err
	}
	s.setFlag(CF, b.Eq(x, b.Zero(w)))
	s.setFlag(ZF, b.Eq(r, b.Zero(w)))
	s.undefine(fOF|fSF|fAF|fPF, "OF, SF, AF and PF are undefined after "+OpName(s.x.Op))
	return nil
}

// movbe: MOVBE r, m and MOVBE m, r move with the bytes reversed; no flags.
func movbe(s *state) error {
	dst, src := s.x.Args[0], s.x.Args[1]
	w := s.width(dst)
	x, err := s.read(src, w)
	if err != nil {
		return err
	}
	b := s.b
	parts := make([]*term.Term, w/8)
	for i := range parts {
		parts[i] = b.Extract(x, 8*i+7, 8*i)
	}
	return s.write(dst, b.Concat(parts...))
}

// pdepPext: PDEP r, r1, r/m deposits the low bits of r1 at the positions
// of the set bits of the mask r/m; PEXT r, r1, r/m gathers the bits of r1
// at those positions into the low bits. No flags change. A constant mask
// gives the bits directly; a symbolic one selects, for each bit, by the
// count of mask bits below it.
func pdepPext(s *state) error {
	args := s.x.Args
	dst := args[0]
	w := s.width(dst)
	x, err := s.read(args[1], w)
	if err != nil {
		return err
	}
	m, err := s.read(args[2], w)
	if err != nil {
		return err
	}
	b := s.b
	s.event(VarTime, nil, 0, m)  // the mask decides the time on some cores (vartime.go)
	out := make([]*term.Term, w) // bit i of the result
	if mk, ok := m.Uint64(); ok {
		k := 0
		for i := 0; i < w; i++ {
			out[i] = b.Zero(1)
		}
		for i := 0; i < w; i++ {
			if mk>>uint(i)&1 == 0 {
				continue
			}
			if s.x.Op == x86asm.PDEP {
				out[i] = b.Bit(x, k)
			} else {
				out[k] = b.Bit(x, i)
			}
			k++
		}
	} else {
		// below[i]: the number of mask bits below bit i.
		below := make([]*term.Term, w+1)
		below[0] = b.Zero(8)
		for i := 0; i < w; i++ {
			below[i+1] = b.Add(below[i], b.ZeroExt(b.Bit(m, i), 8))
		}
		xbits := make([]*term.Term, w)
		for i := range xbits {
			xbits[i] = b.Bit(x, i)
		}
		for i := 0; i < w; i++ {
			if s.x.Op == x86asm.PDEP {
				// bit below[i] of x where the mask is set
				sel := pickBit(b, xbits, below[i])
				out[i] = b.And(b.Bit(m, i), sel)
				continue
			}
			// bit j of x for the j whose mask bit is set with i below it
			r := b.Zero(1)
			for j := i; j < w; j++ {
				hit := b.And(b.Bit(m, j), b.Eq(below[j], b.Uint(uint64(i), 8)))
				r = b.Or(r, b.And(hit, xbits[j]))
			}
			out[i] = r
		}
	}
	parts := make([]*term.Term, w)
	for i := range out {
		parts[w-1-i] = out[i]
	}
	return s.write(dst, b.Concat(parts...))
}

// pickBit is bits[k] for an 8-bit index term k (0 past the end).
func pickBit(b *term.Builder, bits []*term.Term, k *term.Term) *term.Term {
	r := b.Zero(1)
	for j := len(bits) - 1; j >= 0; j-- {
		r = b.Ite(b.Eq(k, b.Uint(uint64(j), 8)), bits[j], r)
	}
	return r
}
