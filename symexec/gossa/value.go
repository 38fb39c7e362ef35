package gossa

import (
	"errors"
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Value is the symbolic value of a Go value: a Scalar, Pointer, Aggregate or
// Slice. Values that the interpreter carries but does not model (function
// values, interface values, string constants, and the unusable result of
// merging two incompatible values) are of unexported types.
type Value interface{ isValue() }

// Scalar is an integer of its Go width (int, uint and uintptr are 64 bits),
// or a bool as a width-1 term.
type Scalar struct{ T *term.Term }

// Pointer points at byte Off (a 64-bit term) of Region; a nil Region is the
// nil pointer.
type Pointer struct {
	Region *mem.Region
	Off    *term.Term
}

// Aggregate is the value of a struct (its fields) or an array (its
// elements), in order. Tuples of results are Aggregates too.
type Aggregate []Value

// Slice is a slice: pointer to its first element, length and capacity
// (64-bit terms). A string parameter (and a substring of one) is a Slice
// of its bytes whose capacity is its length; the interpreter never writes
// through it. String constants, conversions and concatenation are not
// modelled.
type Slice struct {
	Ptr      Pointer
	Len, Cap *term.Term
}

func (Scalar) isValue()    {}
func (Pointer) isValue()   {}
func (Aggregate) isValue() {}
func (Slice) isValue()     {}

// closure is a function value: a function and the values of its free
// variables.
type closure struct {
	fn       *ssa.Function
	bindings []Value
}

// opaque is a value carried but not modelled: an interface value or a
// string constant (only usable as the argument of panic), or the result of
// merging two values that have no common representation. Using it is an
// error that says why.
type opaque struct{ why string }

// iface is an interface value whose dynamic type is known: the concrete
// type and the value. Calls of its methods are static calls of that
// type's methods.
type iface struct {
	typ types.Type
	val Value
}

func (closure) isValue() {}
func (opaque) isValue()  {}
func (iface) isValue()   {}

// errPointerResult is returned when a pointer must become bytes without a
// way to encode it.
var errPointerResult = errors.New("pointer-valued results are not supported")

// intType returns the width and signedness of an integer or boolean type.
// int, uint and uintptr have the width that sizes gives them.
func intType(t types.Type, sizes types.Sizes) (w int, signed, ok bool) {
	bt, isBasic := t.Underlying().(*types.Basic)
	if !isBasic {
		return 0, false, false
	}
	switch bt.Kind() {
	case types.Bool, types.UntypedBool:
		return 1, false, true
	case types.Int8:
		return 8, true, true
	case types.Int16:
		return 16, true, true
	case types.Int32, types.UntypedRune:
		return 32, true, true
	case types.Int64:
		return 64, true, true
	case types.Uint8:
		return 8, false, true
	case types.Uint16:
		return 16, false, true
	case types.Uint32:
		return 32, false, true
	case types.Uint64:
		return 64, false, true
	case types.Int, types.UntypedInt:
		return int(8 * sizes.Sizeof(types.Typ[types.Int])), true, true
	case types.Uint:
		return int(8 * sizes.Sizeof(types.Typ[types.Uint])), false, true
	case types.Uintptr:
		return int(8 * sizes.Sizeof(types.Typ[types.Uintptr])), false, true
	}
	return 0, false, false
}

// isPointer reports whether t is a pointer or unsafe.Pointer.
func isPointer(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

// maxElems bounds the arrays that are represented element by element.
const maxElems = 1 << 16

// zeroValue is the zero value of t.
func zeroValue(b *term.Builder, t types.Type, sizes types.Sizes) (Value, error) {
	if w, _, ok := intType(t, sizes); ok {
		return Scalar{b.Zero(w)}, nil
	}
	if isPointer(t) {
		return Pointer{}, nil
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return Slice{Len: b.Zero(64), Cap: b.Zero(64)}, nil
	case *types.Array:
		if u.Len() > maxElems {
			return nil, fmt.Errorf("array type %s is too large", t)
		}
		agg := make(Aggregate, u.Len())
		for i := range agg {
			z, err := zeroValue(b, u.Elem(), sizes)
			if err != nil {
				return nil, err
			}
			agg[i] = z
		}
		return agg, nil
	case *types.Struct:
		agg := make(Aggregate, u.NumFields())
		for i := range agg {
			z, err := zeroValue(b, u.Field(i).Type(), sizes)
			if err != nil {
				return nil, err
			}
			agg[i] = z
		}
		return agg, nil
	case *types.Signature:
		return closure{}, nil
	case *types.Interface:
		return opaque{"interface values are not supported"}, nil
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return opaque{"strings are not supported"}, nil
		}
	}
	return nil, fmt.Errorf("values of type %s are not supported", t)
}

// same reports whether x and y are syntactically the same value.
func same(x, y Value) bool {
	switch x := x.(type) {
	case Scalar:
		y, ok := y.(Scalar)
		return ok && x.T == y.T
	case Pointer:
		y, ok := y.(Pointer)
		return ok && x.Region == y.Region && x.Off == y.Off
	case Slice:
		y, ok := y.(Slice)
		return ok && x.Ptr == y.Ptr && x.Len == y.Len && x.Cap == y.Cap
	case Aggregate:
		y, ok := y.(Aggregate)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !same(x[i], y[i]) {
				return false
			}
		}
		return true
	case closure:
		y, ok := y.(closure)
		if !ok || x.fn != y.fn || len(x.bindings) != len(y.bindings) {
			return false
		}
		for i := range x.bindings {
			if !same(x.bindings[i], y.bindings[i]) {
				return false
			}
		}
		return true
	case opaque:
		y, ok := y.(opaque)
		return ok && x == y
	case iface:
		y, ok := y.(iface)
		return ok && types.Identical(x.typ, y.typ) && same(x.val, y.val)
	}
	return false
}

// mergeValue is "if sel then x else y". Values that cannot be merged (two
// pointers into different regions, two different functions) give an opaque
// value: an error if it is ever used.
func mergeValue(b *term.Builder, sel *term.Term, x, y Value) Value {
	if same(x, y) {
		return x
	}
	bad := opaque{fmt.Sprintf("value differs between merged paths in a way that is not modelled (%T and %T)", x, y)}
	switch x := x.(type) {
	case Scalar:
		if y, ok := y.(Scalar); ok && x.T.Width() == y.T.Width() {
			return Scalar{b.Ite(sel, x.T, y.T)}
		}
	case Pointer:
		if y, ok := y.(Pointer); ok && x.Region == y.Region && x.Region != nil {
			return Pointer{x.Region, b.Ite(sel, x.Off, y.Off)}
		}
		bad.why = "pointers into different regions (or nil and non-nil) meet where paths merge"
	case Slice:
		if y, ok := y.(Slice); ok {
			p := mergeValue(b, sel, x.Ptr, y.Ptr)
			if p, ok := p.(Pointer); ok {
				return Slice{p, b.Ite(sel, x.Len, y.Len), b.Ite(sel, x.Cap, y.Cap)}
			}
			if x.Ptr.Region == nil && y.Ptr.Region == nil {
				return Slice{Pointer{}, b.Ite(sel, x.Len, y.Len), b.Ite(sel, x.Cap, y.Cap)}
			}
			bad.why = "slices of different arrays meet where paths merge"
		}
	case Aggregate:
		if y, ok := y.(Aggregate); ok && len(x) == len(y) {
			r := make(Aggregate, len(x))
			for i := range x {
				r[i] = mergeValue(b, sel, x[i], y[i])
			}
			return r
		}
	case closure:
		bad.why = "different function values meet where paths merge"
	case iface:
		if y, ok := y.(iface); ok && types.Identical(x.typ, y.typ) {
			return iface{x.typ, mergeValue(b, sel, x.val, y.val)}
		}
		bad.why = "interface values of different dynamic types meet where paths merge"
	}
	return bad
}

// A leaf is a scalar part of a value in memory: its bytes at offset off,
// little-endian, its width a multiple of 8 bits.
type leaf struct {
	off int64
	t   *term.Term
}

// layout converts values to and from their memory representation. enc and
// dec convert pointers to and from 64-bit addresses; nil means pointers are
// an error.
type layout struct {
	b     *term.Builder
	sizes types.Sizes
	enc   func(Pointer) (*term.Term, error)
	dec   func(*term.Term) (Pointer, error)
}

// leaves appends the leaves of v, a value of type t at offset off.
func (l *layout) leaves(v Value, t types.Type, off int64, out []leaf) ([]leaf, error) {
	if o, ok := v.(opaque); ok {
		return nil, errors.New(o.why)
	}
	if w, _, ok := intType(t, l.sizes); ok {
		s, ok := v.(Scalar)
		if !ok || s.T.Width() != w {
			return nil, fmt.Errorf("internal: %T for a value of type %s", v, t)
		}
		x := s.T
		if w == 1 {
			x = l.b.ZeroExt(x, 8)
		}
		return append(out, leaf{off, x}), nil
	}
	ptr := func(p Pointer) ([]leaf, error) {
		if l.enc == nil {
			return nil, errPointerResult
		}
		a, err := l.enc(p)
		if err != nil {
			return nil, err
		}
		return append(out, leaf{off, a}), nil
	}
	if isPointer(t) {
		p, ok := v.(Pointer)
		if !ok {
			return nil, fmt.Errorf("internal: %T for a value of type %s", v, t)
		}
		return ptr(p)
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		s, ok := v.(Slice)
		if !ok {
			return nil, fmt.Errorf("internal: %T for a value of type %s", v, t)
		}
		out, err := ptr(s.Ptr)
		if err != nil {
			return nil, err
		}
		return append(out, leaf{off + 8, s.Len}, leaf{off + 16, s.Cap}), nil
	case *types.Array:
		agg, ok := v.(Aggregate)
		if !ok || int64(len(agg)) != u.Len() {
			return nil, fmt.Errorf("internal: %T for a value of type %s", v, t)
		}
		stride := l.sizes.Sizeof(u.Elem())
		var err error
		for i, e := range agg {
			if out, err = l.leaves(e, u.Elem(), off+int64(i)*stride, out); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *types.Struct:
		agg, ok := v.(Aggregate)
		if !ok || len(agg) != u.NumFields() {
			return nil, fmt.Errorf("internal: %T for a value of type %s", v, t)
		}
		offs := l.sizes.Offsetsof(fields(u))
		var err error
		for i, e := range agg {
			if out, err = l.leaves(e, u.Field(i).Type(), off+offs[i], out); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("values of type %s cannot be stored in memory", t)
}

// build is the inverse of leaves: it reads the value of type t at offset
// off with read, which returns n bytes at an offset as one term.
func (l *layout) build(t types.Type, off int64, read func(off int64, n int) (*term.Term, error)) (Value, error) {
	if w, _, ok := intType(t, l.sizes); ok {
		x, err := read(off, max(w/8, 1))
		if err != nil {
			return nil, err
		}
		if w == 1 {
			x = l.b.Ne(x, l.b.Zero(8))
		}
		return Scalar{x}, nil
	}
	ptr := func(off int64) (Pointer, error) {
		if l.dec == nil {
			return Pointer{}, errPointerResult
		}
		a, err := read(off, 8)
		if err != nil {
			return Pointer{}, err
		}
		return l.dec(a)
	}
	if isPointer(t) {
		return ptr(off)
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		p, err := ptr(off)
		if err != nil {
			return nil, err
		}
		n, err := read(off+8, 8)
		if err != nil {
			return nil, err
		}
		c, err := read(off+16, 8)
		if err != nil {
			return nil, err
		}
		return Slice{p, n, c}, nil
	case *types.Array:
		if u.Len() > maxElems {
			return nil, fmt.Errorf("array type %s is too large", t)
		}
		stride := l.sizes.Sizeof(u.Elem())
		agg := make(Aggregate, u.Len())
		for i := range agg {
			e, err := l.build(u.Elem(), off+int64(i)*stride, read)
			if err != nil {
				return nil, err
			}
			agg[i] = e
		}
		return agg, nil
	case *types.Struct:
		offs := l.sizes.Offsetsof(fields(u))
		agg := make(Aggregate, u.NumFields())
		for i := range agg {
			e, err := l.build(u.Field(i).Type(), off+offs[i], read)
			if err != nil {
				return nil, err
			}
			agg[i] = e
		}
		return agg, nil
	}
	return nil, fmt.Errorf("values of type %s cannot be loaded from memory", t)
}

func fields(s *types.Struct) []*types.Var {
	fs := make([]*types.Var, s.NumFields())
	for i := range fs {
		fs[i] = s.Field(i)
	}
	return fs
}

// Flatten returns the bytes (width-8 terms) of v, a value of type t, as
// laid out in memory by sizes: little-endian, padding as zero bytes. Values
// holding pointers are an error.
func Flatten(b *term.Builder, v Value, t types.Type, sizes types.Sizes) ([]*term.Term, error) {
	return FlattenAddr(b, v, t, sizes, nil)
}

// FlattenAddr is Flatten with pointers encoded by addr (a 64-bit address
// term, or an error that says why the pointer has none); a nil addr makes
// values holding pointers an error, as in Flatten.
func FlattenAddr(b *term.Builder, v Value, t types.Type, sizes types.Sizes, addr func(Pointer) (*term.Term, error)) ([]*term.Term, error) {
	l := &layout{b: b, sizes: sizes, enc: addr}
	ls, err := l.leaves(v, t, 0, nil)
	if err != nil {
		return nil, err
	}
	out := make([]*term.Term, sizes.Sizeof(t))
	for i := range out {
		out[i] = b.Zero(8)
	}
	for _, lf := range ls {
		for i := 0; i < lf.t.Width()/8; i++ {
			out[lf.off+int64(i)] = b.Extract(lf.t, 8*i+7, 8*i)
		}
	}
	return out, nil
}

// Unflatten is the inverse of Flatten: the value of type t whose memory
// representation is bytes. A bool is true when its byte is not zero.
func Unflatten(b *term.Builder, bytes []*term.Term, t types.Type, sizes types.Sizes) (Value, error) {
	if int64(len(bytes)) != sizes.Sizeof(t) {
		return nil, fmt.Errorf("%d bytes for a value of type %s (size %d)", len(bytes), t, sizes.Sizeof(t))
	}
	l := &layout{b: b, sizes: sizes}
	return l.build(t, 0, func(off int64, n int) (*term.Term, error) {
		return concatLE(b, bytes[off:off+int64(n)]), nil
	})
}

// concatLE joins little-endian bytes into one term.
func concatLE(b *term.Builder, bytes []*term.Term) *term.Term {
	parts := make([]*term.Term, len(bytes))
	for i, x := range bytes {
		parts[len(bytes)-1-i] = x
	}
	return b.Concat(parts...)
}
