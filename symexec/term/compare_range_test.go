package term

import "testing"

// TestCmpByRange: a comparison of two terms with known ranges is decided
// when the ranges are apart or the terms differ by a constant, and its
// value is the comparison's at every value of the variables in their
// bounds (checked at the ends of the bound and between); a comparison
// that could wrap, or whose difference is not constant, is left alone.
func TestCmpByRange(t *testing.T) {
	const bound = AddrLimit - 1 - 64
	type side struct {
		v string
		c uint64
	} // v + c, v "" for the constant c
	for _, c := range []struct {
		op      Op
		x, y    side
		decided bool
	}{
		{OpUlt, side{"p", 32}, side{"p", 1}, true},
		{OpSlt, side{"p", 32}, side{"p", 1}, true},
		{OpUle, side{"p", 1}, side{"p", 1 << 20}, true},
		{OpSle, side{"p", 7}, side{"p", 7}, true},
		{OpUlt, side{"p", 0}, side{"", AddrLimit + 5}, true},       // ranges apart
		{OpUlt, side{"p", 0}, side{"q", 0}, false},                 // two bases
		{OpUlt, side{"u", 32}, side{"u", 1}, false},                // u unbounded: may wrap
		{OpSlt, side{"p", 0}, side{"", 1 << 40}, false},            // ranges overlap
		{OpUlt, side{"p", 0}, side{"p", 1<<64 - 1}, false},         // p−1 wraps at p = 0
		{OpUle, side{"p", 0}, side{"", AddrLimit - 1 - 64}, true},  // ranges touch: x ≤ y
		{OpUlt, side{"", AddrLimit - 1 - 64}, side{"p", 0}, true},  // and x < y is false
		{OpUlt, side{"p", 0}, side{"", AddrLimit - 1 - 64}, false}, // p < max: open
	} {
		b := NewBuilder()
		vars := map[string]*Term{"p": b.Var("p", 64), "q": b.Var("q", 64), "u": b.Var("u", 64)}
		b.Bound(vars["p"], bound)
		b.Bound(vars["q"], bound)
		mk := func(s side) *Term {
			if s.v == "" {
				return b.Uint(s.c, 64)
			}
			return b.Add(vars[s.v], b.Uint(s.c, 64))
		}
		x, y := mk(c.x), mk(c.y)
		got := b.cmp(c.op, x, y)
		if decided := got.op == OpConst; decided != c.decided {
			t.Errorf("%v %v %v: %v (decided %v, want %v)", c.op, x, y, got, decided, c.decided)
			continue
		}
		if !c.decided {
			continue
		}
		for _, pv := range []uint64{0, 1, 12345, bound / 2, bound} {
			raw := NewBuilder()
			raw.raw = true
			rx, ry := raw.Add(raw.Var("p", 64), raw.Uint(c.x.c, 64)), raw.Add(raw.Var("p", 64), raw.Uint(c.y.c, 64))
			if c.x.v == "" {
				rx = raw.Uint(c.x.c, 64)
			}
			if c.y.v == "" {
				ry = raw.Uint(c.y.c, 64)
			}
			want, err := NewEvaluator(func(v *Term) (Value, bool) { return U64(pv, 64), true }).Eval(raw.node(c.op, 1, rx, ry))
			if err != nil {
				t.Fatal(err)
			}
			if got.cval().Uint64() != want.Uint64() {
				t.Errorf("%v %v %v at p = %d: decided %v, is %v", c.op, x, y, pv, got, want)
			}
		}
	}
}

// TestCmpByRangeNarrow: on narrow terms a decided comparison is right for
// every value of the variable (signed order differs from unsigned above
// 2^(w−1), and differences wrap).
func TestCmpByRangeNarrow(t *testing.T) {
	for _, op := range []Op{OpUlt, OpUle, OpSlt, OpSle} {
		for c1 := uint64(0); c1 < 4; c1++ {
			for c2 := uint64(0); c2 < 4; c2++ {
				b := NewBuilder()
				v := b.Var("v", 2)
				x, y := b.Add(v, b.Uint(c1, 2)), b.Uint(c2, 2)
				got := b.cmp(op, x, y)
				if got.op != OpConst {
					continue
				}
				for val := uint64(0); val < 4; val++ {
					xv, yv := (val+c1)&3, c2
					sx, sy := int64(xv<<62)>>62, int64(yv<<62)>>62
					var want bool
					switch op {
					case OpUlt:
						want = xv < yv
					case OpUle:
						want = xv <= yv
					case OpSlt:
						want = sx < sy
					default:
						want = sx <= sy
					}
					if (got.cval().Uint64() == 1) != want {
						t.Errorf("%v (v+%d) %d = %v, wrong at v = %d", op, c1, c2, got, val)
					}
				}
			}
		}
	}
}

// TestEqByRange: an equality with a constant outside the other side's
// range is false; one inside it, or with a side of unknown range, stays,
// and every decided one agrees with evaluation over all values of the
// 4-bit variable.
func TestEqByRange(t *testing.T) {
	for _, c := range []struct {
		name    string
		mk      func(b *Builder, x *Term) *Term // x is a 4-bit variable
		k       uint64
		decided bool
	}{
		{"count·4 = 12", func(b *Builder, x *Term) *Term {
			// the offset of a store after one candidate: 4·(x < 9)
			bit := b.Extract(b.Add(b.ZeroExt(x, 32), b.Uint(1<<32-9, 32)), 31, 31)
			return b.Shl(b.ZeroExt(bit, 64), b.Uint(2, 64))
		}, 12, true},
		{"count·4 = 4", func(b *Builder, x *Term) *Term {
			bit := b.Extract(b.Add(b.ZeroExt(x, 32), b.Uint(1<<32-9, 32)), 31, 31)
			return b.Shl(b.ZeroExt(bit, 64), b.Uint(2, 64))
		}, 4, false},
		{"x + 3 = 2", func(b *Builder, x *Term) *Term { return b.Add(b.ZeroExt(x, 64), b.Uint(3, 64)) }, 2, true},
		{"x + 3 = 19", func(b *Builder, x *Term) *Term { return b.Add(b.ZeroExt(x, 64), b.Uint(3, 64)) }, 19, true},
		{"x + 3 = 18", func(b *Builder, x *Term) *Term { return b.Add(b.ZeroExt(x, 64), b.Uint(3, 64)) }, 18, false},
		{"wide x = 1<<60", func(b *Builder, x *Term) *Term { return b.Var("w", 64) }, 1 << 60, false},
	} {
		b := NewBuilder()
		x := b.Var("x", 4)
		lhs := c.mk(b, x)
		got := b.Eq(lhs, b.Uint(c.k, lhs.Width()))
		if decided := got.op == OpConst; decided != c.decided {
			t.Errorf("%s: %v (decided %v, want %v)", c.name, got, decided, c.decided)
			continue
		}
		if !c.decided {
			continue
		}
		for xv := uint64(0); xv < 16; xv++ {
			ev := NewEvaluator(func(v *Term) (Value, bool) { return U64(xv, v.Width()), true })
			v, err := ev.Eval(lhs)
			if err != nil {
				t.Fatal(err)
			}
			if v[0] == c.k {
				t.Errorf("%s: decided false, but x = %d gives %d", c.name, xv, v[0])
			}
		}
	}
}

// TestEqOfConcat: concat(k, x) = c with a constant k compares x with c's
// low bits, or is false when k is not c's high part; the uint32(z-q)>>31
// == 1 of a spec becomes the sign bit itself, as VPMOVD2M gives it. Each
// decided or narrowed form agrees with evaluation over every x.
func TestEqOfConcat(t *testing.T) {
	for _, c := range []struct {
		name  string
		hi    uint64 // the constant high part, 4 bits
		k     uint64 // the constant compared with, 8 bits
		false bool   // decided false
	}{
		{"high parts agree", 0x3, 0x3a, false},
		{"high parts differ", 0x3, 0x4a, true},
		{"zero extension, in range", 0, 0x0f, false},
		{"zero extension, out of range", 0, 0x10, true},
	} {
		b := NewBuilder()
		x := b.Var("x", 4)
		lhs := b.Concat(b.Uint(c.hi, 4), x)
		got := b.Eq(lhs, b.Uint(c.k, 8))
		if decided := got.op == OpConst; decided != c.false {
			t.Errorf("%s: %v (decided %v, want %v)", c.name, got, decided, c.false)
		}
		if got.op == OpEq && got.args[0].Width() != 4 {
			t.Errorf("%s: %v compares %d bits, want the 4 of x", c.name, got, got.args[0].Width())
		}
		for xv := uint64(0); xv < 16; xv++ {
			ev := NewEvaluator(func(v *Term) (Value, bool) { return U64(xv, v.Width()), true })
			v, err := ev.Eval(got)
			if err != nil {
				t.Fatal(err)
			}
			if want := c.hi<<4|xv == c.k; (v[0] == 1) != want {
				t.Errorf("%s: x = %d gives %d, want %v", c.name, xv, v[0], want)
			}
		}
	}
	b := NewBuilder()
	z := b.Var("z", 32)
	sign := b.Extract(b.Add(z, b.Uint(1<<32-8380417, 32)), 31, 31)
	if got := b.Eq(b.ZeroExt(sign, 32), b.Uint(1, 32)); got != sign {
		t.Errorf("uint32(z-q)>>31 == 1 is %v, want the sign bit %v", got, sign)
	}
}
