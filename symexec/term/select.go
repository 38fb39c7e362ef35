package term

// Selections: one form for choosing among values by comparing a term with
// constants, however the choice is spelled. A constant-time table lookup
// is written in three ways that compute the same words:
//
//   - masks from arithmetic: ((v | −v) >> (w−1)) − 1 is all ones exactly
//     when v = x ⊕ k is zero (the spec's eqMask, the kernels that copy it);
//   - masks from a comparison: VPCMPEQD's lanes, sext(x = k);
//   - a conditional move: CSEL or CMOV after CMP x, k, ite(x − k = 0, t, acc).
//
// The rules below bring all three to the OR of the values each kept under
// the sign extension of its condition, x = k, with x's constant moved into
// k and the comparison as narrow as x's range allows:
//
//   - bit w−1 of v | −v is v ≠ 0 (nonzeroBit);
//   - zext(c) − 1 is sext(¬c) as an operand of a bitwise operation
//     (maskOperand; in a sum it stays a sum, whose atoms the sums'
//     own rules keep in one form);
//   - x ⊕ k = c is x = k ⊕ c, x + k = c is x = c − k, and x = c is
//     x[n−1:0] = c when x is a sum below 2ⁿ (eqNormal);
//   - sext(c) ++ sext(c) is one sign extension (in Concat);
//   - ite(x = k, t, y), where y is zero whenever x = k (a chain of
//     selections by other constants), is (t & sext(x = k)) | y
//     (selectIte);
//   - a ⊕ (sext(c) & (a ⊕ b)), a swap or negation under a mask, is
//     ite(c, b, a), as a CSEL under the same condition builds it
//     (maskedSwap);
//   - sext(a) ⊕ sext(b) is the sign extension of the narrower XOR, and a
//     sign extension of a term whose top bit is 0 is a zero extension
//     (sextXor, in SignExt): |x| of a sign-extended byte, (x ⊕ s) − s,
//     then has a range.
//
// Not covered: conditions other than an equality with a constant, and
// chains whose conditions are not all on one term.

// nonzeroBit returns bit w−1 of x = v | −v as v ≠ 0 (its top bit is set
// exactly when v is not zero: for v ≠ 0 one of v and −v is at least
// 2^(w−1)), or nil when x is not of that form.
func (b *Builder) nonzeroBit(x *Term, hi, lo int) *Term {
	w := x.Width()
	if hi != w-1 || lo != w-1 || w == 1 || x.op != OpOr || len(x.args) != 2 {
		return nil
	}
	// −v is a product by −1 or a sum (a negated sum): test those only,
	// so that no negation is built for other ORs.
	negLike := func(t *Term) bool { return t.op == OpAdd || t.op == OpMul }
	v, n := x.args[0], x.args[1]
	if !negLike(n) || b.Neg(v) != n {
		v, n = n, v
		if !negLike(n) || b.Neg(v) != n {
			return nil
		}
	}
	return b.Not(b.Eq(v, b.Zero(w)))
}

// eqNormal returns x = c (c a constant) in its normal form, or nil when
// no rule applies: a XOR with a constant or a sum's constant moves to c,
// and a sum whose range lies below 2ⁿ, n < w, is compared on its low n
// bits, the width every spelling of it (64-bit, 32-bit, a lane) reaches.
func (b *Builder) eqNormal(x, c *Term) *Term {
	w := x.Width()
	switch x.op {
	case OpXor:
		if k := x.args[0]; k.op == OpConst && w > 1 {
			rest := b.Xor(x.args[1:]...)
			return b.Eq(rest, b.Const(xorV(*k.cval(), *c.cval()), w))
		}
	case OpAdd:
		if k := x.args[0]; k.op == OpConst {
			rest := b.Sub(x, k)
			return b.Eq(rest, b.Const(subV(*c.cval(), *k.cval(), w), w))
		}
		if r := b.valueRange(x); r.ok && r.lo >= 0 {
			// c has at most n bits too: a larger c is outside the
			// range, which Eq decides before.
			if n := bitLen(U64(uint64(r.hi), 64)); n > 0 && n < w && bitLen(*c.cval()) <= n {
				return b.Eq(b.Extract(x, n-1, 0), b.Extract(c, n-1, 0))
			}
		}
	}
	return nil
}

// maskOperand returns an operand of a bitwise operation that is
// zext(c) − 1 (c of width 1) as sext(¬c), else a itself.
func (b *Builder) maskOperand(a *Term) *Term {
	if a.op != OpAdd || len(a.args) != 2 || !a.args[0].isOnes() {
		return a
	}
	if z := zextInner(a.args[1]); z != nil && z.Width() == 1 {
		return b.SignExt(b.Not(z), a.Width())
	}
	return a
}

// selectCond returns x and k when c is x = k for a constant k.
func selectCond(c *Term) (x *Term, k Value, ok bool) {
	if c.op != OpEq || c.args[1].op != OpConst {
		return nil, Value{}, false
	}
	return c.args[0], *c.args[1].cval(), true
}

// selectIte returns ite(c, t, y) as (t & sext(c)) | y when c is x = k and
// y is zero whenever x = k, or nil. t is not a constant other than 1: a
// selection between constants stays the ite that sums read as a multiple
// of ite(c, 1, 0) (linear.go), and ite(c, 1, 0) becomes zext(c).
func (b *Builder) selectIte(c, t, y *Term) *Term {
	w := t.Width()
	if w == 1 || (t.op == OpConst && *t.cval() != U64(1, w)) {
		return nil
	}
	x, k, ok := selectCond(c)
	if !ok || !zeroWhen(y, x, k, 4) {
		return nil
	}
	return b.Or(b.And(t, b.SignExt(c, w)), y)
}

// zeroWhen reports whether y is zero whenever x = k, by its structure: a
// zero, an OR of such terms, an AND with one, a concatenation of them, or
// a condition x = k' (or its extension) for a constant k' ≠ k. depth
// bounds the search.
func zeroWhen(y, x *Term, k Value, depth int) bool {
	if y.isZero() {
		return true
	}
	if depth == 0 {
		return false
	}
	switch y.op {
	case OpEq:
		x2, k2, ok := selectCond(y)
		return ok && x2 == x && k2 != k
	case OpSext:
		return zeroWhen(y.args[0], x, k, depth-1)
	case OpOr, OpConcat:
		for _, a := range y.args {
			if !zeroWhen(a, x, k, depth-1) {
				return false
			}
		}
		return true
	case OpAnd:
		for _, a := range y.args {
			if zeroWhen(a, x, k, depth-1) {
				return true
			}
		}
	}
	return false
}

// maskedSwap returns a ⊕ (sext(c) & (a ⊕ b)), the XOR args, as ite(c, b,
// a), or nil: where c holds, a ⊕ a ⊕ b = b, elsewhere a.
func (b *Builder) maskedSwap(w int, args []*Term) *Term {
	if len(args) != 2 || w == 1 {
		return nil
	}
	for i, m := range args {
		a := args[1-i]
		if m.op != OpAnd || len(m.args) != 2 {
			continue
		}
		for j, s := range m.args {
			d := m.args[1-j]
			if s.op != OpSext || s.args[0].Width() != 1 || d.op != OpXor {
				continue
			}
			// d = a ⊕ rest: rest is b.
			for n, e := range d.args {
				if e != a {
					continue
				}
				rest := append(append([]*Term(nil), d.args[:n]...), d.args[n+1:]...)
				return b.Ite(s.args[0], b.Xor(rest...), a)
			}
		}
	}
	return nil
}

// sextXor returns the XOR args, when each is a sign extension to w bits,
// as the sign extension of the XOR of them extended only to the widest
// one's width (the bits above it are copies of its top bit on both
// sides), or nil.
func (b *Builder) sextXor(w int, k Value, args []*Term) *Term {
	if len(args) < 2 || (!k.IsZero() && k != ones(w)) {
		return nil
	}
	n := 0
	for _, a := range args {
		if a.op != OpSext {
			return nil
		}
		n = max(n, a.args[0].Width())
	}
	inner := make([]*Term, 0, len(args)+1)
	for _, a := range args {
		inner = append(inner, b.SignExt(a.args[0], n))
	}
	if !k.IsZero() {
		inner = append(inner, b.Ones(n))
	}
	return b.SignExt(b.Xor(inner...), w)
}
