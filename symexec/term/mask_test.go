package term

import "testing"

// TestMaskSplitMeets checks that a bitwise operation of a concatenation
// and a mask (a sign-extended bit) meets the same operation done on the
// pieces: a vector kernel's lane and the whole vector, or a run with two
// inputs equal (x+x is x shifted, a concatenation) and the other run's
// term with one input renamed, must give one term.
func TestMaskSplitMeets(t *testing.T) {
	b := NewBuilder()
	x0, x1 := b.Var("x0", 32), b.Var("x1", 32)
	m0 := b.SignExt(b.Var("c0", 1), 32)
	m1 := b.SignExt(b.Var("c1", 1), 32)
	lane := func(x, m *Term) *Term { return b.And(b.Add(x, x), m) }
	tests := []struct {
		name string
		a, c *Term
	}{
		{"doubled, shifted", lane(x0, m0), b.And(b.ShlC(x0, 1), m0)},
		{"doubled, pieces", lane(x0, m0), b.Concat(b.And(b.Extract(x0, 30, 0), b.SignExt(b.Var("c0", 1), 31)), b.Uint(0, 1))},
		{"lanes, vector", b.Concat(lane(x1, m1), lane(x0, m0)),
			b.And(b.Concat(b.Add(x1, x1), b.Add(x0, x0)), b.Concat(m1, m0))},
		{"or of lanes, vector", b.Concat(b.Or(b.ShlC(x1, 1), m1), b.Or(b.ShlC(x0, 1), m0)),
			b.Or(b.Concat(b.ShlC(x1, 1), b.ShlC(x0, 1)), b.Concat(m1, m0))},
	}
	for _, tt := range tests {
		if tt.a != tt.c {
			t.Errorf("%s: %v and %v do not meet", tt.name, tt.a, tt.c)
		}
	}
}
