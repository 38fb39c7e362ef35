package z3

/*
#cgo nocallback vg_op1
#cgo nocallback vg_op2
#cgo nocallback vg_op3
#cgo nocallback vg_opu
#cgo noescape vg_opn
#cgo nocallback vg_opn
#cgo nocallback vg_extract
#cgo noescape vg_mk_const
#cgo nocallback vg_mk_const
#cgo nocallback vg_mk_u64
#cgo noescape vg_mk_bv_words
#cgo nocallback vg_mk_bv_words
#cgo nocallback vg_mk_bool
#cgo noescape vg_numeral_u64
#cgo nocallback vg_numeral_u64
#cgo nocallback vg_numeral_string
#cgo nocallback vg_bool_value
#cgo noescape vg_ast_to_string
#cgo nocallback vg_ast_to_string
#include "vgz3.h"
*/
import "C"

import (
	"fmt"
	"math/big"
	"runtime"
	"strings"
	"unsafe"
)

// A Value is a Z3 term: a BV or a Bool.
type Value interface {
	// Context returns the Context the value belongs to (nil for a zero
	// value).
	Context() *Context
	// Sort returns the sort of the value.
	Sort() Sort
	// String returns the value in SMT-LIB syntax (Z3_ast_to_string), or
	// a description of the error for an invalid value.
	String() string
	// Err reports why the value is invalid, or nil for a valid value.
	Err() error

	term() *term
}

// term is the Go side of one Z3 AST. A valid term holds one Z3 reference,
// released by a cleanup once the term is unreachable. An invalid term has
// no AST and records why.
type term struct {
	ctx   *Context
	ast   C.Z3_ast
	width int  // bit-vector width; 0 for Bool
	uf    bool // contains an uninterpreted function application
	err   error
}

// newTerm wraps the result of a C helper.
func (ctx *Context) newTerm(r C.vg_res, width int) *term {
	if r.err != 0 {
		return ctx.errTerm(ctx.z3Error(r.err), width)
	}
	t := &term{ctx: ctx, ast: r.ast, width: width}
	runtime.AddCleanup(t, releaseAST, astRef{ctx.k, r.ast})
	ctx.refs++
	return t
}

// errTerm returns an invalid term and records err on ctx (which may be
// nil).
func (ctx *Context) errTerm(err error, width int) *term {
	ctx.fail(err)
	return &term{ctx: ctx, width: width, err: err}
}

// valid1 returns the Context of a and nil if a is usable as an operand.
func valid1(a *term) (*Context, error) {
	if a == nil {
		return nil, ErrInvalid
	}
	if a.err != nil {
		return a.ctx, a.err
	}
	return a.ctx, a.ctx.enter()
}

// valid2 is valid1 for two operands, which must share a Context.
func valid2(a, b *term) (*Context, error) {
	if a == nil || b == nil {
		if a != nil {
			return a.ctx, ErrInvalid
		}
		if b != nil {
			return b.ctx, ErrInvalid
		}
		return nil, ErrInvalid
	}
	if a.err != nil {
		return a.ctx, a.err
	}
	if b.err != nil {
		return b.ctx, b.err
	}
	if a.ctx != b.ctx {
		return a.ctx, ErrMixedContexts
	}
	return a.ctx, a.ctx.enter()
}

func (t *term) context() *Context {
	if t == nil {
		return nil
	}
	return t.ctx
}

func (t *term) error() error {
	if t == nil {
		return ErrInvalid
	}
	if t.err == nil && t.ctx.k.dead {
		return ErrClosed
	}
	return t.err
}

func (t *term) string() string {
	if err := t.error(); err != nil {
		return fmt.Sprintf("<invalid: %v>", err)
	}
	var code C.int
	s := C.GoString(C.vg_ast_to_string(t.ctx.k.c, t.ast, &code))
	runtime.KeepAlive(t)
	if code != 0 {
		return fmt.Sprintf("<invalid: %v>", t.ctx.z3Error(code))
	}
	return s
}

// op1 applies a unary Z3 constructor to a.
func op1(f C.vg_fn1, a *term, width int) *term {
	ctx, err := valid1(a)
	if err != nil {
		return ctx.errTerm(err, width)
	}
	r := C.vg_op1(ctx.k.c, f, a.ast)
	runtime.KeepAlive(a)
	t := ctx.newTerm(r, width)
	t.uf = a.uf
	return t
}

// op2 applies a binary Z3 constructor to a and b. If sameWidth, a and b
// must have the same width (checked before calling Z3).
func op2(f C.vg_fn2, name string, a, b *term, sameWidth bool, width int) *term {
	ctx, err := valid2(a, b)
	if err == nil && sameWidth && a.width != b.width {
		err = fmt.Errorf("%w: %s of %d-bit and %d-bit vectors", ErrSort, name, a.width, b.width)
	}
	if err != nil {
		return ctx.errTerm(err, width)
	}
	r := C.vg_op2(ctx.k.c, f, a.ast, b.ast)
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
	t := ctx.newTerm(r, width)
	t.uf = a.uf || b.uf
	return t
}

// ite builds (ite c a b); a and b must have the same sort.
func ite(c, a, b *term) *term {
	width := 0
	if a != nil {
		width = a.width
	}
	ctx, err := valid2(c, a)
	if err == nil {
		ctx, err = valid2(a, b)
	}
	if err == nil && a.width != b.width {
		err = fmt.Errorf("%w: ite branches of width %d and %d", ErrSort, a.width, b.width)
	}
	if err != nil {
		return ctx.errTerm(err, width)
	}
	r := C.vg_op3(ctx.k.c, fnIte, c.ast, a.ast, b.ast)
	runtime.KeepAlive(c)
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
	t := ctx.newTerm(r, width)
	t.uf = c.uf || a.uf || b.uf
	return t
}

// opN applies an n-ary Z3 constructor (and, or, distinct) to a and rest.
func opN(f C.vg_fnn, a *term, rest []*term, width int) *term {
	ctx, err := valid1(a)
	for i := 0; err == nil && i < len(rest); i++ {
		ctx, err = valid2(a, rest[i])
	}
	if err != nil {
		return ctx.errTerm(err, width)
	}
	var buf [8]C.Z3_ast
	args := buf[:0]
	args = append(args, a.ast)
	uf := a.uf
	for _, t := range rest {
		args = append(args, t.ast)
		uf = uf || t.uf
	}
	r := C.vg_opn(ctx.k.c, f, C.unsigned(len(args)), &args[0])
	runtime.KeepAlive(a)
	runtime.KeepAlive(rest)
	t := ctx.newTerm(r, width)
	t.uf = uf
	return t
}

// simplify returns Z3_simplify(a).
func simplify(a *term) *term {
	width := 0
	if a != nil {
		width = a.width
	}
	return op1(fnSimplify, a, width)
}

// checkName rejects names Z3 cannot represent as C strings.
func checkName(what, name string) error {
	if strings.IndexByte(name, 0) >= 0 {
		return fmt.Errorf("%w: %s name %q contains a NUL byte", ErrArgument, what, name)
	}
	return nil
}

// checkSymbol rejects names that cannot be written as SMT-LIB symbols:
// a quoted symbol |...| cannot contain '|' or '\' (Z3 would print them
// escaped, which other solvers reject).
func checkSymbol(what, name string) error {
	if strings.ContainsAny(name, "|\\\x00") {
		return fmt.Errorf("%w: %s name %q contains NUL, '|' or '\\'", ErrArgument, what, name)
	}
	return nil
}

// cstr returns a pointer to the bytes of s for C helpers that take a
// pointer and a length (they copy the bytes before returning).
func cstr(s string) *C.char {
	if len(s) == 0 {
		return nil
	}
	return (*C.char)(unsafe.Pointer(unsafe.StringData(s)))
}

// mkConst creates a constant of sort s named name.
func (ctx *Context) mkConst(name string, s Sort) *term {
	if ctx == nil {
		return &term{err: ErrInvalid}
	}
	if err := s.Err(); err != nil {
		return ctx.errTerm(err, s.width)
	}
	if err := checkSymbol("constant", name); err != nil {
		return ctx.errTerm(err, s.width)
	}
	if err := ctx.enter(); err != nil {
		return ctx.errTerm(err, s.width)
	}
	r := C.vg_mk_const(ctx.k.c, cstr(name), C.size_t(len(name)), s.s)
	runtime.KeepAlive(name)
	runtime.KeepAlive(ctx)
	return ctx.newTerm(r, s.width)
}

// BVConst returns the bit-vector constant (free variable) with the given
// name and width. Constants with the same name and width are the same
// term. Names may be any string without NUL, '|' or '\'.
func (ctx *Context) BVConst(name string, bits int) BV {
	return BV{ctx.mkConst(name, ctx.BVSort(bits))}
}

// BoolConst returns the Boolean constant (free variable) with the given
// name.
func (ctx *Context) BoolConst(name string) Bool {
	return Bool{ctx.mkConst(name, ctx.BoolSort())}
}

// Const returns the constant with the given name and sort, as a BV or a
// Bool.
func (ctx *Context) Const(name string, s Sort) Value {
	return wrap(ctx.mkConst(name, s), s.Kind())
}

// wrap returns t as a Value of the given kind.
func wrap(t *term, kind SortKind) Value {
	if kind == KindBool {
		return Bool{t}
	}
	return BV{t}
}

// BVFromUint64 returns the bit-vector numeral v mod 2^bits.
func (ctx *Context) BVFromUint64(v uint64, bits int) BV {
	s := ctx.BVSort(bits)
	if ctx == nil {
		return BV{&term{err: ErrInvalid}}
	}
	if err := s.Err(); err != nil {
		return BV{ctx.errTerm(err, bits)}
	}
	if err := ctx.enter(); err != nil {
		return BV{ctx.errTerm(err, bits)}
	}
	if bits < 64 {
		v &= 1<<bits - 1
	}
	r := C.vg_mk_u64(ctx.k.c, C.uint64_t(v), s.s)
	runtime.KeepAlive(ctx)
	return BV{ctx.newTerm(r, bits)}
}

// BVFromInt64 returns the bit-vector numeral v mod 2^bits (two's
// complement for negative v).
func (ctx *Context) BVFromInt64(v int64, bits int) BV {
	if v >= 0 || bits <= 64 {
		return ctx.BVFromUint64(uint64(v), bits)
	}
	return ctx.BVFromBig(big.NewInt(v), bits)
}

// BVFromBig returns the bit-vector numeral v mod 2^bits (two's complement
// for negative v). v is not modified.
func (ctx *Context) BVFromBig(v *big.Int, bits int) BV {
	if v == nil {
		return BV{ctx.errTerm(fmt.Errorf("%w: BVFromBig of nil", ErrArgument), bits)}
	}
	if v.Sign() >= 0 && v.BitLen() <= 64 {
		return ctx.BVFromUint64(v.Uint64(), bits)
	}
	s := ctx.BVSort(bits)
	if ctx == nil {
		return BV{&term{err: ErrInvalid}}
	}
	if err := s.Err(); err != nil {
		return BV{ctx.errTerm(err, bits)}
	}
	if err := ctx.enter(); err != nil {
		return BV{ctx.errTerm(err, bits)}
	}
	// Two's complement words of v mod 2^bits, least significant first.
	n := (bits + 63) / 64
	words := make([]uint64, n)
	mag := v
	if v.Sign() < 0 {
		// v mod 2^bits = 2^bits - |v| mod 2^bits = ^(|v|-1) on bits bits.
		mag = new(big.Int).Neg(v)
		mag.Sub(mag, big.NewInt(1))
	}
	fillWords(words, mag)
	if v.Sign() < 0 {
		for i := range words {
			words[i] = ^words[i]
		}
	}
	r := C.vg_mk_bv_words(ctx.k.c, C.unsigned(bits), (*C.uint64_t)(unsafe.Pointer(&words[0])), C.unsigned(n))
	runtime.KeepAlive(ctx)
	return BV{ctx.newTerm(r, bits)}
}

// fillWords stores the low 64*len(words) bits of the non-negative x into
// words, least significant word first.
func fillWords(words []uint64, x *big.Int) {
	const wordBits = 32 << (^uint(0) >> 63)
	for i, w := range x.Bits() {
		bit := i * wordBits
		if bit/64 >= len(words) {
			break
		}
		words[bit/64] |= uint64(w) << (bit % 64)
	}
}

// FromBool returns the Boolean constant true or false.
func (ctx *Context) FromBool(v bool) Bool {
	if ctx == nil {
		return Bool{&term{err: ErrInvalid}}
	}
	if err := ctx.enter(); err != nil {
		return Bool{ctx.errTerm(err, 0)}
	}
	b := C.int(0)
	if v {
		b = 1
	}
	r := C.vg_mk_bool(ctx.k.c, b)
	runtime.KeepAlive(ctx)
	return Bool{ctx.newTerm(r, 0)}
}

// numeralUint64 returns the value of a numeral term that fits in 64 bits.
func numeralUint64(t *term) (uint64, bool) {
	if _, err := valid1(t); err != nil {
		return 0, false
	}
	var v C.uint64_t
	ok := C.vg_numeral_u64(t.ctx.k.c, t.ast, &v)
	runtime.KeepAlive(t)
	return uint64(v), ok != 0
}

// numeralBig returns the value of a numeral term.
func numeralBig(t *term) (*big.Int, bool) {
	if v, ok := numeralUint64(t); ok {
		return new(big.Int).SetUint64(v), true
	}
	if _, err := valid1(t); err != nil {
		return nil, false
	}
	p := C.vg_numeral_string(t.ctx.k.c, t.ast)
	runtime.KeepAlive(t)
	if p == nil {
		return nil, false
	}
	return new(big.Int).SetString(C.GoString(p), 10)
}
