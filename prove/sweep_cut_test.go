//go:build cgo

package prove

import (
	"context"
	"testing"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// TestCutQuery: a kernel term over merged operands (spec terms) is compared
// with its spec twin with those operands cut to fresh variables. The cut
// query must be unsat exactly when the two agree for every value of the
// cut terms (Ch written with XOR and with OR over shared words, and a sum
// with its complement kept related), sat when the equality needs what the
// cut loses, and not built when nothing is shared.
func TestCutQuery(t *testing.T) {
	s := smt.NewSolver(0, "")
	defer s.Close()
	type built struct{ k, s *term.Term }
	// deep is a word built from x by a few rounds the solver would have
	// to bit-blast without the cut.
	deep := func(b *term.Builder, x, y *term.Term) *term.Term {
		for i := 0; i < 3; i++ {
			x = b.Add(b.Xor(b.RotL(x, 5), y), b.Mul(x, y))
		}
		return x
	}
	cases := []struct {
		name  string
		f     func(b *term.Builder) built
		built bool
		want  smt.Answer
	}{
		{"Ch as XOR and as OR over a sum and its complement", func(b *term.Builder) built {
			x, y := b.Var("x", 32), b.Var("y", 32)
			e := b.Add(deep(b, x, y), b.Var("d", 32))
			f, g := deep(b, y, x), b.Var("g", 32)
			return built{b.Xor(b.And(e, f), b.And(b.Not(e), g)), b.Or(b.And(e, f), b.And(b.Not(e), g))}
		}, true, smt.Unsat},
		{"Maj written two ways", func(b *term.Builder) built {
			x, y := b.Var("x", 32), b.Var("y", 32)
			p, q, r := deep(b, x, y), deep(b, y, x), b.Mul(x, b.Var("z", 32))
			return built{b.Xor(b.And(p, q), b.And(p, r), b.And(q, r)), b.Or(b.And(b.Or(p, q), r), b.And(p, q))}
		}, true, smt.Unsat},
		{"XOR and its OR of ANDs over two cut words", func(b *term.Builder) built {
			x, y := b.Var("x", 32), b.Var("y", 32)
			p := deep(b, x, y)
			return built{b.Xor(p, b.RotL(p, 1)), b.Or(b.And(p, b.Not(b.RotL(p, 1))), b.And(b.Not(p), b.RotL(p, 1)))}
		}, true, smt.Unsat},
		{"different", func(b *term.Builder) built {
			x, y := b.Var("x", 32), b.Var("y", 32)
			p, q := deep(b, x, y), deep(b, y, x)
			return built{b.And(p, q), b.Or(p, q)}
		}, true, smt.Sat},
		{"nothing shared", func(b *term.Builder) built {
			x, y := b.Var("x", 32), b.Var("y", 32)
			return built{b.And(x, y), b.Or(x, y)}
		}, false, smt.Unknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := term.NewBuilder()
			p := c.f(b)
			sset := reach([]*term.Term{p.s})
			// The kernel term's own operators are not the spec's.
			delete(sset, p.k)
			q, ok := cutQuery(b, p.k, p.s, sset)
			if ok != c.built {
				t.Fatalf("built %v, want %v", ok, c.built)
			}
			if !ok {
				return
			}
			if len(term.Support(q)) > 8 {
				t.Errorf("cut query over %d variables, want the few cut words: %s", len(term.Support(q)), q)
			}
			out, err := s.Check(context.Background(), []*term.Term{q}, smt.Options{Abstract: true})
			if err != nil {
				t.Fatal(err)
			}
			if out.Answer != c.want {
				t.Errorf("answer %s, want %s", out.Answer, c.want)
			}
			if c.want != smt.Unsat {
				return
			}
			// A merge the cut proved is true of the terms themselves.
			full, err := s.Check(context.Background(), []*term.Term{b.Ne(p.k, p.s)}, smt.Options{Abstract: true})
			if err != nil {
				t.Fatal(err)
			}
			if full.Answer != smt.Unsat {
				t.Errorf("full query %s: the cut proved a false merge", full.Answer)
			}
		})
	}
}
