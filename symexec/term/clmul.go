package term

// Carry-less products (PCLMULQDQ, PMULL): the XOR of the first operand
// shifted left by the position of each set bit of the second. A carry-less
// product is one node, OpClmul, evaluated by clmulV and expanded only by
// the solver's translation (vg.dev/smt), so that products of products
// (GHASH's powers of H, the reductions by its polynomial) stay small; the
// bit-level expansion of each product, normalised, grows with every
// product built on one.
//
// Not covered: no rule sees into a product (it is an atom to every other
// rule); only constant operands fold.

// Clmul returns the carry-less product of x and y, of one width n; the
// result has 2n bits (bit 2n−1 is always 0).
func (b *Builder) Clmul(x, y *Term) *Term {
	mustSame("clmul", x, y)
	n := x.Width()
	if b.raw {
		return b.node(OpClmul, 2*n, x, y)
	}
	if y.op == OpConst {
		x, y = y, x
	}
	if x.op == OpConst {
		k := *x.cval()
		switch {
		case k.IsZero():
			return b.Zero(2 * n)
		case y.op == OpConst:
			return b.Const(clmulV(k, *y.cval(), n), 2*n)
		case k == U64(1, n):
			return b.ZeroExt(y, 2*n)
		}
	} else if x.id > y.id {
		x, y = y, x
	}
	return b.node(OpClmul, 2*n, x, y)
}

// clmulV is the carry-less product of the n-bit values x and y, 2n bits.
func clmulV(x, y Value, n int) Value {
	var r Value
	for i := 0; i < n; i++ {
		if y.Bit(i) {
			r = xorV(r, shlV(x, i, 2*n))
		}
	}
	return r
}
