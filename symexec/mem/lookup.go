package mem

import "vg.dev/symexec/term"

// Table lookups. A load at an offset that is a function of one byte (the
// index of a table: te0[uint8(s>>24)] is at 4·zext(x)) from bytes that are
// constants is the table lookup term.LUT(x, …): the same term as any other
// spelling of that byte function (the S-box a lifter applies, a GF(2⁸)
// multiple of it), where the chain of ite(off = p, …) over the places
// (LoadAt) would be a term of its own.

// Lookup reads n bytes (1 ≤ n ≤ 8) at the offset off of r as a table
// lookup: when off is a function of a single term x of at most
// term.MaxLUTIndex bits (every other operand it is built of a constant),
// each value of x puts the n bytes within r, and the bytes at every such
// place are constants. Then the result is the value at off for every
// value of the variables, so the caller needs no bounds condition for it
// (the places being all in bounds). ok is false when the offset or the
// bytes are not of that form; the caller then reads the places as ever.
func (m *Memory) Lookup(r *Region, off *term.Term, n int) (v *term.Term, ok bool, err error) {
	b := m.b
	if n < 1 || n > 8 || off.IsConst() {
		return nil, false, nil
	}
	x := tableIndex(off)
	if x == nil {
		return nil, false, nil
	}
	entries := make([]uint64, 1<<x.Width())
	for i := range entries {
		k := b.Uint(uint64(i), x.Width())
		o, isConst := b.Rebuild(off, func(y *term.Term) (*term.Term, bool) {
			if y == x {
				return k, true
			}
			return nil, false
		}).Uint64()
		if !isConst || o > uint64(r.Size) || !within(int64(o), n, r.Size) {
			return nil, false, nil
		}
		e, err := m.Load(r, int64(o), n)
		if err != nil {
			return nil, false, err
		}
		if entries[i], isConst = e.Uint64(); !isConst {
			return nil, false, nil
		}
	}
	return b.LUT(x, 8*n, entries), true, nil
}

// tableIndex is the one term of at most term.MaxLUTIndex bits that off is
// built of, reached through wider terms (zero extensions, products and
// sums with constants), or nil: when off reaches two such terms, or a
// variable or a term without operands wider than that.
func tableIndex(off *term.Term) *term.Term {
	var x *term.Term
	seen := map[*term.Term]bool{}
	var walk func(t *term.Term) bool
	walk = func(t *term.Term) bool {
		switch {
		case seen[t] || t.IsConst():
			return true
		case t.Width() <= term.MaxLUTIndex:
			if x != nil && x != t {
				return false
			}
			x = t
			return true
		case len(t.Args()) == 0:
			return false
		}
		seen[t] = true
		for _, a := range t.Args() {
			if !walk(a) {
				return false
			}
		}
		return true
	}
	if !walk(off) {
		return nil
	}
	return x
}
