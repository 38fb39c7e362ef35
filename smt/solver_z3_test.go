//go:build cgo

package smt

import (
	"context"
	"fmt"
	"testing"

	"vg.dev/symexec/term"
)

// TestCheckLanes checks a query made of independent lanes: the lanes are
// decided once (the cache answers the others), an unsatisfiable lane makes
// the whole unsatisfiable, and a model covers every lane and satisfies it.
func TestCheckLanes(t *testing.T) {
	b := term.NewBuilder()
	var lanes, vars []*term.Term
	for i := range 16 {
		x := b.Var(fmt.Sprintf("x%d", i), 32)
		vars = append(vars, x)
		// x·x ≡ 9 (mod 2³²) and x < 100: x = 3.
		lanes = append(lanes, b.Eq(b.Mul(x, x), b.Uint(9, 32)), b.Ult(x, b.Uint(100, 32)))
	}
	s := NewSolver(0, "")
	defer s.Close()
	out, err := s.Check(context.Background(), lanes, Options{})
	if err != nil || out.Answer != Sat {
		t.Fatalf("Check = %v, %v; want sat", out.Answer, err)
	}
	ev := term.NewEvaluator(func(v *term.Term) (term.Value, bool) { return out.Model[v], true })
	for _, l := range lanes {
		if v, err := ev.Eval(l); err != nil || v.IsZero() {
			t.Errorf("model does not satisfy %s", l)
		}
	}
	if s.Queries() != 1 || s.CacheHits() != 15 {
		t.Errorf("%d queries, %d cache hits; want 1 and 15", s.Queries(), s.CacheHits())
	}

	// One lane that cannot hold: x·x ≡ 9 with x < 3.
	bad := b.Ult(vars[5], b.Uint(3, 32))
	out, err = s.Check(context.Background(), append(lanes, bad, b.Ne(vars[5], b.Uint(3, 32))), Options{})
	if err != nil || out.Answer != Unsat {
		t.Fatalf("Check with a contradictory lane = %v, %v; want unsat", out.Answer, err)
	}
	// An answer is reused only under the same timeout (an unknown depends
	// on it).
	q0 := s.Queries()
	if _, err := s.Check(context.Background(), lanes[:2], Options{Timeout: 1e9}); err != nil {
		t.Fatal(err)
	}
	if s.Queries() != q0+1 {
		t.Error("a query with another timeout was answered from the cache")
	}
}
