package term

import (
	"cmp"
	"math/bits"
	"slices"
)

// Linear forms. A sum is c + Σ kᵢ·aᵢ modulo 2^w over atoms aᵢ (terms that
// are neither constants, sums, constant multiples, complements nor
// concatenations ending in zeros). Every way of writing a constant
// multiple — a product by a constant, shifts and adds, a chain of LEAs, a
// negation, a complement plus one — reaches one such form, and the form
// of a sum does not depend on the depth at which its atoms were built:
//
//   - 2^j·x is kept as x[w-1-j:0] ++ 0^j, the form of a shift; read back it
//     is 2^j times lift(x[w-1-j:0]), the canonical term of width w with
//     those low bits (lift below), so that reading loses nothing.
//   - k·a depends only on the low w−j bits of a when 2^j divides k. Each
//     summand's atom is therefore canonical for its coefficient: a is
//     replaced by canon(a, j) = lift(a[w-1-j:0]), and a summand k·a with
//     2^j | k joins a summand of a lower power of two whose atom has the
//     same canonical form at j (x + 2^14·zext(x[50:0]) is (1+2^14)·x when
//     x = zext(x[50:0])).
//   - ^x is −x − 1.

// linTerm is one summand coef × atom of a linear form.
type linTerm struct {
	coef Value
	atom *Term
}

// takeLin returns an empty slice for a linear form, reused: building a sum
// is the commonest thing a lifter does, and its summands are garbage as
// soon as the sum is built.
func (b *Builder) takeLin() []linTerm {
	if n := len(b.linPool); n > 0 {
		ts := b.linPool[n-1]
		b.linPool = b.linPool[:n-1]
		return ts[:0]
	}
	return make([]linTerm, 0, 8)
}

// putLin gives a slice from takeLin back (sum keeps nothing of it).
func (b *Builder) putLin(ts []linTerm) {
	if cap(ts) <= 64 && len(b.linPool) < 64 {
		b.linPool = append(b.linPool, ts[:0])
	}
}

// linear reads t as c + Σ coef×atom.
func (b *Builder) linear(t *Term) (c Value, ts []linTerm) { return b.appendLinear(nil, t) }

// appendLinear is linear, its summands appended to dst (which a caller may
// keep on its stack: building a sum is the commonest thing a lifter does).
func (b *Builder) appendLinear(dst []linTerm, t *Term) (c Value, ts []linTerm) {
	w := int(t.width)
	switch t.op {
	case OpConst:
		return *t.cval(), dst
	case OpAdd:
		ts = dst
		for _, a := range t.args {
			var ca Value
			ca, ts = b.appendLinear(ts, a)
			c = addV(c, ca, w)
		}
		return c, ts
	case OpConcat:
		// h ++ 0^j is 2^j × lift(h).
		n := len(t.args)
		if z := t.args[n-1]; z.op == OpConst && z.cval().IsZero() {
			j := int(z.width)
			c, ts := b.appendLinear(dst, b.lift(b.Concat(t.args[:n-1]...), w))
			k := shlV(U64(1, w), j, w)
			for i := len(dst); i < len(ts); i++ {
				ts[i].coef = mulV(ts[i].coef, k, w)
			}
			return mulV(c, k, w), ts
		}
	case OpMul:
		if t.args[0].op == OpConst && len(t.args) == 2 {
			b.summands++
			return Value{}, append(dst, linTerm{*t.args[0].cval(), t.args[1]})
		}
	case OpNot, OpXor:
		// ^x = −x − 1. A XOR whose constant has its top bit set is the
		// complement of the XOR with the constant complemented
		// (logic.go): read so, a XOR and its complement are one atom, as
		// for a Not, and ~(k ^ xs) + 1 is −(k ^ xs).
		x := t.args[0]
		if t.op == OpXor {
			if !complemented(t) {
				break
			}
			x = b.Not(t)
		}
		c, ts := b.appendLinear(dst, x)
		for i := len(dst); i < len(ts); i++ {
			ts[i].coef = negV(ts[i].coef, w)
		}
		return notV(c, w).trunc(w), ts
	}
	b.summands++
	return Value{}, append(dst, linTerm{U64(1, w), t})
}

// isComplementXor reports whether t is ~0 ^ xs: the complement of a XOR
// (Not puts it there, logic.go).
func isComplementXor(t *Term) bool {
	return t.op == OpXor && t.args[0].op == OpConst && *t.args[0].cval() == ones(int(t.width))
}

// liftKey names one lift for Builder.lifts: h's id and the width.
func liftKey(h *Term, w int) uint64 { return uint64(h.id) | uint64(w)<<32 }

// lift returns a term of width w whose low h.Width() bits are h: the term
// h was most likely cut from (the whole of an extracted term, the sum of
// lifted summands, …), else h zero-extended. It is a function of h alone,
// so the canonical atoms it makes are canonical; and extracting the low
// bits of its result gives h back (checked, else the zero extension is
// used), so lifting what a lifted term's low bits are is the same lift.
func (b *Builder) lift(h *Term, w int) *Term {
	m := h.Width()
	if m >= w {
		return h
	}
	k := liftKey(h, w)
	if r, ok := b.lifts.get(b, k); ok {
		return r
	}
	var r *Term
	if b.liftDepth < 64 {
		b.liftDepth++
		r = b.liftRule(h, w)
		b.liftDepth--
	}
	if r == nil || r.Width() != w || b.Extract(r, m-1, 0) != h {
		r = b.ZeroExt(h, w)
	}
	b.lifts.put(k, r)
	return r
}

// liftRule is lift's choice of a term, before the check; nil for the zero
// extension.
func (b *Builder) liftRule(h *Term, w int) *Term {
	m := h.Width()
	switch h.op {
	case OpConst:
		return b.Const(*h.cval(), w)
	case OpExtract:
		// The widest extract of the same term from the same bit.
		x, lo := h.args[0], int(h.lo)
		return b.ZeroExt(b.Extract(x, min(lo+w-1, x.Width()-1), lo), w)
	case OpConcat:
		rest := b.Concat(h.args[1:]...)
		if top := h.args[0]; !top.isZero() {
			return b.Concat(b.lift(top, w-rest.Width()), rest)
		}
		return b.ZeroExt(rest, w)
	case OpAdd, OpMul:
		if h.op == OpMul && (h.args[0].op != OpConst || len(h.args) != 2) {
			return nil
		}
		// Coefficients are read as the residues of residue: −x stays
		// −x, and x stays x (a 1-bit coefficient 1 is not −1).
		c, ts := b.appendLinear(b.takeLin(), h)
		for i := range ts {
			ts[i] = linTerm{residue(ts[i].coef, m, w), b.lift(ts[i].atom, w)}
		}
		r := b.sum(w, residue(c, m, w), ts)
		b.putLin(ts)
		return r
	case OpAnd, OpOr, OpXor:
		if isComplementXor(h) {
			return b.Not(b.lift(b.Xor(h.args[1:]...), w))
		}
		args := make([]*Term, len(h.args))
		for i, a := range h.args {
			if a.op == OpConst {
				return nil
			}
			args[i] = b.lift(a, w)
		}
		return b.bitwise(h.op, args)
	case OpNot:
		return b.Not(b.lift(h.args[0], w))
	case OpSext:
		return b.SignExt(h.args[0], w)
	case OpIte:
		return b.Ite(h.args[0], b.lift(h.args[1], w), b.lift(h.args[2], w))
	}
	return nil
}

// canonKey names one canonical atom for Builder.canons: a's id and j.
func canonKey(a *Term, j int) uint64 { return uint64(a.id) | uint64(j)<<32 }

// canon is the canonical atom of a summand 2^j·odd × a: lift(a[w-1-j:0]),
// which has a's low w−j bits, the only ones the summand depends on.
func (b *Builder) canon(a *Term, j int) *Term {
	w := a.Width()
	if j == 0 || j >= w || a.op == OpVar || a.op == OpMul || a.op == OpExtract && (a.args[0].op == OpVar || a.args[0].op == OpMul && a.args[0].args[0].op != OpConst) {
		// Variables and products, and extracts of them, are their own
		// lifts.
		return a
	}
	switch {
	case a.op == OpConcat && a.args[0].isZero() && j < a.args[0].Width(),
		a.op == OpSext && j < w-a.args[0].Width():
		// A zero or sign extension keeps its form while its low bits
		// hold the extended term and more: the lift rebuilds it. Known
		// without building the extract, which would only grow the DAG.
		return a
	}
	k := canonKey(a, j)
	if r, ok := b.canons.get(b, k); ok {
		return r
	}
	if b.overWords(a) {
		b.canons.put(k, a)
		return a
	}
	r := b.lift(b.Extract(a, w-1-j, 0), w)
	b.canons.put(k, r)
	return r
}

// trailingZeros is the number of low zero bits of k ≠ 0.
func trailingZeros(k Value, w int) int {
	for i := 0; i < w; i++ {
		if k.Bit(i) {
			return i
		}
	}
	return w
}

// sum builds c + Σ ts in normal form: atoms canonical for their
// coefficients, summands of one atom merged, atoms sorted by id.
func (b *Builder) sum(w int, c Value, ts []linTerm) *Term {
	ts, fresh := b.normalSummands(w, &c, ts)
	if fresh {
		defer b.putLin(ts)
	}
	if len(ts) == 1 && ts[0].coef == ones(w) && c == ones(w) {
		// −x − 1 is ^x, which linear reads as −x − 1.
		return b.Not(ts[0].atom)
	}
	var buf [8]*Term
	args := buf[:0]
	if !c.IsZero() {
		args = append(args, b.Const(c, w))
	}
	for _, t := range ts {
		args = append(args, b.scaled(t.coef, t.atom))
	}
	switch {
	case len(args) == 0:
		return b.Zero(w)
	case len(args) == 1:
		return args[0]
	}
	return b.node(OpAdd, w, args...)
}

// maxNormalRounds bounds normalSummands' rounds. Each round replaces an
// atom by smaller terms, so few are needed; the bound only guards against
// a cycle (the form is then still a valid sum, merely not canonical).
const maxNormalRounds = 16

// normalSummands merges the summands and reduces each coefficient to its
// residue (sorted by atom id, no zero coefficient); constants that the
// rewriting produces are added to c.
//
// The residue: let p be an atom a's period, the least level at which
// canon(a, p) is not a. Then 2^p·t·a = 2^p·t·canon(a, p) for every t, so
// the coefficient k of a matters only modulo 2^p, and the rest is a
// multiple of canon(a, j) for 2^j | k − r, a linear form in other atoms:
// k·a becomes r·a + (k − r)·canon(a, j) with r ≡ k modulo 2^p in
// (−2^(p−1), 2^(p−1)] and j the trailing zeros of k − r (at least p).
// Two sums that differ by such rewrites — x + 2^14·zext(x[50:0]) and
// (1+2^14)·x when x = zext(x[50:0]), or 8·zext(P[50:0]) read back from its
// shift — so reach one form.
//
// The result is ts rewritten in place, or (fresh) a slice from takeLin
// that the caller gives back with putLin.
func (b *Builder) normalSummands(w int, c *Value, ts []linTerm) (_ []linTerm, fresh bool) {
	for round := 0; ; round++ {
		ts = b.selectTerms(w, c, ts)
		ts = mergeSame(w, ts)
		if merged, ok := b.mergeCarries(w, ts); ok {
			ts = mergeSame(w, merged)
		}
		if round == maxNormalRounds {
			return ts, fresh
		}
		if !b.anyToRewrite(w, ts) {
			return ts, fresh
		}
		changed := false
		out := b.takeLin()
		for _, t := range ts {
			if !liftable(t.atom) || t.coef == U64(1, w) {
				out = append(out, t)
				continue
			}
			// A multiple of 2^j depends on the atom's low w−j bits only:
			// its atom is canonical for them.
			if j := trailingZeros(t.coef, w); j > 0 {
				if a := b.canon(t.atom, j); a != t.atom && a.depth <= t.atom.depth {
					changed = true
					ca, ta := b.linear(a)
					*c = addV(*c, mulV(t.coef, ca, w), w)
					for _, u := range ta {
						out = append(out, linTerm{mulV(t.coef, u.coef, w), u.atom})
					}
					continue
				}
			}
			// Most coefficients are small: a residue already when the
			// atom keeps its form up to the level they need.
			if n := residueBits(t.coef, w); n < w && b.canon(t.atom, n-1) == t.atom {
				out = append(out, t)
				continue
			}
			r := residue(t.coef, b.period(t.atom), w)
			if r == t.coef {
				out = append(out, t)
				continue
			}
			changed = true
			if !r.IsZero() {
				out = append(out, linTerm{r, t.atom})
			}
			// The rest, a multiple of 2^p, is read at its own level:
			// what it depends on of a is the lowest bits only.
			k := subV(t.coef, r, w)
			ca, ta := b.linear(b.canon(t.atom, trailingZeros(k, w)))
			*c = addV(*c, mulV(k, ca, w), w)
			for _, u := range ta {
				out = append(out, linTerm{mulV(k, u.coef, w), u.atom})
			}
		}
		if fresh {
			b.putLin(ts) // copied into out
		}
		ts, fresh = out, true
		if !changed {
			return ts, fresh
		}
	}
}

// anyToRewrite reports whether normalSummands' loop would change a
// summand: only a liftable atom with a coefficient other than 1 may.
func (b *Builder) anyToRewrite(w int, ts []linTerm) bool {
	for _, t := range ts {
		if liftable(t.atom) && t.coef != U64(1, w) {
			return true
		}
	}
	return false
}

// liftable reports whether canon may change a: variables, products and
// extracts (the widest, lift's choice) are their own canonical atoms at
// every level, and so are the other kinds but concatenations, extensions,
// selections and bitwise operations, which may hold any of these.
func liftable(a *Term) bool {
	switch a.op {
	case OpConcat, OpSext, OpIte, OpAnd, OpOr, OpXor:
		return true
	}
	return false
}

// residueBits is the least p with k a residue modulo 2^p, that is, in
// (−2^(p−1), 2^(p−1)] read as a signed number of width w.
func residueBits(k Value, w int) int {
	if half := shlV(U64(1, w), w-1, w); ultV(half, k) {
		return bitLen(negV(k, w)) + 1
	}
	return bitLen(subV(k, U64(1, w), w)) + 1
}

// bitLen is the number of bits of v without its leading zeros.
func bitLen(v Value) int {
	for i := len(v) - 1; i >= 0; i-- {
		if v[i] != 0 {
			return 64*i + bits.Len64(v[i])
		}
	}
	return 0
}

// period is the least level p ≥ 1 at which canon(a, p) ≠ a, or a's width
// when there is none or canon(a, p) is not shallower than a; memoised.
//
// The level is found by bisection, as canon(a, j) keeps a up to some level
// and not beyond for the lift rules; were that ever not so, the bisection
// would still return a level at which canon changes a, and the residue
// rewrite would still be valid. The depth condition keeps the rewrite to
// atoms that lose only what a lift gives back in fewer levels — a
// zero-extended or sign-extended narrow term (zext(x[50:0]) ≡ x modulo
// 2^51) — and not a concatenation whose top part is a multiple whose
// coefficient the lift cannot restore, whose canonical forms only grow.
func (b *Builder) period(a *Term) int {
	if p, ok := b.periods[a]; ok {
		return p
	}
	w := a.Width()
	lo, hi := 0, w // canon(a, lo) = a; canon(a, hi) ≠ a or hi = w
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if b.canon(a, mid) == a {
			lo = mid
		} else {
			hi = mid
		}
	}
	if hi < w && b.canon(a, hi).depth > a.depth {
		hi = w
	}
	if b.periods == nil {
		b.periods = map[*Term]int{}
	}
	b.periods[a] = hi
	return hi
}

// residue is the r ≡ k modulo 2^p in (−2^(p−1), 2^(p−1)], as a value of
// width w (k itself when p = w).
func residue(k Value, p, w int) Value {
	if p >= w {
		return k
	}
	r := k.trunc(p)
	if half := shlV(U64(1, w), p-1, w); ultV(half, r) {
		r = subV(r, shlV(U64(1, w), p, w), w)
	}
	return r.trunc(w)
}

// selectTerms makes a selection between constants linear in its condition:
// ite(p, k₁, k₂) = k₂ + (k₁ − k₂)·ite(p, 1, 0). Summands so become
// multiples of one 0/1 term per condition, and a mask plus one (VPCMPEQD,
// then +1) meets the same count written as ite(¬p, 1, 0) (which the
// Builder keeps as ite(p, 0, 1)). A sign-extended comparison is such a
// mask.
func (b *Builder) selectTerms(w int, c *Value, ts []linTerm) []linTerm {
	for i, t := range ts {
		a := t.atom
		if a.op == OpSext && a.args[0].width == 1 {
			// sext(p) = −ite(p, 1, 0), the mask of a comparison.
			ts[i] = linTerm{negV(t.coef, w), b.Ite(a.args[0], b.Uint(1, w), b.Zero(w))}
			continue
		}
		if a.op != OpIte || a.args[1].op != OpConst || a.args[2].op != OpConst {
			continue
		}
		k1, k2 := *a.args[1].cval(), *a.args[2].cval()
		if k1 == U64(1, w) && k2.IsZero() {
			continue
		}
		*c = addV(*c, mulV(t.coef, k2, w), w)
		ts[i] = linTerm{mulV(t.coef, subV(k1, k2, w), w), b.Ite(a.args[0], b.Uint(1, w), b.Zero(w))}
	}
	return ts
}

// mergeSame sorts the summands by atom id and adds the coefficients of
// equal atoms, dropping those that cancel.
func mergeSame(w int, ts []linTerm) []linTerm {
	slices.SortStableFunc(ts, func(x, y linTerm) int { return cmp.Compare(x.atom.id, y.atom.id) })
	n := 0 // in place, without append, so that ts may live on the caller's stack
	for i := 0; i < len(ts); {
		k := ts[i].coef
		j := i + 1
		for ; j < len(ts) && ts[j].atom == ts[i].atom; j++ {
			k = addV(k, ts[j].coef, w)
		}
		if !k.IsZero() {
			ts[n] = linTerm{k, ts[i].atom}
			n++
		}
		i = j
	}
	return ts[:n]
}

// scaled is k × atom for an atom that is neither a constant nor a sum. A
// power of two is a shift, x[w-1-j:0] ++ 0^j, the form masks use, when
// reading it back gives x again (canon(x, j) = x); else, as for other
// coefficients, the product, which loses nothing.
func (b *Builder) scaled(k Value, atom *Term) *Term {
	w := int(atom.width)
	if k == U64(1, w) {
		return atom
	}
	if j := log2(k, w); j > 0 && !b.overWords(atom) && b.canon(atom, j) == atom {
		return b.Concat(b.Extract(atom, w-1-j, 0), b.Zero(j))
	}
	return b.node(OpMul, w, b.Const(k, w), atom)
}

// log2 is j when k = 2^j (0 < j < w), else -1.
func log2(k Value, w int) int {
	j := -1
	for i := 0; i < w; i++ {
		if k.Bit(i) {
			if j >= 0 {
				return -1
			}
			j = i
		}
	}
	return j
}

// overWords reports whether a is a bitwise operation over words: sums,
// rotations, slices of them, or such operations, directly or through
// complements, other bitwise operations and concatenations (SHA-256's
// Ch, Maj and σ, and their parts when a shift splits them). Such an atom
// is its own canonical atom at every level. Its low bits are the
// operation of its operands' low bits, and those of a sum or a rotation
// would be rebuilt from the low bits of every earlier round: one copy of
// the rounds per level, each normalised in turn (where the canonical atom
// of a slice of a sum needs more), for rewrites made for the zero and
// sign extensions of multiprecision arithmetic, not for these
// (BenchmarkSHA256Rounds). Memoised.
func (b *Builder) overWords(a *Term) bool {
	switch a.op {
	case OpAnd, OpOr, OpXor, OpNot, OpConcat:
	default:
		return false
	}
	if r, ok := b.wordOps[a]; ok {
		return r
	}
	r := false
	for _, x := range a.args {
		if b.overWords(x) || a.op != OpConcat && b.wordLike(x) {
			r = true
			break
		}
	}
	if b.wordOps == nil {
		b.wordOps = map[*Term]bool{}
	}
	b.wordOps[a] = r
	return r
}

// wordLike reports whether x is a word for overWords: a sum, a rotation, a
// slice of one, or a bitwise operation over words.
func (b *Builder) wordLike(x *Term) bool {
	for x.op == OpExtract {
		x = x.args[0]
	}
	return x.op == OpAdd || x.op == OpRotl || b.overWords(x)
}
