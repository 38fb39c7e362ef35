//go:build cgo

package z3

import (
	"testing"
)

func BenchmarkBVAdd(b *testing.B) {
	ctx := newTestContext(b)
	x, y := ctx.BVConst("x", 64), ctx.BVConst("y", 64)
	b.ReportAllocs()
	for b.Loop() {
		x.Add(y)
	}
}

func BenchmarkBVFromUint64(b *testing.B) {
	ctx := newTestContext(b)
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		ctx.BVFromUint64(i, 64)
		i++
	}
}

func BenchmarkBVConst(b *testing.B) {
	ctx := newTestContext(b)
	b.ReportAllocs()
	for b.Loop() {
		ctx.BVConst("some_register_name", 64)
	}
}

// BenchmarkQuery measures one small query with a new solver: build the
// terms, check, read the model.
func BenchmarkQuery(b *testing.B) {
	ctx := newTestContext(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		query(b, ctx, ctx.NewSolver(), i)
		i++
	}
}

// BenchmarkQueryIncremental is BenchmarkQuery in one solver with
// Push/Pop.
func BenchmarkQueryIncremental(b *testing.B) {
	ctx := newTestContext(b)
	s := ctx.NewSolver()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s.Push()
		query(b, ctx, s, i)
		s.Pop()
		i++
	}
}
