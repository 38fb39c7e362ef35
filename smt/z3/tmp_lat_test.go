package z3

import (
	"context"
	"testing"
	"time"
)

func TestTmpLatency(t *testing.T) {
	ctx := newTestContext(t)
	for _, w := range []int{12, 16, 20, 24} {
		x, y := ctx.BVConst("x", w), ctx.BVConst("y", w)
		for _, to := range []time.Duration{0, 500 * time.Microsecond, 2 * time.Millisecond, time.Hour} {
			var tot time.Duration
			res := map[Result]int{}
			for i := range 20 {
				s := ctx.NewSolver()
				s.Assert(x.Mul(y).Eq(ctx.BVFromUint64(uint64(1003+2*i), w)))
				s.Assert(x.UGT(ctx.BVFromUint64(1, w)))
				gctx, cancel := context.WithTimeout(context.Background(), to)
				st := time.Now()
				r, _ := s.CheckContext(gctx)
				tot += time.Since(st)
				cancel()
				res[r]++
			}
			t.Logf("w=%d to=%v avg %v %v", w, to, tot/20, res)
		}
	}
}
