// Package z3 is a small cgo binding to the Z3 SMT solver (libz3), made
// for vg's bit-vector proof obligations. Its API follows the shape of
// github.com/aclements/go-z3: a Context owns sorts, terms (Values of kind
// BV and Bool), uninterpreted functions (FuncDecl), Solvers and Models.
//
// # What it covers
//
//   - Sorts: Bool and bit-vectors of any width from 1 to MaxWidth.
//   - Bit-vector terms: constants, numerals from uint64/int64/*big.Int,
//     arithmetic (Add, Sub, Mul, Neg, UDiv, URem, SDiv, SRem, SMod),
//     bitwise operations and shifts, rotations, Extract, Concat, Repeat,
//     zero and sign extension, signed and unsigned comparisons,
//     if-then-else.
//   - Boolean terms: constants, And, Or, Not, Xor, Implies, Eq, ite.
//   - Uninterpreted functions over those sorts.
//   - Solvers: Assert, Push/Pop, Reset, timeouts, cancellation through a
//     context.Context (Z3_interrupt), the reason for an unknown result,
//     and a replayable SMT-LIB 2 dump of the assertions.
//   - Models: concrete values of bit-vector and Boolean terms.
//   - Term simplification (Z3_simplify) and reading numerals back.
//
// # What it does not cover
//
// Integers, reals, arrays, floating point, datatypes, strings and
// quantifiers; tactics, goals, optimization, fixedpoints; unsat cores,
// proofs and check-with-assumptions; statistics; parsing SMT-LIB into
// terms (EvalSMTLIB2 only runs a script and returns its output); global
// Z3 parameters. The package is easy to extend along the same lines.
//
// # Memory
//
// Contexts are created with Z3_mk_context_rc. Every Z3 object kept by a Go
// value (term, function declaration, solver, model) holds one Z3 reference,
// released after the Go value becomes unreachable: a runtime cleanup
// (runtime.AddCleanup, the successor of runtime.SetFinalizer) queues the
// release, and the goroutine using the Context performs queued releases in
// batches, so Z3 is never called from the cleanup goroutine. Sorts are
// cached per Context. Context.Close frees everything at once; an
// unreachable Context that was not closed is freed by its own cleanup.
//
// The Go garbage collector does not see Z3's memory. A Context costs Z3
// over 10 MB, so close Contexts rather than leaving them to the
// collector. Terms cost Z3 little (tens of bytes each), so between
// collections Z3's tables grow with the number of terms built; they keep
// their high-water size. Calling Z3 from many OS threads (as goroutines
// migrate) makes glibc's malloc use one arena per thread, which raises
// the process RSS until it levels off; runtime.LockOSThread in a worker
// goroutine, or MALLOC_ARENA_MAX, avoids that.
//
// # Performance
//
// Building a term costs about 1 µs: one cgo call (the C helper makes the
// Z3 call, checks for errors and takes the reference), one small
// allocation and a cleanup registration; no strings are involved. Solving
// dominates: with Z3 4.8.12 a trivial query costs about 0.5 ms. See
// NewSolver for the choice of Z3 solver.
//
// # Goroutines
//
// One context per goroutine: a Context and all values, solvers and models
// created from it must be used by one goroutine at a time. Z3 contexts are
// not thread-safe. Use one Context per worker goroutine; values cannot be
// shared between Contexts. The binding's own background work (reference
// release queueing, interrupting a cancelled check) is synchronized
// internally.
//
// # Errors
//
// Z3's default error handler prints a message and exits the process. The
// binding replaces it with a C handler that records the error code; every
// call checks it and turns it into an *Error. Bad arguments (mismatched
// widths, Extract bounds, mixed contexts, use after Close, zero values) are
// detected in Go before calling Z3.
//
// Term constructors return values, not errors, so that formulas compose
// fluently. A failed construction returns an invalid value whose Err
// method reports the cause; operations on invalid values return invalid
// values with the same error (like NaN); Solver.Assert of an invalid value
// records the error in the Solver, whose Check then returns it instead of
// answering a different query; and Context.Err returns the first error
// since the last Context.ClearErr. Nothing in the package panics on bad
// input or crashes after Close.
package z3
