package z3

/*
#cgo noescape vg_mk_func_decl
#cgo nocallback vg_mk_func_decl
#cgo noescape vg_mk_app
#cgo nocallback vg_mk_app
#include "vgz3.h"
*/
import "C"

import (
	"fmt"
	"runtime"
)

// A FuncDecl is an uninterpreted function symbol with a fixed signature.
// The zero FuncDecl is invalid.
type FuncDecl struct{ f *funcDecl }

type funcDecl struct {
	ctx    *Context
	ast    C.Z3_ast // the Z3_func_decl as an AST, holding one reference
	name   string
	domain []Sort
	rng    Sort
	err    error
}

// FuncDecl declares the uninterpreted function name with the given domain
// and range sorts. Declaring the same name and signature twice yields the
// same function.
func (ctx *Context) FuncDecl(name string, domain []Sort, rng Sort) FuncDecl {
	if ctx == nil {
		return FuncDecl{&funcDecl{err: ErrInvalid}}
	}
	fail := func(err error) FuncDecl {
		ctx.fail(err)
		return FuncDecl{&funcDecl{ctx: ctx, name: name, err: err}}
	}
	if err := checkSymbol("function", name); err != nil {
		return fail(err)
	}
	var buf [8]C.Z3_sort
	zs := buf[:0]
	for _, s := range append(domain[:len(domain):len(domain)], rng) {
		if err := s.Err(); err != nil {
			return fail(err)
		}
		if s.ctx != ctx {
			return fail(ErrMixedContexts)
		}
		zs = append(zs, s.s)
	}
	if err := ctx.enter(); err != nil {
		return fail(err)
	}
	n := len(domain)
	r := C.vg_mk_func_decl(ctx.k.c, cstr(name), C.size_t(len(name)), C.unsigned(n), &zs[0], zs[n])
	runtime.KeepAlive(name)
	runtime.KeepAlive(ctx)
	if r.err != 0 {
		return fail(ctx.z3Error(r.err))
	}
	f := &funcDecl{ctx: ctx, ast: r.ast, name: name, domain: append([]Sort(nil), domain...), rng: rng}
	runtime.AddCleanup(f, releaseAST, astRef{ctx.k, r.ast})
	ctx.refs++
	return FuncDecl{f}
}

// Err reports why f is invalid, or nil.
func (f FuncDecl) Err() error {
	if f.f == nil {
		return ErrInvalid
	}
	if f.f.err == nil && f.f.ctx.k.dead {
		return ErrClosed
	}
	return f.f.err
}

// Name returns the name of f.
func (f FuncDecl) Name() string {
	if f.f == nil {
		return ""
	}
	return f.f.name
}

// Domain returns the argument sorts of f.
func (f FuncDecl) Domain() []Sort {
	if f.f == nil {
		return nil
	}
	return append([]Sort(nil), f.f.domain...)
}

// Range returns the result sort of f.
func (f FuncDecl) Range() Sort {
	if f.f == nil {
		return Sort{err: ErrInvalid}
	}
	return f.f.rng
}

// String returns the SMT-LIB declaration of f.
func (f FuncDecl) String() string {
	if err := f.Err(); err != nil {
		return fmt.Sprintf("<invalid: %v>", err)
	}
	s := "(declare-fun " + f.f.name + " ("
	for i, d := range f.f.domain {
		if i > 0 {
			s += " "
		}
		s += d.String()
	}
	return s + ") " + f.f.rng.String() + ")"
}

// Apply returns f applied to args, as a BV or a Bool according to the
// range of f. The arguments must match the domain of f in number and
// sort.
func (f FuncDecl) Apply(args ...Value) Value {
	kind := KindBV
	if f.f != nil && f.f.rng.kind == KindBool {
		kind = KindBool
	}
	return wrap(f.apply(args), kind)
}

// ApplyBV is Apply for a function whose range is a bit-vector sort.
func (f FuncDecl) ApplyBV(args ...Value) BV {
	if f.f != nil && f.f.err == nil && f.f.rng.kind != KindBV {
		return BV{f.f.ctx.errTerm(fmt.Errorf("%w: ApplyBV of %s, whose range is %v", ErrSort, f.f.name, f.f.rng), 0)}
	}
	return BV{f.apply(args)}
}

// ApplyBool is Apply for a function whose range is Bool.
func (f FuncDecl) ApplyBool(args ...Value) Bool {
	if f.f != nil && f.f.err == nil && f.f.rng.kind != KindBool {
		return Bool{f.f.ctx.errTerm(fmt.Errorf("%w: ApplyBool of %s, whose range is %v", ErrSort, f.f.name, f.f.rng), 0)}
	}
	return Bool{f.apply(args)}
}

func (f FuncDecl) apply(args []Value) *term {
	if err := f.Err(); err != nil {
		ctx := (*Context)(nil)
		if f.f != nil {
			ctx = f.f.ctx
		}
		return ctx.errTerm(err, 0)
	}
	d := f.f
	ctx := d.ctx
	width := d.rng.width
	if len(args) != len(d.domain) {
		return ctx.errTerm(fmt.Errorf("%w: %s applied to %d arguments, want %d", ErrArgument, d.name, len(args), len(d.domain)), width)
	}
	var buf [8]C.Z3_ast
	zs := buf[:0]
	for i, a := range args {
		if a == nil {
			return ctx.errTerm(ErrInvalid, width)
		}
		t := a.term()
		if t == nil {
			return ctx.errTerm(ErrInvalid, width)
		}
		if t.err != nil {
			return ctx.errTerm(t.err, width)
		}
		if t.ctx != ctx {
			return ctx.errTerm(ErrMixedContexts, width)
		}
		want := d.domain[i]
		_, isBool := a.(Bool)
		if isBool != (want.kind == KindBool) || t.width != want.width {
			return ctx.errTerm(fmt.Errorf("%w: argument %d of %s has sort %v, want %v", ErrSort, i, d.name, a.Sort(), want), width)
		}
		zs = append(zs, t.ast)
	}
	if err := ctx.enter(); err != nil {
		return ctx.errTerm(err, width)
	}
	var p *C.Z3_ast
	if len(zs) > 0 {
		p = &zs[0]
	}
	r := C.vg_mk_app(ctx.k.c, d.ast, C.unsigned(len(zs)), p)
	runtime.KeepAlive(d)
	runtime.KeepAlive(args)
	t := ctx.newTerm(r, width)
	t.uf = len(args) > 0
	return t
}
