//go:build cgo

package term_test

import (
	"context"
	"testing"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// clmulExpanded is the carry-less product spelled out with XOR, AND, sign
// extension and shifts (how the lifters built it before OpClmul), as an
// independent statement of the definition.
func clmulExpanded(b *term.Builder, x, y *term.Term) *term.Term {
	w := x.Width()
	wx := b.ZeroExt(x, 2*w)
	r := b.Zero(2 * w)
	for i := 0; i < w; i++ {
		r = b.Xor(r, b.And(b.SignExt(b.Bit(y, i), 2*w), b.ShlC(wx, i)))
	}
	return r
}

// TestClmulZ3 proves the solver's reading of OpClmul (smt's expansion)
// equal to the definition spelled out, at 8 and 64 bits, and each of
// Clmul's simplifications valid; a product with one operand changed is
// not proved equal.
func TestClmulZ3(t *testing.T) {
	s := smt.NewSolver(0, "")
	defer s.Close()
	for _, w := range []int{8, 64} {
		b := term.NewRawBuilder()
		x, y := b.Var("x", w), b.Var("y", w)
		valid(t, s, b.Clmul(x, y), clmulExpanded(b, x, y))
	}
	rules := []struct {
		name string
		f    func(b *term.Builder) *term.Term
	}{
		{"operand order", func(b *term.Builder) *term.Term { return b.Clmul(b.Var("y", 16), b.Var("x", 16)) }},
		{"zero", func(b *term.Builder) *term.Term { return b.Xor(b.Var("z", 32), b.Clmul(b.Var("x", 16), b.Zero(16))) }},
		{"one", func(b *term.Builder) *term.Term { return b.Clmul(b.Uint(1, 16), b.Var("x", 16)) }},
		{"constants", func(b *term.Builder) *term.Term {
			return b.Xor(b.Var("z", 128), b.Clmul(b.Uint(0xc200000000000001, 64), b.Uint(0x87e1d5b3a9f02c61, 64)))
		}},
	}
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) {
			valid(t, s, r.f(term.NewRawBuilder()), r.f(term.NewBuilder()))
		})
	}
	b := term.NewRawBuilder()
	x, y := b.Var("x", 16), b.Var("y", 16)
	out, err := s.Check(context.Background(), []*term.Term{b.Ne(b.Clmul(x, y), b.Clmul(x, b.Xor(y, b.Uint(0x100, 16))))}, smt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Answer != smt.Sat {
		t.Fatalf("a product with one bit of an operand changed: %s, want sat", out.Answer)
	}
}
