//go:build cgo

package smt

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"vg.dev/smt/z3"
	"vg.dev/symexec/term"
)

// Available reports whether queries can be decided (the binary has Z3).
func Available() bool { return true }

// Solver owns one Z3 context; it is not safe for concurrent use.
type Solver struct {
	ctx     *z3.Context
	timeout time.Duration
	dumpDir string
	queries int
}

// NewSolver creates a solver whose queries time out after timeout (0: none).
// When dumpDir is not empty every query is written there as SMT-LIB2.
func NewSolver(timeout time.Duration, dumpDir string) *Solver {
	return &Solver{ctx: z3.NewContext(nil), timeout: timeout, dumpDir: dumpDir}
}

// Close releases the Z3 context.
func (s *Solver) Close() { s.ctx.Close() }

// Queries is the number of queries checked so far.
func (s *Solver) Queries() int { return s.queries }

// Check decides whether the width-1 terms can all be 1 at once.
func (s *Solver) Check(gctx context.Context, assertions []*term.Term, opt Options) (Outcome, error) {
	s.queries++
	tr := &translator{ctx: s.ctx, opt: opt, memo: map[*term.Term]z3.BV{}, vars: map[*term.Term]z3.BV{}, ufs: map[string]z3.FuncDecl{}}
	sol := s.ctx.NewSolver()
	if s.timeout > 0 {
		sol.SetTimeout(s.timeout)
	}
	one := s.ctx.BVFromUint64(1, 1)
	for _, a := range assertions {
		if a.Width() != 1 {
			return Outcome{}, fmt.Errorf("smt: assertion of width %d", a.Width())
		}
		sol.Assert(tr.bv(a).Eq(one))
	}
	if err := s.ctx.Err(); err != nil {
		return Outcome{}, fmt.Errorf("smt: building query: %w", err)
	}
	if s.dumpDir != "" {
		if err := s.dump(sol, opt.Name); err != nil {
			return Outcome{}, err
		}
	}
	res, err := sol.CheckContext(gctx)
	switch {
	case err != nil && res != z3.Unknown:
		return Outcome{}, fmt.Errorf("smt: %w", err)
	case res == z3.Unsat:
		return Outcome{Answer: Unsat}, nil
	case res == z3.Sat:
		m := sol.Model()
		out := Outcome{Answer: Sat, Model: map[*term.Term]term.Value{}}
		for v, x := range tr.vars {
			n, err := m.EvalBV(x, true)
			if err != nil {
				return Outcome{}, fmt.Errorf("smt: reading model: %w", err)
			}
			out.Model[v] = term.BigValue(n, v.Width())
		}
		return out, nil
	}
	reason := sol.ReasonUnknown()
	if err != nil && reason == "" {
		reason = err.Error()
	}
	if gctx.Err() != nil {
		reason = "canceled"
	}
	return Outcome{Answer: Unknown, Reason: reason}, nil
}

func (s *Solver) dump(sol *z3.Solver, name string) error {
	if name == "" {
		name = "query"
	}
	if err := os.MkdirAll(s.dumpDir, 0o755); err != nil {
		return fmt.Errorf("smt: %w", err)
	}
	path := filepath.Join(s.dumpDir, fmt.Sprintf("%s-%04d.smt2", sanitize(name), s.queries))
	if err := os.WriteFile(path, []byte(sol.SMTLIB2()), 0o644); err != nil {
		return fmt.Errorf("smt: %w", err)
	}
	return nil
}

func sanitize(s string) string {
	r := []rune(s)
	for i, c := range r {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			r[i] = '_'
		}
	}
	return string(r)
}
