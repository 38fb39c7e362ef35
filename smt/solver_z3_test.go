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

// TestCheckSlices checks the slicing of variables into the extracts a
// query uses of them (sliced): the two 32-bit lanes of 64-bit words are
// parts of one shape (decided once), a model gives each word its lanes'
// values, and a variable that is also used whole, or through overlapping
// extracts, is not sliced (the answers stay right where slicing would
// make them wrong).
func TestCheckSlices(t *testing.T) {
	b := term.NewBuilder()
	s := NewSolver(0, "")
	defer s.Close()
	ctx := context.Background()
	q := uint64(8380417)
	var lanes []*term.Term
	for i := range 4 {
		w := b.Var(fmt.Sprintf("w%d", i), 64)
		for _, l := range []*term.Term{b.Extract(w, 31, 0), b.Extract(w, 63, 32)} {
			// l < q and l·3 mod 2³² ≥ 2q − 1 (l ∈ [(2q−1)/3, q)).
			lanes = append(lanes, b.Ult(l, b.Uint(q, 32)), b.Uge(b.Mul(b.Uint(3, 32), l), b.Uint(2*q-1, 32)))
		}
	}
	out, err := s.Check(ctx, lanes, Options{})
	if err != nil || out.Answer != Sat {
		t.Fatalf("Check = %v, %v; want sat", out.Answer, err)
	}
	ev := term.NewEvaluator(func(v *term.Term) (term.Value, bool) { x, ok := out.Model[v]; return x, ok })
	for _, l := range lanes {
		if v, err := ev.Eval(l); err != nil || v.IsZero() {
			t.Errorf("model does not satisfy %s: %v", l, err)
		}
	}
	if s.Queries() != 1 || s.CacheHits() != 7 {
		t.Errorf("%d queries, %d cache hits; want 1 and 7 (eight lanes, one shape)", s.Queries(), s.CacheHits())
	}

	x := b.Var("x", 64)
	x0, x1 := b.Extract(x, 31, 0), b.Extract(x, 63, 32)
	x16 := b.Extract(x, 15, 0)
	cases := []struct {
		name string
		q    []*term.Term
		want Answer
	}{
		// Each alone is sat and cached; together they contradict through
		// the shared bits.
		{"overlapping extracts", []*term.Term{b.Eq(x0, b.Uint(5, 32)), b.Eq(x16, b.Uint(6, 16))}, Unsat},
		{"an extract and the whole", []*term.Term{b.Eq(x1, b.Uint(1, 32)), b.Eq(x, b.Uint(5, 64))}, Unsat},
		{"disjoint lanes", []*term.Term{b.Eq(x1, b.Uint(7, 32)), b.Eq(x0, b.Uint(9, 32))}, Sat},
		{"a contradictory lane", []*term.Term{b.Eq(x1, b.Uint(7, 32)), b.Eq(x0, b.Uint(9, 32)), b.Ult(x0, b.Uint(9, 32))}, Unsat},
	}
	for _, c := range cases {
		for _, part := range c.q {
			if out, err := s.Check(ctx, []*term.Term{part}, Options{}); err != nil || out.Answer != Sat {
				t.Fatalf("%s: part %s = %v, %v; want sat", c.name, part, out.Answer, err)
			}
		}
		out, err := s.Check(ctx, c.q, Options{})
		if err != nil || out.Answer != c.want {
			t.Errorf("%s: Check = %v, %v; want %v", c.name, out.Answer, err, c.want)
			continue
		}
		if c.want == Sat {
			if got := out.Model[x]; got != term.U64(7<<32|9, 64) {
				t.Errorf("%s: model x = %s, want 0x700000009", c.name, got.Hex(64))
			}
		}
	}
}
