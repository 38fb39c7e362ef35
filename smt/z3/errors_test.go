//go:build cgo

package z3

import (
	"errors"
	"strings"
	"testing"
)

func TestSortErrors(t *testing.T) {
	ctx := newTestContext(t)
	x8, x16 := ctx.BVConst("x", 8), ctx.BVConst("y", 16)

	bad := x8.Add(x16)
	if !errors.Is(bad.Err(), ErrSort) {
		t.Fatalf("Add of 8 and 16 bits: Err = %v", bad.Err())
	}
	if !strings.Contains(bad.String(), "invalid") {
		t.Errorf("String of invalid value = %q", bad.String())
	}
	if ctx.Err() != bad.Err() {
		t.Errorf("ctx.Err = %v, want %v", ctx.Err(), bad.Err())
	}
	// Errors propagate through later operations, unchanged.
	if e := bad.Mul(x8).Extract(3, 0).ZeroExtend(4).ULT(x8).Not(); e.Err() != bad.Err() {
		t.Errorf("propagated Err = %v", e.Err())
	}
	if got := ctx.ClearErr(); got != bad.Err() {
		t.Errorf("ClearErr = %v", got)
	}
	if ctx.Err() != nil {
		t.Errorf("Err after ClearErr = %v", ctx.Err())
	}
	if bad.Err() == nil {
		t.Errorf("value became valid after ClearErr")
	}

	for name, v := range map[string]Value{
		"Extract high":      x8.Extract(8, 0),
		"Extract low<0":     x8.Extract(3, -1),
		"Extract low>high":  x8.Extract(2, 3),
		"ZeroExtend<0":      x8.ZeroExtend(-1),
		"SignExtend<0":      x8.SignExtend(-2),
		"Repeat 0":          x8.Repeat(0),
		"Concat too wide":   ctx.BVConst("w", MaxWidth).Concat(x8),
		"Extend too wide":   x8.SignExtend(MaxWidth),
		"BVConst width 0":   ctx.BVConst("z", 0),
		"BVFromUint64 w<0":  ctx.BVFromUint64(1, -3),
		"BVFromBig nil":     ctx.BVFromBig(nil, 8),
		"BVFromBig w=0":     ctx.BVFromBig(pow2(100), 0),
		"Ite widths":        ctx.BVIte(ctx.FromBool(true), x8, x16),
		"Ite kinds":         ctx.FromBool(true).Ite(x8, ctx.FromBool(false)),
		"Eq widths":         x8.Eq(x16),
		"NE widths":         x8.NE(x16),
		"SLT widths":        x16.SLT(x8),
		"Shl widths":        x8.Shl(x16),
		"NUL in name":       ctx.BVConst("a\x00b", 8),
		"| in name":         ctx.BVConst("a|b", 8),
		"\\ in name":        ctx.BoolConst("a\\b"),
		"zero BV operand":   x8.Add(BV{}),
		"zero Bool operand": ctx.BoolConst("p").And(Bool{}),
		"zero BV receiver":  BV{}.Not(),
		"zero Bool ite":     Bool{}.IteBV(x8, x8),
	} {
		if v.Err() == nil {
			t.Errorf("%s: no error (value %v)", name, v)
		}
	}
	if s := ctx.BVSort(0); s.Err() == nil || s.Kind() != KindInvalid {
		t.Errorf("BVSort(0) = %v", s)
	}
	if (Sort{}).Err() == nil || (BV{}).Width() != 0 || (BV{}).Context() != nil {
		t.Errorf("zero values look valid")
	}
	f := ctx.FuncDecl("f", []Sort{ctx.BVSort(-1)}, ctx.BVSort(8))
	if f.Err() == nil {
		t.Errorf("FuncDecl with invalid domain succeeded")
	}
	if (FuncDecl{}).Err() == nil {
		t.Errorf("zero FuncDecl valid")
	}
}

func TestMixedContexts(t *testing.T) {
	ctx1, ctx2 := newTestContext(t), newTestContext(t)
	x, y := ctx1.BVConst("x", 8), ctx2.BVConst("x", 8)
	if err := x.Add(y).Err(); !errors.Is(err, ErrMixedContexts) {
		t.Errorf("Add across contexts: %v", err)
	}
	f := ctx1.FuncDecl("f", []Sort{ctx1.BVSort(8)}, ctx1.BVSort(8))
	if err := f.ApplyBV(y).Err(); !errors.Is(err, ErrMixedContexts) {
		t.Errorf("Apply across contexts: %v", err)
	}
	if err := ctx1.FuncDecl("g", []Sort{ctx2.BVSort(8)}, ctx1.BoolSort()).Err(); !errors.Is(err, ErrMixedContexts) {
		t.Errorf("FuncDecl across contexts: %v", err)
	}
	s := ctx1.NewSolver()
	s.Assert(y.Eq(y))
	if r, err := s.Check(); r != Unknown || !errors.Is(err, ErrMixedContexts) {
		t.Errorf("Check with foreign assertion = %v, %v", r, err)
	}
	if script := s.SMTLIB2(); !strings.HasPrefix(script, "; WARNING") {
		t.Errorf("SMTLIB2 of failed solver:\n%s", script)
	}
	s2 := ctx2.NewSolver()
	s2.Assert(y.Eq(y))
	if r, _ := s2.Check(); r != Sat {
		t.Fatalf("Check = %v", r)
	}
	if _, err := s2.Model().EvalBV(x, true); !errors.Is(err, ErrMixedContexts) {
		t.Errorf("EvalBV across contexts: %v", err)
	}
}

func TestInvalidAssert(t *testing.T) {
	ctx := newTestContext(t)
	x := ctx.BVConst("x", 8)
	s := ctx.NewSolver()
	s.Assert(x.Eq(x))
	s.Assert(x.Eq(x.Extract(3, 0))) // width mismatch
	s.Assert(x.Eq(x))
	r, err := s.Check()
	if r != Unknown || !errors.Is(err, ErrSort) {
		t.Fatalf("Check = %v, %v; want unknown with ErrSort", r, err)
	}
	if !errors.Is(s.Err(), ErrSort) {
		t.Errorf("Err = %v", s.Err())
	}
	if m := s.Model(); m.Err() == nil {
		t.Errorf("Model of failed solver is valid")
	}
	s.Reset()
	s.Assert(x.Eq(x))
	if r, err := s.Check(); r != Sat || err != nil {
		t.Errorf("after Reset: %v, %v", r, err)
	}
	var nilSolver *Solver
	nilSolver.Assert(x.Eq(x))
	nilSolver.Push()
	nilSolver.Reset()
	if r, err := nilSolver.Check(); r != Unknown || err == nil {
		t.Errorf("nil solver Check = %v, %v", r, err)
	}
	var nilModel *Model
	if _, err := nilModel.EvalBV(x, true); err == nil {
		t.Errorf("nil model EvalBV succeeded")
	}
	if _, err := ctx.NewSolver().Model().EvalBool(ctx.FromBool(true)); err == nil {
		t.Errorf("Model before Check succeeded")
	}
}

// TestZ3Errors checks errors raised by Z3 itself, through the error
// handler, bypassing the binding's own validation.
func TestZ3Errors(t *testing.T) {
	ctx := newTestContext(t)
	x8, x16 := ctx.BVConst("x", 8), ctx.BVConst("y", 16)
	// op2 without the width check: Z3 rejects the sorts.
	v := BV{op2(fnBVAdd, "Add", x8.t, x16.t, false, 8)}
	var zerr *Error
	if !errors.As(v.Err(), &zerr) || zerr.Code == ErrCodeOK || !strings.Contains(zerr.Msg, "does not match") {
		t.Fatalf("bvadd of 8 and 16 bits: Err = %#v", v.Err())
	}
	t.Logf("Z3 error: %v", zerr)
	// The context is still usable.
	ctx.ClearErr()
	if got, ok := ctx.BVFromUint64(3, 8).Add(ctx.BVFromUint64(4, 8)).Simplify().AsUint64(); !ok || got != 7 {
		t.Errorf("after Z3 error: %v, %v", got, ok)
	}

	out, err := ctx.EvalSMTLIB2("(assert (= x garbage))(check-sat)")
	if !errors.As(err, &zerr) || zerr.Code != ErrCodeParserError {
		t.Errorf("EvalSMTLIB2 of bad script: %q, %v", out, err)
	}
	out, err = ctx.EvalSMTLIB2("(declare-const a (_ BitVec 4))(assert (= (bvmul a #x3) #x1))(check-sat)")
	if err != nil || strings.TrimSpace(out) != "sat" {
		t.Errorf("EvalSMTLIB2 = %q, %v", out, err)
	}
}

func TestUseAfterClose(t *testing.T) {
	ctx := NewContext(nil)
	x := ctx.BVConst("x", 8)
	p := ctx.BoolConst("p")
	f := ctx.FuncDecl("f", []Sort{ctx.BVSort(8)}, ctx.BVSort(8))
	s := ctx.NewSolver()
	s.Assert(x.Eq(ctx.BVFromUint64(1, 8)))
	if r, _ := s.Check(); r != Sat {
		t.Fatal(r)
	}
	m := s.Model()
	if err := ctx.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ctx.Close(); err != nil {
		t.Fatal(err)
	}

	for name, v := range map[string]Value{
		"Add":        x.Add(x),
		"Not":        p.Not(),
		"Extract":    x.Extract(3, 0),
		"BVConst":    ctx.BVConst("y", 8),
		"BoolConst":  ctx.BoolConst("q"),
		"BVFromBig":  ctx.BVFromBig(pow2(70), 80),
		"FromBool":   ctx.FromBool(true),
		"Apply":      f.ApplyBV(x),
		"Simplify":   x.Simplify(),
		"old x":      x,
		"And":        p.And(p, p),
		"RotateLeft": x.RotateLeft(1),
	} {
		if err := v.Err(); !errors.Is(err, ErrClosed) {
			t.Errorf("%s after Close: Err = %v", name, err)
		}
		_ = v.String()
	}
	if _, ok := x.AsUint64(); ok {
		t.Errorf("AsUint64 after Close succeeded")
	}
	if !errors.Is(ctx.Err(), ErrClosed) || !errors.Is(f.Err(), ErrClosed) {
		t.Errorf("ctx.Err = %v, f.Err = %v", ctx.Err(), f.Err())
	}
	s.Push()
	s.Assert(p)
	s.SetTimeout(1)
	if r, err := s.Check(); r != Unknown || !errors.Is(err, ErrClosed) {
		t.Errorf("Check after Close = %v, %v", r, err)
	}
	_ = s.SMTLIB2()
	_ = s.ReasonUnknown()
	s.Pop()
	s.Reset()
	if _, err := m.EvalBV(x, true); !errors.Is(err, ErrClosed) {
		t.Errorf("EvalBV after Close: %v", err)
	}
	_ = m.String()
	if r, err := ctx.NewSolver().Check(); r != Unknown || !errors.Is(err, ErrClosed) {
		t.Errorf("new solver after Close = %v, %v", r, err)
	}
	if _, err := ctx.EvalSMTLIB2("(check-sat)"); !errors.Is(err, ErrClosed) {
		t.Errorf("EvalSMTLIB2 after Close: %v", err)
	}
	if s := ctx.BVSort(8); s.Err() == nil {
		t.Errorf("BVSort after Close is valid")
	}
}
