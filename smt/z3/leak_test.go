//go:build cgo

package z3

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// rss returns the resident set size of the process in bytes, or 0.
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}

// collect runs the garbage collector until the cleanups of unreachable
// wrappers have run and their releases are done: cleanups run
// asynchronously, so it repeats until Z3's allocation stops shrinking.
func collect(ctx *Context) {
	prev := uint64(1<<64 - 1)
	for range 50 {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
		if ctx != nil {
			ctx.drain()
		}
		z := EstimatedAllocSize()
		if z >= prev {
			return
		}
		prev = z
	}
}

// query runs one small query with fresh terms and checks its model.
func query(t testing.TB, ctx *Context, s *Solver, i int) {
	x := ctx.BVConst("x"+strconv.Itoa(i%16), 16)
	k := uint64(2*i + 1)
	c := uint64(i * 7919)
	s.Assert(x.Mul(ctx.BVFromUint64(k, 16)).Eq(ctx.BVFromUint64(c, 16)))
	s.Assert(x.Xor(ctx.BVFromUint64(uint64(i), 16)).NE(ctx.BVFromUint64(0xffff, 16)).Or(ctx.FromBool(i%2 == 0)))
	r, err := s.Check()
	if r != Sat || err != nil {
		t.Fatalf("query %d: %v, %v", i, r, err)
	}
	v, err := s.Model().EvalUint64(x, true)
	if err != nil || (v*k)&0xffff != c&0xffff {
		t.Fatalf("query %d: x = %d, %v", i, v, err)
	}
}

// TestNoLeak runs thousands of queries, each with its own solver, terms
// and model, and checks that neither Z3's allocation nor the process RSS
// keeps growing.
//
// The goroutine is locked to its thread for the RSS measurement: glibc
// gives each thread that calls malloc its own arena, so a goroutine
// calling Z3 from whichever thread the scheduler picks grows RSS by up to
// one arena's worth of free memory per thread before it levels off (Z3's
// own count stays flat either way).
func TestNoLeak(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	ctx := newTestContext(t)
	// Z3's tables keep their high-water size, which depends on how many
	// terms are live between garbage collections; warm up to it first.
	warmup, rounds, perRound := 1000, 5, 1000
	if raceEnabled || testing.Short() {
		warmup, perRound = 200, 200
	}
	for i := range warmup {
		query(t, ctx, ctx.NewSolver(), i)
	}
	collect(ctx)
	refs0 := ctx.refs
	z0 := EstimatedAllocSize()
	var z, r, r1 uint64
	for round := range rounds {
		for i := range perRound {
			query(t, ctx, ctx.NewSolver(), warmup+round*perRound+i)
		}
		collect(ctx)
		z, r = EstimatedAllocSize(), rss()
		if round == 0 {
			// The process RSS (Go heap, malloc arenas) settles later
			// than Z3's count: take its baseline after one round.
			r1 = r
		}
		t.Logf("after %d queries: Z3 alloc %.1f MB (start %.1f), RSS %.1f MB, Z3 references held %d (start %d)",
			(round+1)*perRound, float64(z)/1e6, float64(z0)/1e6, float64(r)/1e6, ctx.refs, refs0)
	}
	// Every Z3 reference the binding took must have been released.
	if ctx.refs > refs0 {
		t.Errorf("%d Z3 references held after %d queries, %d before", ctx.refs, rounds*perRound, refs0)
	}
	// Z3 itself: leaking a solver costs it about 100 KB, a model 8 KB.
	if z > z0+4<<20 {
		t.Errorf("Z3 allocation grew from %d to %d bytes over %d queries", z0, z, rounds*perRound)
	}
	if r1 != 0 && !raceEnabled && r > r1+32<<20 {
		t.Errorf("RSS grew from %d to %d bytes over %d queries", r1, r, (rounds-1)*perRound)
	}
}

// TestNoLeakIncremental reuses one solver with Push/Pop. It uses a simple
// solver: Z3's tactic solvers (NewSolver) themselves retain about 1 KB per
// push/check/pop cycle (see NewSolver), which would hide the binding's
// own behaviour.
func TestNoLeakIncremental(t *testing.T) {
	ctx := newTestContext(t)
	s := ctx.NewSimpleSolver()
	batch := 2000
	if raceEnabled || testing.Short() {
		batch = 500
	}
	run := func(from int) {
		for i := from; i < from+batch; i++ {
			s.Push()
			query(t, ctx, s, i)
			s.Pop()
			if i%250 == 249 {
				// Bound the garbage between collections, which sets
				// the high-water size of Z3's tables.
				collect(ctx)
			}
		}
		collect(ctx)
	}
	run(0) // warm up to the high-water size of Z3's tables
	z0, refs0 := EstimatedAllocSize(), ctx.refs
	for round := 1; round <= 3; round++ {
		run(round * batch)
		t.Logf("round %d: Z3 alloc %.1f MB", round, float64(EstimatedAllocSize())/1e6)
	}
	z := EstimatedAllocSize()
	t.Logf("Z3 alloc %.1f MB -> %.1f MB over %d push/check/pop cycles", float64(z0)/1e6, float64(z)/1e6, 3*batch)
	if ctx.refs > refs0 {
		t.Errorf("%d Z3 references held, %d before", ctx.refs, refs0)
	}
	if z > z0+4<<20 {
		t.Errorf("Z3 allocation grew from %d to %d bytes", z0, z)
	}
}

// TestNoLeakContexts creates, uses and closes many contexts.
func TestNoLeakContexts(t *testing.T) {
	run := func(from, n int) {
		for i := from; i < from+n; i++ {
			ctx := NewContext(nil)
			query(t, ctx, ctx.NewSolver(), i)
			ctx.Close()
		}
	}
	run(0, 20)
	collect(nil)
	z0 := EstimatedAllocSize()
	n := 300
	if raceEnabled || testing.Short() {
		n = 60
	}
	run(20, n)
	collect(nil)
	z := EstimatedAllocSize()
	t.Logf("Z3 alloc %.1f MB -> %.1f MB", float64(z0)/1e6, float64(z)/1e6)
	if z > z0+4<<20 {
		t.Errorf("Z3 allocation grew from %d to %d bytes", z0, z)
	}
}

// TestContextGC drops contexts without closing them: the garbage
// collector must free them (each costs Z3 over 10 MB).
func TestContextGC(t *testing.T) {
	collect(nil)
	z0 := EstimatedAllocSize()
	for i := range 5 {
		ctx := NewContext(nil)
		query(t, ctx, ctx.NewSolver(), i)
	}
	z1 := EstimatedAllocSize()
	deadline := time.Now().Add(20 * time.Second)
	z := z1
	for time.Now().Before(deadline) {
		collect(nil)
		if z = EstimatedAllocSize(); z < z0+4<<20 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("Z3 alloc %.1f MB -> %.1f MB with 5 contexts -> %.1f MB after GC", float64(z0)/1e6, float64(z1)/1e6, float64(z)/1e6)
	if z >= z0+4<<20 {
		t.Errorf("unreachable contexts not freed: Z3 alloc %d, was %d before", z, z0)
	}
}

// TestParallelContexts runs one Context per goroutine concurrently, with
// garbage collection (and so cleanups) going on; run with -race.
func TestParallelContexts(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := NewContext(nil)
			defer ctx.Close()
			for i := range 150 {
				s := ctx.NewSolver()
				x := ctx.BVConst(fmt.Sprintf("x%d", g), 32)
				s.Assert(x.Add(ctx.BVFromUint64(uint64(i), 32)).Eq(ctx.BVFromUint64(1000, 32)))
				if r, err := s.Check(); r != Sat || err != nil {
					errs <- fmt.Errorf("goroutine %d query %d: %v, %v", g, i, r, err)
					return
				}
				if v, err := s.Model().EvalUint64(x, true); err != nil || v != uint64(1000-i) {
					errs <- fmt.Errorf("goroutine %d query %d: x = %d, %v", g, i, v, err)
					return
				}
				if i%50 == 0 {
					runtime.GC()
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
