//go:build !cgo

package smt

import (
	"context"
	"time"

	"vg.dev/symexec/term"
)

// Available reports whether queries can be decided (the binary has Z3).
func Available() bool { return false }

// Solver is a stand-in without Z3: every query fails with ErrNoZ3.
type Solver struct{ queries int }

// NewSolver returns the stand-in solver.
func NewSolver(timeout time.Duration, dumpDir string) *Solver { return &Solver{} }

// Close does nothing.
func (s *Solver) Close() {}

// Queries is the number of queries asked.
func (s *Solver) Queries() int { return s.queries }

// Check fails: there is no solver.
func (s *Solver) Check(gctx context.Context, assertions []*term.Term, opt Options) (Outcome, error) {
	s.queries++
	return Outcome{}, ErrNoZ3
}

// CacheHits is always 0: nothing is decided.
func (s *Solver) CacheHits() int { return 0 }
