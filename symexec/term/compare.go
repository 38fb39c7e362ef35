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
		if op == OpUlt || op == OpUle {
			if r, ok := b.compareRanges(op, x, y); ok {
				return b.Bool(r)
			}
		}
	}
	return b.node(op, 1, x, y)
}

// compareRanges decides an unsigned comparison from the operands' ranges
// (ranges.go): when the ranges do not overlap, or when x − y is a constant
// d, in which case, neither operand wrapping, x − y as integers is d read
// as signed (both lie in [0, rangeLimit], so their difference is far from
// ±2^w/2). So a bounded pointer plus 64 is below the same pointer plus 192
// (a kernel's CMOV between the next block and a table).
func (b *Builder) compareRanges(op Op, x, y *Term) (result, ok bool) {
	rx, ry := b.valueRange(x), b.valueRange(y)
	if !rx.ok || !ry.ok {
		return false, false
	}
	switch {
	case rx.hi < ry.lo:
		return true, true
	case op == OpUlt && rx.lo >= ry.hi:
		return false, true
	case op == OpUle && rx.hi <= ry.lo:
		return true, true
	case op == OpUle && rx.lo > ry.hi:
		return false, true
	}
	w := x.Width()
	if w > 64 {
		return false, false
	}
	d, isConst := b.Sub(x, y).Uint64()
	if !isConst {
		return false, false
	}
	diff := int64(d<<(64-w)) >> (64 - w) // d read as a signed w-bit number
	if op == OpUlt {
		return diff < 0, true
	}
	return diff <= 0, true
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
		case x.Width() == 1 && x.op == OpConst && y.op == OpConst:
			if x.cval().IsZero() {
				return b.Not(c)
			}
			return c
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
