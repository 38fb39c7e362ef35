package term

import (
	"math/big"
	"math/rand"
	"testing"
)

var testWidths = []int{1, 3, 8, 32, 64, 65, 128, 200}

// TestSimplifyPreservesValue builds random terms twice, raw and simplified,
// and checks they evaluate equal on random and edge inputs.
func TestSimplifyPreservesValue(t *testing.T) {
	for seed := int64(0); seed < 3000; seed++ {
		w := testWidths[seed%int64(len(testWidths))]
		raw := genTerm(NewRawBuilder(), rand.New(rand.NewSource(seed)), 4, w)
		simp := genTerm(NewBuilder(), rand.New(rand.NewSource(seed)), 4, w)
		if d := differ(raw, simp, rand.New(rand.NewSource(seed*7)), 8); d != "" {
			t.Fatalf("seed %d: %s", seed, d)
		}
	}
}

func TestHashConsing(t *testing.T) {
	b := NewBuilder()
	x, y := b.Var("x", 64), b.Var("y", 64)
	tests := []struct {
		name string
		a, c *Term
	}{
		{"add commutes", b.Add(x, y), b.Add(y, x)},
		{"lea chain", b.Add(b.Add(x, b.Mul(b.Uint(8, 64), x)), b.Mul(b.Uint(2, 64), b.Add(x, b.Mul(b.Uint(8, 64), x)))), b.Mul(b.Uint(27, 64), x)},
		{"x - x", b.Sub(x, x), b.Zero(64)},
		{"mul commutes", b.Mul(x, y), b.Mul(y, x)},
		{"xor cancels", b.Xor(x, y, x), y},
		{"and mask is extract", b.And(x, b.Uint(1<<51-1, 64)), b.ZeroExt(b.Extract(x, 50, 0), 64)},
		{"shift pair", b.Or(b.ShlC(b.Extract(b.Var("h", 64), 63, 0), 13), b.LshrC(x, 51)), b.Concat(b.Extract(b.Var("h", 64), 50, 0), b.Extract(x, 63, 51))},
		{"concat of extracts", b.Concat(b.Extract(x, 63, 32), b.Extract(x, 31, 0)), x},
		{"lea chain with shifts", b.Add(x, b.ShlC(b.Add(x, b.ShlC(x, 3)), 1)), b.Mul(b.Uint(19, 64), x)},
		{"product widths meet", b.Extract(b.Mul(b.ZeroExt(b.Extract(x, 51, 0), 128), b.ZeroExt(b.Extract(y, 51, 0), 128)), 103, 52),
			b.Extract(b.Mul(b.ZeroExt(b.Extract(x, 51, 0), 104), b.ZeroExt(b.Extract(y, 51, 0), 104)), 103, 52)},
		{"shift is times power of two", b.ShlC(x, 4), b.Mul(b.Uint(16, 64), x)},
		{"rotate twice", b.RotL(b.RotL(x, 13), 51), x},
		{"not not", b.Not(b.Not(x)), x},
		{"ite same", b.Ite(b.Eq(x, y), x, x), x},
		{"byte of a swapped XOR", b.Extract(b.RotL(b.Xor(x, y), 32), 15, 8), b.Xor(b.Extract(x, 47, 40), b.Extract(y, 47, 40))},
	}
	for _, tt := range tests {
		if tt.a != tt.c {
			t.Errorf("%s: %s and %s are different terms", tt.name, tt.a, tt.c)
		}
	}
}

func TestValueArithmetic(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		w := testWidths[i%len(testWidths)]
		a, c := edgeValue(rng, w), edgeValue(rng, w)
		m := new(big.Int).Lsh(big.NewInt(1), uint(w))
		mod := func(x *big.Int) *big.Int { return x.Mod(x, m) }
		checks := []struct {
			name string
			got  Value
			want *big.Int
		}{
			{"add", addV(a, c, w), mod(new(big.Int).Add(a.Big(), c.Big()))},
			{"sub", subV(a, c, w), mod(new(big.Int).Sub(a.Big(), c.Big()))},
			{"mul", mulV(a, c, w), mod(new(big.Int).Mul(a.Big(), c.Big()))},
			{"shl", shlV(a, i%(w+3), w), mod(new(big.Int).Lsh(a.Big(), uint(i%(w+3))))},
			{"lshr", lshrV(a, i%(w+3), w), new(big.Int).Rsh(a.Big(), uint(i%(w+3)))},
			{"ashr", ashrV(a, i%(w+3), w), mod(new(big.Int).Rsh(a.SignedBig(w), uint(i%(w+3))))},
		}
		for _, ch := range checks {
			if ch.got.Big().Cmp(ch.want) != 0 {
				t.Fatalf("%s width %d of %s, %s: got %s want %#x", ch.name, w, a.Hex(w), c.Hex(w), ch.got.Hex(w), ch.want)
			}
		}
	}
}

// TestStringIsBounded: a deep DAG whose nodes each use the one below twice
// would print exponentially long without the budget.
func TestStringIsBounded(t *testing.T) {
	b := NewBuilder()
	x := b.Var("x", 8)
	for i := 0; i < 200; i++ {
		x = b.Xor(b.Ite(b.Bit(x, 0), x, b.Not(x)), b.Uint(uint64(i), 8))
	}
	if s := x.String(); len(s) > 100*stringBudget {
		t.Errorf("String printed %d bytes", len(s))
	}
	if f := Format([]string{"x"}, []*Term{x}); len(f) > 200*200 {
		t.Errorf("Format printed %d bytes", len(f))
	}
}

// TestEvaluatorReset: after Reset an evaluator computes with the new
// variable values, not the ones its memo held.
func TestEvaluatorReset(t *testing.T) {
	b := NewBuilder()
	x, y := b.Var("x", 16), b.Var("y", 16)
	sum := b.Add(b.Mul(x, x), y)
	ev := NewEvaluator(nil)
	for _, c := range []struct{ x, y, want uint64 }{{3, 4, 13}, {5, 1, 26}, {0x100, 7, 7}, {3, 4, 13}} {
		ev.Reset(MapEnv(map[*Term]Value{x: U64(c.x, 16), y: U64(c.y, 16)}))
		got, err := ev.Eval(sum)
		if err != nil {
			t.Fatal(err)
		}
		if got != U64(c.want, 16) {
			t.Errorf("x=%d y=%d: got %v, want %d", c.x, c.y, got, c.want)
		}
	}
}
