package term

import "fmt"

// Extract is bits hi..lo of x (inclusive), of width hi−lo+1.
func (b *Builder) Extract(x *Term, hi, lo int) *Term {
	w := x.Width()
	if lo < 0 || hi < lo || hi >= w {
		panic(fmt.Sprintf("term: extract %d..%d of width %d", hi, lo, w))
	}
	if b.raw {
		return b.intern(OpExtract, hi-lo+1, hi, lo, []*Term{x}, nil, "")
	}
	if lo == 0 && hi == w-1 {
		return x
	}
	// Memoised: an extract is pushed through bitwise operations, and on a
	// term that shares its operands (a chain of masks) that would visit
	// every path through the DAG, exponentially many. Not for the terms
	// whose extract is immediate (a variable, a product of variables, an
	// extract): the memo would only grow.
	switch x.op {
	case OpVar, OpExtract, OpConst:
		return b.extract(x, hi, lo)
	case OpMul:
		if x.args[0].op != OpConst {
			return b.extract(x, hi, lo)
		}
	}
	k := extractKey(x, hi, lo)
	if r, ok := b.extracts.get(b, k); ok {
		return r
	}
	r := b.extract(x, hi, lo)
	b.extracts.put(k, r)
	if r.op != OpExtract && r.op != OpConst {
		// Remember what r is the extract of, so that Concat can see a
		// rotation of x in two pushed-through parts (rotationOf).
		if b.origins == nil {
			b.origins = map[*Term]extractOrigin{}
		}
		if _, ok := b.origins[r]; !ok {
			b.origins[r] = extractOrigin{x, hi, lo}
		}
	}
	return r
}

// extractKey names one extract for Builder.extracts: the term's id and
// the bit range (a uint64 key keeps the memo's lookups on the fast path).
func extractKey(x *Term, hi, lo int) uint64 {
	return uint64(x.id) | uint64(hi)<<32 | uint64(lo)<<48
}

// extractOrigin is the term and bit range an extract was taken of.
type extractOrigin struct {
	x      *Term
	hi, lo int
}

// extract is Extract without the memo.
func (b *Builder) extract(x *Term, hi, lo int) *Term {
	w, n := x.Width(), hi-lo+1
	switch x.op {
	case OpConst:
		return b.Const(extractV(*x.cval(), hi, lo), n)
	case OpExtract:
		return b.Extract(x.args[0], int(x.lo)+hi, int(x.lo)+lo)
	case OpConcat:
		var parts []*Term
		top := w
		for _, a := range x.args {
			aw := a.Width()
			alo := top - aw
			// a holds bits top-1..alo of x.
			if h, l := min(hi, top-1), max(lo, alo); h >= l {
				parts = append(parts, b.Extract(a, h-alo, l-alo))
			}
			top = alo
		}
		return b.Concat(parts...)
	case OpSext:
		a := x.args[0]
		aw := a.Width()
		switch {
		case hi < aw:
			return b.Extract(a, hi, lo)
		case lo >= aw-1:
			return b.SignExt(b.Extract(a, aw-1, aw-1), n)
		default:
			return b.SignExt(b.Extract(a, aw-1, lo), n)
		}
	case OpAnd, OpOr, OpXor:
		if r := b.nonzeroBit(x, hi, lo); r != nil {
			return r
		}
		args := make([]*Term, len(x.args))
		for i, a := range x.args {
			args[i] = b.Extract(a, hi, lo)
		}
		return b.bitwise(x.op, args)
	case OpNot:
		return b.Not(b.Extract(x.args[0], hi, lo))
	case OpLUT:
		return b.mapLUT(x, n, func(v uint64) uint64 { return v >> uint(lo) })
	case OpRotl:
		// Bit i of x is bit (i − r) mod w of a. The extract is not pushed
		// into a bitwise operation under a rotation: through a chain of
		// rotations and XORs (Keccak's rounds) that would split every
		// lane into bits, round after round. Except under a rotation by
		// half the width, a swap of halves (dwords shuffled in a qword):
		// bits within one half are bits of the other half of a, as of a
		// concatenation.
		a, r := x.args[0], int(x.lo)
		switch {
		case isBitwise(a) && (2*r != w || hi >= r && lo < r):
		case lo >= r:
			return b.Extract(a, hi-r, lo-r)
		case hi < r:
			return b.Extract(a, hi-r+w, lo-r+w)
		default:
			return b.Concat(b.Extract(a, hi-r, 0), b.Extract(a, w-1, lo-r+w))
		}
	case OpMul:
		// The low bits of c × x are c × the low bits of x. (Not done for
		// products of variables: a product of truncations would be a new
		// multiplication, unrelated to the full one once products are
		// uninterpreted.)
		if lo == 0 && x.args[0].op == OpConst && len(x.args) == 2 {
			return b.Mul(b.Extract(x.args[0], hi, 0), b.Extract(x.args[1], hi, 0))
		}
		// And when c = 2^j·c': bits hi..lo of c·x are bits hi−j..lo−j
		// of c'·x (a shifted product, linear.go), its low bits when j ≥ lo.
		if x.args[0].op == OpConst && len(x.args) == 2 {
			if j := min(trailingZeros(*x.args[0].cval(), w), lo); j > 0 {
				k := lshrV(*x.args[0].cval(), j, w)
				return b.Extract(b.Mul(b.Const(k, w-j), b.Extract(x.args[1], w-1-j, 0)), hi-j, lo-j)
			}
		}
		// c × zext(p) is below 2^m for m = p's width + bitlen(c): bits
		// from m up are 0, the rest those of the product built m bits
		// wide, the one width every spelling reaches. So a product by a
		// constant made at 104 bits (VPMADD52 of a constant lane) and at
		// 128 (bits.Mul64 of 52-bit values) has the same high bits.
		if x.args[0].op == OpConst && len(x.args) == 2 {
			if p := zextInner(x.args[1]); p != nil {
				k := *x.args[0].cval()
				if m := p.Width() + bitLen(k); m < w {
					q := b.Mul(b.Const(k.trunc(m), m), b.ZeroExt(p, m))
					switch {
					case lo >= m:
						return b.Zero(n)
					case hi < m:
						return b.Extract(q, hi, lo)
					}
					return b.Concat(b.Zero(hi-m+1), b.Extract(q, m-1, lo))
				}
			}
		}
	case OpAdd:
		// The low n bits of a sum depend only on the low n bits of its
		// operands.
		if lo == 0 {
			parts := make([]*Term, len(x.args))
			for i, a := range x.args {
				parts[i] = b.Extract(a, hi, 0)
			}
			return b.sumOnce(parts)
		}
		// A sum of multiples of 2^j is 2^j·s: bits hi..lo are bits
		// hi−j..lo−j of s, the sum of the halved summands' low bits.
		if j := min(lowZeros(x), lo); j > 0 {
			return b.Extract(b.halved(x, j), hi-j, lo-j)
		}
		// Bits above the greatest value the sum takes are 0: the carry
		// out of a pointer plus an offset (ranges.go).
		if r := b.valueRange(x); r.ok && r.lo >= 0 && (lo >= 63 || r.hi>>lo == 0) {
			return b.Zero(n)
		}
		// Higher bits too, when no carry crosses bit lo (ranges.go).
		if r, ok := b.splitSum(x, hi, lo); ok {
			return r
		}
		// A sum that is the low bits of a wider one (an extract pushed
		// through it) has the wider sum's bits: one spelling, whichever
		// width the kernel cut first (a lane shifted by VPSRLQ, a word
		// rotated by RORX).
		if o, ok := b.origins[x]; ok && o.lo == 0 && o.x.op == OpAdd {
			return b.Extract(o.x, hi, lo)
		}
	case OpIte:
		// Only when it removes work: both branches must simplify.
		t, e := x.args[1], x.args[2]
		if t.op == OpConst || e.op == OpConst || t.op == OpConcat || e.op == OpConcat {
			return b.Ite(x.args[0], b.Extract(t, hi, lo), b.Extract(e, hi, lo))
		}
	}
	return b.intern(OpExtract, n, hi, lo, []*Term{x}, nil, "")
}

// Concat joins its operands, the first being the most significant.
func (b *Builder) Concat(xs ...*Term) *Term {
	w := 0
	for _, x := range xs {
		w += x.Width()
	}
	if len(xs) == 1 {
		return xs[0]
	}
	if b.raw {
		return b.node(OpConcat, w, xs...)
	}
	var buf [8]*Term
	parts := buf[:0]
	push := func(p *Term) {
		if n := len(parts); n > 0 {
			q := parts[n-1]
			switch {
			case q.op == OpConst && p.op == OpConst:
				v := orV(shlV(*q.cval(), p.Width(), MaxWidth), *p.cval())
				parts[n-1] = b.Const(v, q.Width()+p.Width())
				return
			case q.op == OpExtract && p.op == OpExtract && q.args[0] == p.args[0] && q.lo == p.hi+1:
				parts[n-1] = b.Extract(q.args[0], int(q.hi), int(p.lo))
				return
			case q.op == OpExtract && q.lo >= uint16(p.Width()):
				// Bits of x, then what x's next bits simplify to (the
				// low bits of c·x or of a sum are rewritten): one
				// extract of x.
				x, lo := q.args[0], int(q.lo)-p.Width()
				if b.Extract(x, int(q.lo)-1, lo) == p || b.Extract(b.Extract(x, int(q.lo)-1, 0), int(q.lo)-1, lo) == p {
					parts[n-1] = b.Extract(x, int(q.hi), lo)
					return
				}
			}
			if r := b.joinBitwise(q, p); r != nil {
				parts[n-1] = r
				return
			}
			// sext(c) ++ sext(c) is one sign extension (select.go): the
			// lanes of a VPCMPEQD mask read as one wider word.
			if q.op == OpSext && p.op == OpSext && q.args[0] == p.args[0] && q.args[0].Width() == 1 {
				parts[n-1] = b.SignExt(q.args[0], q.Width()+p.Width())
				return
			}
		}
		parts = append(parts, p)
	}
	for _, x := range xs {
		if x.op == OpConcat {
			for _, a := range x.args {
				push(a)
			}
			continue
		}
		push(x)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	if len(parts) == 2 {
		if x, n, ok := b.rotationOf(parts[0], parts[1], w); ok {
			return b.RotL(x, n)
		}
	}
	// A part that is a shifted sum (a sum of multiples of 2^j) is the sum
	// of the halved summands ++ 0^j: zext(2^9·s) and (zext(s) ++ 0^9) are
	// one term.
	for i, p := range parts {
		if j := lowZeros(p); j > 0 && j < p.Width() && (p.op == OpAdd || p.op == OpMul) {
			split := append(append(append([]*Term(nil), parts[:i]...), b.halved(p, j), b.Zero(j)), parts[i+1:]...)
			return b.Concat(split...)
		}
	}
	// h ++ 0^j is 2^j·lift(h) (linear.go): it stays a shift only when
	// that is one atom; a shifted sum is the sum of the shifted summands.
	// A bitwise h stays bits (a complement in it would read as −x − 1),
	// so that two shifts and an OR meet RotL (rotationOf); a sum reads
	// it as 2^j·lift(h) all the same (appendLinear).
	if n := len(parts); parts[n-1].op == OpConst && parts[n-1].cval().IsZero() && !(n == 2 && (isBitwise(parts[0]) || parts[0].op == OpRotl)) {
		if r := b.shifted(b.Concat(parts[:n-1]...), parts[n-1].Width()); r != nil {
			return r
		}
	}
	return b.node(OpConcat, w, parts...)
}

// joinBitwise returns q ++ p as one bitwise operation when both are the same
// operation and each operand of q continues into one of p: the same term's
// adjacent bits (or both constants). So a concatenation of XORs of slices
// keeps only the cuts where some operand's bits jump, wherever the
// operation was split (splitConcats): σ₀ of SHA-256 written as rotations
// and a shift, or computed by shifts of lanes, XOR by XOR, is one term.
// nil when they do not join.
func (b *Builder) joinBitwise(q, p *Term) *Term {
	if q.op != p.op || len(q.args) != len(p.args) || (q.op != OpAnd && q.op != OpOr && q.op != OpXor) {
		return nil
	}
	var buf [8]*Term
	joined, used := buf[:0], uint64(0)
	if len(q.args) > 64 {
		return nil
	}
	for _, x := range q.args {
		found := false
		for i, y := range p.args {
			if used&(1<<i) != 0 {
				continue
			}
			if x.op == OpConst && y.op == OpConst || x.op == OpExtract && y.op == OpExtract && x.args[0] == y.args[0] && x.lo == y.hi+1 {
				used |= 1 << i
				joined = append(joined, b.Concat(x, y))
				found = true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return b.bitwise(q.op, joined)
}

// isBitwise reports whether t is a bitwise operation.
func isBitwise(t *Term) bool {
	switch t.op {
	case OpAnd, OpOr, OpXor, OpNot:
		return true
	}
	return false
}

// extractOf returns the term and range that t is an extract of: its own
// operand for an OpExtract, else what Extract recorded when it built t by
// pushing an extract through (origins).
func (b *Builder) extractOf(t *Term) (x *Term, hi, lo int, ok bool) {
	if t.op == OpExtract {
		return t.args[0], int(t.hi), int(t.lo), true
	}
	if k, ok := b.origins[t]; ok {
		return k.x, k.hi, k.lo, true
	}
	return nil, 0, 0, false
}

// rotationOf reports whether hi ++ lo (w bits) is x rotated left by n:
// hi = x[w−1−n : 0] and lo = x[w−1 : w−n], for an x of width w that RotL
// keeps as a rotation (not a constant, concatenation or extract, whose
// rotation is a concatenation itself). So a rotation spelled as shifts
// and an OR (AVX2 has no 64-bit rotate) meets RotL's.
func (b *Builder) rotationOf(hi, lo *Term, w int) (*Term, int, bool) {
	x, h2, l2, ok := b.extractOf(lo)
	if !ok || h2 != w-1 || x.Width() != w || hi.Width() != l2 {
		return nil, 0, false
	}
	switch x.op {
	case OpConst, OpConcat, OpExtract:
		return nil, 0, false
	}
	// hi is x's low bits when it was cut from x, or when it is what
	// cutting them gives (a shifted sum's top bits are the sum of its
	// summands' low bits, cut from the shifted sum).
	if y, h1, l1, ok := b.extractOf(hi); !(ok && y == x && l1 == 0 && h1 == l2-1) && b.Extract(x, l2-1, 0) != hi {
		return nil, 0, false
	}
	return x, w - l2, true
}

// ZeroExt widens x to w bits with zeros.
func (b *Builder) ZeroExt(x *Term, w int) *Term {
	if w == x.Width() {
		return x
	}
	return b.Concat(b.Zero(w-x.Width()), x)
}

// SignExt widens x to w bits with copies of its sign bit.
func (b *Builder) SignExt(x *Term, w int) *Term {
	xw := x.Width()
	if w < xw {
		panic(fmt.Sprintf("term: sign extension of width %d to %d", xw, w))
	}
	if w == xw {
		return x
	}
	if !b.raw {
		switch x.op {
		case OpConst:
			return b.Const(sextV(*x.cval(), xw, w), w)
		case OpSext:
			return b.SignExt(x.args[0], w)
		case OpAnd, OpOr, OpXor:
			// A bitwise term whose top bit is 0 extends with zeros
			// (select.go): |x| of a sign-extended byte.
			if b.Extract(x, xw-1, xw-1).isZero() {
				return b.ZeroExt(x, w)
			}
		}
	}
	return b.node(OpSext, w, x)
}

func (b *Builder) shift(op Op, x, n *Term) *Term {
	mustSame(op.String(), x, n)
	w := x.Width()
	if b.raw || n.op != OpConst {
		if !b.raw && x.op == OpConst && x.cval().IsZero() {
			return x
		}
		return b.node(op, w, x, n)
	}
	s := shiftAmount(*n.cval())
	if s == 0 {
		return x
	}
	switch op {
	case OpShl:
		if s >= w {
			return b.Zero(w)
		}
		if x.op == OpXor || x.op == OpNot || x.op == OpRotl {
			// A XOR, complement or rotation shifted stays bits,
			// x[w−1−s:0] ++ 0^s, as its right shift does: so that two
			// shifts and an OR meet RotL (rotationOf). As a product,
			// a complement in it (~0 ^ xs, logic.go) would read as
			// −xs − 1. (A masked limb, x & m, stays a product: the
			// linear forms of shifted adds meet on it.)
			return b.Concat(b.Extract(x, w-1-s, 0), b.Zero(s))
		}
		// 2^s·x (linear.go: a shift where that loses nothing).
		return b.Mul(b.Const(shlV(U64(1, w), s, w), w), x)
	case OpLshr:
		if s >= w {
			return b.Zero(w)
		}
		return b.Concat(b.Zero(s), b.Extract(x, w-1, s))
	default:
		if s >= w {
			s = w - 1
		}
		return b.SignExt(b.Extract(x, w-1, s), w)
	}
}

// Shl is x << n (zero when n ≥ width).
func (b *Builder) Shl(x, n *Term) *Term { return b.shift(OpShl, x, n) }

// Lshr is the logical right shift x >> n.
func (b *Builder) Lshr(x, n *Term) *Term { return b.shift(OpLshr, x, n) }

// Ashr is the arithmetic right shift x >> n.
func (b *Builder) Ashr(x, n *Term) *Term { return b.shift(OpAshr, x, n) }

// ShlC, LshrC and AshrC shift by a constant count.
func (b *Builder) ShlC(x *Term, n int) *Term  { return b.Shl(x, b.Uint(uint64(n), x.Width())) }
func (b *Builder) LshrC(x *Term, n int) *Term { return b.Lshr(x, b.Uint(uint64(n), x.Width())) }
func (b *Builder) AshrC(x *Term, n int) *Term { return b.Ashr(x, b.Uint(uint64(n), x.Width())) }

// RotL rotates x left by n bits (n taken modulo the width). The rotation
// of a constant, a concatenation or an extract is a concatenation of its
// parts; of any other term it is an OpRotl node (rotations of rotations
// combined), so that a rotated XOR is not split into the XOR's parts.
func (b *Builder) RotL(x *Term, n int) *Term {
	w := x.Width()
	n = ((n % w) + w) % w
	if n == 0 {
		return x
	}
	if b.raw {
		return b.intern(OpRotl, w, 0, n, []*Term{x}, nil, "")
	}
	switch x.op {
	case OpConst, OpConcat, OpExtract:
		return b.Concat(b.Extract(x, w-1-n, 0), b.Extract(x, w-1, w-n))
	case OpRotl:
		return b.RotL(x.args[0], int(x.lo)+n)
	case OpNot:
		// The complement outside: rotl(~x) and ~rotl(x) are one term,
		// so that the complement of a lane cancels across rotations.
		return b.Not(b.RotL(x.args[0], n))
	case OpXor:
		// The constant outside: rotl(k ^ xs) = rotl(k) ^ rotl(xs), so
		// that a complement (k = ~0, where logic.go puts the complement
		// of a XOR) meets the XOR around the rotation.
		if k := x.args[0]; k.op == OpConst {
			return b.Xor(b.RotL(k, n), b.RotL(b.Xor(x.args[1:]...), n))
		}
	}
	return b.intern(OpRotl, w, 0, n, []*Term{x}, nil, "")
}

// RotR rotates x right by n bits.
func (b *Builder) RotR(x *Term, n int) *Term { return b.RotL(x, x.Width()-n%x.Width()) }

// Bit is bit i of x as a width-1 term.
func (b *Builder) Bit(x *Term, i int) *Term { return b.Extract(x, i, i) }

// shifted is q ++ 0^j as a linear form when that is not a single atom
// shifted, else nil.
func (b *Builder) shifted(q *Term, j int) *Term {
	w := q.Width() + j
	c, ts := b.appendLinear(b.takeLin(), b.lift(q, w))
	if c.IsZero() && len(ts) == 1 && ts[0].coef == U64(1, w) {
		b.putLin(ts)
		return nil
	}
	k := shlV(U64(1, w), j, w)
	for i := range ts {
		ts[i].coef = mulV(ts[i].coef, k, w)
	}
	r := b.sum(w, mulV(c, k, w), ts)
	b.putLin(ts)
	return r
}

// halved is s/2^j for a sum (or multiple) s of multiples of 2^j: the sum,
// at the width of its bits j and up, of the summands' coefficients halved
// times their atoms' low bits.
func (b *Builder) halved(x *Term, j int) *Term {
	w := x.Width()
	c, ts := b.appendLinear(b.takeLin(), x)
	s := b.Const(lshrV(c, j, w), w-j)
	for _, t := range ts {
		s = b.Add(s, b.Mul(b.Const(lshrV(t.coef, j, w), w-j), b.Extract(t.atom, w-1-j, 0)))
	}
	b.putLin(ts)
	return s
}
