package z3

/*
#cgo noescape vg_eval
#cgo nocallback vg_eval
#cgo noescape vg_model_to_string
#cgo nocallback vg_model_to_string
#include "vgz3.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"math/big"
	"runtime"
)

// ErrNotConcrete is returned by Model evaluation when the value of a term
// is not determined by the model and model completion was not requested.
var ErrNotConcrete = errors.New("z3: value not determined by the model")

// A Model is a satisfying assignment found by Solver.Check (Z3_model).
type Model struct {
	ctx *Context
	m   C.Z3_model // nil for an invalid model
	err error
}

// Err reports why m is invalid, or nil.
func (m *Model) Err() error {
	if m == nil {
		return ErrInvalid
	}
	if m.err == nil && (m.ctx == nil || m.ctx.k.dead) {
		return ErrClosed
	}
	return m.err
}

// String returns Z3's description of m.
func (m *Model) String() string {
	if err := m.Err(); err != nil {
		return fmt.Sprintf("<invalid model: %v>", err)
	}
	var code C.int
	p := C.vg_model_to_string(m.ctx.k.c, m.m, &code)
	s := ""
	if p != nil {
		s = C.GoString(p)
	}
	runtime.KeepAlive(m)
	if code != 0 {
		return fmt.Sprintf("<invalid model: %v>", m.ctx.z3Error(code))
	}
	return s
}

// evalResult is a concrete value produced by eval.
type evalResult struct {
	kind C.int
	u    uint64
	s    string
}

// eval evaluates v in m (Z3_model_eval) and returns its concrete value.
// If completion is true, symbols not assigned by m get default values.
func (m *Model) eval(v Value, completion bool) (evalResult, error) {
	if err := m.Err(); err != nil {
		return evalResult{}, err
	}
	if v == nil {
		return evalResult{}, ErrInvalid
	}
	t := v.term()
	if err := t.error(); err != nil {
		return evalResult{}, err
	}
	if t.ctx != m.ctx {
		return evalResult{}, ErrMixedContexts
	}
	if err := m.ctx.enter(); err != nil {
		return evalResult{}, err
	}
	comp := C.int(0)
	if completion {
		comp = 1
	}
	var u C.uint64_t
	var p *C.char
	var code C.int
	kind := C.vg_eval(m.ctx.k.c, m.m, t.ast, comp, &u, &p, &code)
	r := evalResult{kind: kind, u: uint64(u)}
	if kind == C.VG_EVAL_STRING && p != nil {
		r.s = C.GoString(p)
	}
	runtime.KeepAlive(m)
	runtime.KeepAlive(t)
	switch kind {
	case C.VG_EVAL_ERROR:
		return r, m.ctx.z3Error(code)
	case C.VG_EVAL_FAILED:
		return r, &Error{Code: ErrCodeException, Msg: "model evaluation failed for " + v.String()}
	case C.VG_EVAL_SYMBOLIC:
		return r, fmt.Errorf("%w: %s", ErrNotConcrete, v.String())
	}
	return r, nil
}

// EvalBV returns the value of x in m, in [0, 2^w). With completion,
// constants that m leaves unassigned take default values; without it,
// such terms yield an error wrapping ErrNotConcrete.
func (m *Model) EvalBV(x BV, completion bool) (*big.Int, error) {
	r, err := m.eval(x, completion)
	if err != nil {
		return nil, err
	}
	switch r.kind {
	case C.VG_EVAL_U64:
		return new(big.Int).SetUint64(r.u), nil
	case C.VG_EVAL_STRING:
		if v, ok := new(big.Int).SetString(r.s, 10); ok {
			return v, nil
		}
		return nil, fmt.Errorf("z3: cannot parse numeral %q", r.s)
	}
	return nil, fmt.Errorf("%w: %s is not a bit-vector value", ErrSort, x.String())
}

// EvalUint64 is EvalBV for vectors of at most 64 bits, without allocation.
func (m *Model) EvalUint64(x BV, completion bool) (uint64, error) {
	if w := x.Width(); w > 64 {
		return 0, fmt.Errorf("%w: EvalUint64 of %d-bit vector", ErrSort, w)
	}
	r, err := m.eval(x, completion)
	if err != nil {
		return 0, err
	}
	if r.kind != C.VG_EVAL_U64 {
		return 0, fmt.Errorf("%w: %s is not a bit-vector value", ErrSort, x.String())
	}
	return r.u, nil
}

// EvalBool returns the value of b in m, with model completion.
func (m *Model) EvalBool(b Bool) (bool, error) {
	r, err := m.eval(b, true)
	if err != nil {
		return false, err
	}
	if r.kind != C.VG_EVAL_BOOL {
		return false, fmt.Errorf("%w: %s is not a Boolean value", ErrSort, b.String())
	}
	return r.u != 0, nil
}
