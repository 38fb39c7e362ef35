package amd64

import (
	"errors"
	"fmt"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Stack re-alignment. Go keeps SP only 8-byte aligned on amd64, so a
// function that wants a 16- or 32-byte aligned save area copies SP, adds
// the area's size minus one and rounds down with AND (crypto/sha1's
// blockSHANI: LEAQ 15(SP), AX; ANDQ $~15, AX). The rounded address,
// (stack + c) with its low m bits cleared, is stack + c − ((stack + c) mod
// 2^m): a constant offset into the stack region once the stack base's
// residue modulo 2^m is known, and that residue is one of 2^m/8 values.
//
// The lift therefore forks over the residues: the first access through
// such an address stops the run (errNeedResidue), which starts again from
// the entry as one path per residue r, each with the path condition
// stack[m−1:3] = r/8 (public: an address). On every path the address is a
// constant offset and the frame check applies to it as to any other, so
// the realigned area must lie in the declared frame for every residue.
// This assumes nothing beyond the 8-byte alignment of SP the stack region
// already has (Region.Align): the residues are all those it allows.
//
// Not covered: rounding to more than 64 bytes (maxRealignBits), rounding
// of anything but the stack base plus a constant, and an SP that is itself
// rounded (ANDQ $~15, SP) and then used for pushes, calls or returns: those
// addresses stay unresolved, an error.

// maxRealignBits bounds the alignment the lift forks for: 64 bytes, eight
// paths from an 8-byte aligned stack.
const maxRealignBits = 6

// stackAlignBits is log2 of the alignment of the stack base (Region.Align
// in newRun).
const stackAlignBits = 3

// errNeedResidue asks Run to start again with the stack base's residue
// modulo 2^bits fixed on each path.
type errNeedResidue struct{ bits int }

func (e *errNeedResidue) Error() string {
	return fmt.Sprintf("the stack base's residue modulo %d is needed (a realigned stack address)", 1<<e.bits)
}

// realigned rewrites the atoms of addr that are the stack base plus a
// constant with its low m bits cleared into the base plus a constant, by
// the residue of this path (s.residue, s.r.residueBits bits known). It
// returns addr unchanged when it holds no such atom, and errNeedResidue
// when the residue is not known to enough bits.
func (s *state) realigned(addr *term.Term) (*term.Term, error) {
	summands := []*term.Term{addr}
	if addr.Op() == term.OpAdd {
		summands = addr.Args()
	}
	out := make([]*term.Term, 0, len(summands))
	changed := false
	for _, a := range summands {
		c, m, ok := s.roundedStack(a)
		if !ok {
			out = append(out, a)
			continue
		}
		known := max(stackAlignBits, s.r.residueBits)
		if m > known {
			if m > maxRealignBits {
				return nil, fmt.Errorf("the stack rounded down to a multiple of %d bytes (at most %d modelled)", 1<<m, 1<<maxRealignBits)
			}
			return nil, &errNeedResidue{bits: m}
		}
		mask := uint64(1)<<m - 1
		// (stack + c) mod 2^m = (residue + c) mod 2^m, the residue
		// being the stack base's low bits on this path (0 below
		// stackAlignBits).
		low := (s.residue + c) & mask
		out = append(out, s.b.Add(s.r.stack.Base, s.b.Uint(c-low, 64)))
		changed = true
	}
	if !changed {
		return addr, nil
	}
	return s.b.AddN(out...), nil
}

// roundedStack reports whether a is (stack + c) with its low m bits
// cleared, as the term language writes it: the high bits of the sum
// concatenated with m zero bits.
func (s *state) roundedStack(a *term.Term) (c uint64, m int, ok bool) {
	if a.Op() != term.OpConcat || len(a.Args()) != 2 || a.Width() != 64 {
		return 0, 0, false
	}
	hi, zero := a.Arg(0), a.Arg(1)
	if k, isConst := zero.Uint64(); !isConst || k != 0 || hi.Op() != term.OpExtract {
		return 0, 0, false
	}
	m = zero.Width()
	if h, l := hi.Extract(); h != 63 || l != m {
		return 0, 0, false
	}
	x, base := hi.Arg(0), s.r.stack.Base
	switch {
	case x == base:
		return 0, m, true
	case x.Op() == term.OpAdd && len(x.Args()) == 2:
		for i, y := range x.Args() {
			if y != base {
				continue
			}
			if k, isConst := x.Arg(1 - i).Uint64(); isConst {
				return k, m, true
			}
		}
	}
	return 0, 0, false
}

// restartForResidues is Run's answer to errNeedResidue: the run starts
// again from init with one path per residue of the stack base modulo
// 2^bits that its alignment allows, each with that residue in its path
// condition.
func (r *runner) restartForResidues(init *state, err error) (bool, error) {
	var need *errNeedResidue
	if !errors.As(err, &need) || r.residueBits != 0 {
		return false, err
	}
	n := 1 << (need.bits - stackAlignBits)
	if n > r.cfg.MaxPaths {
		return false, err
	}
	r.residueBits = need.bits
	r.work, r.paths, r.npaths, r.steps = nil, nil, n, 0
	r.assumptions, r.assumed = nil, nil
	b := r.b
	field := b.Extract(r.stack.Base, need.bits-1, stackAlignBits)
	for i := n - 1; i >= 0; i-- {
		t := init.fork()
		t.residue = uint64(i) << stackAlignBits
		t.cond = b.And(t.cond, b.Eq(field, b.Uint(uint64(i), need.bits-stackAlignBits)))
		r.work = append(r.work, t)
	}
	return true, nil
}

// checkAlign is mem.CheckAlign, knowing on a path with the stack base's
// residue fixed (a realigned stack) that base's low bits.
func (s *state) checkAlign(r *mem.Region, off int64, n int) error {
	if r != s.r.stack || s.r.residueBits == 0 || n > 1<<s.r.residueBits {
		return mem.CheckAlign("access", r, off, n)
	}
	if (s.residue+uint64(off))%uint64(n) == 0 {
		return nil
	}
	return &mem.AccessError{Op: "access", Region: r.Name, Off: off, Size: n, Err: fmt.Errorf(
		"%w: it needs %d-byte alignment; on the path where the stack base is %d modulo %d, offset %d is not", mem.ErrMisaligned, n, s.residue, 1<<s.r.residueBits, off)}
}
