package z3

/*
#include "vgz3.h"
*/
import "C"

import "runtime"

var (
	fnAnd     = C.vg_fnn(C.Z3_mk_and)
	fnOr      = C.vg_fnn(C.Z3_mk_or)
	fnNot     = C.vg_fn1(C.Z3_mk_not)
	fnXor     = C.vg_fn2(C.Z3_mk_xor)
	fnImplies = C.vg_fn2(C.Z3_mk_implies)
)

// A Bool is a Boolean term. The zero Bool is invalid.
type Bool struct{ t *term }

func (x Bool) term() *term { return x.t }

// Context returns the Context of x.
func (x Bool) Context() *Context { return x.t.context() }

// Err reports why x is invalid, or nil.
func (x Bool) Err() error { return x.t.error() }

// String returns x in SMT-LIB syntax.
func (x Bool) String() string { return x.t.string() }

// Sort returns the Boolean sort.
func (x Bool) Sort() Sort {
	if x.t == nil || x.t.err != nil {
		return Sort{ctx: x.Context(), err: x.Err()}
	}
	return x.t.ctx.BoolSort()
}

func terms(bs []Bool) []*term {
	ts := make([]*term, len(bs))
	for i, b := range bs {
		ts[i] = b.t
	}
	return ts
}

// And returns the conjunction of x and ys.
func (x Bool) And(ys ...Bool) Bool {
	switch len(ys) {
	case 0:
		return x
	case 1:
		return Bool{opN(fnAnd, x.t, []*term{ys[0].t}, 0)}
	}
	return Bool{opN(fnAnd, x.t, terms(ys), 0)}
}

// Or returns the disjunction of x and ys.
func (x Bool) Or(ys ...Bool) Bool {
	switch len(ys) {
	case 0:
		return x
	case 1:
		return Bool{opN(fnOr, x.t, []*term{ys[0].t}, 0)}
	}
	return Bool{opN(fnOr, x.t, terms(ys), 0)}
}

// Not returns the negation of x.
func (x Bool) Not() Bool { return Bool{op1(fnNot, x.t, 0)} }

// Xor returns x xor y.
func (x Bool) Xor(y Bool) Bool { return Bool{op2(fnXor, "Xor", x.t, y.t, false, 0)} }

// Implies returns x => y.
func (x Bool) Implies(y Bool) Bool {
	return Bool{op2(fnImplies, "Implies", x.t, y.t, false, 0)}
}

// Eq returns x <=> y.
func (x Bool) Eq(y Bool) Bool { return Bool{op2(fnEq, "Eq", x.t, y.t, false, 0)} }

// NE returns x != y (the same as Xor).
func (x Bool) NE(y Bool) Bool { return x.Xor(y) }

// IteBool returns "if x then a else b".
func (x Bool) IteBool(a, b Bool) Bool { return Bool{ite(x.t, a.t, b.t)} }

// IteBV returns "if x then a else b"; a and b must have the same width.
func (x Bool) IteBV(a, b BV) BV { return BV{ite(x.t, a.t, b.t)} }

// Ite returns "if x then a else b" for values of the same sort. The
// result is a Bool if a is a Bool and a BV otherwise.
func (x Bool) Ite(a, b Value) Value {
	if a == nil || b == nil {
		return BV{x.t.context().errTerm(ErrInvalid, 0)}
	}
	kind := KindBV
	if _, ok := a.(Bool); ok {
		kind = KindBool
	}
	// Bool terms have width 0 and BV terms a positive width, so ite's
	// width check also rejects mixing the two.
	return wrap(ite(x.t, a.term(), b.term()), kind)
}

// Simplify returns x simplified by Z3 (Z3_simplify).
func (x Bool) Simplify() Bool { return Bool{simplify(x.t)} }

// AsBool returns the value of x if x is the constant true or false. It
// does not simplify x first.
func (x Bool) AsBool() (value, ok bool) {
	if _, err := valid1(x.t); err != nil {
		return false, false
	}
	v := C.vg_bool_value(x.t.ctx.k.c, x.t.ast)
	runtime.KeepAlive(x.t)
	return v == 1, v >= 0
}

// BoolIte returns the Boolean "if cond then a else b".
func (ctx *Context) BoolIte(cond, a, b Bool) Bool { return cond.IteBool(a, b) }
