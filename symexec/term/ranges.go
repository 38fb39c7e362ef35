package term

import (
	"math/bits"
	"slices"
)

// Ranges: the least and greatest unsigned value a term can take, found
// from its structure (a selection between constants is 0 or 1, a sum of
// such is at most their count). They let Extract split a sum into lanes
// when no carry crosses the split: the count of ones a kernel keeps in
// 64-bit lanes of 32-bit counters is then the same sum as the spec's.

// rangeLimit bounds the magnitudes the analysis tracks, so that sums of a
// few of them cannot overflow an int64. It lies above AddrLimit, so that an
// address (a region base plus an offset) has a range.
const rangeLimit = 1 << 58

// AddrLimit bounds every address a user program can use on the machines
// vgcheck models: user space ends below 2^47 on amd64 with 4-level paging
// and below 2^56 with 5-level paging; below 2^48 on arm64, 2^52 with large
// virtual addresses. The memory model bounds region bases by it (see
// Bound), so that adding an offset to a pointer carries nothing out of
// bit 63, as on the machine.
const AddrLimit = 1 << 56

// VarBound returns the bound Bound declared for the variable v.
func (b *Builder) VarBound(v *Term) (hi uint64, ok bool) {
	hi, ok = b.bounds[v]
	return hi, ok
}

// Bound declares that the variable v takes only values in [0, hi]. Ranges,
// and so the rewrites that use them, rely on it: a caller states with it a
// fact of the machine, not a guess. A second bound keeps the tighter one.
func (b *Builder) Bound(v *Term, hi uint64) {
	if v.op != OpVar {
		panic("term: Bound of a non-variable " + v.String())
	}
	if hi > AddrLimit {
		hi = AddrLimit
	}
	if old, ok := b.bounds[v]; ok && old <= hi {
		return
	}
	if b.bounds == nil {
		b.bounds = map[*Term]uint64{}
	}
	b.bounds[v] = hi
	// Ranges computed so far used the looser bound: still true.
	for _, m := range []*rangeMemo{&b.ranges, &b.aranges} {
		if v.id/termBlock < uint32(len(m.blocks)) {
			m.slot(v).set = false
		}
	}
}

// interval is [lo, hi] of the integer value of a term; ok is false when
// the analysis knows nothing better than the term's width allows and that
// is beyond rangeLimit.
type interval struct {
	lo, hi int64
	ok     bool
}

func widthRange(w int) interval {
	if w >= 57 {
		return interval{}
	}
	return interval{0, 1<<w - 1, true}
}

// valueRange is the range of t, memoised in b: from the machine's bounds
// only, or, while withAssumed is set (assumedRange), from the assumed
// bounds too.
func (b *Builder) valueRange(t *Term) interval {
	memo := &b.ranges
	if b.withAssumed {
		memo = &b.aranges
	}
	if s := memo.slot(t); s.set {
		return interval{s.lo, s.hi, s.ok}
	}
	r := b.computeRange(t)
	if a, ok := b.assumed[t]; ok && b.withAssumed && a <= rangeLimit {
		// An assumed bound (assumed.go) narrows what the structure says.
		if !r.ok {
			r = interval{0, int64(a), true}
		} else if int64(a) < r.hi {
			r.hi = int64(a)
			r.lo = min(r.lo, r.hi)
		}
	}
	if r.ok && (r.lo < 0 || r.hi > rangeLimit || (t.width < 63 && r.hi >= 1<<t.width)) {
		r = widthRange(int(t.width))
	}
	*memo.slot(t) = rangeSlot{r.lo, r.hi, r.ok, true}
	return r
}

func (b *Builder) computeRange(t *Term) interval {
	w := int(t.width)
	switch t.op {
	case OpVar:
		if hi, ok := b.bounds[t]; ok {
			return interval{0, int64(hi), true}
		}
	case OpConst:
		if v := *t.cval(); v[0] <= rangeLimit && v == U64(v[0], 64) {
			return interval{int64(v[0]), int64(v[0]), true}
		}
	case OpEq, OpUlt, OpUle, OpSlt, OpSle:
		return interval{0, 1, true}
	case OpLUT:
		if lo, hi := lutRange(t.aux.lut); hi <= rangeLimit {
			return interval{int64(lo), int64(hi), true}
		}
	case OpIte:
		x, y := b.valueRange(t.args[1]), b.valueRange(t.args[2])
		if x.ok && y.ok {
			return interval{min(x.lo, y.lo), max(x.hi, y.hi), true}
		}
	case OpConcat:
		// Leading zero parts add nothing; the rest is the parts shifted.
		var r interval
		r.ok = true
		shift := 0
		for i := len(t.args) - 1; i >= 0; i-- {
			a := t.args[i]
			if a.op == OpConst && a.cval().IsZero() {
				shift += int(a.width)
				continue
			}
			x := b.valueRange(a)
			if !x.ok || shift+bits.Len64(uint64(x.hi)) > 58 {
				return widthRange(w)
			}
			r.lo += x.lo << shift
			r.hi += x.hi << shift
			shift += int(a.width)
		}
		return r
	case OpExtract:
		x := b.valueRange(t.args[0])
		if x.ok && bits.Len64(uint64(x.hi)) <= int(t.hi)+1 {
			// Every value fits below bit hi: the extract is a shift.
			return interval{x.lo >> t.lo, x.hi >> t.lo, true}
		}
		if hi, ok := b.assumedWider(t); ok && b.withAssumed {
			return interval{0, int64(hi), true}
		}
	case OpAnd:
		// No larger than any operand.
		r := widthRange(w)
		for _, a := range t.args {
			if x := b.valueRange(a); x.ok && (!r.ok || x.hi < r.hi) {
				r = interval{0, x.hi, true}
			}
		}
		return r
	case OpMul:
		if len(t.args) == 2 && t.args[0].op == OpConst {
			return b.scaledRange(*t.args[0].cval(), t.args[1], w)
		}
	case OpAdd:
		// The integer sum, when it stays within [0, 2^w): then the
		// modular sum is the integer sum.
		var r interval
		r.ok = true
		for _, a := range t.args {
			var x interval
			if a.op == OpMul && len(a.args) == 2 && a.args[0].op == OpConst {
				x = b.scaledRange(*a.args[0].cval(), a.args[1], w)
			} else {
				x = b.valueRange(a)
			}
			if !x.ok {
				return widthRange(w)
			}
			r.lo += x.lo
			r.hi += x.hi
			if r.lo < -rangeLimit || r.hi > rangeLimit {
				return widthRange(w)
			}
		}
		return r
	}
	return widthRange(w)
}

// scaledRange is the integer range of k × x with k read as a signed
// number of width w (its value modulo 2^w is the product's), or not ok.
func (b *Builder) scaledRange(k Value, x *Term, w int) interval {
	s := k.SignedBig(w)
	if !s.IsInt64() {
		return interval{}
	}
	c := s.Int64()
	r := b.valueRange(x)
	if !r.ok || c > rangeLimit || c < -rangeLimit || (r.hi != 0 && (c > rangeLimit/r.hi || -c > rangeLimit/r.hi)) {
		return interval{}
	}
	lo, hi := c*r.lo, c*r.hi
	if c < 0 {
		lo, hi = hi, lo
	}
	return interval{lo, hi, true}
}

// splitSum returns bits hi..lo of the sum x (lo > 0) as the same sum of
// bits hi..lo of its summands, when the summands' bits below lo add up to
// a value in [0, 2^lo) as integers: then no carry or borrow crosses bit lo.
// Read x as c + Σ sᵢ·uᵢ with signs sᵢ = ±1 and units uᵢ = ±kᵢ·aᵢ for the
// summands kᵢ·aᵢ. The low parts of the units are grouped by term: a group
// whose signs cancel adds exactly 0 (P − t·q with t·q ≡ P modulo 2^lo, as
// in a Montgomery reduction), and the others are bounded by their ranges
// (counters of 0 or 1 in lanes). A summand is read with the sign of its
// coefficient, or the other way when that cancels a group.
func (b *Builder) splitSum(x *Term, hi, lo int) (*Term, bool) {
	if lo > 56 {
		return nil, false
	}
	w, n := int(x.width), hi-lo+1
	c, ts := b.linear(x)
	// Quickly out when nothing can cancel: no summand negative, and two
	// of odd coefficients whose atoms' low parts take every value below
	// 2^lo (a column of products; an odd multiple of such a low part
	// takes every value too) and share no atom: they add up past 2^lo.
	var full []*Term
	for _, t := range ts {
		if t.coef.Bit(w - 1) {
			full = nil
			break
		}
		if t.coef.Bit(0) {
			if low := b.Extract(t.atom, lo-1, 0); !b.valueRange(low).ok || b.valueRange(low).hi >= 1<<lo-1 {
				full = append(full, low)
			}
		}
	}
	if len(full) >= 2 && !mayCancel(b, full) {
		return nil, false
	}
	type reading struct {
		sign int64
		unit *Term
		low  *Term
	}
	read := func(k Value, atom *Term, sign int64) reading {
		if sign < 0 {
			k = negV(k, w)
		}
		u := b.Mul(b.Const(k, w), atom)
		return reading{sign, u, b.Extract(u, lo-1, 0)}
	}
	chosen := make([]reading, len(ts))
	count := map[*Term]int64{} // the sum of the signs of each low part
	for i, t := range ts {
		sign := int64(1)
		if t.coef.SignedBig(w).Sign() < 0 {
			sign = -1
		}
		chosen[i] = read(t.coef, t.atom, sign)
		if chosen[i].unit.op == OpAdd {
			// ±k·a is itself a sum (its coefficient reduced to a
			// residue, linear.go): not a unit to split by.
			return nil, false
		}
		count[chosen[i].low] += sign
	}
	for i, t := range ts {
		if count[chosen[i].low] == 0 {
			continue
		}
		// Read the other way, it may cancel another group.
		alt := read(t.coef, t.atom, -chosen[i].sign)
		if alt.unit.op != OpAdd && count[alt.low] == chosen[i].sign {
			count[chosen[i].low] -= chosen[i].sign
			count[alt.low] += alt.sign
			chosen[i] = alt
		}
	}
	var groups []*Term
	for _, r := range chosen {
		if count[r.low] != 0 && !slices.Contains(groups, r.low) {
			groups = append(groups, r.low)
		}
	}
	cl := int64(extractV(c, lo-1, 0)[0])
	total := interval{cl, cl, true}
	for _, low := range groups {
		sign := count[low]
		r := b.valueRange(low)
		if !r.ok || r.hi > rangeLimit>>8 || sign > 256 || sign < -256 {
			return nil, false
		}
		glo, ghi := sign*r.lo, sign*r.hi
		if sign < 0 {
			glo, ghi = ghi, glo
		}
		total.lo += glo
		total.hi += ghi
		if total.lo < -1<<60 || total.hi > 1<<60 {
			return nil, false
		}
	}
	if total.lo < 0 || total.hi >= 1<<lo {
		return nil, false
	}
	parts := []*Term{b.Const(extractV(c, hi, lo), n)}
	for _, u := range chosen {
		part := b.Extract(u.unit, hi, lo)
		if u.sign < 0 {
			part = b.Neg(part)
		}
		parts = append(parts, part)
	}
	return b.sumOnce(parts), true
}

// mayCancel reports whether multiples of two of the terms could be the
// same term, up to sign: unless no atom is in the linear forms of two of
// them, it says yes.
func mayCancel(b *Builder, lows []*Term) bool {
	seen := map[*Term]int{}
	for i, low := range lows {
		_, ts := b.appendLinear(b.takeLin(), low)
		for _, t := range ts {
			if j, ok := seen[t.atom]; ok && j != i {
				b.putLin(ts)
				return true
			}
			seen[t.atom] = i
		}
		b.putLin(ts)
	}
	return false
}
