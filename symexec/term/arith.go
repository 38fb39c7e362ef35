package term

import "sort"

// linTerm is one summand coef × atom of a linear form.
type linTerm struct {
	coef Value
	atom *Term
}

// linear reads t as c + Σ coef×atom.
func linear(t *Term) (c Value, ts []linTerm) {
	w := int(t.width)
	switch t.op {
	case OpConst:
		return *t.val, nil
	case OpAdd:
		for _, a := range t.args {
			ca, ta := linear(a)
			c = addV(c, ca, w)
			ts = append(ts, ta...)
		}
		return c, ts
	case OpConcat:
		// x[w-1-j:0] ++ 0^j is 2^j × x.
		if n := len(t.args); n == 2 && t.args[1].op == OpConst && t.args[1].val.IsZero() {
			if c, ts, ok := liftLinear(t.args[0], w); ok {
				k := shlV(U64(1, w), int(t.args[1].width), w)
				for i := range ts {
					ts[i].coef = mulV(ts[i].coef, k, w)
				}
				return mulV(c, k, w), ts
			}
		}
	case OpMul:
		if t.args[0].op == OpConst && len(t.args) == 2 {
			return Value{}, []linTerm{{*t.args[0].val, t.args[1]}}
		}
	}
	return Value{}, []linTerm{{U64(1, w), t}}
}

// liftLinear finds a linear form of width w whose low bits are h, looking
// through the low-bit rules of Extract (the low bits of a sum or a scaled
// term are the sum or scaled term of the low bits).
func liftLinear(h *Term, w int) (c Value, ts []linTerm, ok bool) {
	switch h.op {
	case OpExtract:
		if h.lo == 0 && int(h.args[0].width) == w {
			c, ts = linear(h.args[0])
			return c, ts, true
		}
	case OpConst:
		return *h.val, nil, true
	case OpMul:
		if h.args[0].op == OpConst && len(h.args) == 2 {
			c, ts, ok = liftLinear(h.args[1], w)
			k := *h.args[0].val
			for i := range ts {
				ts[i].coef = mulV(ts[i].coef, k, w)
			}
			return mulV(c, k, w), ts, ok
		}
	case OpAdd:
		for _, a := range h.args {
			ca, ta, ok := liftLinear(a, w)
			if !ok {
				return c, nil, false
			}
			c = addV(c, ca, w)
			ts = append(ts, ta...)
		}
		return c, ts, true
	}
	return c, nil, false
}

// sum builds c + Σ ts in normal form: atoms sorted by id, coefficients merged.
func (b *Builder) sum(w int, c Value, ts []linTerm) *Term {
	// A selection between constants is linear in its condition:
	// ite(p, k₁, k₂) = k₂ + (k₁ − k₂)·ite(p, 1, 0). Summands so become
	// multiples of one 0/1 term per condition, and a mask plus one
	// (VPCMPEQD, then +1) meets the same count written as ite(¬p, 1, 0)
	// (which the Builder keeps as ite(p, 0, 1)). A sign-extended
	// comparison is such a mask.
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
		k1, k2 := *a.args[1].val, *a.args[2].val
		if k1 == U64(1, w) && k2.IsZero() {
			continue
		}
		c = addV(c, mulV(t.coef, k2, w), w)
		ts[i] = linTerm{mulV(t.coef, subV(k1, k2, w), w), b.Ite(a.args[0], b.Uint(1, w), b.Zero(w))}
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].atom.id < ts[j].atom.id })
	var args []*Term
	if !c.IsZero() {
		args = append(args, b.Const(c, w))
	}
	for i := 0; i < len(ts); {
		k := ts[i].coef
		j := i + 1
		for ; j < len(ts) && ts[j].atom == ts[i].atom; j++ {
			k = addV(k, ts[j].coef, w)
		}
		if !k.IsZero() {
			args = append(args, b.scaled(k, ts[i].atom))
		}
		i = j
	}
	switch {
	case len(args) == 0:
		return b.Zero(w)
	case len(args) == 1:
		return args[0]
	}
	return b.node(OpAdd, w, args...)
}

// scaled is k × atom for an atom that is neither a constant nor a sum. A
// power of two is a shift, x[w-1-j:0] ++ 0^j, the form shifts and masks use.
func (b *Builder) scaled(k Value, atom *Term) *Term {
	w := int(atom.width)
	if k == U64(1, w) {
		return atom
	}
	if j := log2(k, w); j > 0 {
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

// Add is x + y modulo 2^w.
func (b *Builder) Add(x, y *Term) *Term {
	mustSame("add", x, y)
	if b.raw {
		return b.node(OpAdd, x.Width(), x, y)
	}
	w := x.Width()
	cx, tx := linear(x)
	cy, ty := linear(y)
	return b.sum(w, addV(cx, cy, w), append(tx, ty...))
}

// AddN sums its operands (at least one).
func (b *Builder) AddN(xs ...*Term) *Term {
	r := xs[0]
	for _, x := range xs[1:] {
		r = b.Add(r, x)
	}
	return r
}

// Neg is −x modulo 2^w.
func (b *Builder) Neg(x *Term) *Term { return b.Mul(b.Ones(x.Width()), x) }

// Sub is x − y modulo 2^w.
func (b *Builder) Sub(x, y *Term) *Term { return b.Add(x, b.Neg(y)) }

// factors splits a term into its constant coefficient and its non-constant
// factors (a single factor unless it is a product).
func factors(t *Term) (Value, []*Term) {
	k, at := U64(1, int(t.width)), t
	if t.op == OpMul && t.args[0].op == OpConst && len(t.args) == 2 {
		k, at = *t.args[0].val, t.args[1]
	}
	if at.op == OpMul && at.args[0].op != OpConst {
		return k, at.args
	}
	return k, []*Term{at}
}

// Mul is x × y modulo 2^w.
func (b *Builder) Mul(x, y *Term) *Term {
	mustSame("mul", x, y)
	w := x.Width()
	if b.raw {
		return b.node(OpMul, w, x, y)
	}
	if y.op == OpConst {
		x, y = y, x
	}
	if x.op == OpConst {
		k := *x.val
		if y.op == OpConst {
			return b.Const(mulV(k, *y.val, w), w)
		}
		c, ts := linear(y)
		for i := range ts {
			ts[i].coef = mulV(ts[i].coef, k, w)
		}
		return b.sum(w, mulV(c, k, w), ts)
	}
	// A product of zero-extended p- and q-bit values fits in p+q bits: build
	// it at that width, so that the same multiplication made at different
	// widths (bits.Mul64 of 52-bit values, VPMADD52's 104-bit product) is
	// one term.
	if p, q := zextInner(x), zextInner(y); p != nil && q != nil && p.Width()+q.Width() < w {
		n := p.Width() + q.Width()
		return b.ZeroExt(b.Mul(b.ZeroExt(p, n), b.ZeroExt(q, n)), w)
	}
	kx, fx := factors(x)
	ky, fy := factors(y)
	fs := append(append([]*Term(nil), fx...), fy...)
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].id < fs[j].id })
	p := b.node(OpMul, w, fs...)
	return b.Mul(b.Const(mulV(kx, ky, w), w), p)
}

func (b *Builder) div(op Op, x, y *Term, f func(a, b Value, w int) Value) *Term {
	mustSame(op.String(), x, y)
	w := x.Width()
	if !b.raw {
		if x.op == OpConst && y.op == OpConst {
			return b.Const(f(*x.val, *y.val, w), w)
		}
		if y.op == OpConst && *y.val == U64(1, w) {
			switch op {
			case OpUDiv, OpSDiv:
				return x
			default:
				return b.Zero(w)
			}
		}
	}
	return b.node(op, w, x, y)
}

// UDiv is unsigned x / y; x / 0 is all ones (SMT-LIB).
func (b *Builder) UDiv(x, y *Term) *Term { return b.div(OpUDiv, x, y, udivV) }

// URem is unsigned x % y; x % 0 is x (SMT-LIB).
func (b *Builder) URem(x, y *Term) *Term { return b.div(OpURem, x, y, uremV) }

// SDiv is signed x / y truncated toward zero (SMT-LIB bvsdiv).
func (b *Builder) SDiv(x, y *Term) *Term { return b.div(OpSDiv, x, y, sdivV) }

// SRem is the signed remainder with the sign of x (SMT-LIB bvsrem).
func (b *Builder) SRem(x, y *Term) *Term { return b.div(OpSRem, x, y, sremV) }

// zextInner returns x when t is x zero-extended (0…0 ++ x), else nil.
func zextInner(t *Term) *Term {
	if t.op == OpConcat && len(t.args) == 2 && t.args[0].op == OpConst && t.args[0].val.IsZero() {
		return t.args[1]
	}
	return nil
}
