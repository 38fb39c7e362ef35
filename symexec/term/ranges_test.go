package term

import (
	"math/rand"
	"testing"
)

// TestSplitSum: bits above a lane boundary of a sum are the sum of the
// summands' bits exactly when the low lanes cannot carry, and only then.
func TestSplitSum(t *testing.T) {
	bit := func(b *Builder, i int) *Term { // 1 − [c_i], as a kernel's mask + 1
		c := b.Eq(b.Var("x"+itoa(i), 32), b.Var("y"+itoa(i), 32))
		return b.Add(b.Uint(1, 32), b.Neg(b.ZeroExt(c, 32)))
	}
	cases := []struct {
		name  string
		sum   func(b *Builder) (*Term, *Term) // the extract, and the split sum it must equal
		split bool
	}{
		{"64 counters of 0 or 1", func(b *Builder) (*Term, *Term) {
			var xs, his []*Term
			for i := 0; i < 64; i++ {
				hi := bit(b, 2*i+1)
				xs = append(xs, b.Concat(hi, bit(b, 2*i)))
				his = append(his, hi)
			}
			return b.Extract(b.AddN(xs...), 63, 32), b.AddN(his...)
		}, true},
		{"two 31-bit lows", func(b *Builder) (*Term, *Term) {
			h0, h1 := b.Var("h0", 32), b.Var("h1", 32)
			x := b.Add(b.Concat(h0, b.ZeroExt(b.Var("l0", 31), 32)), b.Concat(h1, b.ZeroExt(b.Var("l1", 31), 32)))
			return b.Extract(x, 63, 32), b.Add(h0, h1)
		}, true},
		{"three 31-bit lows can carry", func(b *Builder) (*Term, *Term) {
			var xs []*Term
			for i := 0; i < 3; i++ {
				xs = append(xs, b.Concat(b.Var("h"+itoa(i), 32), b.ZeroExt(b.Var("l"+itoa(i), 31), 32)))
			}
			return b.Extract(b.AddN(xs...), 63, 32), nil
		}, false},
		{"a full 32-bit low", func(b *Builder) (*Term, *Term) {
			x := b.Add(b.Concat(b.Var("h0", 32), b.Var("l0", 32)), b.Concat(b.Var("h1", 32), bit(b, 0)))
			return b.Extract(x, 63, 32), nil
		}, false},
		{"boundary inside a small part", func(b *Builder) (*Term, *Term) {
			h0, h1 := b.Var("h0", 32), b.Var("h1", 32)
			x := b.Add(b.Concat(h0, bit(b, 0)), b.Concat(h1, bit(b, 1)))
			// bits 31..16 of a 0 or 1 are 0
			return b.Extract(x, 63, 16), b.Add(b.Concat(h0, b.Extract(bit(b, 0), 31, 16)), b.Concat(h1, b.Extract(bit(b, 1), 31, 16)))
		}, true},
		{"boundary inside a wide part", func(b *Builder) (*Term, *Term) {
			x := b.Add(b.Concat(b.Var("h0", 32), b.Var("l0", 32)), b.Concat(b.Var("h1", 32), bit(b, 1)))
			return b.Extract(x, 63, 16), nil
		}, false},
		{"equal low halves cancel", func(b *Builder) (*Term, *Term) {
			// P − t·q with t·q ≡ P mod 2³²: a Montgomery reduction
			l, ah, bh := b.Var("l", 32), b.Var("ah", 32), b.Var("bh", 32)
			return b.Extract(b.Sub(b.Concat(ah, l), b.Concat(bh, l)), 63, 32), b.Sub(ah, bh)
		}, true},
		{"a negative constant factor, Montgomery style", func(b *Builder) (*Term, *Term) {
			// P = z·a with z < 0, t = z·q⁻¹·a mod 2³², P − q·t: the
			// low halves of P and q·t are both z·a mod 2³².
			const q, qinv = 8380417, 58728449
			z := uint64(1<<64 - 1234567) // −1234567
			a := b.SignExt(b.Var("a", 32), 64)
			p := b.Mul(b.Uint(z, 64), a)
			t := b.Mul(b.Uint(z*qinv, 32), b.Extract(a, 31, 0))
			qt := b.Mul(b.Uint(q, 64), b.SignExt(t, 64))
			return b.Extract(b.Sub(p, qt), 63, 32), b.Sub(b.Extract(p, 63, 32), b.Extract(qt, 63, 32))
		}, true},
		{"opposite low halves, one read negated", func(b *Builder) (*Term, *Term) {
			// P + t·q with t·q ≡ −P: the carry is 1 unless P's low half
			// is 0; read as −(−P) + t·q the low halves cancel, and the
			// carry is inside the high half of −P.
			l, ah, bh := b.Var("l", 32), b.Var("ah", 32), b.Var("bh", 32)
			p := b.Concat(ah, l)
			return b.Extract(b.Add(p, b.Concat(bh, b.Neg(l))), 63, 32), b.Add(bh, b.Neg(b.Extract(b.Neg(p), 63, 32)))
		}, true},
		{"minus one is not small", func(b *Builder) (*Term, *Term) {
			x := b.Add(b.Concat(b.Var("h0", 32), b.Neg(b.ZeroExt(b.Var("c", 1), 32))), b.Concat(b.Var("h1", 32), bit(b, 1)))
			return b.Extract(x, 63, 32), nil
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBuilder()
			got, want := c.sum(b)
			if split := got.op != OpExtract; split != c.split {
				t.Fatalf("split %v, want %v: %s", split, c.split, got)
			}
			if c.split && got != want {
				t.Errorf("got %s, want %s", got, want)
			}
			// Either way the value is the raw extract's.
			raw, _ := c.sum(NewRawBuilder())
			if d := differ(raw, got, rand.New(rand.NewSource(1)), 200); d != "" {
				t.Fatal(d)
			}
		})
	}
}

// TestLaneSumsPreserveValue evaluates random sums of lanes raw and
// simplified on edge inputs, and checks the split fires on some of them.
func TestLaneSumsPreserveValue(t *testing.T) {
	split := 0
	for seed := int64(0); seed < 2000; seed++ {
		w := testWidths[seed%int64(len(testWidths))]
		raw := laneSum(NewRawBuilder(), rand.New(rand.NewSource(seed)), 3, w)
		simp := laneSum(NewBuilder(), rand.New(rand.NewSource(seed)), 3, w)
		if simp.op != OpExtract {
			split++
		}
		if d := differ(raw, simp, rand.New(rand.NewSource(seed*7)), 8); d != "" {
			t.Fatalf("seed %d: %s", seed, d)
		}
	}
	t.Logf("split %d of 2000", split)
	if split < 100 {
		t.Errorf("the split fired on %d of 2000 sums, want at least 100", split)
	}
}

// TestBoundedCarry: the carry out of a bounded pointer plus an offset is 0
// (a base below AddrLimit cannot wrap), and nothing else is folded.
func TestBoundedCarry(t *testing.T) {
	const size = 1024
	carry := func(b *Builder, p *Term, k uint64) *Term {
		return b.Bit(b.Add(b.ZeroExt(p, 65), b.ZeroExt(b.Uint(k, 64), 65)), 64)
	}
	cases := []struct {
		name    string
		bounded bool
		carry   func(b *Builder, p *Term) *Term
		zero    bool
	}{
		{"bounded base plus offset", true, func(b *Builder, p *Term) *Term { return carry(b, p, 256) }, true},
		{"two steps", true, func(b *Builder, p *Term) *Term { return carry(b, b.Add(p, b.Uint(1088, 64)), 1344) }, true},
		{"unbounded base", false, func(b *Builder, p *Term) *Term { return carry(b, p, 256) }, false},
		{"offset beyond the address space", true, func(b *Builder, p *Term) *Term { return carry(b, p, 1<<63) }, false},
		{"pointer minus an offset can wrap", true, func(b *Builder, p *Term) *Term { return carry(b, b.Sub(p, b.Uint(8, 64)), 16) }, false},
		{"a product of pointers", true, func(b *Builder, p *Term) *Term { return carry(b, b.Mul(p, p), 1) }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBuilder()
			p := b.Var("&p", 64)
			if c.bounded {
				b.Bound(p, AddrLimit-1-size)
			}
			got := c.carry(b, p)
			if zero := got.op == OpConst && got.cval().IsZero(); zero != c.zero {
				t.Fatalf("folded to 0: %v, want %v: %s", zero, c.zero, got)
			}
			if !c.zero {
				return
			}
			// At the greatest base the bound allows, the raw carry is 0 too.
			rb := NewRawBuilder()
			raw := c.carry(rb, rb.Var("&p", 64))
			ev := NewEvaluator(func(v *Term) (Value, bool) { return U64(AddrLimit-1-size, 64), true })
			if v, err := ev.Eval(raw); err != nil || !v.IsZero() {
				t.Errorf("raw carry at the bound = %v (%v), want 0", v, err)
			}
		})
	}
}

// TestCompareRanges: an unsigned comparison of operands whose ranges do
// not overlap, or that differ by a constant without wrapping, is decided;
// else it stays a comparison. Each decision is checked at the bounds of
// the base (the rule is valid only under the bound).
func TestCompareRanges(t *testing.T) {
	const size = 64
	cases := []struct {
		name    string
		bounded bool
		cmp     func(b *Builder, p *Term) *Term
		want    int // 1 true, 0 false, -1 not decided
	}{
		{"base+64 < base+192", true, func(b *Builder, p *Term) *Term {
			return b.Ult(b.Add(p, b.Uint(64, 64)), b.Add(p, b.Uint(192, 64)))
		}, 1},
		{"base+192 < base+64", true, func(b *Builder, p *Term) *Term {
			return b.Ult(b.Add(p, b.Uint(192, 64)), b.Add(p, b.Uint(64, 64)))
		}, 0},
		{"base+64 <= base+64+0", true, func(b *Builder, p *Term) *Term {
			return b.Ule(b.Add(p, b.Uint(64, 64)), b.Add(b.Add(p, b.Uint(32, 64)), b.Uint(32, 64)))
		}, 1},
		{"base+65 <= base+64", true, func(b *Builder, p *Term) *Term {
			return b.Ule(b.Add(p, b.Uint(65, 64)), b.Add(p, b.Uint(64, 64)))
		}, 0},
		{"small constant below a base+8", true, func(b *Builder, p *Term) *Term {
			return b.Ult(b.Uint(7, 64), b.Add(p, b.Uint(8, 64)))
		}, 1},
		{"unbounded base", false, func(b *Builder, p *Term) *Term {
			return b.Ult(b.Add(p, b.Uint(64, 64)), b.Add(p, b.Uint(192, 64)))
		}, -1},
		{"base−8 may wrap", true, func(b *Builder, p *Term) *Term {
			return b.Ult(b.Sub(p, b.Uint(8, 64)), b.Add(p, b.Uint(8, 64)))
		}, -1},
		{"two bases", true, func(b *Builder, p *Term) *Term {
			return b.Ult(p, b.Var("&q", 64))
		}, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBuilder()
			p := b.Var("&p", 64)
			if c.bounded {
				b.Bound(p, AddrLimit-1-size)
				b.Bound(b.Var("&q", 64), AddrLimit-1-size)
			}
			got := c.cmp(b, p)
			v, decided := got.Uint64()
			switch {
			case c.want < 0 && decided:
				t.Fatalf("decided %d, want a comparison: %s", v, got)
			case c.want >= 0 && (!decided || int(v) != c.want):
				t.Fatalf("%s, want %d", got, c.want)
			case c.want < 0:
				return
			}
			// The raw comparison agrees at both ends of the bound and
			// in between.
			rb := NewRawBuilder()
			raw := c.cmp(rb, rb.Var("&p", 64))
			for _, base := range []uint64{0, 1, 12345, AddrLimit - 1 - size} {
				ev := NewEvaluator(func(*Term) (Value, bool) { return U64(base, 64), true })
				if r, err := ev.Eval(raw); err != nil || r != U64(uint64(c.want), 1) {
					t.Errorf("raw comparison at base %#x = %v (%v), want %d", base, r, err, c.want)
				}
			}
		})
	}
}
