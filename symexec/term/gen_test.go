package term

import (
	"fmt"
	"math/rand"
)

// genTerm builds a random term of width w from the recipe in rng. The same
// seed gives the same recipe in any Builder, so a raw and a simplifying
// Builder state the same function.
func genTerm(b *Builder, rng *rand.Rand, depth, w int) *Term {
	return genTermOf(b, rng, depth, w, false)
}

// genTermLUT is genTerm with table lookups among the operations. (A
// generator of its own: adding them to genTerm would change every seed's
// recipe, and the Z3 tests' seeds are known to be quick.)
func genTermLUT(b *Builder, rng *rand.Rand, depth, w int) *Term {
	return genTermOf(b, rng, depth, w, true)
}

func genTermOf(b *Builder, rng *rand.Rand, depth, w int, luts bool) *Term {
	if depth == 0 || rng.Intn(5) == 0 {
		switch rng.Intn(3) {
		case 0:
			return b.Var(varName(rng.Intn(3), w), w)
		case 1:
			return b.Const(edgeValue(rng, w), w)
		default:
			return b.Var(varName(rng.Intn(3), w), w)
		}
	}
	sub := func(w int) *Term { return genTermOf(b, rng, depth-1, w, luts) }
	ops := 24
	if luts {
		ops = 26
	}
	switch rng.Intn(ops) {
	case 0, 1:
		return b.Add(sub(w), sub(w))
	case 2:
		return b.Sub(sub(w), sub(w))
	case 3:
		return b.Mul(sub(w), sub(w))
	case 4:
		return b.Neg(sub(w))
	case 5:
		return b.And(sub(w), sub(w))
	case 6:
		return b.Or(sub(w), sub(w))
	case 7:
		return b.Xor(sub(w), sub(w), sub(w))
	case 8:
		return b.Not(sub(w))
	case 9:
		return b.Shl(sub(w), b.Uint(uint64(rng.Intn(w+2)), w))
	case 10:
		return b.Lshr(sub(w), b.Uint(uint64(rng.Intn(w+2)), w))
	case 11:
		return b.Ashr(sub(w), b.Uint(uint64(rng.Intn(w+2)), w))
	case 12:
		ww := w + rng.Intn(16)
		lo := rng.Intn(ww - w + 1)
		return b.Extract(sub(ww), lo+w-1, lo)
	case 13:
		if w > 1 {
			k := 1 + rng.Intn(w-1)
			return b.Concat(sub(w-k), sub(k))
		}
		return b.Extract(sub(4), 2, 2)
	case 14:
		if w > 1 {
			k := 1 + rng.Intn(w-1)
			if rng.Intn(2) == 0 {
				return b.ZeroExt(sub(k), w)
			}
			return b.SignExt(sub(k), w)
		}
		return sub(w)
	case 15:
		return b.Ite(b.Eq(sub(w), sub(w)), sub(w), sub(w))
	case 16:
		c := []func(x, y *Term) *Term{b.Ult, b.Ule, b.Slt, b.Sle, b.Eq}[rng.Intn(5)]
		return b.ZeroExt(c(sub(w), sub(w)), w)
	case 17:
		return b.RotL(sub(w), rng.Intn(2*w))
	case 18:
		return b.And(sub(w), b.Const(edgeValue(rng, w), w))
	case 19:
		return b.Or(sub(w), b.Const(edgeValue(rng, w), w))
	case 20:
		return b.Mul(b.Const(edgeValue(rng, w), w), sub(w))
	case 21:
		f := []func(x, y *Term) *Term{b.UDiv, b.URem, b.SDiv, b.SRem}[rng.Intn(4)]
		return f(sub(w), sub(w))
	case 22:
		f := []func(x, y *Term) *Term{b.Shl, b.Lshr, b.Ashr}[rng.Intn(3)]
		return f(sub(w), sub(w))
	case 23:
		x := sub(w)
		return b.Add(x, b.Mul(b.Uint(uint64(rng.Intn(9)), w), x))
	default:
		return genLUT(b, rng, depth, w)
	}
}

// genLUT is a table lookup of width w at a random narrow index, or
// lookups at one index combined (lut.go's rules), or, past 64 bits, a
// term of its own.
func genLUT(b *Builder, rng *rand.Rand, depth, w int) *Term {
	sub := func(w int) *Term { return genTermLUT(b, rng, depth-1, w) }
	if w > maxLUTWidth {
		return sub(w)
	}
	k := 1 + rng.Intn(MaxLUTIndex)
	table := func(w int) []uint64 {
		e := make([]uint64, 1<<k)
		for i := range e {
			e[i] = edgeValue(rng, w)[0]
		}
		return e
	}
	x := sub(k)
	switch rng.Intn(4) {
	case 0:
		return b.LUT(x, w, table(w))
	case 1: // a lookup into a lookup, at a complemented or XORed index
		y := b.LUT(b.Xor(x, b.Const(edgeValue(rng, k), k)), k, table(k))
		if rng.Intn(2) == 0 {
			y = b.Not(y)
		}
		return b.LUT(y, w, table(w))
	case 2: // lookups at one index, with a constant
		op := []func(...*Term) *Term{b.And, b.Or, b.Xor}[rng.Intn(3)]
		return op(b.LUT(x, w, table(w)), b.Const(edgeValue(rng, w), w), b.LUT(x, w, table(w)), sub(w))
	default: // bits of a wider lookup, complemented
		ww := w + rng.Intn(maxLUTWidth-w+1)
		lo := rng.Intn(ww - w + 1)
		return b.Not(b.Extract(b.LUT(x, ww, table(ww)), lo+w-1, lo))
	}
}

// laneSum is bits of a sum of lanes: summands whose low k bits are small
// (a comparison, a narrow value, or anything), and bits from k up
// extracted, so that the simplifier's split of a sum without carries
// (ranges.go) is tried on both sides of its condition.
func laneSum(b *Builder, rng *rand.Rand, depth, w int) *Term {
	sub := func(w int) *Term { return genTerm(b, rng, depth-1, w) }
	k := 1 + rng.Intn(8)
	ww := w + k
	var xs []*Term
	for n := 1 + rng.Intn(4); n > 0; n-- {
		var low *Term
		switch rng.Intn(3) {
		case 0:
			low = b.ZeroExt(b.Ult(sub(k), sub(k)), k)
		case 1:
			low = b.Add(b.Uint(1, k), b.Neg(b.ZeroExt(b.Eq(sub(w), sub(w)), k)))
		default:
			low = sub(k)
		}
		xs = append(xs, b.Concat(sub(w), low))
	}
	if rng.Intn(2) == 0 { // equal low parts that cancel
		low := sub(k)
		xs = append(xs, b.Concat(sub(w), low), b.Neg(b.Concat(sub(w), low)))
	}
	return b.Extract(b.AddN(xs...), ww-1, k)
}

func varName(i, w int) string { return string(rune('a'+i)) + "_" + itoa(w) }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// edgeValue mixes random values with 0, 1, all ones and sign boundaries.
func edgeValue(rng *rand.Rand, w int) Value {
	switch rng.Intn(6) {
	case 0:
		return Value{}
	case 1:
		return U64(1, w)
	case 2:
		return ones(w)
	case 3:
		return shlV(U64(1, w), w-1, w)
	case 4:
		return notV(shlV(U64(1, w), w-1, w), w)
	}
	var v Value
	for i := range v {
		v[i] = rng.Uint64()
	}
	return v.trunc(w)
}

// differ evaluates raw and simp on n random edge inputs and describes the
// first on which they differ ("" when none does).
func differ(raw, simp *Term, rng *rand.Rand, n int) string {
	w := raw.Width()
	for k := 0; k < n; k++ {
		vals := map[string]Value{}
		env := func(v *Term) (Value, bool) {
			x, ok := vals[v.vname()]
			if !ok {
				x = edgeValue(rng, v.Width())
				vals[v.vname()] = x
			}
			return x, true
		}
		a, err1 := NewEvaluator(env).Eval(raw)
		b, err2 := NewEvaluator(env).Eval(simp)
		if err1 != nil || err2 != nil || a != b {
			return fmt.Sprintf("raw %s = %s, simplified %s = %s (env %v; %v, %v)", raw, a.Hex(w), simp, b.Hex(w), vals, err1, err2)
		}
	}
	return ""
}
