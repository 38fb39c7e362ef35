package smt

import (
	"testing"

	"vg.dev/symexec/term"
)

func TestComponents(t *testing.T) {
	b := term.NewBuilder()
	x, y, z := b.Var("x", 8), b.Var("y", 8), b.Var("z", 8)
	cx := b.Ult(x, b.Uint(3, 8))
	cy := b.Ult(y, b.Uint(5, 8))
	cxz := b.Eq(b.Add(x, z), b.Uint(9, 8))
	groups := Components([]*term.Term{cx, cy, cxz})
	if len(groups) != 2 {
		t.Fatalf("got %d groups, want 2: %v", len(groups), groups)
	}
	// Smallest first: {cy}, then {cx, cxz} in their order.
	if len(groups[0]) != 1 || groups[0][0] != cy {
		t.Errorf("first group %v, want [%s]", groups[0], cy)
	}
	if len(groups[1]) != 2 || groups[1][0] != cx || groups[1][1] != cxz {
		t.Errorf("second group %v, want [%s %s]", groups[1], cx, cxz)
	}
}

func TestConjunctsFlatten(t *testing.T) {
	b := term.NewBuilder()
	p, q := b.Var("p", 1), b.Var("q", 1)
	cs, ok := conjuncts([]*term.Term{b.And(p, q), b.Bool(true), p})
	if !ok || len(cs) != 2 {
		t.Errorf("conjuncts = %v, %v; want [p q], true", cs, ok)
	}
	if _, ok := conjuncts([]*term.Term{p, b.Bool(false)}); ok {
		t.Error("a false conjunct was not reported")
	}
}
