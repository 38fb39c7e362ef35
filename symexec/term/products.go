package term

import "math/bits"

// Products under bounds. A wide product of zero-extended words may be
// written with a constant factor on either side: the standard library's
// feSquare multiplies 38·a by c where its generic code multiplies 19·a by
// 2·c. Zero-extended, the three are
//
//	(0 ++ 19·a[62:0] ++ 0¹) × (0 ++ c)
//	(0 ++ 19·a) × (0 ++ c[62:0] ++ 0¹)
//	(0 ++ a[62:0] ++ 0¹) × (0 ++ 19·c)
//
// and they are equal only when no multiple wraps in its word, which is
// what a bound on the limbs says. Where the ranges (ranges.go, with the
// bounds the caller assumes: assumed.go) show that,
// each operand is read as a constant times the zero extension of its
// base, and the constants are moved out of the product, so that all three
// are 38 × ((0 ++ a) × (0 ++ c)).

// maxViewDepth bounds the nesting of products built by mulViewed (each
// one is of operands that no longer change, so one level is all a product
// needs; the bound only guards against a cycle).
const maxViewDepth = 4

// zextView reads x, of width w, as k × zext(v) modulo 2^w. x must be a zero
// extension, 0 ++ h or 0 ++ h ++ 0^j (2^j times the extension of h, always).
// Then, while the ranges show it:
//
//   - h = c·u of m bits with c·u < 2^m for every u in u's range: the
//     extension of h is c times the extension of u (no wrap);
//   - h = x[lo+m-1:lo], bits of a term x: the extension of h is the
//     extension of the widest v = x[lo+n-1:lo] (x itself when lo = 0 and
//     x is no wider than the product) that the ranges show is below 2^m
//     (widestField: x[62:32] is x[63:32] when x[63:32] < 2^31).
//
// ranged says whether a range was used; if not, k = 2^j and v = h (or x
// itself, k = 1, when x is no zero extension).
func (b *Builder) zextView(x *Term) (k Value, v *Term, ranged bool) {
	w := int(x.width)
	k = U64(1, w)
	if x.op != OpConcat || !x.args[0].isZero() {
		return k, x, false
	}
	parts := x.args[1:]
	if n := len(parts); n == 2 && parts[1].isZero() {
		k = shlV(k, int(parts[1].width), w)
		parts = parts[:1]
	}
	if len(parts) != 1 {
		return U64(1, w), x, false
	}
	h := parts[0]
	for {
		m := int(h.width)
		switch {
		case h.op == OpMul && len(h.args) == 2 && h.args[0].op == OpConst && m <= 64:
			c, u := h.args[0].cval()[0], h.args[1]
			r := b.assumedRange(u)
			if !r.ok {
				return k, h, ranged
			}
			top, p := bits.Mul64(c, uint64(r.hi))
			if top != 0 || (m < 64 && p >= 1<<m) {
				return k, h, ranged // c·u may wrap in m bits
			}
			k = mulV(k, U64(c, w), w)
			h, ranged = u, true
		case h.op == OpExtract:
			v := b.widestField(h, w)
			if v == nil {
				return k, h, ranged // x may have bits above m
			}
			h, ranged = v, true
		default:
			return k, h, ranged
		}
	}
}

// mulViewed is x × y (both of width w, neither constant) with the
// constant factors of both operands moved out, when zextView reads one of
// them through a range; else nil.
func (b *Builder) mulViewed(x, y *Term) *Term {
	if b.viewDepth >= maxViewDepth || (x.op != OpConcat && y.op != OpConcat) {
		return nil
	}
	kx, vx, rx := b.zextView(x)
	ky, vy, ry := b.zextView(y)
	if !rx && !ry {
		return nil
	}
	w := int(x.width)
	b.viewDepth++
	p := b.Mul(b.ZeroExt(vx, w), b.ZeroExt(vy, w))
	b.viewDepth--
	return b.Mul(b.Const(mulV(kx, ky, w), w), p)
}
