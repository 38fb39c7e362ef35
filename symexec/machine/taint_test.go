package machine

import (
	"testing"

	"vg.dev/symexec/term"
)

// TestTaint checks Taint against the definition (a secret variable in the
// support) on terms sharing subterms, asked in both orders so that the
// memo is hit with true and false answers.
func TestTaint(t *testing.T) {
	b := term.NewBuilder()
	s, p, q := b.Var("s", 64), b.Var("p", 64), b.Var("q", 64)
	pub := b.Add(p, q)
	sec := b.Mul(pub, s)
	secret := func(v *term.Term) bool { return v.Name() == "s" }
	cases := []struct {
		name string
		ts   []*term.Term
		want bool
	}{
		{"public", []*term.Term{pub}, false},
		{"secret", []*term.Term{sec}, true},
		{"shared public first", []*term.Term{pub, b.Xor(sec, pub)}, true},
		{"constant", []*term.Term{b.Uint(7, 64)}, false},
		{"nil", []*term.Term{nil, p}, false},
		{"deep public", []*term.Term{b.Add(b.Mul(pub, pub), q)}, false},
		{"secret var", []*term.Term{s}, true},
	}
	for _, order := range []string{"forward", "backward"} {
		tt := NewTaint(secret)
		for i := range cases {
			c := cases[i]
			if order == "backward" {
				c = cases[len(cases)-1-i]
			}
			if got := tt.Any(c.ts...); got != c.want {
				t.Errorf("%s %s: Any = %v, want %v", order, c.name, got, c.want)
			}
		}
	}
}
