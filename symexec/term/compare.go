package term

// Eq is 1 when x = y.
func (b *Builder) Eq(x, y *Term) *Term {
	mustSame("eq", x, y)
	if !b.raw {
		if x == y {
			return b.Bool(true)
		}
		if x.op == OpConst && y.op == OpConst {
			return b.Bool(*x.cval() == *y.cval())
		}
		if x.op == OpConst {
			x, y = y, x
		}
		if x.Width() == 1 && y.op == OpConst {
			if y.cval().IsZero() {
				return b.Not(x)
			}
			return x
		}
		// concat(k, x) = c, k a constant (a zero extension, a shifted-down
		// sign bit: uint32(z-q)>>31 == 1) compares x with the low bits of
		// c, or is false when k is not c's high part.
		if x.op == OpConcat && y.op == OpConst && x.args[0].op == OpConst {
			hi := x.args[0]
			rest := b.Concat(x.args[1:]...)
			lw := rest.Width()
			if *b.Extract(y, x.Width()-1, lw).cval() != *hi.cval() {
				return b.Bool(false)
			}
			return b.Eq(rest, b.Extract(y, lw-1, 0))
		}
		// A constant outside the range x takes (ranges.go) is never equal
		// to it: a store at a symbolic place the range excludes, whose
		// condition the spec (which enumerates every place of the region)
		// and the kernel (only the places of the range) would otherwise
		// build differently.
		if c, ok := y.Uint64(); ok {
			if r := b.valueRange(x); r.ok && r.lo >= 0 && (c < uint64(r.lo) || c > uint64(r.hi)) {
				return b.Bool(false)
			}
		}
		// ite(c, x, k₁) = k₂ is c ∧ x = k₂ when k₁ ≠ k₂ (and the mirror
		// image): a selected index compared with a place, as a store at
		// y[c ? idx : ω] is to the byte at o.
		if x.op == OpIte && y.op == OpConst {
			c, t, e := x.args[0], x.args[1], x.args[2]
			switch {
			case e.op == OpConst && *e.cval() != *y.cval():
				return b.And(c, b.Eq(t, y))
			case t.op == OpConst && *t.cval() != *y.cval():
				return b.And(b.Not(c), b.Eq(e, y))
			}
		}
		if y.op == OpConst {
			if r := b.eqNormal(x, y); r != nil {
				return r
			}
		}
		if y.op != OpConst && y.id < x.id {
			x, y = y, x
		}
	}
	return b.node(OpEq, 1, x, y)
}

// Ne is 1 when x ≠ y.
func (b *Builder) Ne(x, y *Term) *Term { return b.Not(b.Eq(x, y)) }

func (b *Builder) cmp(op Op, x, y *Term) *Term {
	mustSame(op.String(), x, y)
	if !b.raw {
		w := x.Width()
		if x.op == OpConst && y.op == OpConst {
			a, c := *x.cval(), *y.cval()
			var r bool
			switch op {
			case OpUlt:
				r = ultV(a, c)
			case OpUle:
				r = !ultV(c, a)
			case OpSlt:
				r = sltV(a, c, w)
			default:
				r = !sltV(c, a, w)
			}
			return b.Bool(r)
		}
		if x == y {
			return b.Bool(op == OpUle || op == OpSle)
		}
		switch {
		case op == OpUlt && y.isZero():
			return b.Bool(false)
		case op == OpUle && x.isZero():
			return b.Bool(true)
		case op == OpUle && y.isOnes():
			return b.Bool(true)
		case op == OpUlt && x.isOnes():
			return b.Bool(false)
		}
		if r, ok := b.cmpByRange(op, x, y); ok {
			return b.Bool(r)
		}
	}
	return b.node(op, 1, x, y)
}

// cmpByRange decides a comparison whose operands both have a known range:
// when the ranges do not overlap (a signed one only below 2^(w−1), where
// signed and unsigned order agree), or, for 64-bit operands (whose ranges
// stay below rangeLimit < 2⁶³, so nothing wraps), when they differ by a
// constant, as two pointers into one region do (&b+32 against &b+1: the
// loop bound of a search over b).
func (b *Builder) cmpByRange(op Op, x, y *Term) (r, ok bool) {
	rx, ry := b.valueRange(x), b.valueRange(y)
	if !rx.ok || !ry.ok {
		return false, false
	}
	w := int(x.width)
	signed := op == OpSlt || op == OpSle
	// A signed comparison agrees with the unsigned one on values below
	// 2^(w−1) only.
	if signed && (w < 64 && (rx.hi >= 1<<(w-1) || ry.hi >= 1<<(w-1))) {
		return false, false
	}
	// Ranges that touch decide ≤ and its negation: a count of at most k
	// accepted candidates against k (the bound of a store at the count).
	switch {
	case (op == OpUle || op == OpSle) && rx.hi <= ry.lo:
		return true, true
	case (op == OpUlt || op == OpSlt) && ry.hi <= rx.lo:
		return false, true
	}
	// d is y − x as an integer, when known.
	var d int64
	switch {
	case rx.hi < ry.lo:
		d = 1
	case ry.hi < rx.lo:
		d = -1
	default:
		// The difference modulo 2^w is the integer one only when no
		// value reaches 2^(w−1): on 64-bit terms, whose ranges stay
		// below rangeLimit.
		if w < 64 {
			return false, false
		}
		k, isConst := b.Sub(y, x).Uint64()
		if !isConst {
			return false, false
		}
		// Both lie in [0, 2⁶³): the difference modulo 2⁶⁴, as a signed
		// number, is the integer difference.
		d = int64(k)
	}
	switch op {
	case OpUlt, OpSlt:
		return d > 0, true
	default:
		return d >= 0, true
	}
}

// Ult is unsigned x < y.
func (b *Builder) Ult(x, y *Term) *Term { return b.cmp(OpUlt, x, y) }

// Ule is unsigned x ≤ y.
func (b *Builder) Ule(x, y *Term) *Term { return b.cmp(OpUle, x, y) }

// Slt is signed x < y.
func (b *Builder) Slt(x, y *Term) *Term { return b.cmp(OpSlt, x, y) }

// Sle is signed x ≤ y.
func (b *Builder) Sle(x, y *Term) *Term { return b.cmp(OpSle, x, y) }

// Ugt, Uge, Sgt and Sge swap their operands.
func (b *Builder) Ugt(x, y *Term) *Term { return b.Ult(y, x) }
func (b *Builder) Uge(x, y *Term) *Term { return b.Ule(y, x) }
func (b *Builder) Sgt(x, y *Term) *Term { return b.Slt(y, x) }
func (b *Builder) Sge(x, y *Term) *Term { return b.Sle(y, x) }

// Ite is "if c then x else y" for a width-1 condition c.
func (b *Builder) Ite(c, x, y *Term) *Term {
	mustSame("ite", x, y)
	if c.Width() != 1 {
		panic("term: ite condition of width != 1")
	}
	if !b.raw {
		switch {
		case c.op == OpConst:
			if c.cval().IsZero() {
				return y
			}
			return x
		case x == y:
			return x
		case c.op == OpNot:
			return b.Ite(c.args[0], y, x)
		case x.op == OpIte && x.args[2] == y:
			// ite(c, ite(d, u, y), y) = ite(c ∧ d, u, y): a store under
			// a branch the interpreter merged.
			return b.Ite(b.And(c, x.args[0]), x.args[1], y)
		case x.Width() == 1 && x.op == OpConst && y.op == OpConst:
			if x.cval().IsZero() {
				return b.Not(c)
			}
			return c
		}
		if r := b.selectIte(c, x, y); r != nil {
			return r
		}
	}
	return b.node(OpIte, x.Width(), c, x, y)
}

// BoolAnd, BoolOr and BoolNot are And, Or and Not on width-1 terms.
func (b *Builder) BoolAnd(xs ...*Term) *Term { return b.And(xs...) }
func (b *Builder) BoolOr(xs ...*Term) *Term  { return b.Or(xs...) }
func (b *Builder) BoolNot(x *Term) *Term     { return b.Not(x) }

// Conjuncts splits the width-1 term t into terms whose conjunction is t:
// conjunctions are flattened, ¬(x ∨ y) becomes ¬x, ¬y, and conditional
// forms of both (ite with a constant branch) are taken apart the same way. A precondition
// over many coefficients so falls apart into one condition per
// coefficient, which the solver can consider separately.
func (b *Builder) Conjuncts(t *Term) []*Term {
	if t.Width() != 1 {
		panic("term: conjuncts of width != 1")
	}
	switch {
	case t.op == OpAnd:
		var out []*Term
		for _, a := range t.args {
			out = append(out, b.Conjuncts(a)...)
		}
		return out
	case t.op == OpNot && t.args[0].op == OpOr:
		var out []*Term
		for _, a := range t.args[0].args {
			out = append(out, b.Conjuncts(b.Not(a))...)
		}
		return out
	case t.op == OpIte:
		// Long chains of merged conditions stay ite (the interpreter
		// avoids flattening them); ite(c, x, 0) = c ∧ x, ite(c, 0, y) =
		// ¬c ∧ y.
		c, x, y := t.args[0], t.args[1], t.args[2]
		switch {
		case y.isZero():
			return append(b.Conjuncts(c), b.Conjuncts(x)...)
		case x.isZero():
			return append(b.Conjuncts(b.Not(c)), b.Conjuncts(y)...)
		}
	case t.op == OpNot && t.args[0].op == OpIte:
		// ¬ite(c, 1, y) = ¬c ∧ ¬y, ¬ite(c, x, 1) = c ∧ ¬x.
		c, x, y := t.args[0].args[0], t.args[0].args[1], t.args[0].args[2]
		switch {
		case x.isOnes():
			return append(b.Conjuncts(b.Not(c)), b.Conjuncts(b.Not(y))...)
		case y.isOnes():
			return append(b.Conjuncts(c), b.Conjuncts(b.Not(x))...)
		}
	}
	return []*Term{t}
}
