package mem

import (
	"fmt"
	"math/bits"

	"vg.dev/symexec/term"
)

// Accesses at a symbolic offset. A load or store at region base + o, o a
// term that is not a constant, is modelled exactly over the places o may
// take: a load is ite(o = p₀, v₀, ite(o = p₁, v₁, … v_last)) over the
// n-byte values at those places, and a store writes, at each place p,
// ite(o = p, new, old). The places are every offset within the region that
// o's shape allows (Lattice) and, when its range is known, within that
// range; they are all the values o can take in bounds, so under the
// condition that the access is in bounds (Places.InBounds) the chain is
// exhaustive and its last case may be unconditional.
//
// Who proves the access in bounds is the caller's business: the spec
// interpreter has Go's bounds checks (a failed one ends the path), the
// lifters record the condition as an obligation the prover discharges
// under the precondition and the path condition, and assume it afterwards
// (a path on which it fails is a frame violation).

// MaxPlaces bounds the places of one access at a symbolic offset.
const MaxPlaces = 4096

// Places are the offsets at which an access at a symbolic offset may fall.
type Places struct {
	Off  *term.Term // the offset (64 bits)
	Offs []int64    // ascending, each within the region
	// Exhaustive is set when the range analysis finds that the offset
	// takes no value outside Offs (a claim the lifters still check:
	// InBounds is proved all the same).
	Exhaustive bool
	// InBounds is the width-1 condition that Off is one of Offs (then the
	// access is in bounds).
	InBounds *term.Term
}

// Lattice describes the values an offset term can take: t ≡ phase
// (mod 2^j), j = 64 meaning t = phase. Arithmetic is modulo 2^64 and the
// moduli are powers of two, so the description holds for every value of
// the variables, whether or not the address computation wrapped. The
// walk visits each subterm once: a running count merged at every step,
// ite(c, idx+1, idx), shares idx between its branches.
func Lattice(t *term.Term) (phase uint64, j int) {
	memo := map[*term.Term][2]uint64{}
	var walk func(t *term.Term) (uint64, int)
	walk = func(t *term.Term) (uint64, int) {
		if r, ok := memo[t]; ok {
			return r[0], int(r[1])
		}
		phase, j := lattice(t, walk)
		memo[t] = [2]uint64{phase, uint64(j)}
		return phase, j
	}
	return walk(t)
}

// lattice is one step of Lattice, the operands' lattices from sub.
func lattice(t *term.Term, sub func(*term.Term) (uint64, int)) (phase uint64, j int) {
	mask := func(p uint64, j int) uint64 {
		if j >= 64 {
			return p
		}
		return p & (1<<j - 1)
	}
	switch t.Op() {
	case term.OpConst:
		k, _ := t.Uint64()
		return k, 64
	case term.OpAdd:
		phase, j = 0, 64
		for _, a := range t.Args() {
			pa, ja := sub(a)
			phase, j = phase+pa, min(j, ja)
		}
		return mask(phase, j), j
	case term.OpMul:
		if len(t.Args()) == 2 && t.Arg(0).IsConst() {
			k, _ := t.Arg(0).Uint64()
			if k == 0 {
				return 0, 64
			}
			pa, ja := sub(t.Arg(1))
			j = min(64, ja+bits.TrailingZeros64(k))
			return mask(k*pa, j), j
		}
	case term.OpConcat:
		if last := t.Arg(len(t.Args()) - 1); last.IsConst() {
			k, _ := last.Uint64()
			return k, last.Width()
		}
	case term.OpIte:
		p1, j1 := sub(t.Arg(1))
		p2, j2 := sub(t.Arg(2))
		j = min(j1, j2)
		if d := mask(p1-p2, j); d != 0 {
			j = min(j, bits.TrailingZeros64(d))
		}
		return mask(p1, j), j
	}
	return 0, 0
}

// PlacesOf lists the places at which n bytes at the 64-bit offset off of r
// may fall: the offsets in [0, r.Size-n] that off's lattice allows and,
// with useRange, within the range b's analysis finds for off. It is an
// error when there are more than MaxPlaces; none is not an error (the
// access is never in bounds). InBounds is exactly "off is one of the
// places", so that a caller that proves it relies neither on the lattice
// nor on the range being right.
func PlacesOf(b *term.Builder, r *Region, off *term.Term, n int, useRange bool) (*Places, error) {
	if off.Width() != 64 {
		return nil, fmt.Errorf("mem: offset of %d bits", off.Width())
	}
	last := r.Size - int64(n)
	p := &Places{Off: off, InBounds: b.Bool(false)}
	if last < 0 {
		return p, nil
	}
	lo, hi := int64(0), last
	if rlo, rhi, ok := b.Range(off); ok && useRange {
		p.Exhaustive = rhi <= uint64(last)
		lo, hi = int64(min(rlo, uint64(last)+1)), int64(min(rhi, uint64(last)))
	}
	phase, j := Lattice(off)
	if j >= 63 {
		// One value (or two, 2⁶³ apart: only one can be in bounds).
		if int64(phase) >= lo && int64(phase) <= hi {
			p.Offs = []int64{int64(phase)}
			p.InBounds = b.Eq(off, b.Uint(phase, 64))
		}
		return p, nil
	}
	step := int64(1) << j
	first := lo + (int64(phase)-lo)&(step-1) // the least offset ≥ lo ≡ phase
	if first > hi {
		return p, nil
	}
	if count := (hi-first)/step + 1; count > MaxPlaces {
		return nil, fmt.Errorf("access at a symbolic offset may fall at %d places of %s (more than %d)", count, r.Name, MaxPlaces)
	}
	for o := first; o <= hi; o += step {
		p.Offs = append(p.Offs, o)
	}
	in := []*term.Term{
		b.Ule(b.Uint(uint64(first), 64), off),
		b.Ule(off, b.Uint(uint64(p.Offs[len(p.Offs)-1]), 64)),
	}
	if j > 0 {
		in = append(in, b.Eq(b.Extract(off, j-1, 0), b.Uint(phase, j)))
	}
	p.InBounds = b.And(in...)
	return p, nil
}

// LoadAt reads n bytes at the places p of r: the ite chain over the values
// at each place, the last unconditional (exact when p.InBounds holds).
func (m *Memory) LoadAt(r *Region, p *Places, n int) (*term.Term, error) {
	if len(p.Offs) == 0 {
		return nil, &AccessError{"load", r.Name, 0, n, fmt.Errorf("%w: at %s, never in bounds", ErrOutOfBounds, p.Off)}
	}
	var v *term.Term
	for i := len(p.Offs) - 1; i >= 0; i-- {
		x, err := m.Load(r, p.Offs[i], n)
		if err != nil {
			return nil, err
		}
		if v == nil {
			v = x
			continue
		}
		v = m.b.Ite(m.b.Eq(p.Off, m.b.Uint(uint64(p.Offs[i]), 64)), x, v)
	}
	return v, nil
}

// StoreAt writes v at disp bytes past the places p of r (disp is the
// offset of a field within the value the places are for): each place keeps
// its old contents unless the offset is that place. The places' conditions
// exclude each other, so overlapping places are written one after the
// other. When the offset is at no place (p.InBounds fails) nothing
// changes.
func (m *Memory) StoreAt(r *Region, p *Places, disp int64, v *term.Term) error {
	n := v.Width() / 8
	if len(p.Offs) == 0 {
		return &AccessError{"store", r.Name, 0, n, fmt.Errorf("%w: at %s, never in bounds", ErrOutOfBounds, p.Off)}
	}
	for _, o := range p.Offs {
		old, err := m.Load(r, o+disp, n)
		if err != nil {
			return err
		}
		if err := m.Store(r, o+disp, m.b.Ite(m.b.Eq(p.Off, m.b.Uint(uint64(o), 64)), v, old)); err != nil {
			return err
		}
	}
	return nil
}

// CheckAlignAt is CheckAlign for an access at the places p: every offset
// the lattice allows must be n-aligned.
func CheckAlignAt(op string, r *Region, p *Places, n int) error {
	phase, j := Lattice(p.Off)
	align := max(r.Align, 1)
	if align%int64(n) == 0 && (j >= 64 || int64(1)<<j%int64(n) == 0) && phase%uint64(n) == 0 {
		return nil
	}
	return &AccessError{Op: op, Region: r.Name, Size: n, Err: fmt.Errorf(
		"%w: it needs %d-byte alignment; %s is only known %d-byte aligned, and the offset %s is only known ≡ %d mod 2^%d",
		ErrMisaligned, n, r.Name, align, p.Off, phase, j)}
}
