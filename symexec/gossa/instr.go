package gossa

import (
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math/big"
	"slices"

	"golang.org/x/tools/go/ssa"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// lookup returns the value of v in s, which may be opaque (phi edges, call
// arguments and results only pass values on).
func (in *interp) lookup(s *state, v ssa.Value) (Value, error) {
	switch v := v.(type) {
	case *ssa.Const:
		if x, ok := in.consts[v]; ok {
			return x, nil
		}
		x, err := in.constValue(v)
		if err == nil {
			in.consts[v] = x
		}
		return x, err
	case *ssa.Function:
		return closure{fn: v}, nil
	case *ssa.Global:
		r, err := in.globalRegion(s, v)
		if err != nil {
			return nil, err
		}
		return Pointer{Region: r, Off: in.b.Zero(64)}, nil
	case *ssa.Builtin:
		return nil, fmt.Errorf("builtin %s used as a value", v.Name())
	}
	x, ok := s.env[v]
	if !ok {
		return nil, fmt.Errorf("internal: value %s = %s not computed", v.Name(), v)
	}
	return x, nil
}

// operand returns the value of v for a use: opaque values are an error.
func (in *interp) operand(s *state, v ssa.Value) (Value, error) {
	x, err := in.lookup(s, v)
	if err != nil {
		return nil, err
	}
	if o, ok := x.(opaque); ok {
		return nil, fmt.Errorf("%s: %s", v.Name(), o.why)
	}
	return x, nil
}

// scalar returns the value of an integer or boolean operand.
func (in *interp) scalar(s *state, v ssa.Value) (Scalar, error) {
	x, err := in.operand(s, v)
	if err != nil {
		return Scalar{}, err
	}
	sc, ok := x.(Scalar)
	if !ok {
		return Scalar{}, fmt.Errorf("%s of type %s is not an integer or bool", v.Name(), v.Type())
	}
	return sc, nil
}

func (in *interp) pointer(s *state, v ssa.Value) (Pointer, error) {
	x, err := in.operand(s, v)
	if err != nil {
		return Pointer{}, err
	}
	p, ok := x.(Pointer)
	if !ok {
		return Pointer{}, fmt.Errorf("%s of type %s is not a pointer", v.Name(), v.Type())
	}
	return p, nil
}

func (in *interp) constValue(c *ssa.Const) (Value, error) {
	t := c.Type()
	if c.Value == nil {
		return zeroValue(in.b, t, in.sizes)
	}
	switch c.Value.Kind() {
	case constant.Bool:
		return Scalar{in.b.Bool(constant.BoolVal(c.Value))}, nil
	case constant.String:
		return opaque{"strings are not supported"}, nil
	}
	if w, _, ok := intType(t, in.sizes); ok && w > 1 {
		if x := constant.ToInt(c.Value); x.Kind() == constant.Int {
			n, ok := new(big.Int).SetString(x.ExactString(), 10)
			if ok {
				return Scalar{in.b.Const(term.BigValue(n, w), w)}, nil
			}
		}
	}
	return nil, fmt.Errorf("constant %s of type %s is not supported", c.Value, t)
}

// wrap adds the position and text of instr to an error.
func (in *interp) wrap(instr ssa.Instruction, err error) error {
	text := instr.String()
	if v, ok := instr.(ssa.Value); ok {
		text = v.Name() + " = " + text
	}
	pos := instr.Pos()
	if !pos.IsValid() {
		pos = instr.Parent().Pos()
	}
	return fmt.Errorf("%s: %s: %s: %w", in.fset.Position(pos), instr.Parent(), text, err)
}

// exec executes one instruction that is not a terminator or phi. It reports
// whether s goes on (false when it certainly panics).
func (in *interp) exec(s *state, instr ssa.Instruction) (bool, error) {
	alive, err := in.exec1(s, instr)
	if err != nil {
		return false, in.wrap(instr, err)
	}
	return alive, nil
}

func (in *interp) exec1(s *state, instr ssa.Instruction) (bool, error) {
	b := in.b
	set := func(v ssa.Value, x Value) (bool, error) {
		s.env[v] = x
		return true, nil
	}
	switch v := instr.(type) {
	case *ssa.DebugRef:
		return true, nil
	case *ssa.BinOp:
		return in.binop(s, v)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			p, err := in.pointer(s, v.X)
			if err != nil {
				return false, err
			}
			x, alive, err := in.load(s, p, v.Type(), v.Pos())
			if err != nil || !alive {
				return alive, err
			}
			return set(v, x)
		}
		x, err := in.scalar(s, v.X)
		if err != nil {
			return false, err
		}
		switch v.Op {
		case token.SUB:
			return set(v, Scalar{b.Neg(x.T)})
		case token.XOR, token.NOT:
			return set(v, Scalar{b.Not(x.T)})
		}
		return false, fmt.Errorf("operator %s is not supported", v.Op)
	case *ssa.Convert:
		x, err := in.operand(s, v.X)
		if err != nil {
			return false, err
		}
		r, err := in.convert(s, x, v.X.Type(), v.Type())
		if err != nil {
			return false, err
		}
		return set(v, r)
	case *ssa.ChangeType:
		x, err := in.lookup(s, v.X)
		if err != nil {
			return false, err
		}
		return set(v, x)
	case *ssa.Extract:
		x, err := in.lookup(s, v.Tuple)
		if err != nil {
			return false, err
		}
		tuple, ok := x.(Aggregate)
		if !ok {
			return false, fmt.Errorf("internal: extract from %T", x)
		}
		return set(v, tuple[v.Index])
	case *ssa.Field:
		x, err := in.operand(s, v.X)
		if err != nil {
			return false, err
		}
		agg, ok := x.(Aggregate)
		if !ok {
			return false, fmt.Errorf("internal: field of %T", x)
		}
		return set(v, agg[v.Field])
	case *ssa.Index:
		return in.index(s, v)
	case *ssa.FieldAddr:
		return in.fieldAddr(s, v)
	case *ssa.IndexAddr:
		return in.indexAddr(s, v)
	case *ssa.Alloc:
		elem := v.Type().Underlying().(*types.Pointer).Elem()
		r, err := in.alloc(s, v, in.sizes.Sizeof(elem))
		if err != nil {
			return false, err
		}
		return set(v, Pointer{r, b.Zero(64)})
	case *ssa.Store:
		p, err := in.pointer(s, v.Addr)
		if err != nil {
			return false, err
		}
		x, err := in.operand(s, v.Val)
		if err != nil {
			return false, err
		}
		return in.store(s, p, x, v.Val.Type(), v.Pos())
	case *ssa.Slice:
		return in.slice(s, v)
	case *ssa.MakeSlice:
		return in.makeSlice(s, v)
	case *ssa.SliceToArrayPointer:
		x, err := in.operand(s, v.X)
		if err != nil {
			return false, err
		}
		sl := x.(Slice)
		n := v.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Len()
		if !in.fail(s, b.Ult(sl.Len, b.Uint(uint64(n), 64)), v.Pos(), "slice to array conversion: length out of range") {
			return false, nil
		}
		return set(v, sl.Ptr)
	case *ssa.Call:
		return in.callInstr(s, v)
	case *ssa.MakeClosure:
		c := closure{fn: v.Fn.(*ssa.Function)}
		for _, bv := range v.Bindings {
			x, err := in.lookup(s, bv)
			if err != nil {
				return false, err
			}
			c.bindings = append(c.bindings, x)
		}
		return set(v, c)
	case *ssa.MakeInterface:
		// The dynamic type is the operand's static type; its methods are
		// called statically (callInstr).
		x, err := in.lookup(s, v.X)
		if err != nil {
			return false, err
		}
		if types.IsInterface(v.X.Type()) {
			return set(v, x) // a conversion between interface types
		}
		return set(v, iface{typ: v.X.Type(), val: x})
	case *ssa.Defer:
		return in.deferInstr(s, v)
	case *ssa.RunDefers:
		return in.runDefers(s)
	case *ssa.Go:
		return false, errors.New("goroutines are not supported")
	}
	return false, fmt.Errorf("instruction %T is not supported", instr)
}

// binop executes a binary operation with Go's semantics.
func (in *interp) binop(s *state, v *ssa.BinOp) (bool, error) {
	b := in.b
	x, err := in.operand(s, v.X)
	if err != nil {
		return false, err
	}
	y, err := in.operand(s, v.Y)
	if err != nil {
		return false, err
	}
	set := func(t *term.Term) (bool, error) {
		s.env[v] = Scalar{t}
		return true, nil
	}
	if v.Op == token.EQL || v.Op == token.NEQ {
		eq, err := in.equal(x, y)
		if err != nil {
			return false, err
		}
		if v.Op == token.NEQ {
			eq = b.Not(eq)
		}
		return set(eq)
	}
	xs, ok1 := x.(Scalar)
	ys, ok2 := y.(Scalar)
	w, signed, ok := intType(v.X.Type(), in.sizes)
	if !ok1 || !ok2 || !ok || w == 1 {
		return false, fmt.Errorf("operator %s on %s is not supported", v.Op, v.X.Type())
	}
	X, Y := xs.T, ys.T
	switch v.Op {
	case token.SHL, token.SHR:
		r, alive := in.shift(s, v, X, Y, signed)
		if !alive {
			return false, nil
		}
		return set(r)
	case token.ADD:
		return set(b.Add(X, Y))
	case token.SUB:
		return set(b.Sub(X, Y))
	case token.MUL:
		return set(b.Mul(X, Y))
	case token.AND:
		return set(b.And(X, Y))
	case token.OR:
		return set(b.Or(X, Y))
	case token.XOR:
		return set(b.Xor(X, Y))
	case token.AND_NOT:
		return set(b.And(X, b.Not(Y)))
	case token.QUO, token.REM:
		if !in.fail(s, b.Eq(Y, b.Zero(w)), v.Pos(), "integer divide by zero") {
			return false, nil
		}
		// SMT-LIB's signed division truncates toward zero and wraps
		// MinInt / -1 to MinInt (remainder 0), as Go does.
		switch {
		case v.Op == token.QUO && signed:
			return set(b.SDiv(X, Y))
		case v.Op == token.QUO:
			return set(b.UDiv(X, Y))
		case signed:
			return set(b.SRem(X, Y))
		default:
			return set(b.URem(X, Y))
		}
	case token.LSS:
		return set(cmp(b, signed, X, Y, (*term.Builder).Slt, (*term.Builder).Ult))
	case token.LEQ:
		return set(cmp(b, signed, X, Y, (*term.Builder).Sle, (*term.Builder).Ule))
	case token.GTR:
		return set(cmp(b, signed, Y, X, (*term.Builder).Slt, (*term.Builder).Ult))
	case token.GEQ:
		return set(cmp(b, signed, Y, X, (*term.Builder).Sle, (*term.Builder).Ule))
	}
	return false, fmt.Errorf("operator %s is not supported", v.Op)
}

func cmp(b *term.Builder, signed bool, x, y *term.Term, s, u func(*term.Builder, *term.Term, *term.Term) *term.Term) *term.Term {
	if signed {
		return s(b, x, y)
	}
	return u(b, x, y)
}

// shift is x << y or x >> y for a count y of any integer type: a negative
// signed count panics, a count of at least the width shifts everything out
// (a signed x >> fills with the sign).
func (in *interp) shift(s *state, v *ssa.BinOp, x, y *term.Term, signedX bool) (*term.Term, bool) {
	b := in.b
	w, wy := x.Width(), y.Width()
	if _, signedY, _ := intType(v.Y.Type(), in.sizes); signedY {
		if !in.fail(s, b.Slt(y, b.Zero(wy)), v.Pos(), "negative shift amount") {
			return nil, false
		}
	}
	var n *term.Term
	switch k, isConst := y.Uint64(); {
	case isConst:
		n = b.Uint(min(k, uint64(w)), w)
	case wy <= w:
		n = b.ZeroExt(y, w)
	default:
		n = b.Ite(b.Ult(y, b.Uint(uint64(w), wy)), b.Extract(y, w-1, 0), b.Uint(uint64(w), w))
	}
	switch {
	case v.Op == token.SHL:
		return b.Shl(x, n), true
	case signedX:
		return b.Ashr(x, n), true
	}
	return b.Lshr(x, n), true
}

// equal is the width-1 term x == y for comparable values.
func (in *interp) equal(x, y Value) (*term.Term, error) {
	b := in.b
	switch x := x.(type) {
	case Scalar:
		if y, ok := y.(Scalar); ok && x.T.Width() == y.T.Width() {
			return b.Eq(x.T, y.T), nil
		}
	case Pointer:
		if y, ok := y.(Pointer); ok {
			switch {
			case x.Region != y.Region:
				if x.Region != nil && y.Region != nil {
					in.compared = append(in.compared, [2]*mem.Region{x.Region, y.Region})
				}
				return b.Bool(false), nil
			case x.Region == nil:
				return b.Bool(true), nil
			}
			return b.Eq(x.Off, y.Off), nil
		}
	case Slice: // only comparable to nil
		if y, ok := y.(Slice); ok {
			return b.Bool((x.Ptr.Region == nil) == (y.Ptr.Region == nil)), nil
		}
	case closure: // only comparable to nil
		if y, ok := y.(closure); ok {
			return b.Bool((x.fn == nil) == (y.fn == nil)), nil
		}
	case Aggregate:
		if y, ok := y.(Aggregate); ok && len(x) == len(y) {
			eqs := []*term.Term{b.Bool(true)}
			for i := range x {
				e, err := in.equal(x[i], y[i])
				if err != nil {
					return nil, err
				}
				eqs = append(eqs, e)
			}
			return b.And(eqs...), nil
		}
	}
	return nil, fmt.Errorf("comparison of %T and %T is not supported", x, y)
}

// convert converts x from type from to type to.
func (in *interp) convert(s *state, x Value, from, to types.Type) (Value, error) {
	b := in.b
	wf, sf, okf := intType(from, in.sizes)
	wt, _, okt := intType(to, in.sizes)
	switch {
	case okf && okt && wf > 1 && wt > 1:
		t := x.(Scalar).T
		switch {
		case wt < wf:
			t = b.Extract(t, wt-1, 0)
		case wt > wf && sf:
			t = b.SignExt(t, wt)
		case wt > wf:
			t = b.ZeroExt(t, wt)
		}
		return Scalar{t}, nil
	case isPointer(from) && isPointer(to):
		return x, nil
	case isPointer(from) && okt && wt == 64: // unsafe.Pointer to uintptr
		p := x.(Pointer)
		if r := p.Region; r != nil && !slices.Contains(in.addressed, r) {
			// Its address against every other one taken as an
			// integer is a comparison of pointers (Outcome.Compared).
			for _, q := range in.addressed {
				in.compared = append(in.compared, [2]*mem.Region{q, r})
			}
			in.addressed = append(in.addressed, r)
		}
		return Scalar{in.addr(p)}, nil
	case okf && wf == 64 && isPointer(to): // uintptr to unsafe.Pointer
		p, err := in.decodePointer(s, x.(Scalar).T)
		return p, err
	}
	return nil, fmt.Errorf("conversion from %s to %s is not supported", from, to)
}

// index64 widens an index of any integer type to 64 bits, keeping its
// value (negative indexes become huge and fail the bounds checks).
func (in *interp) index64(s *state, v ssa.Value) (*term.Term, error) {
	x, err := in.scalar(s, v)
	if err != nil {
		return nil, err
	}
	_, signed, _ := intType(v.Type(), in.sizes)
	if signed {
		return in.b.SignExt(x.T, 64), nil
	}
	return in.b.ZeroExt(x.T, 64), nil
}

// index executes an Index on an array value.
func (in *interp) index(s *state, v *ssa.Index) (bool, error) {
	b := in.b
	x, err := in.operand(s, v.X)
	if err != nil {
		return false, err
	}
	if _, isString := x.(Slice); isString {
		return in.indexString(s, v)
	}
	agg, ok := x.(Aggregate)
	if _, isArray := v.X.Type().Underlying().(*types.Array); !ok || !isArray {
		return false, fmt.Errorf("index of %s is not supported", v.X.Type())
	}
	i, err := in.index64(s, v.Index)
	if err != nil {
		return false, err
	}
	if !in.fail(s, outOfRange(b, i, b.Uint(uint64(len(agg)), 64)), v.Pos(), "index out of range") {
		return false, nil
	}
	if k, ok := i.Uint64(); ok {
		s.env[v] = agg[k]
		return true, nil
	}
	r := agg[len(agg)-1]
	for k := len(agg) - 2; k >= 0; k-- {
		r = mergeValue(b, b.Eq(i, b.Uint(uint64(k), 64)), agg[k], r)
	}
	s.env[v] = r
	return true, nil
}

// indexString executes s[i] on a string parameter: a load of byte i,
// bounds checked.
func (in *interp) indexString(s *state, v *ssa.Index) (bool, error) {
	b := in.b
	p, n, _, elem, err := in.sequence(s, v.X)
	if err != nil {
		return false, err
	}
	i, err := in.index64(s, v.Index)
	if err != nil {
		return false, err
	}
	if !in.fail(s, outOfRange(b, i, n), v.Pos(), "index out of range") || p.Region == nil {
		return false, nil
	}
	x, alive, err := in.load(s, Pointer{p.Region, b.Add(p.Off, i)}, elem, v.Pos())
	if err != nil || !alive {
		return alive, err
	}
	s.env[v] = x
	return true, nil
}

// callInstr executes a call: a builtin, an intrinsic, or a function with a
// body, which is interpreted inline from the state of the caller.
func (in *interp) callInstr(s *state, v *ssa.Call) (bool, error) {
	common := v.Common()
	if c, ok := common.Value.(*ssa.Builtin); ok {
		r, alive, err := in.builtin(s, c, common.Args, v.Pos())
		if err != nil || !alive {
			return alive, err
		}
		s.env[v] = r
		return true, nil
	}
	fn, free, args, alive, err := in.callee(s, common, v.Parent(), v.Pos())
	if err != nil || !alive {
		return alive, err
	}
	results, alive, err := in.invoke(s, fn, args, free, v.Pos())
	if err != nil || !alive {
		return alive, err
	}
	switch len(results) {
	case 0:
	case 1:
		s.env[v] = results[0]
	default:
		s.env[v] = Aggregate(results)
	}
	return true, nil
}

// callee resolves the function a call (not of a builtin) calls and
// evaluates its arguments: a static function, a closure, or the method of
// an interface value whose dynamic type is known (the receiver first).
func (in *interp) callee(s *state, common *ssa.CallCommon, parent *ssa.Function, pos token.Pos) (fn *ssa.Function, free, args []Value, alive bool, err error) {
	if common.IsInvoke() {
		x, err := in.operand(s, common.Value)
		if err != nil {
			return nil, nil, nil, false, fmt.Errorf("interface method call %s: %w", common.Method.Name(), err)
		}
		i, ok := x.(iface)
		if !ok {
			return nil, nil, nil, false, fmt.Errorf("interface method call %s on a value whose dynamic type is not known", common.Method.Name())
		}
		prog := parent.Prog
		sel := prog.MethodSets.MethodSet(i.typ).Lookup(common.Method.Pkg(), common.Method.Name())
		if sel == nil {
			return nil, nil, nil, false, fmt.Errorf("interface method call: %s has no method %s", i.typ, common.Method.Name())
		}
		fn, args = prog.MethodValue(sel), []Value{i.val}
	} else if c, ok := common.Value.(*ssa.Function); ok {
		fn = c
	} else {
		x, err := in.operand(s, common.Value)
		if err != nil {
			return nil, nil, nil, false, err
		}
		cl, ok := x.(closure)
		if !ok {
			return nil, nil, nil, false, fmt.Errorf("call of a %T", x)
		}
		if cl.fn == nil {
			return nil, nil, nil, in.fail(s, in.b.Bool(true), pos, "nil dereference"), nil
		}
		fn, free = cl.fn, cl.bindings
	}
	for _, a := range common.Args {
		x, err := in.lookup(s, a)
		if err != nil {
			return nil, nil, nil, false, err
		}
		args = append(args, x)
	}
	return fn, free, args, true, nil
}

// deferInstr evaluates a deferred call's function and arguments now, as
// the defer statement does, and keeps the call for RunDefers.
func (in *interp) deferInstr(s *state, v *ssa.Defer) (bool, error) {
	if v.DeferStack != nil {
		return false, errors.New("defer onto another function's defer stack is not supported")
	}
	common := v.Common()
	if _, ok := common.Value.(*ssa.Builtin); ok {
		return false, errors.New("defer of a builtin is not supported")
	}
	fn, free, args, alive, err := in.callee(s, common, v.Parent(), v.Pos())
	if err != nil || !alive {
		return alive, err
	}
	// A new slice: states split from this one share the old.
	s.defers = append(slices.Clip(s.defers), deferred{at: v, fn: fn, args: args, free: free})
	return true, nil
}

// runDefers runs the deferred calls, the last deferred first, at a
// return. Panics are not modelled past this point: a deferred call that
// panics is a panic of the spec, and recover is not supported.
func (in *interp) runDefers(s *state) (bool, error) {
	for len(s.defers) > 0 {
		d := s.defers[len(s.defers)-1]
		s.defers = s.defers[:len(s.defers)-1]
		if _, alive, err := in.invoke(s, d.fn, d.args, d.free, d.at.Pos()); err != nil || !alive {
			return alive, err
		}
	}
	return true, nil
}

// invoke calls fn (a model, or its body interpreted) on args in state s,
// which it advances; alive is false when every path through it panics.
func (in *interp) invoke(s *state, fn *ssa.Function, args, free []Value, pos token.Pos) (results []Value, alive bool, err error) {
	if intr, ok := intrinsicFor(fn); ok {
		ts := make([]*term.Term, len(args))
		for i, a := range args {
			sc, ok := a.(Scalar)
			if !ok {
				return nil, false, fmt.Errorf("argument %d of %s is not an integer", i, fn)
			}
			ts[i] = sc.T
		}
		rs, alive := intr(in, s, ts, pos)
		if !alive {
			return nil, false, nil
		}
		for _, r := range rs {
			results = append(results, Scalar{r})
		}
	} else {
		if fn.Blocks == nil {
			return nil, false, fmt.Errorf("call of %s: no Go body to interpret (assembly, runtime, or a package not loaded from source) and no model", fn)
		}
		ret, err := in.call(fn, args, free, s.pc, s.guard, s.mem)
		if err != nil {
			return nil, false, err
		}
		if ret == nil {
			return nil, false, nil // every path through the callee panics
		}
		s.pc, s.guard, s.mem = ret.pc, ret.guard, ret.mem
		results = ret.results
	}
	return results, true, nil
}

// builtin executes a call of a builtin function.
func (in *interp) builtin(s *state, fn *ssa.Builtin, args []ssa.Value, pos token.Pos) (Value, bool, error) {
	b := in.b
	switch fn.Name() {
	case "len", "cap":
		switch t := args[0].Type().Underlying().(type) {
		case *types.Slice:
			x, err := in.operand(s, args[0])
			if err != nil {
				return nil, false, err
			}
			sl := x.(Slice)
			if fn.Name() == "len" {
				return Scalar{sl.Len}, true, nil
			}
			return Scalar{sl.Cap}, true, nil
		case *types.Array:
			return Scalar{b.Uint(uint64(t.Len()), 64)}, true, nil
		case *types.Pointer:
			if a, ok := t.Elem().Underlying().(*types.Array); ok {
				return Scalar{b.Uint(uint64(a.Len()), 64)}, true, nil
			}
		case *types.Basic:
			if c, ok := args[0].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
				return Scalar{b.Uint(uint64(len(constant.StringVal(c.Value))), 64)}, true, nil
			}
			if x, err := in.operand(s, args[0]); err != nil {
				return nil, false, err
			} else if str, ok := x.(Slice); ok {
				return Scalar{str.Len}, true, nil
			}
		}
		return nil, false, fmt.Errorf("%s of %s is not supported", fn.Name(), args[0].Type())
	case "copy":
		return in.copy(s, args, pos)
	case "min", "max":
		w, signed, ok := intType(args[0].Type(), in.sizes)
		if !ok || w == 1 {
			return nil, false, fmt.Errorf("%s of %s is not supported", fn.Name(), args[0].Type())
		}
		r, err := in.scalar(s, args[0])
		if err != nil {
			return nil, false, err
		}
		for _, a := range args[1:] {
			x, err := in.scalar(s, a)
			if err != nil {
				return nil, false, err
			}
			less := cmp(b, signed, x.T, r.T, (*term.Builder).Slt, (*term.Builder).Ult)
			if fn.Name() == "max" {
				less = cmp(b, signed, r.T, x.T, (*term.Builder).Slt, (*term.Builder).Ult)
			}
			r = Scalar{b.Ite(less, x.T, r.T)}
		}
		return r, true, nil
	case "ssa:wrapnilchk":
		p, err := in.pointer(s, args[0])
		if err != nil {
			return nil, false, err
		}
		if p.Region == nil {
			return nil, in.fail(s, b.Bool(true), pos, "nil dereference"), nil
		}
		return p, true, nil
	case "Slice": // unsafe.Slice(ptr, len): the len elements from ptr
		p, err := in.pointer(s, args[0])
		if err != nil {
			return nil, false, err
		}
		n, err := in.index64(s, args[1])
		if err != nil {
			return nil, false, err
		}
		// A negative length (huge once widened) or a nil pointer with
		// a length panics; elements past the pointee's region are
		// outside the memory the interpreter knows, an error on access.
		bad := b.Ult(b.Uint(1<<62, 64), n)
		if p.Region == nil {
			bad = b.Not(b.Eq(n, b.Zero(64)))
		}
		if !in.fail(s, bad, pos, "unsafe.Slice: len out of range") {
			return nil, false, nil
		}
		if p.Region != nil {
			esize := uint64(in.sizes.Sizeof(args[0].Type().Underlying().(*types.Pointer).Elem()))
			past := b.Ugt(b.Add(p.Off, b.Mul(n, b.Uint(esize, 64))), b.Uint(uint64(p.Region.Size), 64))
			if !in.unmodelled(s, past, pos, "unsafe.Slice past the elements "+p.Region.Name+" holds") {
				return nil, false, nil
			}
		}
		return Slice{Ptr: p, Len: n, Cap: n}, true, nil
	case "print", "println":
		return nil, true, nil
	}
	return nil, false, fmt.Errorf("builtin %s is not supported", fn.Name())
}
