// Package smt decides formulas over vg terms with Z3: it translates terms
// (symexec/term) into Z3 bit-vector expressions, checks them, and reads
// models back as concrete values of the term variables.
//
// Two options shrink queries without losing soundness for "unsat":
// products of non-constant operands may be uninterpreted functions (any
// function, so a formula unsatisfiable for all of them is unsatisfiable for
// multiplication), and chosen subterms may be cut points (fresh variables).
// A "sat" answer under either option may be spurious: the caller evaluates
// the model on the real terms before believing it.
//
// The translation is part of the trusted base.
package smt

import (
	"errors"
	"time"

	"vg.dev/symexec/term"
)

// ErrNoZ3 is returned by every query of a binary built without cgo (and so
// without libz3): nothing can be proved there.
var ErrNoZ3 = errors.New("smt: built without cgo: Z3 is not available")

// Answer is a solver verdict.
type Answer int

// The answers.
const (
	Unknown Answer = iota
	Sat
	Unsat
)

func (a Answer) String() string { return [...]string{"unknown", "sat", "unsat"}[a] }

// Options select the abstractions of a query.
type Options struct {
	// Abstract makes every product of two or more non-constant factors
	// an uninterpreted function of its factors, and every table lookup
	// (term.OpLUT) one of its index, a function per table.
	Abstract bool
	// Cuts are subterms translated as fresh variables.
	Cuts map[*term.Term]bool
	// Name labels the query in SMT-LIB dumps.
	Name string
	// Timeout, when not 0, replaces the solver's timeout for this query.
	Timeout time.Duration
}

// Outcome is the answer to one query.
type Outcome struct {
	Answer Answer
	// Model gives a value to every variable of the query when Answer is Sat.
	Model map[*term.Term]term.Value
	// Reason says why the answer is Unknown.
	Reason string
}
