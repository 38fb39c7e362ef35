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
	// every path through the DAG, exponentially many.
	k := extractKey{x, hi, lo}
	if r, ok := b.extracts[k]; ok {
		return r
	}
	r := b.extract(x, hi, lo)
	if b.extracts == nil {
		b.extracts = map[extractKey]*Term{}
	}
	b.extracts[k] = r
	if r.op != OpExtract && r.op != OpConst {
		// Remember what r is the extract of, so that Concat can see a
		// rotation of x in two pushed-through parts (rotationOf).
		if b.origins == nil {
			b.origins = map[*Term]extractKey{}
		}
		if _, ok := b.origins[r]; !ok {
			b.origins[r] = k
		}
	}
	return r
}

// extractKey names one extract for Builder.extracts.
type extractKey struct {
	x      *Term
	hi, lo int
}

// extract is Extract without the memo.
func (b *Builder) extract(x *Term, hi, lo int) *Term {
	w, n := x.Width(), hi-lo+1
	switch x.op {
	case OpConst:
		return b.Const(extractV(*x.val, hi, lo), n)
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
		args := make([]*Term, len(x.args))
		for i, a := range x.args {
			args[i] = b.Extract(a, hi, lo)
		}
		return b.bitwise(x.op, args)
	case OpNot:
		return b.Not(b.Extract(x.args[0], hi, lo))
	case OpRotl:
		// Bit i of x is bit (i − r) mod w of a. The extract is not pushed
		// into a bitwise operation under a rotation: through a chain of
		// rotations and XORs (Keccak's rounds) that would split every
		// lane into bits, round after round.
		a, r := x.args[0], int(x.lo)
		switch {
		case isBitwise(a):
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
	case OpAdd:
		// The low n bits of a sum depend only on the low n bits of its
		// operands.
		if lo == 0 {
			r := b.Extract(x.args[0], hi, 0)
			for _, a := range x.args[1:] {
				r = b.Add(r, b.Extract(a, hi, 0))
			}
			return r
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
	var parts []*Term
	push := func(p *Term) {
		if n := len(parts); n > 0 {
			q := parts[n-1]
			switch {
			case q.op == OpConst && p.op == OpConst:
				v := orV(shlV(*q.val, p.Width(), MaxWidth), *p.val)
				parts[n-1] = b.Const(v, q.Width()+p.Width())
				return
			case q.op == OpExtract && p.op == OpExtract && q.args[0] == p.args[0] && q.lo == p.hi+1:
				parts[n-1] = b.Extract(q.args[0], int(q.hi), int(p.lo))
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
	return b.node(OpConcat, w, parts...)
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
	x, h1, l1, ok := b.extractOf(hi)
	if !ok || l1 != 0 || x.Width() != w {
		return nil, 0, false
	}
	y, h2, l2, ok := b.extractOf(lo)
	if !ok || y != x || h2 != w-1 || l2 != h1+1 {
		return nil, 0, false
	}
	switch x.op {
	case OpConst, OpConcat, OpExtract:
		return nil, 0, false
	}
	return x, w - 1 - h1, true
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
			return b.Const(sextV(*x.val, xw, w), w)
		case OpSext:
			return b.SignExt(x.args[0], w)
		}
	}
	return b.node(OpSext, w, x)
}

func (b *Builder) shift(op Op, x, n *Term) *Term {
	mustSame(op.String(), x, n)
	w := x.Width()
	if b.raw || n.op != OpConst {
		if !b.raw && x.op == OpConst && x.val.IsZero() {
			return x
		}
		return b.node(op, w, x, n)
	}
	s := shiftAmount(*n.val)
	if s == 0 {
		return x
	}
	switch op {
	case OpShl:
		if s >= w {
			return b.Zero(w)
		}
		return b.Concat(b.Extract(x, w-1-s, 0), b.Zero(s))
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
	}
	return b.intern(OpRotl, w, 0, n, []*Term{x}, nil, "")
}

// RotR rotates x right by n bits.
func (b *Builder) RotR(x *Term, n int) *Term { return b.RotL(x, x.Width()-n%x.Width()) }

// Bit is bit i of x as a width-1 term.
func (b *Builder) Bit(x *Term, i int) *Term { return b.Extract(x, i, i) }
