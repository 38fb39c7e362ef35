package term

import (
	"cmp"
	"slices"
	"sort"
)

// And is the bitwise and of its operands (at least one).
func (b *Builder) And(xs ...*Term) *Term { return b.bitwise(OpAnd, xs) }

// Or is the bitwise or of its operands.
func (b *Builder) Or(xs ...*Term) *Term { return b.bitwise(OpOr, xs) }

// Xor is the bitwise exclusive or of its operands.
func (b *Builder) Xor(xs ...*Term) *Term { return b.bitwise(OpXor, xs) }

// Not is the bitwise complement.
func (b *Builder) Not(x *Term) *Term {
	w := x.Width()
	if !b.raw {
		switch x.op {
		case OpConst:
			return b.Const(notV(*x.cval(), w), w)
		case OpNot:
			return x.args[0]
		case OpXor:
			// ~(k ^ xs) = ~k ^ xs: the complement of a XOR is in its
			// constant, so that it has one form whether a kernel
			// complements a XOR or XORs a complement. Not for a
			// Boolean: a condition and its negation (GE = ~(N ^ V))
			// stay Not of each other for Ite, the path conditions and
			// the x & ~x rule.
			if w > 1 {
				return b.Xor(b.Ones(w), x)
			}
		case OpRotl:
			// ~rotl(xs) = ~0 ^ rotl(xs), for the same reason (a
			// rotation of a XOR holds no constant: bitvec.go).
			if x.args[0].op == OpXor {
				return b.Xor(b.Ones(w), x)
			}
		case OpAdd, OpMul:
			// ^x = −x − 1: the complement of a linear form is one.
			if x.op == OpAdd || (x.args[0].op == OpConst && len(x.args) == 2) {
				c, ts := b.linear(x)
				for i := range ts {
					ts[i].coef = negV(ts[i].coef, w)
				}
				return b.sum(w, notV(c, w), ts)
			}
		}
	}
	return b.node(OpNot, w, x)
}

func (b *Builder) bitwise(op Op, xs []*Term) *Term {
	for _, x := range xs[1:] {
		mustSame(op.String(), xs[0], x)
	}
	w := xs[0].Width()
	if b.raw {
		if len(xs) == 1 {
			return xs[0]
		}
		return b.node(op, w, xs...)
	}
	// Flatten, fold constants.
	var flat []*Term
	var k Value
	switch op {
	case OpAnd:
		k = ones(w)
	}
	xs = slices.Clip(xs) // an append below never writes the caller's array
	for i := 0; i < len(xs); i++ {
		x := xs[i]
		args := []*Term{x}
		if x.op == op {
			args = x.args
		}
		for _, a := range args {
			if op == OpXor && a.op == OpNot {
				// ~a ^ b = ~(a ^ b): complements leave a XOR as one
				// constant, so that a kernel that keeps lanes
				// complemented (Keccak's lane complementing) meets a
				// spec that does not.
				k = notV(k, w)
				if a = a.args[0]; a.op == OpXor {
					xs = append(xs, a) // flattened below, in turn
					continue
				}
			}
			if a.op != OpConst {
				flat = append(flat, b.maskOperand(a))
				continue
			}
			switch op {
			case OpAnd:
				k = andV(k, *a.cval())
			case OpOr:
				k = orV(k, *a.cval())
			default:
				k = xorV(k, *a.cval())
			}
		}
	}
	slices.SortStableFunc(flat, func(x, y *Term) int { return cmp.Compare(x.id, y.id) })
	// Duplicates: x&x = x, x|x = x, x^x = 0.
	var args []*Term
	for i := 0; i < len(flat); {
		j := i + 1
		for ; j < len(flat) && flat[j] == flat[i]; j++ {
		}
		if op != OpXor || (j-i)%2 == 1 {
			args = append(args, flat[i])
		}
		i = j
	}
	// Lookups at one index are one lookup (lut.go).
	if rest, ok := b.joinLUTs(op, w, args); ok {
		return b.bitwise(op, append(rest, b.Const(k, w)))
	}
	if op == OpXor {
		if k.IsZero() {
			if r := b.maskedSwap(w, args); r != nil {
				return r
			}
		}
		if r := b.sextXor(w, k, args); r != nil {
			return r
		}
	}
	if op == OpXor || op == OpOr {
		if joined, ok := b.joinRotations(args, w); ok {
			return b.bitwise(op, append(joined, b.Const(k, w)))
		}
	}
	// Complements: x & ~x = 0, x | ~x = ones, x ^ ~x = ones.
	if op != OpXor {
		seen := map[*Term]bool{}
		for _, a := range args {
			seen[a] = true
		}
		for _, a := range args {
			if (a.op == OpNot || isComplementXor(a)) && seen[b.Not(a)] {
				if op == OpAnd {
					return b.Zero(w)
				}
				return b.Ones(w)
			}
		}
	}
	if op != OpXor {
		if r := b.absorb(op, w, k, args); r != nil {
			return r
		}
	}
	allOnes := ones(w)
	if r := b.deMorgan(op, w, k, args); r != nil {
		return r
	}
	switch {
	case op == OpAnd && k.IsZero():
		return b.Zero(w)
	case op == OpOr && k == allOnes:
		return b.Ones(w)
	case len(args) == 0:
		return b.Const(k, w)
	}
	if r := b.splitConcats(op, w, k, args); r != nil {
		return r
	}
	rest := func() *Term {
		if len(args) == 1 {
			return args[0]
		}
		return b.node(op, w, args...)
	}
	switch op {
	case OpAnd:
		if k == allOnes {
			return rest()
		}
		if runs := bitRuns(k, w); len(runs) <= 4 {
			return b.maskRuns(rest(), runs, false)
		}
	case OpOr:
		if k.IsZero() {
			return rest()
		}
		if runs := bitRuns(k, w); len(runs) <= 4 {
			return b.maskRuns(rest(), runs, true)
		}
	case OpXor:
		if k.IsZero() {
			return rest()
		}
		if k == allOnes {
			if r := rest(); w == 1 || !xorLike(r) {
				return b.Not(r)
			}
		}
	}
	return b.node(op, w, append([]*Term{b.Const(k, w)}, args...)...)
}

// xorLike reports whether t is a XOR or a rotation of one: its
// complement is ~0 ^ t (Not).
func xorLike(t *Term) bool {
	return t.op == OpXor || t.op == OpRotl && t.args[0].op == OpXor
}

// complemented reports whether t counts as a complement for deMorgan: a
// Not, or a XOR whose constant has its top bit set (the complement of a
// XOR is the XOR with its constant complemented, Not, so of t and ~t
// exactly one counts).
func complemented(t *Term) bool {
	if t.op == OpNot {
		return true
	}
	if t.op == OpXor && t.args[0].op == OpConst {
		return t.args[0].cval().Bit(int(t.width) - 1)
	}
	return false
}

// deMorgan writes an And or Or of literals (no constant) with the fewest
// complements: an Or of which at least half the operands are complements
// is ~And of the operands' complements, an And of which more than half
// are is ~Or of theirs. The two thresholds make the form unique (the
// rewritten term is never rewritten back), so ~(~b | c) and b & ~c are
// one term: ANDN, the OR of complemented lanes and Go's &^ meet. nil when
// nothing changes.
func (b *Builder) deMorgan(op Op, w int, k Value, args []*Term) *Term {
	if op == OpXor || len(args) < 2 || (op == OpAnd && k != ones(w)) || (op == OpOr && !k.IsZero()) {
		return nil
	}
	neg := 0
	for _, a := range args {
		if complemented(a) {
			neg++
		}
	}
	if op == OpOr && 2*neg < len(args) || op == OpAnd && 2*neg <= len(args) {
		return nil
	}
	dual := OpAnd
	if op == OpAnd {
		dual = OpOr
	}
	comp := make([]*Term, len(args))
	for i, a := range args {
		comp[i] = b.Not(a)
	}
	return b.Not(b.bitwise(dual, comp))
}

// absorb applies x | (~x & y) = x | y and x & (~x | y) = x & y (bitwise,
// so at every width): an operand of the dual operation loses each literal
// whose complement is an operand here. The merged branches of a Go loop
// produce such terms: (c) | (~c & d) | (~c & ~d) is the condition that one
// of three paths was taken, and becomes 1. It returns nil when nothing
// changes.
func (b *Builder) absorb(op Op, w int, k Value, args []*Term) *Term {
	dual := OpOr
	if op == OpOr {
		dual = OpAnd
	}
	// An operand of the dual operation, or the complement of one of this
	// operation (~(x & y) is ~x | ~y, the form deMorgan leaves).
	dualArgs := func(a *Term) ([]*Term, bool) {
		switch {
		case a.op == dual:
			return a.args, true
		case a.op == OpNot && a.args[0].op == op:
			ys := make([]*Term, len(a.args[0].args))
			for i, y := range a.args[0].args {
				ys[i] = b.Not(y)
			}
			return ys, true
		}
		return nil, false
	}
	var here, negated map[*Term]bool // operands; x for each operand ~x
	for _, a := range args {
		if _, ok := dualArgs(a); !ok {
			continue
		}
		if here == nil {
			here, negated = map[*Term]bool{}, map[*Term]bool{}
			for _, x := range args {
				here[x] = true
				if x.op == OpNot {
					negated[x.args[0]] = true
				}
			}
		}
		break
	}
	if here == nil {
		return nil
	}
	complemented := func(l *Term) bool {
		if l.op == OpNot && here[l.args[0]] {
			return true
		}
		return negated[l]
	}
	changed := false
	out := make([]*Term, 0, len(args)+1)
	for _, a := range args {
		ls, ok := dualArgs(a)
		if !ok {
			out = append(out, a)
			continue
		}
		var keep []*Term
		for _, l := range ls {
			if !complemented(l) {
				keep = append(keep, l)
			}
		}
		if len(keep) == len(ls) {
			out = append(out, a)
			continue
		}
		changed = true
		switch {
		case len(keep) == 0 && dual == OpAnd:
			out = append(out, b.Ones(w))
		case len(keep) == 0:
			out = append(out, b.Zero(w))
		default:
			out = append(out, b.bitwise(dual, keep))
		}
	}
	if !changed {
		return nil
	}
	return b.bitwise(op, append(out, b.Const(k, w)))
}

// A bitRun is a maximal run of equal bits lo..hi of a constant.
type bitRun struct {
	hi, lo int
	set    bool
}

// bitRuns splits the low w bits of k into runs, least significant first.
func bitRuns(k Value, w int) []bitRun {
	var runs []bitRun
	for lo := 0; lo < w; {
		set := k.Bit(lo)
		hi := lo
		for hi+1 < w && k.Bit(hi+1) == set {
			hi++
		}
		runs = append(runs, bitRun{hi, lo, set})
		lo = hi + 1
	}
	return runs
}

// maskRuns applies a constant mask run by run: for And (or=false) set runs keep
// x's bits and clear runs are zero; for Or set runs are ones and clear runs keep x.
func (b *Builder) maskRuns(x *Term, runs []bitRun, or bool) *Term {
	parts := make([]*Term, 0, len(runs))
	for i := len(runs) - 1; i >= 0; i-- {
		r := runs[i]
		n := r.hi - r.lo + 1
		switch {
		case r.set && or:
			parts = append(parts, b.Ones(n))
		case r.set != or:
			parts = append(parts, b.Extract(x, r.hi, r.lo))
		default:
			parts = append(parts, b.Zero(n))
		}
	}
	return b.Concat(parts...)
}

// lowZeros is the number of low bits of a sum that are zero because each
// summand's are (0 when it does not know any).
func lowZeros(a *Term) int {
	w := int(a.width)
	switch a.op {
	case OpConst:
		return trailingZeros(*a.cval(), w)
	case OpConcat:
		if z := a.args[len(a.args)-1]; z.isZero() {
			return int(z.width)
		}
	case OpMul:
		if a.args[0].op == OpConst && len(a.args) == 2 {
			return min(w, trailingZeros(*a.args[0].cval(), w)+lowZeros(a.args[1]))
		}
	case OpAdd:
		j := w
		for _, x := range a.args {
			j = min(j, lowZeros(x))
		}
		return j
	}
	return 0
}

// isBitMask reports whether a is a bit sign-extended: every extract of it
// is that bit sign-extended again.
func isBitMask(a *Term) bool {
	return a.op == OpSext && a.args[0].width == 1
}

// maxSplitCuts bounds the segments splitConcats makes (one fewer than the
// cuts): at most 32, the bits of a word.
const maxSplitCuts = 33

// splitConcats rewrites a bitwise operation whose operands are all
// concatenations into a concatenation of the operation on each segment, so
// (h << 13) | (l >> 51) becomes h[50:0] ++ l[63:51].
func (b *Builder) splitConcats(op Op, w int, k Value, args []*Term) *Term {
	if len(args) < 2 {
		return nil
	}
	cuts := map[int]bool{0: true, w: true}
	concats := 0
	for _, a := range args {
		if a.op != OpConcat {
			// A shifted sum is a sum of shifted summands (linear.go);
			// split where the concatenations are, its low zero bits
			// then come out of its extracts. A mask (a sign-extended
			// bit) splits into masks: the operation on a lane of
			// vector pieces then meets the one on the whole vector.
			if lowZeros(a) == 0 && !isBitMask(a) {
				return nil
			}
			continue
		}
		concats++
		top := w
		for _, p := range a.args {
			top -= p.Width()
			cuts[top] = true
		}
	}
	if len(cuts) > maxSplitCuts || concats == 0 {
		return nil
	}
	var bounds []int
	for c := range cuts {
		bounds = append(bounds, c)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(bounds)))
	c := b.Const(k, w)
	var parts []*Term
	for i := 0; i+1 < len(bounds); i++ {
		hi, lo := bounds[i]-1, bounds[i+1]
		seg := []*Term{b.Extract(c, hi, lo)}
		for _, a := range args {
			seg = append(seg, b.Extract(a, hi, lo))
		}
		parts = append(parts, b.bitwise(op, seg))
	}
	return b.Concat(parts...)
}

// joinRotations replaces two operands of a XOR or an OR that are x shifted
// left by n and x shifted right by w − n with x rotated left by n: their
// bits are disjoint, so either operation joins them (rotationOf). So a
// rotation spelled as two shifts XORed into an accumulator one by one
// (SHA-256's σ on vector lanes, which AVX2 cannot rotate) meets RotL's.
// ok is false when no two operands join.
func (b *Builder) joinRotations(args []*Term, w int) (_ []*Term, ok bool) {
	// x shifted left by j: x's low bits ++ 0^j, or a sum of multiples of
	// 2^j (the shift of a sum, linear.go).
	shiftedLeft := func(a *Term) (*Term, int) {
		switch {
		case a.op == OpConcat && len(a.args) == 2 && a.args[1].isZero():
			return a.args[0], a.args[1].Width()
		case a.op == OpAdd || a.op == OpMul:
			if j := lowZeros(a); j > 0 && j < w {
				return b.Extract(a, w-1, j), j
			}
		}
		return nil, 0
	}
	var out []*Term
	used := map[int]bool{}
	for i, a := range args {
		lo, j := shiftedLeft(a)
		if lo == nil || used[i] {
			continue
		}
		for k, c := range args {
			if used[k] || k == i || c.op != OpConcat || len(c.args) != 2 || !c.args[0].isZero() || c.args[1].Width() != j {
				continue
			}
			if x, n, isRot := b.rotationOf(lo, c.args[1], w); isRot {
				used[i], used[k] = true, true
				out = append(out, b.RotL(x, n))
				break
			}
		}
	}
	if len(out) == 0 {
		return args, false
	}
	for i, a := range args {
		if !used[i] {
			out = append(out, a)
		}
	}
	return out, true
}
