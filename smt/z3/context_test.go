//go:build cgo

package z3

import "testing"

func TestConfig(t *testing.T) {
	cfg := NewConfig()
	cfg.SetBool("model", true)
	cfg.SetInt("rlimit", 0)
	cfg.SetString("unsat_core", "false")
	ctx := NewContext(cfg)
	defer ctx.Close()
	if err := ctx.Err(); err != nil {
		t.Fatal(err)
	}
	x := ctx.BVConst("x", 8)
	s := ctx.NewSolver()
	s.Assert(x.Eq(ctx.BVFromUint64(42, 8)))
	if r, err := s.Check(); r != Sat || err != nil {
		t.Fatalf("Check = %v, %v", r, err)
	}
	if v, err := s.Model().EvalUint64(x, false); err != nil || v != 42 {
		t.Errorf("x = %v, %v", v, err)
	}
}

func TestSorts(t *testing.T) {
	ctx := newTestContext(t)
	for _, w := range []int{1, 64, 1023, 1024, 5000} {
		s := ctx.BVSort(w)
		if s.Kind() != KindBV || s.Width() != w || s.Err() != nil || s.Context() != ctx {
			t.Errorf("BVSort(%d) = %v (kind %v, width %d, err %v)", w, s, s.Kind(), s.Width(), s.Err())
		}
		if ctx.BVSort(w) != s {
			t.Errorf("BVSort(%d) not cached", w)
		}
		if got := ctx.BVConst("v", w).Sort(); got != s {
			t.Errorf("Sort of %d-bit constant = %v", w, got)
		}
	}
	if s := ctx.BVSort(16).String(); s != "(_ BitVec 16)" {
		t.Errorf("String = %q", s)
	}
	b := ctx.BoolSort()
	if b.Kind() != KindBool || b.String() != "Bool" || ctx.BoolConst("p").Sort() != b {
		t.Errorf("BoolSort = %v", b)
	}
	if v := ctx.Const("c", ctx.BVSort(12)); v.(BV).Width() != 12 {
		t.Errorf("Const BV width %d", v.(BV).Width())
	}
	if _, ok := ctx.Const("d", b).(Bool); !ok {
		t.Errorf("Const of Bool sort is not a Bool")
	}
}
