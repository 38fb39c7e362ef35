//go:build cgo

package z3

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSatUnsat(t *testing.T) {
	ctx := newTestContext(t)
	x := ctx.BVConst("x", 8)

	s := ctx.NewSolver()
	s.Assert(x.Mul(ctx.BVFromUint64(3, 8)).Eq(ctx.BVFromUint64(21, 8)))
	r, err := s.Check()
	if r != Sat || err != nil {
		t.Fatalf("Check = %v, %v; want sat", r, err)
	}
	m := s.Model()
	if v, err := m.EvalBV(x, false); err != nil || v.Int64() != 7 {
		t.Errorf("x = %v, %v; want 7", v, err)
	}

	// x*x == 2 mod 256 has no solution (squares are 0, 1 or 4 mod 8, or
	// even powers of 2 times those).
	s2 := ctx.NewSolver()
	s2.Assert(x.Mul(x).Eq(ctx.BVFromUint64(2, 8)))
	if r, err := s2.Check(); r != Unsat || err != nil {
		t.Fatalf("Check = %v, %v; want unsat", r, err)
	}
	if r.String() != "sat" || Unsat.String() != "unsat" || Unknown.String() != "unknown" {
		t.Errorf("Result strings: %v %v %v", Sat, Unsat, Unknown)
	}
}

func TestSolverKinds(t *testing.T) {
	ctx := newTestContext(t)
	x, y := ctx.BVConst("x", 32), ctx.BVConst("y", 32)
	f := ctx.FuncDecl("f", []Sort{ctx.BVSort(32)}, ctx.BVSort(32))
	for name, s := range map[string]*Solver{
		"default": ctx.NewSolver(),
		"simple":  ctx.NewSimpleSolver(),
		"QF_BV":   ctx.NewSolverForLogic("QF_BV"),
		"QF_UFBV": ctx.NewSolverForLogic("QF_UFBV"),
	} {
		// Commutativity of addition: unsat negation.
		s.Assert(x.Add(y).NE(y.Add(x)))
		if r, err := s.Check(); r != Unsat || err != nil {
			t.Errorf("%s: Check = %v, %v; want unsat", name, r, err)
		}
		s.Reset()
		s.Assert(f.ApplyBV(x).Eq(y.Add(ctx.BVFromUint64(1, 32))))
		if r, err := s.Check(); r != Sat || err != nil {
			t.Errorf("%s: Check = %v, %v; want sat", name, r, err)
		}
	}
	if got := ctx.NewSolverForLogic("QF_BV").SMTLIB2(); !strings.Contains(got, "(set-logic QF_BV)") {
		t.Errorf("SMTLIB2 of QF_BV solver lacks set-logic:\n%s", got)
	}
}

func TestModel(t *testing.T) {
	ctx := newTestContext(t)
	const w = 512
	x, y, z := ctx.BVConst("x", w), ctx.BVConst("y", w), ctx.BVConst("z", w)
	c := new(big.Int).Sub(pow2(500), big.NewInt(99))
	d := new(big.Int).Add(pow2(300), big.NewInt(5))
	p := ctx.BoolConst("p")
	s := ctx.NewSolver()
	s.Assert(x.Add(ctx.BVFromBig(c, w)).Eq(ctx.BVFromBig(d, w)))
	s.Assert(y.ULT(ctx.BVFromUint64(10, w)))
	s.Assert(y.UGT(ctx.BVFromUint64(8, w)))
	s.Assert(p.Not())
	if r, err := s.Check(); r != Sat {
		t.Fatalf("Check = %v, %v", r, err)
	}
	m := s.Model()
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	want := mod(new(big.Int).Sub(d, c), w)
	if got, err := m.EvalBV(x, false); err != nil || got.Cmp(want) != 0 {
		t.Errorf("x = %v, %v; want %v", got, err, want)
	}
	if got, err := m.EvalBV(x.Add(y), false); err != nil || got.Cmp(mod(new(big.Int).Add(want, big.NewInt(9)), w)) != 0 {
		t.Errorf("x+y = %v, %v", got, err)
	}
	if got, err := m.EvalUint64(y.Extract(63, 0), false); err != nil || got != 9 {
		t.Errorf("y[63:0] = %v, %v; want 9", got, err)
	}
	if _, err := m.EvalUint64(y, false); !errors.Is(err, ErrSort) {
		t.Errorf("EvalUint64 of 512-bit vector: err = %v", err)
	}
	if got, err := m.EvalBool(p); err != nil || got {
		t.Errorf("p = %v, %v; want false", got, err)
	}
	if got, err := m.EvalBool(p.Or(y.Eq(ctx.BVFromUint64(9, w)))); err != nil || !got {
		t.Errorf("p || y == 9 = %v, %v; want true", got, err)
	}
	// z is not constrained: without completion it has no value.
	if _, err := m.EvalBV(z, false); !errors.Is(err, ErrNotConcrete) {
		t.Errorf("EvalBV(z, false) err = %v; want ErrNotConcrete", err)
	}
	if got, err := m.EvalBV(z, true); err != nil || got.BitLen() > w {
		t.Errorf("EvalBV(z, true) = %v, %v", got, err)
	}
	if str := m.String(); !strings.Contains(str, "x") {
		t.Errorf("Model.String = %q", str)
	}

	// A model is a snapshot: later assertions do not change it.
	s.Assert(p)
	if r, _ := s.Check(); r != Unsat {
		t.Fatalf("Check = %v, want unsat", r)
	}
	if got, err := m.EvalBV(x, false); err != nil || got.Cmp(want) != 0 {
		t.Errorf("old model: x = %v, %v", got, err)
	}
	// There is no model after unsat: Z3 reports an error, which must
	// come back as a Go error.
	m2 := s.Model()
	var zerr *Error
	if !errors.As(m2.Err(), &zerr) {
		t.Errorf("Model after unsat: Err = %v, want *Error", m2.Err())
	}
	if _, err := m2.EvalBV(x, true); err == nil {
		t.Errorf("EvalBV on invalid model succeeded")
	}
}

func TestUninterpretedFunctions(t *testing.T) {
	ctx := newTestContext(t)
	bv8, bv16 := ctx.BVSort(8), ctx.BVSort(16)
	f := ctx.FuncDecl("f", []Sort{bv8, bv16}, bv8)
	g := ctx.FuncDecl("g", []Sort{bv8}, ctx.BoolSort())
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	a, b := ctx.BVConst("a", 8), ctx.BVConst("b", 16)
	c, d := ctx.BVConst("c", 8), ctx.BVConst("d", 16)

	s := ctx.NewSolver()
	s.Assert(a.Eq(c))
	s.Assert(b.Eq(d))
	s.Assert(f.ApplyBV(a, b).NE(f.Apply(c, d).(BV)))
	if r, err := s.Check(); r != Unsat || err != nil {
		t.Errorf("congruence: Check = %v, %v; want unsat", r, err)
	}

	s.Reset()
	s.Assert(g.ApplyBool(f.ApplyBV(a, b)))
	s.Assert(g.ApplyBool(c).Not())
	s.Assert(f.ApplyBV(a, b).Eq(c).Not())
	if r, err := s.Check(); r != Sat || err != nil {
		t.Fatalf("Check = %v, %v; want sat", r, err)
	}
	m := s.Model()
	fab, err1 := m.EvalBV(f.ApplyBV(a, b), true)
	cv, err2 := m.EvalBV(c, true)
	if err1 != nil || err2 != nil || fab.Cmp(cv) == 0 {
		t.Errorf("f(a,b) = %v (%v), c = %v (%v)", fab, err1, cv, err2)
	}

	for _, bad := range []Value{
		f.ApplyBV(a),             // arity
		f.ApplyBV(b, a),          // sorts
		f.ApplyBV(a, g.Apply(a)), // Bool for BV
		g.ApplyBV(a),             // range
		f.ApplyBool(a, b),        // range
		FuncDecl{}.ApplyBV(a),    // zero FuncDecl
	} {
		if bad.Err() == nil {
			t.Errorf("bad application %v succeeded", bad)
		}
	}
	if got := f.String(); got != "(declare-fun f ((_ BitVec 8) (_ BitVec 16)) (_ BitVec 8))" {
		t.Errorf("FuncDecl.String = %q", got)
	}
	if f.Name() != "f" || len(f.Domain()) != 2 || f.Range().Width() != 8 {
		t.Errorf("FuncDecl accessors: %q %v %v", f.Name(), f.Domain(), f.Range())
	}
}

func TestPushPopReset(t *testing.T) {
	ctx := newTestContext(t)
	x := ctx.BVConst("x", 16)
	s := ctx.NewSolver()
	s.Assert(x.Eq(ctx.BVFromUint64(1, 16)))
	s.Push()
	s.Assert(x.Eq(ctx.BVFromUint64(2, 16)))
	if r, err := s.Check(); r != Unsat || err != nil {
		t.Fatalf("Check = %v, %v; want unsat", r, err)
	}
	if s.NumScopes() != 1 {
		t.Errorf("NumScopes = %d", s.NumScopes())
	}
	s.Pop()
	if r, err := s.Check(); r != Sat || err != nil {
		t.Fatalf("after Pop: Check = %v, %v; want sat", r, err)
	}
	if v, err := s.Model().EvalUint64(x, false); err != nil || v != 1 {
		t.Errorf("x = %v, %v", v, err)
	}
	s.Pop() // no matching Push: recorded
	if r, err := s.Check(); r != Unknown || !errors.Is(err, ErrArgument) {
		t.Errorf("after bad Pop: Check = %v, %v", r, err)
	}
	s.Reset()
	if s.Err() != nil {
		t.Errorf("Err after Reset = %v", s.Err())
	}
	s.Assert(x.Eq(ctx.BVFromUint64(2, 16)))
	if r, err := s.Check(); r != Sat || err != nil {
		t.Fatalf("after Reset: Check = %v, %v; want sat", r, err)
	}
	ctx.ClearErr()
}

// factoring returns a hard query: x*y == n for a 124-bit semiprime n with
// 62-bit factors, x, y > 1, over 128-bit vectors.
func factoring(ctx *Context, s *Solver) {
	p := new(big.Int).Add(pow2(61), big.NewInt(1))
	for !p.ProbablyPrime(20) {
		p.Add(p, big.NewInt(2))
	}
	q := new(big.Int).Add(p, pow2(40))
	for !q.ProbablyPrime(20) {
		q.Add(q, big.NewInt(2))
	}
	n := new(big.Int).Mul(p, q)
	x, y := ctx.BVConst("fx", 64).ZeroExtend(64), ctx.BVConst("fy", 64).ZeroExtend(64)
	one := ctx.BVFromUint64(1, 128)
	s.Assert(x.Mul(y).Eq(ctx.BVFromBig(n, 128)))
	s.Assert(x.UGT(one))
	s.Assert(y.UGT(one))
}

func TestTimeout(t *testing.T) {
	ctx := newTestContext(t)
	s := ctx.NewSolver()
	s.SetTimeout(time.Millisecond)
	factoring(ctx, s)
	start := time.Now()
	r, err := s.Check()
	elapsed := time.Since(start)
	if r != Unknown {
		t.Fatalf("Check = %v, %v; want unknown", r, err)
	}
	var ue *UnknownError
	if !errors.As(err, &ue) || !errors.Is(err, ErrSatUnknown) || ue.Cause != nil {
		t.Fatalf("err = %#v", err)
	}
	if ue.Reason == "" || s.ReasonUnknown() != ue.Reason {
		t.Errorf("Reason = %q, ReasonUnknown = %q", ue.Reason, s.ReasonUnknown())
	}
	t.Logf("reason %q after %v", ue.Reason, elapsed)
	if elapsed > 10*time.Second {
		t.Errorf("1ms timeout took %v", elapsed)
	}

	// Reset keeps the timeout; SetTimeout(0) removes it.
	s.Reset()
	factoring(ctx, s)
	if r, _ := s.Check(); r != Unknown {
		t.Errorf("after Reset: Check = %v, want unknown", r)
	}
	s.Reset()
	s.SetTimeout(0)
	x := ctx.BVConst("x", 8)
	s.Assert(x.Eq(x))
	if r, err := s.Check(); r != Sat {
		t.Errorf("no timeout: Check = %v, %v", r, err)
	}
}

// checkContextUsable verifies that the Context still simplifies,
// evaluates and solves after a cancelled check.
func checkContextUsable(t *testing.T, ctx *Context) {
	t.Helper()
	if v, ok := ctx.BVFromUint64(2, 8).Add(ctx.BVFromUint64(3, 8)).Simplify().AsUint64(); !ok || v != 5 {
		t.Fatalf("Simplify after cancellation: %v, %v (ctx err %v)", v, ok, ctx.Err())
	}
	s := ctx.NewSolver()
	x := ctx.BVConst("u", 8)
	s.Assert(x.Eq(ctx.BVFromUint64(4, 8)))
	if r, err := s.Check(); r != Sat || err != nil {
		t.Fatalf("Check after cancellation = %v, %v", r, err)
	}
	if v, err := s.Model().EvalUint64(x, false); err != nil || v != 4 {
		t.Fatalf("Eval after cancellation = %v, %v", v, err)
	}
}

func TestCancel(t *testing.T) {
	ctx := newTestContext(t)
	s := ctx.NewSolver()
	factoring(ctx, s)

	gctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	r, err := s.CheckContext(gctx)
	elapsed := time.Since(start)
	if r != Unknown || !errors.Is(err, context.Canceled) || !errors.Is(err, ErrSatUnknown) {
		t.Fatalf("CheckContext = %v, %v; want unknown, canceled", r, err)
	}
	t.Logf("%v after %v", err, elapsed)
	if elapsed > 10*time.Second {
		t.Errorf("cancellation took %v", elapsed)
	}
	checkContextUsable(t, ctx)

	gctx, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	if r, err := s.CheckContext(gctx); r != Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("CheckContext = %v, %v; want unknown, deadline exceeded", r, err)
	}
	checkContextUsable(t, ctx)

	// Already done: no check at all.
	if r, err := s.CheckContext(gctx); r != Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("CheckContext = %v, %v; want unknown, deadline exceeded", r, err)
	}
}

// TestCancelRace cancels easy checks at random instants, including just
// after they finish, which leaves a pending interrupt on the Z3 context
// unless CheckContext clears it.
func TestCancelRace(t *testing.T) {
	ctx := newTestContext(t)
	rng := rand.New(rand.NewPCG(7, 8))
	x, y := ctx.BVConst("x", 32), ctx.BVConst("y", 32)
	newQuery := func(i int) *Solver {
		s := ctx.NewSolver()
		s.Assert(x.Add(y).Eq(ctx.BVFromUint64(uint64(1000003+2*i), 32)))
		s.Assert(x.Xor(y).ULT(ctx.BVFromUint64(uint64(1000+i), 32)))
		return s
	}
	// Cancel at instants spread over twice the typical check time.
	var times []time.Duration
	for i := range 9 {
		s := newQuery(i)
		start := time.Now()
		if r, err := s.Check(); r != Sat {
			t.Fatalf("Check = %v, %v", r, err)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	typical := times[len(times)/2]
	interrupted := 0
	for i := range 200 {
		s := newQuery(i)
		gctx, cancel := context.WithTimeout(context.Background(), time.Duration(rng.Int64N(int64(2*typical))))
		r, err := s.CheckContext(gctx)
		cancel()
		if r == Unknown {
			if !errors.Is(err, ErrSatUnknown) {
				t.Fatalf("CheckContext = %v, %v", r, err)
			}
			interrupted++
		}
		if v, ok := ctx.BVFromUint64(uint64(i), 8).Add(ctx.BVFromUint64(1, 8)).Simplify().AsUint64(); !ok || v != uint64(i+1)&0xff {
			t.Fatalf("iteration %d: Simplify after CheckContext = %v, %v; ctx err %v", i, v, ok, ctx.Err())
		}
	}
	t.Logf("%d of 200 checks interrupted (typical check time %v)", interrupted, typical)
	checkContextUsable(t, ctx)
}

// replay runs script in a fresh Context and returns the check-sat answer.
func replay(t *testing.T, script string) string {
	t.Helper()
	fresh := newTestContext(t)
	out, err := fresh.EvalSMTLIB2(script)
	if err != nil {
		t.Fatalf("replay failed: %v\nscript:\n%s", err, script)
	}
	return strings.TrimSpace(out)
}

func TestSMTLIB2RoundTrip(t *testing.T) {
	ctx := newTestContext(t)
	x := ctx.BVConst("x", 512)
	y := ctx.BVConst("a name with (odd) chars", 64)
	p := ctx.BoolConst("p")
	f := ctx.FuncDecl("f!1", []Sort{ctx.BVSort(64), ctx.BoolSort()}, ctx.BVSort(64))
	big := new(big.Int).Sub(pow2(511), big.NewInt(3))

	build := func(s *Solver) {
		s.Assert(x.UGT(ctx.BVFromBig(big, 512)))
		s.Assert(x.Extract(63, 0).Add(y).Eq(f.ApplyBV(y, p)))
		s.Assert(p.Implies(y.RotateLeft(13).SLT(ctx.BVFromInt64(-5, 64))))
	}
	sat := ctx.NewSolver()
	build(sat)
	unsat := ctx.NewSolver()
	build(unsat)
	unsat.Push()
	unsat.Assert(x.ULE(ctx.BVFromBig(big, 512)))

	for _, tc := range []struct {
		name string
		s    *Solver
	}{{"sat", sat}, {"unsat", unsat}} {
		r, err := tc.s.Check()
		if err != nil || r.String() != tc.name {
			t.Fatalf("%s: Check = %v, %v", tc.name, r, err)
		}
		script := tc.s.SMTLIB2()
		for _, want := range []string{"(declare-fun x () (_ BitVec 512))", "(declare-fun f!1 ((_ BitVec 64) Bool) (_ BitVec 64))", "(check-sat)"} {
			if !strings.Contains(script, want) {
				t.Errorf("%s: script lacks %q:\n%s", tc.name, want, script)
			}
		}
		if got := replay(t, script); got != tc.name {
			t.Errorf("%s: replay answered %q:\n%s", tc.name, got, script)
		}
	}

	// The factoring query, dumped and replayed with a timeout, stays
	// consistent (unknown is acceptable, a wrong answer is not).
	hard := ctx.NewSolver()
	factoring(ctx, hard)
	script := hard.SMTLIB2()
	if got := replay(t, "(set-option :timeout 50)\n"+script); got != "unknown" && got != "sat" {
		t.Errorf("factoring replay = %q", got)
	}

	// An empty solver dumps a trivially satisfiable script.
	if got := replay(t, ctx.NewSolver().SMTLIB2()); got != "sat" {
		t.Errorf("empty replay = %q", got)
	}
}
