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

// TestSliced: the extracts of a variable used only through disjoint
// extracts are leaves; a variable also used whole, or through overlapping
// extracts, has none; and componentsBy then parts conjuncts about
// different lanes of one word.
func TestSliced(t *testing.T) {
	b := term.NewBuilder()
	x, y, z := b.Var("x", 64), b.Var("y", 64), b.Var("z", 64)
	x0, x1 := b.Extract(x, 31, 0), b.Extract(x, 63, 32)
	y0, y16 := b.Extract(y, 31, 0), b.Extract(y, 15, 0)
	z1 := b.Extract(z, 63, 32)
	cs := []*term.Term{
		b.Ult(x0, b.Uint(3, 32)), b.Ult(x1, b.Uint(5, 32)),
		b.Ult(y0, b.Uint(3, 32)), b.Ult(y16, b.Uint(5, 16)),
		b.Ult(z1, b.Uint(3, 32)), b.Ult(z, b.Uint(5, 64)),
	}
	leaves := sliced(cs)
	if len(leaves) != 2 || !leaves[x0] || !leaves[x1] {
		t.Errorf("leaves %v, want x's two lanes", leaves)
	}
	if n := len(componentsBy(cs, leaves)); n != 4 {
		t.Errorf("%d components, want 4 (x's lanes apart, y, z)", n)
	}
	if n := len(Components(cs)); n != 3 {
		t.Errorf("%d components without leaves, want 3", n)
	}
}
