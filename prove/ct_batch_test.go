package prove

import (
	"context"
	"testing"

	"vg.dev/symexec/term"
)

// TestSimulateCT checks the constant-time check's batch simulation on
// sites over a secret s and a public p (8 bits, so every value is drawn
// often): it finds the sites whose value depends on s, under their path
// conditions, and leaves to the solver (nil) a site that mentions s but
// does not depend on it, a site whose condition never holds in both runs
// together, and a site that depends on s only where its condition fails.
func TestSimulateCT(t *testing.T) {
	b := term.NewBuilder()
	s, p := b.Var("s", 8), b.Var("p", 8)
	in := &inputs{b: b, secret: map[*term.Term]bool{s: true, p: false}}
	sv := &solveState{ctx: context.Background(), b: b, in: in}
	one := b.Uint(1, 8)
	s1 := b.Add(s, one)
	// (s + 1)² − s² − 2s − 1 is 0, but products stay atoms.
	zero := b.Sub(b.Sub(b.Mul(s1, s1), b.Mul(s, s)), b.Add(b.Add(s, s), one))
	if !sv.mentionsSecret(zero) {
		t.Fatal("the test's zero does not mention s: the builder simplified it")
	}
	sites := []struct {
		name      string
		t, cond   *term.Term
		violation bool
	}{
		{"product", b.Mul(s, p), nil, true},
		{"sum", b.Add(s, p), b.Ult(p, b.Uint(128, 8)), true},
		{"mentions only", zero, nil, false},
		{"never together", s, b.Eq(s, b.Uint(5, 8)), false},
		{"where it does not depend", b.And(s, p), b.Eq(p, b.Uint(0, 8)), false},
	}
	var ts, conds []*term.Term
	for _, c := range sites {
		ts = append(ts, c.t)
		conds = append(conds, c.cond)
	}
	found := sv.simulateCT(ts, conds, nil)
	for i, c := range sites {
		if (found[i] != nil) != c.violation {
			t.Errorf("%s: violation found = %v, want %v", c.name, found[i] != nil, c.violation)
		}
	}
}
