package term

import "testing"

// TestCarriesMeet checks that the carries of one column of additions meet
// whatever order the values were added in: the sum of the two carries of
// (x+y)+z, of (x+z)+y and of (y+z)+x, each in a sum with other terms, is
// one term, and the same as the high part of x+y+z.
func TestCarriesMeet(t *testing.T) {
	b := NewBuilder()
	x, y, z := b.Var("x", 64), b.Var("y", 64), b.Var("z", 64)
	other := b.Var("o", 38)
	carry := func(p, q *Term) *Term { // bit 64 of p + q, zero-extended to 38 bits
		return b.ZeroExt(b.Extract(b.Add(b.ZeroExt(p, 65), b.ZeroExt(q, 65)), 64, 64), 38)
	}
	chain := func(p, q, r *Term) *Term {
		return b.Add(b.Add(other, carry(p, q)), carry(b.Add(p, q), r))
	}
	wide := func(vs ...*Term) *Term {
		s := b.Zero(66)
		for _, v := range vs {
			s = b.Add(s, b.ZeroExt(v, 66))
		}
		return b.Add(other, b.ZeroExt(b.Extract(s, 65, 64), 38))
	}
	want := chain(x, y, z)
	for name, got := range map[string]*Term{
		"(x+z)+y":     chain(x, z, y),
		"(y+z)+x":     chain(y, z, x),
		"(z+y)+x":     chain(z, y, x),
		"high part":   wide(x, y, z),
		"high part 2": wide(z, x, y),
	} {
		if got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	// A chain of four, in two orders.
	w := b.Var("w", 64)
	four := func(p, q, r, s *Term) *Term {
		return b.Add(b.Add(chain(p, q, r), carry(b.Add(b.Add(p, q), r), s)), b.Zero(38))
	}
	if a, c := four(x, y, z, w), four(w, z, x, y); a != c {
		t.Errorf("four values: %v and %v do not meet", a, c)
	}
	// Unequal coefficients, or a second carry not of the first one's low
	// sum, are not merged.
	if a, c := b.Add(carry(x, y), b.Mul(b.Uint(2, 38), carry(b.Add(x, y), z))), wide(x, y, z); a == c {
		t.Errorf("carries with coefficients 1 and 2 merged into %v", a)
	}
	if a, c := b.Add(carry(x, y), carry(x, z)), b.Add(carry(x, z), carry(x, y)); a != c || a == wide(x, y, z) {
		t.Errorf("carries of x+y and x+z: %v", a)
	}
}
