package term

import "testing"

// lane builds one lane of a typical vector kernel on its own variables.
func lane(b *Builder, i string, swap bool) *Term {
	var x, y *Term
	if swap { // create the variables in the other order: other ids
		y = b.Var("y"+i, 32)
		x = b.Var("x"+i, 32)
	} else {
		x = b.Var("x"+i, 32)
		y = b.Var("y"+i, 32)
	}
	s := b.Add(b.Mul(b.Uint(3, 32), x), b.And(y, b.Uint(0xff, 32)))
	return b.Ult(s, b.Xor(x, y))
}

func TestShape(t *testing.T) {
	b := NewBuilder()
	l0 := lane(b, "0", false)
	l1 := lane(b, "1", true)
	l2 := lane(b, "2", false)
	x0, _ := b.LookupVar("x0")
	y0, _ := b.LookupVar("y0")
	x3 := b.Var("x3", 32)

	tests := []struct {
		name string
		a, c []*Term
		same bool
	}{
		{"lanes", []*Term{l0}, []*Term{l2}, true},
		{"lanes made in another order", []*Term{l0}, []*Term{l1}, true},
		{"other constant", []*Term{b.Ult(x0, b.Uint(1, 32))}, []*Term{b.Ult(x0, b.Uint(2, 32))}, false},
		{"other width", []*Term{b.Eq(x0, b.Uint(1, 32))}, []*Term{b.Eq(b.Var("w", 16), b.Uint(1, 16))}, false},
		// x0+1 ^ y0 and x0+1 ^ x0: one variable is not two.
		{"shared variable", []*Term{b.Eq(b.Xor(b.Add(x0, b.Uint(1, 32)), y0), x3)}, []*Term{b.Eq(b.Xor(b.Add(x0, b.Uint(1, 32)), x0), x3)}, false},
		{"roots in order", []*Term{l0, b.Ult(x0, y0)}, []*Term{b.Ult(x0, y0), l0}, false},
	}
	for _, tc := range tests {
		sa, va := Shape(tc.a)
		sc, vc := Shape(tc.c)
		if (sa == sc) != tc.same {
			t.Errorf("%s: same shape = %v, want %v", tc.name, sa == sc, tc.same)
		}
		if tc.same && len(va) != len(vc) {
			t.Errorf("%s: %d and %d variables", tc.name, len(va), len(vc))
		}
	}
	// The variables correspond: x0 to x2 and y0 to y2, in the same place.
	_, v0 := Shape([]*Term{l0})
	_, v2 := Shape([]*Term{l2})
	for i := range v0 {
		if v0[i].Name()[:1] != v2[i].Name()[:1] {
			t.Errorf("variable %d: %s against %s", i, v0[i].Name(), v2[i].Name())
		}
	}
}

// TestBooleanRules checks the rules that make loop-merged conditions and
// counted comparisons meet, by identity of the built terms.
func TestBooleanRules(t *testing.T) {
	b := NewBuilder()
	c, d := b.Var("c", 1), b.Var("d", 1)
	x := b.Var("x", 32)
	one32 := b.Uint(1, 32)
	tests := []struct {
		name      string
		got, want *Term
	}{
		{"three merged paths", b.Or(c, b.And(b.Not(c), d), b.And(b.Not(c), b.Not(d))), b.Bool(true)},
		{"absorb in or", b.Or(c, b.And(b.Not(c), d)), b.Or(c, d)},
		{"absorb in and", b.And(c, b.Or(b.Not(c), d)), b.And(c, d)},
		// A comparison mask plus one is the count of the negation.
		{"mask plus one", b.Add(b.Add(b.SignExt(c, 32), one32), x), b.Add(b.Ite(b.Not(c), one32, b.Zero(32)), x)},
		{"selection of constants", b.Add(b.Ite(c, b.Uint(7, 32), b.Uint(3, 32)), x),
			b.Add(b.Add(b.Mul(b.Uint(4, 32), b.Ite(c, one32, b.Zero(32))), b.Uint(3, 32)), x)},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, tc.got, tc.want)
		}
	}
}

func TestConjuncts(t *testing.T) {
	b := NewBuilder()
	p, q, r := b.Var("p", 1), b.Var("q", 1), b.Var("r", 1)
	s := b.Var("s", 1)
	tests := []struct {
		name string
		in   *Term
		want []*Term
	}{
		{"and, not or", b.And(p, b.Not(b.Or(q, r))), []*Term{p, b.Not(q), b.Not(r)}},
		{"ite else false", b.Ite(p, b.And(q, r), b.Bool(false)), []*Term{p, q, r}},
		{"ite then false", b.Ite(p, b.Bool(false), b.And(q, r)), []*Term{b.Not(p), q, r}},
		{"not ite then true", b.Not(b.Ite(p, b.Bool(true), q)), []*Term{b.Not(p), b.Not(q)}},
		{"not ite else true", b.Not(b.Ite(p, q, b.Bool(true))), []*Term{p, b.Not(q)}},
		{"nested", b.Ite(p, b.Ite(q, r, b.Bool(false)), b.Bool(false)), []*Term{p, q, r}},
		{"a disjunction stays whole", b.Or(p, s), []*Term{b.Or(p, s)}},
	}
	for _, tc := range tests {
		got := b.Conjuncts(tc.in)
		if len(got) != len(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
			continue
		}
		seen := map[*Term]bool{}
		for _, g := range got {
			seen[g] = true
		}
		for _, w := range tc.want {
			if !seen[w] {
				t.Errorf("%s: missing conjunct %s in %v", tc.name, w, got)
			}
		}
	}
}

// TestShapeLeaves: the two 32-bit lanes of one 64-bit word, with the
// extracts as leaves, have one shape (and a plain variable of the lane's
// width has it too); without leaves they differ, and the leaves are listed
// where the variables are.
func TestShapeLeaves(t *testing.T) {
	b := NewBuilder()
	w := b.Var("w", 64)
	lo, hi := b.Extract(w, 31, 0), b.Extract(w, 63, 32)
	f := func(x *Term) *Term { return b.Ult(b.Add(x, b.Uint(0x173ff, 32)), b.Xor(x, b.Uint(7, 32))) }
	leaves := map[*Term]bool{lo: true, hi: true}
	slo, vlo := ShapeLeaves([]*Term{f(lo)}, leaves)
	shi, vhi := ShapeLeaves([]*Term{f(hi)}, leaves)
	svar, _ := Shape([]*Term{f(b.Var("v", 32))})
	if slo != shi || slo != svar {
		t.Error("lanes of one word with their extracts as leaves have different shapes")
	}
	if len(vlo) != 1 || vlo[0] != lo || len(vhi) != 1 || vhi[0] != hi {
		t.Errorf("leaves listed as %v and %v, want [%s] and [%s]", vlo, vhi, lo, hi)
	}
	if a, _ := Shape([]*Term{f(lo)}); a == func() string { s, _ := Shape([]*Term{f(hi)}); return s }() {
		t.Error("lanes of one word have one shape without leaves")
	}
	// Both lanes in one list: two distinct leaves, not one.
	both, _ := ShapeLeaves([]*Term{f(lo), f(hi)}, leaves)
	same, _ := ShapeLeaves([]*Term{f(lo), f(lo)}, leaves)
	if both == same {
		t.Error("two leaves encoded as one")
	}
}
