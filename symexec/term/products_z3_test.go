//go:build cgo

package term_test

import (
	"context"
	"testing"
	"time"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// TestProductsUnderBoundsZ3 proves with Z3 that every spelling of every
// product case, simplified under its bounds, equals the spelling as
// written wherever the bounds hold; and, for the cases whose spellings
// must stay apart, that the written spellings differ somewhere within the
// bounds (the rule would have been wrong there). Only the 8-bit cases:
// Z3 compares bit-blasted products of 16 bits and more too slowly (the random
// evaluation of TestProductsUnderBounds covers those).
func TestProductsUnderBoundsZ3(t *testing.T) {
	s := smt.NewSolver(time.Minute, "")
	defer s.Close()
	check := func(t *testing.T, q []*term.Term, want smt.Answer) {
		t.Helper()
		out, err := s.Check(context.Background(), q, smt.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if out.Answer != want {
			t.Errorf("%s, want %s (model %v)", out.Answer, want, out.Model)
		}
	}
	for _, pc := range productCases {
		if pc.w > 8 {
			continue
		}
		t.Run(pc.name, func(t *testing.T) {
			b, raw := term.NewBuilder(), term.NewRawBuilder()
			a, c, bounds := pc.words(b)
			b.AssumeBounds(bounds)
			ra, rc, rbounds := pc.words(raw)
			var hold []*term.Term
			for v, hi := range rbounds {
				hold = append(hold, raw.Ule(v, raw.Uint(hi, v.Width())))
			}
			written := make([]*term.Term, len(pc.spellings))
			for i, sp := range pc.spellings {
				written[i] = sp.build(raw, ra, rc)
				simp := raw.Import(sp.build(b, a, c))
				t.Run(sp.name, func(t *testing.T) {
					check(t, append(append([]*term.Term(nil), hold...), raw.Ne(written[i], simp)), smt.Unsat)
				})
			}
			if !pc.merge {
				t.Run("apart", func(t *testing.T) {
					check(t, append(append([]*term.Term(nil), hold...), raw.Ne(written[0], written[1])), smt.Sat)
				})
			}
		})
	}
}
