package z3

import (
	"runtime"
	"testing"
	"time"
)

func TestTmpCtx(t *testing.T) {
	steps := []func(ctx *Context){
		func(ctx *Context) {},
		func(ctx *Context) { ctx.BVConst("x", 16) },
		func(ctx *Context) { s := ctx.NewSolver(); s.Assert(ctx.BVConst("x", 16).Eq(ctx.BVFromUint64(1, 16))) },
		func(ctx *Context) { s := ctx.NewSolver(); s.Assert(ctx.BVConst("x", 16).Eq(ctx.BVFromUint64(1, 16))); s.Check() },
		func(ctx *Context) { s := ctx.NewSolver(); s.Assert(ctx.BVConst("x", 16).Eq(ctx.BVFromUint64(1, 16))); s.Check(); s.Model() },
	}
	for i, f := range steps {
		z0 := EstimatedAllocSize()
		var zl uint64
		for range 20 {
			ctx := NewContext(nil)
			f(ctx)
			zl = EstimatedAllocSize()
		}
		z1 := EstimatedAllocSize()
		for range 3 {
			runtime.GC()
			time.Sleep(10 * time.Millisecond)
		}
		z2 := EstimatedAllocSize()
		time.Sleep(time.Second)
		t.Logf("after 30ms %.1f", float64(z2)/1e6)
		t.Logf("step %d: %.1f MB -> %.1f MB (live %.1f) -> after GC %.1f MB", i, float64(z0)/1e6, float64(z1)/1e6, float64(zl)/1e6, float64(EstimatedAllocSize())/1e6)
	}
}
