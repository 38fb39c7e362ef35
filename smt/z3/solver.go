package z3

/*
#cgo noescape vg_mk_solver
#cgo nocallback vg_mk_solver
#cgo nocallback vg_solver_assert
#cgo nocallback vg_solver_push
#cgo nocallback vg_solver_pop
#cgo nocallback vg_solver_set_timeout
#cgo noescape vg_solver_check
#cgo nocallback vg_solver_check
#cgo noescape vg_solver_reason_unknown
#cgo nocallback vg_solver_reason_unknown
#cgo noescape vg_solver_to_smtlib
#cgo nocallback vg_solver_to_smtlib
#cgo noescape vg_solver_model
#cgo nocallback vg_solver_model
#cgo nocallback vg_reset_cancel
#cgo noescape vg_solver_dec_refs
#cgo nocallback vg_solver_dec_refs
#cgo noescape vg_eval_smtlib2
#cgo nocallback vg_eval_smtlib2
#include <stdlib.h>
#include "vgz3.h"
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"time"
	"unsafe"
)

// Result is the outcome of Solver.Check.
type Result int

// Check results.
const (
	Unknown Result = iota
	Sat
	Unsat
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// ErrSatUnknown is wrapped by the *UnknownError that Check returns when Z3
// cannot decide satisfiability.
var ErrSatUnknown = errors.New("z3: satisfiability unknown")

// UnknownError is the error returned with Unknown by Check. errors.Is(err,
// ErrSatUnknown) holds for it; if the check was interrupted because a
// context.Context was done, errors.Is also matches that context's error
// (context.Canceled or context.DeadlineExceeded).
type UnknownError struct {
	// Reason is Z3's explanation (Z3_solver_get_reason_unknown), e.g.
	// "timeout", "canceled", "incomplete quantifiers".
	Reason string
	// Cause is the context error that interrupted the check, or nil.
	Cause error
}

func (e *UnknownError) Error() string {
	s := "z3: satisfiability unknown: " + e.Reason
	if e.Cause != nil {
		s += " (" + e.Cause.Error() + ")"
	}
	return s
}

// Unwrap returns ErrSatUnknown and Cause, if any.
func (e *UnknownError) Unwrap() []error {
	if e.Cause != nil {
		return []error{ErrSatUnknown, e.Cause}
	}
	return []error{ErrSatUnknown}
}

// Solver kinds, selecting the Z3 constructor.
const (
	solverAuto   = iota // QF_BV or QF_UFBV, chosen from the assertions
	solverSimple        // Z3_mk_simple_solver
	solverLogic         // Z3_mk_solver_for_logic(logic)
)

// A Solver is an incremental Z3 solver (Z3_solver).
//
// Assert, Push, Pop and SetTimeout do not return errors. A failure in any
// of them (an invalid value asserted, Pop without Push, a Z3 error) is
// recorded in the Solver and returned by Err, Check and CheckContext until
// Reset, so a query is never answered with part of it missing.
//
// The Z3 solver object is created when first needed (by Check, Push,
// SMTLIB2, ...); assertions made before that are kept on the Go side. This
// lets NewSolver pick its strategy from the assertions.
type Solver struct {
	ctx   *Context
	kind  int
	logic string // for solverLogic

	s       C.Z3_solver // nil until created
	cleanup runtime.Cleanup

	pending   []Bool // assertions made before s was created
	uf        bool   // some assertion contains an uninterpreted function
	timeoutMS uint64 // 0: not set
	scopes    int
	err       error
}

// NewSolver returns a solver for quantifier-free bit-vector problems, with
// or without uninterpreted functions. When first needed it becomes a Z3
// solver for logic QF_BV (Z3_mk_solver_for_logic), or QF_UFBV if an
// assertion applies an uninterpreted function or if it is created by Push
// (when later assertions are unknown). Reset starts over.
//
// These bit-blasting tactic solvers are the robust choice for vg's
// obligations. Measured with Z3 4.8.12: a trivial query costs about
// 0.5 ms (2 ms with NewSimpleSolver, over 6 ms with Z3_mk_solver); proving
// a 4-limb 256-bit carry chain equal to a 256-bit addition takes 0.2-0.7 s
// (10-40 s with NewSimpleSolver), and 2.6 s after a Push (90 s). The
// simple solver wins on some small multiplications (1 ms against 7 ms).
//
// Under Push/Pop, Z3's tactic solvers keep about 1 KB per
// push/check/pop cycle until Reset or until the Solver is released; use
// Reset or fresh Solvers for long series of queries.
func (ctx *Context) NewSolver() *Solver { return ctx.newSolver(solverAuto, "") }

// NewSimpleSolver returns a solver using Z3's SMT core without
// preprocessing tactics (Z3_mk_simple_solver). It has no memory growth
// under Push/Pop and is fast on small problems, but can be orders of
// magnitude slower than NewSolver on bit-vector arithmetic.
func (ctx *Context) NewSimpleSolver() *Solver { return ctx.newSolver(solverSimple, "") }

// NewSolverForLogic returns a solver specialised for an SMT-LIB logic such
// as "QF_BV", "QF_UFBV" or "ALL" (Z3_mk_solver_for_logic). Its SMTLIB2
// output includes (set-logic logic).
func (ctx *Context) NewSolverForLogic(logic string) *Solver {
	return ctx.newSolver(solverLogic, logic)
}

func (ctx *Context) newSolver(kind int, logic string) *Solver {
	s := &Solver{ctx: ctx, kind: kind, logic: logic}
	if ctx == nil {
		s.err = ErrInvalid
		return s
	}
	if err := checkName("logic", logic); err != nil {
		s.fail(err)
	}
	return s
}

// usable reports why s cannot be used, or nil.
func (s *Solver) usable() error {
	if s == nil || s.ctx == nil {
		return ErrInvalid
	}
	if s.err != nil {
		return s.err
	}
	return s.ctx.enter()
}

// fail records err in s (if it is the first) and in its Context.
func (s *Solver) fail(err error) {
	if s.err == nil {
		s.err = err
	}
	s.ctx.fail(err)
}

// materialize creates the Z3 solver if needed, applies the timeout and
// asserts the pending assertions. The caller has checked usable.
func (s *Solver) materialize() error {
	if s.s != nil {
		return nil
	}
	return s.create(false)
}

// create creates the Z3 solver. For solverAuto, the logic is chosen from
// the assertions so far, or is QF_UFBV if more are to come (incremental).
func (s *Solver) create(incremental bool) error {
	ctx := s.ctx
	kind, logic := s.kind, s.logic
	if kind == solverAuto {
		kind, logic = solverLogic, s.autoLogic()
		if incremental {
			logic = "QF_UFBV"
		}
		s.logic = logic
	}
	var code C.int
	zs := C.vg_mk_solver(ctx.k.c, C.int(kind), cstr(logic), C.size_t(len(logic)), &code)
	runtime.KeepAlive(logic)
	runtime.KeepAlive(ctx)
	if code != 0 {
		err := ctx.z3Error(code)
		s.fail(err)
		return err
	}
	s.s = zs
	s.cleanup = runtime.AddCleanup(s, releaseSolver, solverRef{ctx.k, zs})
	ctx.refs++
	if s.timeoutMS != 0 {
		s.applyTimeout()
	}
	for _, b := range s.pending {
		s.assert(b)
	}
	clear(s.pending)
	s.pending = s.pending[:0]
	return s.err
}

// autoLogic returns the SMT-LIB logic of the assertions made so far.
func (s *Solver) autoLogic() string {
	if s.uf || s.logic == "QF_UFBV" {
		return "QF_UFBV"
	}
	return "QF_BV"
}

// Err returns the error recorded by Assert, Push, Pop or SetTimeout since
// the Solver was created or Reset, or ErrClosed after the Context was
// closed.
func (s *Solver) Err() error {
	if s == nil || s.ctx == nil {
		return ErrInvalid
	}
	if s.err == nil && s.ctx.k.dead {
		return ErrClosed
	}
	return s.err
}

// Context returns the Context of s.
func (s *Solver) Context() *Context {
	if s == nil {
		return nil
	}
	return s.ctx
}

// Assert adds the constraint b to s.
func (s *Solver) Assert(b Bool) {
	if s == nil || s.ctx == nil {
		return
	}
	if err := s.usable(); err != nil {
		s.fail(err)
		return
	}
	if err := b.Err(); err != nil {
		s.fail(err)
		return
	}
	if b.t.ctx != s.ctx {
		s.fail(ErrMixedContexts)
		return
	}
	s.uf = s.uf || b.t.uf
	if s.s == nil {
		s.pending = append(s.pending, b)
		return
	}
	s.assert(b)
}

// assert passes a validated b to the Z3 solver.
func (s *Solver) assert(b Bool) {
	code := C.vg_solver_assert(s.ctx.k.c, s.s, b.t.ast)
	runtime.KeepAlive(s)
	runtime.KeepAlive(b.t)
	if code != 0 {
		s.fail(s.ctx.z3Error(code))
	}
}

// Push opens a backtracking scope.
func (s *Solver) Push() {
	if s.usable() != nil {
		return
	}
	if s.s == nil && s.create(true) != nil {
		return
	}
	code := C.vg_solver_push(s.ctx.k.c, s.s)
	runtime.KeepAlive(s)
	if code != 0 {
		s.fail(s.ctx.z3Error(code))
		return
	}
	s.scopes++
}

// Pop removes the assertions added since the matching Push.
func (s *Solver) Pop() {
	if s.usable() != nil {
		return
	}
	if s.scopes == 0 {
		s.fail(fmt.Errorf("%w: Pop without matching Push", ErrArgument))
		return
	}
	code := C.vg_solver_pop(s.ctx.k.c, s.s, 1)
	runtime.KeepAlive(s)
	if code != 0 {
		s.fail(s.ctx.z3Error(code))
		return
	}
	s.scopes--
}

// NumScopes returns the number of open Push scopes.
func (s *Solver) NumScopes() int {
	if s == nil {
		return 0
	}
	return s.scopes
}

// Reset removes all assertions and scopes and clears the recorded error,
// making s like new except that the timeout is kept.
func (s *Solver) Reset() {
	if s == nil || s.ctx == nil {
		return
	}
	if s.s != nil {
		s.cleanup.Stop()
		if !s.ctx.k.dead {
			zs := s.s
			C.vg_solver_dec_refs(s.ctx.k.c, 1, &zs)
			s.ctx.refs--
		}
		s.s = nil
	}
	if s.kind == solverAuto {
		s.logic = ""
	}
	clear(s.pending)
	s.pending = s.pending[:0]
	s.uf = false
	s.scopes = 0
	s.err = nil
	if err := checkName("logic", s.logic); err != nil {
		s.fail(err)
	}
}

// SetTimeout limits each later Check to roughly d (Z3's "timeout" solver
// parameter, in milliseconds, rounded up). d <= 0 removes the limit. A
// check that runs out of time returns Unknown with an *UnknownError.
func (s *Solver) SetTimeout(d time.Duration) {
	if s.usable() != nil {
		return
	}
	s.timeoutMS = math.MaxUint32 // Z3's "no timeout"
	if d > 0 {
		ms := uint64((d + time.Millisecond - 1) / time.Millisecond)
		s.timeoutMS = min(ms, math.MaxUint32-1)
	}
	if s.s != nil {
		s.applyTimeout()
	}
}

func (s *Solver) applyTimeout() {
	code := C.vg_solver_set_timeout(s.ctx.k.c, s.s, C.unsigned(s.timeoutMS))
	runtime.KeepAlive(s)
	if code != 0 {
		s.fail(s.ctx.z3Error(code))
	}
}

// Check decides the satisfiability of the assertions of s. It returns
// Sat or Unsat with a nil error, or Unknown with an error: an
// *UnknownError if Z3 gave up (timeout, resource limit, incompleteness),
// or the error recorded by Assert and friends, or a Z3 error.
func (s *Solver) Check() (Result, error) {
	return s.CheckContext(context.Background())
}

// interruptPeriod is how often CheckContext repeats Z3_interrupt while a
// cancelled check has not returned yet. Z3 clears a pending interrupt when
// a check starts, so one interrupt sent at the wrong instant can be lost.
const interruptPeriod = 5 * time.Millisecond

// CheckContext is Check, stopped early if gctx is done: the check is then
// interrupted (Z3_interrupt) and returns Unknown with an *UnknownError
// whose Cause is gctx.Err(), unless Z3 finished first. A nil gctx means
// context.Background().
func (s *Solver) CheckContext(gctx context.Context) (Result, error) {
	if gctx == nil {
		gctx = context.Background()
	}
	if err := s.usable(); err != nil {
		return Unknown, err
	}
	if err := s.materialize(); err != nil {
		return Unknown, err
	}
	ctx := s.ctx
	if ctx.k.pending.Load() > 0 {
		ctx.drain()
	}
	if done := gctx.Done(); done != nil {
		select {
		case <-done:
			return Unknown, &UnknownError{Reason: "canceled", Cause: gctx.Err()}
		default:
		}
	}
	// A watchdog backs up Z3's own timeout, which Z3 4.8.12 can miss (its
	// timer is lost now and then when several contexts check at once): a
	// check that outlives its timeout by timeoutGrace is interrupted and
	// reported as a timeout.
	userCtx := gctx
	if s.timeoutMS != math.MaxUint32 && s.timeoutMS != 0 {
		d := time.Duration(s.timeoutMS)*time.Millisecond + timeoutGrace
		var cancel context.CancelFunc
		gctx, cancel = context.WithTimeout(gctx, d)
		defer cancel()
	}
	done := gctx.Done()

	// The interrupter only exists if gctx gets done during the check: it
	// sends Z3_interrupt until the check returns. It never outlives this
	// call, so it cannot touch a closed context.
	var stopped, exited chan struct{}
	var stopInterrupts func() bool
	if done != nil {
		stopped = make(chan struct{})
		exited = make(chan struct{})
		c := ctx.k.c
		stopInterrupts = context.AfterFunc(gctx, func() {
			defer close(exited)
			t := time.NewTicker(interruptPeriod)
			defer t.Stop()
			for {
				C.Z3_interrupt(c)
				select {
				case <-stopped:
					return
				case <-t.C:
				}
			}
		})
	}

	var code C.int
	r := C.vg_solver_check(ctx.k.c, s.s, &code)

	interrupted := false
	if stopInterrupts != nil && !stopInterrupts() {
		// The interrupter started (or is starting): stop it, wait, and
		// clear the cancellation flag it may have left on the context.
		interrupted = true
		close(stopped)
		<-exited
		C.vg_reset_cancel(ctx.k.c)
	}
	runtime.KeepAlive(s)

	if code != 0 {
		return Unknown, ctx.z3Error(code)
	}
	switch r {
	case 1:
		return Sat, nil
	case -1:
		return Unsat, nil
	}
	reason := s.ReasonUnknown()
	ue := &UnknownError{Reason: reason}
	if interrupted {
		if userCtx.Err() != nil {
			ue.Cause = userCtx.Err()
		} else {
			ue.Reason = "timeout"
		}
	}
	return Unknown, ue
}

// timeoutGrace is how long past its timeout a check may run before the
// watchdog interrupts it.
const timeoutGrace = 250 * time.Millisecond

// ReasonUnknown returns Z3's explanation for the last check returning
// Unknown (Z3_solver_get_reason_unknown).
func (s *Solver) ReasonUnknown() string {
	if s == nil || s.ctx == nil || s.s == nil || s.ctx.k.dead {
		return ""
	}
	var code C.int
	p := C.vg_solver_reason_unknown(s.ctx.k.c, s.s, &code)
	runtime.KeepAlive(s)
	if code != 0 || p == nil {
		return ""
	}
	return C.GoString(p)
}

// SMTLIB2 returns a self-contained SMT-LIB 2 script for the current
// assertions of s: optional (set-logic ...), declarations, one assert per
// assertion and (check-sat). It can be replayed with z3 -smt2 or another
// SMT-LIB solver, or with Context.EvalSMTLIB2.
//
// If s has recorded an error (see Err), assertions that failed are not in
// the script; the script then starts with a comment saying so.
func (s *Solver) SMTLIB2() string {
	if s == nil || s.ctx == nil {
		return fmt.Sprintf("; z3: %v\n", ErrInvalid)
	}
	if s.ctx.k.dead {
		return fmt.Sprintf("; z3: %v\n", ErrClosed)
	}
	if s.s == nil {
		s.materialize()
	}
	if s.s == nil {
		return fmt.Sprintf("; z3: solver unusable: %v\n", s.err)
	}
	if err := s.ctx.enter(); err != nil {
		return fmt.Sprintf("; z3: %v\n", err)
	}
	lg := s.logic
	if s.kind == solverAuto {
		lg = s.autoLogic()
	}
	logic := C.CString(lg)
	defer C.free(unsafe.Pointer(logic))
	var code C.int
	p := C.vg_solver_to_smtlib(s.ctx.k.c, s.s, logic, &code)
	var out string
	if code == 0 && p != nil {
		out = C.GoString(p)
	}
	runtime.KeepAlive(s)
	if code != 0 {
		return fmt.Sprintf("; z3: %v\n", s.ctx.z3Error(code))
	}
	if s.err != nil {
		out = "; WARNING: incomplete, the solver recorded an error: " +
			strings.ReplaceAll(s.err.Error(), "\n", " ") + "\n" + out
	}
	return out
}

// Model returns the model found by the last Check, which must have
// returned Sat. Otherwise the returned Model is invalid: its Err and Eval
// methods report why.
func (s *Solver) Model() *Model {
	if err := s.usable(); err != nil {
		var ctx *Context
		if s != nil {
			ctx = s.ctx
		}
		return &Model{ctx: ctx, err: err}
	}
	ctx := s.ctx
	if s.s == nil {
		return &Model{ctx: ctx, err: fmt.Errorf("%w: Model before Check", ErrArgument)}
	}
	var code C.int
	zm := C.vg_solver_model(ctx.k.c, s.s, &code)
	runtime.KeepAlive(s)
	if code != 0 {
		return &Model{ctx: ctx, err: ctx.z3Error(code)}
	}
	m := &Model{ctx: ctx, m: zm}
	runtime.AddCleanup(m, releaseModel, modelRef{ctx.k, zm})
	ctx.refs++
	return m
}

// EvalSMTLIB2 runs an SMT-LIB 2 script in this Context
// (Z3_eval_smtlib2_string) and returns its output, e.g. "sat\n". Errors in
// the script are returned as an *Error, along with the output so far.
// Declarations made by the script stay in the Context's parser state.
func (ctx *Context) EvalSMTLIB2(script string) (string, error) {
	if ctx == nil {
		return "", ErrInvalid
	}
	if err := ctx.enter(); err != nil {
		return "", err
	}
	if err := checkName("script", script); err != nil {
		return "", err
	}
	cs := C.CString(script)
	defer C.free(unsafe.Pointer(cs))
	var code C.int
	p := C.vg_eval_smtlib2(ctx.k.c, cs, &code)
	out := ""
	if p != nil {
		out = C.GoString(p)
	}
	runtime.KeepAlive(ctx)
	if code != 0 {
		err := ctx.z3Error(code)
		if e, ok := err.(*Error); ok && strings.Contains(out, "(error") {
			e.Msg = strings.TrimSpace(e.Msg + ": " + out)
		}
		return out, err
	}
	return out, nil
}
