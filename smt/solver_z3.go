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
	hits    int
	cache   map[string]cached
}

// NewSolver creates a solver whose queries time out after timeout (0: none).
// When dumpDir is not empty every query is written there as SMT-LIB2.
func NewSolver(timeout time.Duration, dumpDir string) *Solver {
	return &Solver{ctx: z3.NewContext(nil), timeout: timeout, dumpDir: dumpDir, cache: map[string]cached{}}
}

// Close releases the Z3 context.
func (s *Solver) Close() { s.ctx.Close() }

// Queries is the number of queries Z3 has decided so far.
func (s *Solver) Queries() int { return s.queries }

// CacheHits is the number of query parts answered from the cache.
func (s *Solver) CacheHits() int { return s.hits }

// Check decides whether the width-1 terms can all be 1 at once.
//
// The conjunction is split into parts with no variable in common (see
// Components); it is unsatisfiable when one part is, satisfiable when all
// are. Each part's answer is cached by its shape (term.Shape), so parts
// that differ only in which variables they are about, such as the lanes
// of a vector kernel, are decided once. Slices of a variable that the
// conjunction uses only through disjoint extracts count as variables of
// their own (see sliced), so the lanes of one word fall into parts of one
// shape too. Unknown answers are cached too: an identical query would time
// out again.
func (s *Solver) Check(gctx context.Context, assertions []*term.Term, opt Options) (Outcome, error) {
	for _, a := range assertions {
		if a.Width() != 1 {
			return Outcome{}, fmt.Errorf("smt: assertion of width %d", a.Width())
		}
	}
	if gctx.Err() != nil {
		return Outcome{Answer: Unknown, Reason: "canceled"}, nil
	}
	cs, ok := conjuncts(assertions)
	if !ok {
		return Outcome{Answer: Unsat}, nil
	}
	if len(opt.Cuts) > 0 {
		return s.check(gctx, cs, opt)
	}
	all := Outcome{Answer: Sat, Model: map[*term.Term]term.Value{}}
	leaves := sliced(cs)
	for _, group := range componentsBy(cs, leaves) {
		key, vars := cacheKey(group, opt, leaves)
		c, hit := s.cache[key]
		if hit {
			s.hits++
		} else {
			out, err := s.check(gctx, group, opt)
			if err != nil {
				return Outcome{}, err
			}
			c = cached{answer: out.Answer, reason: out.Reason}
			if out.Answer == Sat {
				c.model = make([]term.Value, len(vars))
				for i, v := range vars {
					c.model[i] = atomValue(out.Model, v)
				}
			}
			if out.Reason != "canceled" {
				s.cache[key] = c
			}
		}
		switch c.answer {
		case Unsat:
			return Outcome{Answer: Unsat}, nil
		case Unknown:
			// Keep looking: a later part may be unsatisfiable.
			if all.Answer == Sat {
				all = Outcome{Answer: Unknown, Reason: c.reason}
			}
		case Sat:
			if all.Answer == Sat {
				for i, v := range vars {
					setAtom(all.Model, v, c.model[i])
				}
			}
		}
	}
	return all, nil
}

// check decides one conjunction with Z3.
func (s *Solver) check(gctx context.Context, assertions []*term.Term, opt Options) (Outcome, error) {
	s.queries++
	tr := &translator{ctx: s.ctx, opt: opt, memo: map[*term.Term]z3.BV{}, vars: map[*term.Term]z3.BV{}, ufs: map[string]z3.FuncDecl{}}
	sol := s.ctx.NewSolver()
	if timeout := s.timeout; opt.Timeout > 0 || timeout > 0 {
		if opt.Timeout > 0 {
			timeout = opt.Timeout
		}
		sol.SetTimeout(timeout)
	}
	one := s.ctx.BVFromUint64(1, 1)
	for _, a := range assertions {
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
