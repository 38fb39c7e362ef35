package term

import "math/bits"

// Carries out of a chain of additions. Adding n values below 2^w one at a
// time (ADD then ADC, or bits.Add64 twice) leaves carries whose sum is
// the high part of the whole sum, in whatever order the values were
// added: for a set S of values below 2^w and D below 2^w,
//
//	⌊ΣS / 2^w⌋ + ⌊(ΣS mod 2^w + D) / 2^w⌋ = ⌊(ΣS + D) / 2^w⌋,
//
// since ΣS + D = 2^w·(both carries) + (ΣS + D mod 2^w). A sum of such
// carries, each with the same coefficient, is rewritten to the high part
// of the one sum, so that two ways of ordering the additions of a column
// of products (a kernel's ADCX/ADOX chains, the spec's bits.Add64 calls)
// meet.

// highPart is ⌊ΣS / 2^w⌋ read from a term: an extract of bits w and up of
// a sum that cannot wrap, of operands below 2^w.
type highPart struct {
	w    int     // the width of the values
	vals []*Term // the values, each of width w
}

// readHighPart reads t as a highPart, possibly zero-extended.
func (b *Builder) readHighPart(t *Term) (highPart, bool) {
	if t.op == OpConcat && len(t.args) == 2 && t.args[0].isZero() {
		t = t.args[1]
	}
	if t.op != OpExtract {
		return highPart{}, false
	}
	sum, w := t.args[0], int(t.lo)
	sw := int(sum.width)
	if sum.op != OpAdd || int(t.hi) != sw-1 || w == 0 || w > 64 || len(sum.args) < 2 {
		return highPart{}, false
	}
	// n values below 2^w add up below n·2^w: no wrap when n ≤ 2^(sw−w).
	if k := sw - w; k < 16 && len(sum.args) > 1<<k {
		return highPart{}, false
	}
	hp := highPart{w: w}
	for _, a := range sum.args {
		if highZeros(a) < sw-w {
			return highPart{}, false
		}
		hp.vals = append(hp.vals, b.Extract(a, w-1, 0))
	}
	return hp, true
}

// highZeros is how many of t's top bits are known zero.
func highZeros(t *Term) int {
	switch t.op {
	case OpConst:
		return int(t.width) - bitLen(*t.cval())
	case OpConcat:
		if top := t.args[0]; top.isZero() {
			return int(top.width) + highZeros(t.args[1])
		}
	}
	return 0
}

// build is hp as a term of width outW: the high part of the sum of its
// values, zero-extended (or cut: the caller's sum is modulo 2^outW).
func (hp highPart) build(b *Builder, outW int) *Term {
	k := max(1, bits.Len(uint(len(hp.vals)-1)))
	sw := hp.w + k
	args := make([]*Term, len(hp.vals))
	for i, v := range hp.vals {
		args[i] = b.ZeroExt(v, sw)
	}
	h := b.Extract(b.addAll(args), sw-1, hp.w)
	if h.Width() >= outW {
		return b.Extract(h, outW-1, 0)
	}
	return b.ZeroExt(h, outW)
}

// mergeCarries merges summands of ts that are carries of one chain of
// additions (same coefficient, one's values containing the low sum of the
// other's) into the high part of the chain's sum. It reports whether it
// changed ts.
func (b *Builder) mergeCarries(w int, ts []linTerm) ([]linTerm, bool) {
	if len(ts) < 2 {
		return ts, false
	}
	var hps []highPart
	var at []int
	for i, t := range ts {
		if hp, ok := b.readHighPart(t.atom); ok {
			hps = append(hps, hp)
			at = append(at, i)
		}
	}
	if len(hps) < 2 {
		return ts, false
	}
	changed := false
	for merged := true; merged; {
		merged = false
	pairs:
		for x := range hps {
			for y := range hps {
				i, j := at[x], at[y]
				if x == y || i < 0 || j < 0 || hps[x].w != hps[y].w || ts[i].coef != ts[j].coef {
					continue
				}
				low := b.addAll(hps[x].vals)
				for v, d := range hps[y].vals {
					if d != low {
						continue
					}
					vals := append(append([]*Term(nil), hps[x].vals...), hps[y].vals[:v]...)
					vals = append(vals, hps[y].vals[v+1:]...)
					hps[x] = highPart{w: hps[x].w, vals: vals}
					ts[i].atom = hps[x].build(b, w)
					ts[j].coef = Value{} // dropped by the caller's merge
					at[y] = -1
					merged, changed = true, true
					break pairs
				}
			}
		}
	}
	return ts, changed
}

// addAll is the sum of xs (at least one, of one width).
func (b *Builder) addAll(xs []*Term) *Term {
	s := xs[0]
	for _, x := range xs[1:] {
		s = b.Add(s, x)
	}
	return s
}
