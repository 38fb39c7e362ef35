package term_test

import (
	"testing"

	"vg.dev/symexec/term"
)

// TestComplementForms builds every two-input And and Or of x, y or their
// complements, complemented or not (the forms ANDN, a NOR, Go's &^ and a
// lane-complementing kernel write), and checks that two of them are one
// term exactly when they are the same Boolean function: the complement
// normal form (deMorgan) is unique.
func TestComplementForms(t *testing.T) {
	b := term.NewBuilder()
	x, y := b.Var("x", 8), b.Var("y", 8)
	checkForms(t, b, x, y)
	// The same over XORs, whose complements are in their constants
	// (~(p ^ q) = ~0 ^ p ^ q): de Morgan counts a XOR whose constant has
	// its top bit set as a complement, so the forms are unique too.
	z := b.Var("z", 8)
	n, v := b.Var("n", 1), b.Var("v", 1)
	checkForms(t, b, b.Xor(x, z), b.RotL(b.Xor(y, z, b.Uint(0x41, 8)), 3))
	// A complement leaves a XOR and a rotation as one outer complement.
	for _, c := range []struct {
		name      string
		got, want *term.Term
	}{
		{"xor", b.Xor(b.Not(x), y, b.Not(b.Xor(x, b.Uint(3, 8)))), b.Xor(y, b.Uint(3, 8))},
		{"xor of one complement", b.Xor(b.Not(x), y), b.Not(b.Xor(x, y))},
		{"rotation", b.RotL(b.Not(x), 3), b.Not(b.RotL(x, 3))},
		{"complement of a xor", b.Not(b.Xor(x, y)), b.Xor(b.Uint(0xff, 8), x, y)},
		{"complement of a rotated xor", b.Not(b.RotL(b.Xor(x, y), 3)), b.Xor(b.Uint(0xff, 8), b.RotL(b.Xor(x, y), 3))},
		{"rotated xor with a constant", b.RotL(b.Xor(b.Uint(0x81, 8), x, y), 1), b.Xor(b.Uint(0x03, 8), b.RotL(b.Xor(x, y), 1))},
		{"complemented lane across a rotation", b.Xor(b.RotL(b.Not(b.Xor(x, y)), 3), b.RotL(b.Xor(x, y), 3)), b.Uint(0xff, 8)},
		{"a xor and its complement", b.And(b.Xor(x, y), b.Not(b.Xor(x, y))), b.Uint(0, 8)},
		{"a xor or its complement", b.Or(b.Not(b.Xor(x, y)), b.Xor(x, y)), b.Uint(0xff, 8)},
		// Booleans keep Not: GE = ~(N ^ V) is Not of LT = N ^ V, so that
		// a path condition LT ∧ GE is false and Ite swaps its branches.
		{"condition and its negation", b.And(b.Not(b.Xor(n, v)), b.Xor(n, v)), b.Uint(0, 1)},
		{"selection on a negated condition", b.Ite(b.Not(b.Xor(n, v)), x, y), b.Ite(b.Xor(n, v), y, x)},
		// A sum reads a XOR and its complement as one atom: ~X + 1 is −X
		// and X + ~X is −1, whatever X's constant.
		{"negation of a xor with a constant", b.Add(b.Not(b.Xor(x, b.Uint(5, 8))), b.Uint(1, 8)), b.Neg(b.Xor(x, b.Uint(5, 8)))},
		{"negation of a xor with a high constant", b.Add(b.Not(b.Xor(x, b.Uint(0x85, 8))), b.Uint(1, 8)), b.Neg(b.Xor(x, b.Uint(0x85, 8)))},
		{"a xor plus its complement", b.Add(b.Xor(x, y, b.Uint(5, 8)), b.Not(b.Xor(x, y, b.Uint(5, 8)))), b.Uint(0xff, 8)},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

// checkForms builds the 16 two-input And and Or forms of p, q or their
// complements, complemented or not, and checks that two are one term
// exactly when they are one Boolean function of p and q.
func checkForms(t *testing.T, b *term.Builder, p, q *term.Term) {
	t.Helper()
	lit := func(v *term.Term, neg bool) *term.Term {
		if neg {
			return b.Not(v)
		}
		return v
	}
	type form struct {
		name  string
		t     *term.Term
		table [4]bool // the function at (x, y) = (0,0), (0,1), (1,0), (1,1)
	}
	var forms []form
	for mask := 0; mask < 16; mask++ {
		nx, ny, or, out := mask&1 != 0, mask&2 != 0, mask&4 != 0, mask&8 != 0
		var tm *term.Term
		if or {
			tm = b.Or(lit(p, nx), lit(q, ny))
		} else {
			tm = b.And(lit(p, nx), lit(q, ny))
		}
		tm = lit(tm, out)
		var table [4]bool
		for i := range table {
			xv, yv := i&2 != 0, i&1 != 0
			v := (xv != nx) && (yv != ny)
			if or {
				v = (xv != nx) || (yv != ny)
			}
			table[i] = v != out
		}
		forms = append(forms, form{tm.String(), tm, table})
	}
	for i, f := range forms {
		for _, g := range forms[i+1:] {
			if same := f.t == g.t; same != (f.table == g.table) {
				t.Errorf("%v and %v: one term %v, one function %v", f.t, g.t, same, f.table == g.table)
			}
		}
	}
}
