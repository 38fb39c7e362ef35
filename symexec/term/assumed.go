package term

import (
	"maps"
	"math/bits"
)

// Assumed bounds: what a precondition says of a variable's range. Unlike a
// bound from Bound (a fact of the machine, true of every run), an assumed
// bound holds only where the caller's assumption does, and the runs that
// share a Builder (an obligation proved with its pointers distinct, then
// aliased) assume different preconditions: `out == a || a[0] < 5` bounds
// a[0] when out and a are apart and not when they are one. So the assumed
// bounds are a scope the caller sets for each run.
//
// They reach one rule only, the products of zero-extended multiples
// (products.go), through assumedRange; every other use of ranges reads the
// machine's bounds alone. (Letting all of them use the assumed bounds
// changed the terms of the ML-DSA kernels, whose preconditions bound every
// coefficient, and made their proofs up to four times slower for
// nothing.) The memos whose answers a product may enter (extracts, lifts,
// canonical atoms, periods, extract origins) are scoped: those of no
// assumed bounds are set aside while some are assumed, the scope starting
// from a copy of them (what holds without assumptions holds under any),
// and are restored when none are; what was memoised under one set of
// bounds is dropped when the set changes.

// scopedMemos are the memos an assumed bound may enter.
type scopedMemos struct {
	extracts, lifts, canons termMemo
	periods                 map[*Term]int
	origins                 map[*Term]extractOrigin
}

func (b *Builder) memos() *scopedMemos {
	return &scopedMemos{b.extracts, b.lifts, b.canons, b.periods, b.origins}
}

func (b *Builder) setMemos(m *scopedMemos) {
	b.extracts, b.lifts, b.canons, b.periods, b.origins = m.extracts, m.lifts, m.canons, m.periods, m.origins
}

func (m *scopedMemos) clone() *scopedMemos {
	return &scopedMemos{m.extracts.clone(), m.lifts.clone(), m.canons.clone(), maps.Clone(m.periods), maps.Clone(m.origins)}
}

// AssumeBounds replaces the assumed bounds by m (nil: none): each term t
// of m (a variable, or bits of one: a field loaded from a word) takes only
// values in [0, m[t]] in the products built from now on. Such a term
// equals what the caller asked for only where the bounds hold, so the
// caller must use it only under an assumption that implies them
// (ImpliedBounds reads them off the assumption's conjuncts).
func (b *Builder) AssumeBounds(m map[*Term]uint64) {
	if maps.Equal(b.assumed, m) {
		return
	}
	switch {
	case len(b.assumed) == 0:
		b.plain = b.memos()
		b.setMemos(b.plain.clone())
	case len(m) == 0:
		b.setMemos(b.plain)
		b.plain = nil
	default:
		b.setMemos(b.plain.clone())
	}
	if len(m) == 0 {
		m = nil
	}
	b.assumed = maps.Clone(m)
	b.aranges = rangeMemo{}
}

// AssumedBounds returns a copy of the bounds AssumeBounds set.
func (b *Builder) AssumedBounds() map[*Term]uint64 { return maps.Clone(b.assumed) }

// assumedRange is valueRange with the assumed bounds.
func (b *Builder) assumedRange(t *Term) interval {
	if len(b.assumed) == 0 {
		return b.valueRange(t)
	}
	b.withAssumed = true
	r := b.valueRange(t)
	b.withAssumed = false
	return r
}

// ImpliedBounds returns the upper bounds that the conjunction of conds
// implies, read off the conjuncts one by one: v < k and v ≤ k (also
// written k > v and k ≥ v), ¬(k < v), ¬(k ≤ v) and v = k, for a constant k
// and a term v of at most 64 bits that is a variable or bits of one (a
// field of a word in memory). Of two bounds on one term the tighter is
// kept. A conjunct of any other form implies nothing here (a disjunction
// bounds nothing: `out == a || a[0] < 5`).
func ImpliedBounds(conds []*Term) map[*Term]uint64 {
	var m map[*Term]uint64
	note := func(v *Term, hi uint64) {
		if m == nil {
			m = map[*Term]uint64{}
		}
		if old, ok := m[v]; !ok || hi < old {
			m[v] = hi
		}
	}
	bounded := func(v *Term) bool {
		return v.width <= 64 && (v.op == OpVar || v.op == OpExtract && v.args[0].op == OpVar)
	}
	for _, c := range conds {
		neg := false
		if c.op == OpNot {
			neg, c = true, c.args[0]
		}
		if len(c.args) != 2 {
			continue
		}
		x, y := c.args[0], c.args[1]
		switch {
		case !neg && c.op == OpEq:
			if x.op == OpConst {
				x, y = y, x
			}
			if bounded(x) && y.op == OpConst {
				note(x, y.cval()[0])
			}
		case !neg && bounded(x) && y.op == OpConst:
			// v < k, v ≤ k
			switch k := y.cval()[0]; {
			case c.op == OpUlt && k > 0:
				note(x, k-1)
			case c.op == OpUle:
				note(x, k)
			}
		case neg && x.op == OpConst && bounded(y):
			// ¬(k < v) is v ≤ k, ¬(k ≤ v) is v < k
			switch k := x.cval()[0]; {
			case c.op == OpUlt:
				note(y, k)
			case c.op == OpUle && k > 0:
				note(y, k-1)
			}
		}
	}
	return m
}

// assumedWider returns the least assumed bound of a wider extract of the
// term t is bits of, from the same low bit, that is below 2^(t's width):
// then t is all of that extract, and has its bound (x[31:0] < 2^26, so
// x[30:0] < 2^26 too).
func (b *Builder) assumedWider(t *Term) (hi uint64, ok bool) {
	x, n := t.args[0], int(t.width)
	for e, a := range b.assumed {
		if e.op == OpExtract && e.args[0] == x && e.lo == t.lo && e.hi >= t.hi && a <= rangeLimit && bits.Len64(a) <= n && (!ok || a < hi) {
			hi, ok = a, true
		}
	}
	return hi, ok
}

// widestField returns the widest term v = x[lo+n-1:lo] (x itself when
// lo = 0 and n is x's width), n ≤ w, that the ranges show to equal
// t = x[lo+m-1:lo] as a number (below 2^m), for the extract t of a term
// x: x, or a field of it an assumed bound names. Else nil.
func (b *Builder) widestField(t *Term, w int) *Term {
	x, m := t.args[0], int(t.width)
	fits := func(v *Term) bool {
		r := b.assumedRange(v)
		return r.ok && bits.Len64(uint64(r.hi)) <= m
	}
	if t.lo == 0 && int(x.width) <= w && fits(x) {
		return x
	}
	var best *Term
	for e := range b.assumed {
		if e.op == OpExtract && e.args[0] == x && e.lo == t.lo && int(e.width) > m && int(e.width) <= w &&
			(best == nil || e.width > best.width) && fits(e) {
			best = e
		}
	}
	return best
}
