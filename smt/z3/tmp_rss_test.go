package z3

import (
	"testing"
	"time"
)

func TestTmpIncr(t *testing.T) {
	for _, mode := range []int{2, 1} {
		ctx := newTestContext(t)
		s := ctx.NewSolverForLogic("QF_BV")
		if mode == 1 {
			s = ctx.NewSimpleSolver()
		}
		if mode == 2 {
			s = ctx.NewSolver()
		}
		x, y := ctx.BVConst("x", 32), ctx.BVConst("y", 32)
		s.Assert(x.ULT(ctx.BVFromUint64(1<<20, 32)))
		st := time.Now()
		for i := range 300 {
			s.Push()
			s.Assert(x.Mul(y).Eq(ctx.BVFromUint64(uint64(1000003+2*i), 32)))
			s.Assert(y.ULT(ctx.BVFromUint64(1<<20, 32)))
			s.Check()
			s.Pop()
		}
		t.Logf("mode %d: %v/query", mode, time.Since(st)/300)
		ctx.Close()
	}
}
