//go:build cgo

package term_test

import (
	"context"
	"testing"
	"time"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// TestConfluenceZ3 asks Z3 what TestConfluence checks by evaluation on a
// few inputs: that each random combination, rewritten and built without
// simplification, equals its simplified builds as written and as
// rewritten, for all inputs. At 16 and 32 bits (the 64-bit combinations'
// 128-bit products are beyond the solver in a test's time) it so checks
// the normal forms' rewrites (linear.go) on the generator's shapes. A
// counterexample fails; a query the solver does not finish, with or
// without products abstracted, stays checked by evaluation only, and is
// counted in the log.
func TestConfluenceZ3(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 10
	}
	s := smt.NewSolver(time.Second, "")
	defer s.Close()
	proved, unknown := 0, 0
	for seed := int64(0); seed < int64(n); seed++ {
		w := []int{16, 32, 16}[seed%3]
		raw, written, rewritten, recipe := term.ConfluenceCase(seed, w, 2)
		for _, simp := range []*term.Term{written, rewritten} {
			b := term.NewRawBuilder()
			ne := b.Ne(b.Import(raw), b.Import(simp))
			answer := smt.Unknown
			for _, abstract := range []bool{false, true} {
				out, err := s.Check(context.Background(), []*term.Term{ne}, smt.Options{Abstract: abstract})
				if err != nil {
					t.Fatal(err)
				}
				if out.Answer == smt.Sat && !abstract {
					t.Errorf("seed %d %s: not equal\n raw  %s\n simp %s\n model %v", seed, recipe, raw, simp, out.Model)
				}
				if answer = out.Answer; answer != smt.Unknown {
					break
				}
			}
			switch answer {
			case smt.Unsat:
				proved++
			default:
				unknown++
			}
		}
	}
	t.Logf("%d proved equal, %d not decided in time (checked by evaluation)", proved, unknown)
	if proved == 0 {
		t.Errorf("no combination proved")
	}
}
