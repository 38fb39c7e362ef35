package term

import (
	"cmp"
	"slices"
)

// Add is x + y modulo 2^w.
func (b *Builder) Add(x, y *Term) *Term {
	mustSame("add", x, y)
	if b.raw {
		return b.node(OpAdd, x.Width(), x, y)
	}
	w := x.Width()
	buf := b.takeLin()
	cx, ts := b.appendLinear(buf, x)
	cy, ts := b.appendLinear(ts, y)
	r := b.sum(w, addV(cx, cy, w), ts)
	b.putLin(ts)
	return r
}

// AddN sums its operands (at least one).
func (b *Builder) AddN(xs ...*Term) *Term {
	r := xs[0]
	for _, x := range xs[1:] {
		r = b.Add(r, x)
	}
	return r
}

// sumOnce is the sum of xs (at least one, of one width) normalised once:
// the summands of all are read into one linear form. Adding them one by one
// re-reads the growing partial sum at every step, quadratic in the number
// of summands (the low bits of a chain of SBBs, each a sum of all the
// borrows before it, made the lifter fuzz seed take a minute). The value is
// the same either way; only the partial sums are not built.
func (b *Builder) sumOnce(xs []*Term) *Term {
	if len(xs) == 1 || b.raw {
		return b.AddN(xs...)
	}
	w := xs[0].Width()
	var c Value
	ts := b.takeLin()
	for _, x := range xs {
		mustSame("add", xs[0], x)
		var cx Value
		cx, ts = b.appendLinear(ts, x)
		c = addV(c, cx, w)
	}
	r := b.sum(w, c, ts)
	b.putLin(ts)
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
		k, at = *t.args[0].cval(), t.args[1]
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
		k := *x.cval()
		if y.op == OpConst {
			return b.Const(mulV(k, *y.cval(), w), w)
		}
		c, ts := b.appendLinear(b.takeLin(), y)
		for i := range ts {
			ts[i].coef = mulV(ts[i].coef, k, w)
		}
		r := b.sum(w, mulV(c, k, w), ts)
		b.putLin(ts)
		return r
	}
	// Constant factors of zero-extended operands that the ranges show do
	// not wrap move out of the product (products.go).
	if r := b.mulViewed(x, y); r != nil {
		return r
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
	slices.SortStableFunc(fs, func(x, y *Term) int { return cmp.Compare(x.id, y.id) })
	p := b.node(OpMul, w, fs...)
	return b.Mul(b.Const(mulV(kx, ky, w), w), p)
}

func (b *Builder) div(op Op, x, y *Term, f func(a, b Value, w int) Value) *Term {
	mustSame(op.String(), x, y)
	w := x.Width()
	if !b.raw {
		if x.op == OpConst && y.op == OpConst {
			return b.Const(f(*x.cval(), *y.cval(), w), w)
		}
		if y.op == OpConst && *y.cval() == U64(1, w) {
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
	if t.op == OpConcat && len(t.args) == 2 && t.args[0].op == OpConst && t.args[0].cval().IsZero() {
		return t.args[1]
	}
	return nil
}
