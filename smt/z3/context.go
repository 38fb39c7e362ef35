package z3

/*
#cgo LDFLAGS: -lz3
#cgo noescape vg_dec_refs
#cgo nocallback vg_dec_refs
#cgo noescape vg_solver_dec_refs
#cgo nocallback vg_solver_dec_refs
#cgo noescape vg_model_dec_refs
#cgo nocallback vg_model_dec_refs
#cgo nocallback vg_mk_bv_sort
#cgo nocallback vg_mk_bool_sort
#include <stdlib.h>
#include "vgz3.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"
)

// MaxWidth is the largest bit-vector width the binding accepts. Z3 itself
// has no practical limit; the bound only keeps width arithmetic (Concat,
// ZeroExtend, ...) far from overflow and rejects absurd requests early.
const MaxWidth = 1 << 20

// drainBatch is the number of pending reference releases (queued by
// cleanups) that triggers a release on the next term construction.
const drainBatch = 256

// Errors reported by the binding itself. Errors raised by Z3 are of type
// *Error. Width and argument errors wrap ErrSort or ErrArgument.
var (
	// ErrClosed is reported for any use of a Context after Close.
	ErrClosed = errors.New("z3: context closed")
	// ErrInvalid is reported for zero values (BV{}, Bool{}, Sort{},
	// FuncDecl{}) and nil *Solver / *Model receivers.
	ErrInvalid = errors.New("z3: use of zero value")
	// ErrMixedContexts is reported when one operation combines values
	// from different Contexts.
	ErrMixedContexts = errors.New("z3: values from different contexts")
	// ErrSort is wrapped by errors about widths and sorts that do not
	// fit an operation (e.g. adding an 8-bit and a 16-bit vector).
	ErrSort = errors.New("z3: sort mismatch")
	// ErrArgument is wrapped by errors about other bad arguments (e.g.
	// Extract bounds out of range, a negative extension).
	ErrArgument = errors.New("z3: invalid argument")
)

// ErrorCode is a Z3 error code (Z3_error_code).
type ErrorCode int

// Z3 error codes, from z3_api.h.
const (
	ErrCodeOK              ErrorCode = C.Z3_OK
	ErrCodeSortError       ErrorCode = C.Z3_SORT_ERROR
	ErrCodeIOB             ErrorCode = C.Z3_IOB
	ErrCodeInvalidArg      ErrorCode = C.Z3_INVALID_ARG
	ErrCodeParserError     ErrorCode = C.Z3_PARSER_ERROR
	ErrCodeNoParser        ErrorCode = C.Z3_NO_PARSER
	ErrCodeInvalidPattern  ErrorCode = C.Z3_INVALID_PATTERN
	ErrCodeMemoutFail      ErrorCode = C.Z3_MEMOUT_FAIL
	ErrCodeFileAccessError ErrorCode = C.Z3_FILE_ACCESS_ERROR
	ErrCodeInternalFatal   ErrorCode = C.Z3_INTERNAL_FATAL
	ErrCodeInvalidUsage    ErrorCode = C.Z3_INVALID_USAGE
	ErrCodeDecRefError     ErrorCode = C.Z3_DEC_REF_ERROR
	ErrCodeException       ErrorCode = C.Z3_EXCEPTION
)

// Error is an error reported by Z3 through its error handler.
type Error struct {
	Code ErrorCode
	Msg  string
}

func (e *Error) Error() string {
	if e.Msg == "" {
		return "z3: error code " + strconv.Itoa(int(e.Code))
	}
	return "z3: " + e.Msg
}

// Config holds Z3 context parameters (Z3_config), applied by NewContext.
// The zero value and nil are valid and mean "Z3 defaults".
type Config struct {
	params [][2]string
}

// NewConfig returns an empty configuration.
func NewConfig() *Config { return &Config{} }

// SetString sets context parameter name (e.g. "model", "proof",
// "timeout", "unsat_core") to value. Z3 validates names only when the
// context is created and reports unknown ones as a warning on standard
// error; they are otherwise ignored.
func (c *Config) SetString(name, value string) {
	c.params = append(c.params, [2]string{name, value})
}

// SetBool sets a Boolean context parameter.
func (c *Config) SetBool(name string, value bool) {
	c.SetString(name, strconv.FormatBool(value))
}

// SetInt sets an integer context parameter.
func (c *Config) SetInt(name string, value int) {
	c.SetString(name, strconv.Itoa(value))
}

// core is the part of a Context shared with cleanups. Cleanups run on a
// runtime goroutine, but a Z3 context must only be used by one thread at a
// time, so a cleanup never calls Z3: it queues the reference for release
// and the goroutine owning the Context releases the queue in one batch
// (see Context.drain). Once the Z3 context is deleted, queued and later
// releases are dropped: deletion frees everything.
type core struct {
	c       C.Z3_context
	pending atomic.Int32

	mu      sync.Mutex
	dead    bool // written with mu held; read by the owner without it
	asts    []C.Z3_ast
	solvers []C.Z3_solver
	models  []C.Z3_model
}

func (k *core) queueAST(a C.Z3_ast) {
	k.mu.Lock()
	if !k.dead {
		k.asts = append(k.asts, a)
		k.pending.Add(1)
	}
	k.mu.Unlock()
}

func (k *core) queueSolver(s C.Z3_solver) {
	k.mu.Lock()
	if !k.dead {
		k.solvers = append(k.solvers, s)
		k.pending.Add(1)
	}
	k.mu.Unlock()
}

func (k *core) queueModel(m C.Z3_model) {
	k.mu.Lock()
	if !k.dead {
		k.models = append(k.models, m)
		k.pending.Add(1)
	}
	k.mu.Unlock()
}

// destroy deletes the Z3 context. It is called by Close, or by the
// cleanup of an unreachable Context that was never closed.
func (k *core) destroy() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.dead {
		return
	}
	k.dead = true
	if k.c != nil {
		C.vg_del_context(k.c)
		k.c = nil
	}
	k.asts, k.solvers, k.models = nil, nil, nil
	k.pending.Store(0)
}

// Arguments of the cleanups attached to Go wrappers.
type (
	astRef struct {
		k *core
		a C.Z3_ast
	}
	solverRef struct {
		k *core
		s C.Z3_solver
	}
	modelRef struct {
		k *core
		m C.Z3_model
	}
)

func releaseAST(r astRef)       { r.k.queueAST(r.a) }
func releaseSolver(r solverRef) { r.k.queueSolver(r.s) }
func releaseModel(r modelRef)   { r.k.queueModel(r.m) }

// A Context owns Z3 terms, sorts, function declarations, solvers and
// models (a Z3_context created with Z3_mk_context_rc).
//
// One context per goroutine: a Context and everything created from it
// must only be used by one goroutine at a time. Independent goroutines
// should each create their own Context. The only cross-goroutine
// interaction the binding performs itself is cancellation in
// Solver.CheckContext, which is safe.
//
// Term constructors never fail loudly: an invalid operation (width
// mismatch, Extract out of range, mixing contexts, use after Close, or an
// error reported by Z3) yields an invalid value whose Err method reports
// the cause. Operations on invalid values yield invalid values carrying
// the same error, asserting one into a Solver makes the solver's Check
// fail with it, and the Context remembers the first such error since the
// last ClearErr (see Err). So a whole formula can be built and the error
// checked once.
type Context struct {
	k   *core
	err error

	boolSort Sort
	bvSmall  []Sort // BV sorts indexed by width, for small widths
	bvLarge  map[int]Sort

	spareASTs []C.Z3_ast

	// refs counts the Z3 references held by Go wrappers and not yet
	// released (for tests).
	refs int
}

// NewContext creates a Context with the given configuration (nil for
// defaults). Call Close to release it; an unreachable Context that was not
// closed is released by the garbage collector.
func NewContext(cfg *Config) *Context {
	zc := C.Z3_mk_config()
	if cfg != nil {
		for _, p := range cfg.params {
			n, v := C.CString(p[0]), C.CString(p[1])
			C.Z3_set_param_value(zc, n, v)
			C.free(unsafe.Pointer(n))
			C.free(unsafe.Pointer(v))
		}
	}
	c := C.vg_mk_context(zc)
	C.Z3_del_config(zc)

	ctx := &Context{k: &core{c: c}}
	if c == nil {
		ctx.k.dead = true
		ctx.err = &Error{Code: ErrCodeException, Msg: "cannot create context"}
		return ctx
	}
	runtime.AddCleanup(ctx, (*core).destroy, ctx.k)
	return ctx
}

// Close deletes the Z3 context and everything created from it. Later use
// of the Context or of its values reports ErrClosed; it does not crash.
// Close is idempotent and always returns nil.
func (ctx *Context) Close() error {
	if ctx == nil {
		return nil
	}
	ctx.k.destroy()
	ctx.bvSmall, ctx.bvLarge, ctx.boolSort = nil, nil, Sort{}
	ctx.spareASTs = nil
	return nil
}

// Err returns the first error produced by an operation on this Context
// (or on values created from it) since the Context was created or since
// the last ClearErr, or nil.
func (ctx *Context) Err() error {
	if ctx == nil {
		return ErrInvalid
	}
	if ctx.err == nil && ctx.k.dead {
		return ErrClosed
	}
	return ctx.err
}

// ClearErr forgets the error reported by Err and returns it. Invalid
// values created before stay invalid.
func (ctx *Context) ClearErr() error {
	err := ctx.Err()
	if ctx != nil {
		ctx.err = nil
	}
	return err
}

// fail records err as the Context's sticky error unless one is recorded.
func (ctx *Context) fail(err error) {
	if ctx != nil && ctx.err == nil {
		ctx.err = err
	}
}

// enter checks that the Context is usable and releases queued references
// when enough have accumulated. Every operation that calls Z3 goes through
// enter first, on the owner goroutine.
func (ctx *Context) enter() error {
	if ctx.k.dead {
		return ErrClosed
	}
	if ctx.k.pending.Load() >= drainBatch {
		ctx.drain()
	}
	return nil
}

// drain releases the references queued by cleanups.
func (ctx *Context) drain() {
	k := ctx.k
	k.mu.Lock()
	if k.dead {
		k.mu.Unlock()
		return
	}
	asts, solvers, models := k.asts, k.solvers, k.models
	k.asts, k.solvers, k.models = ctx.spareASTs[:0], nil, nil
	k.pending.Store(0)
	k.mu.Unlock()

	if len(models) > 0 {
		C.vg_model_dec_refs(k.c, C.unsigned(len(models)), &models[0])
	}
	if len(solvers) > 0 {
		C.vg_solver_dec_refs(k.c, C.unsigned(len(solvers)), &solvers[0])
	}
	if len(asts) > 0 {
		C.vg_dec_refs(k.c, C.unsigned(len(asts)), &asts[0])
		clear(asts)
	}
	ctx.refs -= len(models) + len(solvers) + len(asts)
	ctx.spareASTs = asts[:0]
}

// z3Error converts a Z3 error code into an *Error, with Z3's message.
func (ctx *Context) z3Error(code C.int) error {
	msg := ""
	if !ctx.k.dead {
		msg = C.GoString(C.vg_error_msg(ctx.k.c, code))
	}
	return &Error{Code: ErrorCode(code), Msg: msg}
}

// SortKind tells the kind of a Sort.
type SortKind int

// Sort kinds supported by the binding.
const (
	KindInvalid SortKind = iota // zero Sort or failed construction
	KindBool
	KindBV
)

// A Sort is a Z3 sort: Bool or a bit-vector sort of some width. Sorts are
// cached by their Context and live as long as it; copying is cheap.
type Sort struct {
	ctx   *Context
	s     C.Z3_sort
	width int // bit-vector width; 0 for Bool
	kind  SortKind
	err   error
}

// Kind returns the kind of s.
func (s Sort) Kind() SortKind {
	if s.err != nil {
		return KindInvalid
	}
	return s.kind
}

// Width returns the width of a bit-vector sort, or 0.
func (s Sort) Width() int { return s.width }

// Context returns the Context of s (nil for the zero Sort).
func (s Sort) Context() *Context { return s.ctx }

// Err reports why s is invalid, or nil.
func (s Sort) Err() error {
	if s.err == nil && s.kind == KindInvalid {
		return ErrInvalid
	}
	return s.err
}

// String returns the SMT-LIB name of s.
func (s Sort) String() string {
	switch s.Kind() {
	case KindBool:
		return "Bool"
	case KindBV:
		return fmt.Sprintf("(_ BitVec %d)", s.width)
	}
	return fmt.Sprintf("<invalid sort: %v>", s.Err())
}

func (s Sort) same(o Sort) bool {
	return s.ctx == o.ctx && s.kind == o.kind && s.width == o.width
}

func (ctx *Context) sortErr(err error) Sort {
	ctx.fail(err)
	return Sort{ctx: ctx, err: err}
}

// BoolSort returns the Boolean sort.
func (ctx *Context) BoolSort() Sort {
	if ctx == nil {
		return Sort{err: ErrInvalid}
	}
	if ctx.boolSort.kind == KindBool {
		return ctx.boolSort
	}
	if err := ctx.enter(); err != nil {
		return ctx.sortErr(err)
	}
	var code C.int
	s := C.vg_mk_bool_sort(ctx.k.c, &code)
	runtime.KeepAlive(ctx)
	if code != 0 {
		return ctx.sortErr(ctx.z3Error(code))
	}
	ctx.boolSort = Sort{ctx: ctx, s: s, kind: KindBool}
	return ctx.boolSort
}

const smallSorts = 1024

// BVSort returns the bit-vector sort of the given width, which must be in
// [1, MaxWidth].
func (ctx *Context) BVSort(bits int) Sort {
	if ctx == nil {
		return Sort{err: ErrInvalid}
	}
	if bits > 0 && bits < len(ctx.bvSmall) && ctx.bvSmall[bits].kind == KindBV {
		return ctx.bvSmall[bits]
	}
	if bits >= smallSorts {
		if s, ok := ctx.bvLarge[bits]; ok {
			return s
		}
	}
	if err := checkWidth("BVSort", bits); err != nil {
		return ctx.sortErr(err)
	}
	if err := ctx.enter(); err != nil {
		return ctx.sortErr(err)
	}
	var code C.int
	zs := C.vg_mk_bv_sort(ctx.k.c, C.unsigned(bits), &code)
	runtime.KeepAlive(ctx)
	if code != 0 {
		return ctx.sortErr(ctx.z3Error(code))
	}
	s := Sort{ctx: ctx, s: zs, width: bits, kind: KindBV}
	if bits < smallSorts {
		if bits >= len(ctx.bvSmall) {
			n := max(2*len(ctx.bvSmall), bits+1, 129)
			ctx.bvSmall = append(ctx.bvSmall, make([]Sort, min(n, smallSorts)-len(ctx.bvSmall))...)
		}
		ctx.bvSmall[bits] = s
	} else {
		if ctx.bvLarge == nil {
			ctx.bvLarge = make(map[int]Sort)
		}
		ctx.bvLarge[bits] = s
	}
	return s
}

func checkWidth(op string, bits int) error {
	if bits < 1 || bits > MaxWidth {
		return fmt.Errorf("%w: %s: width %d not in [1, %d]", ErrArgument, op, bits, MaxWidth)
	}
	return nil
}

// EstimatedAllocSize returns Z3's estimate of the memory it has allocated,
// in bytes, over all contexts of the process
// (Z3_get_estimated_alloc_size).
func EstimatedAllocSize() uint64 {
	return uint64(C.Z3_get_estimated_alloc_size())
}
