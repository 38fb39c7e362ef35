package edwards

import (
	"math/rand/v2"
	"syscall"
	"testing"
)

// BenchmarkOps times each operation of every variant the CPU has, in
// chains (each call waits for the previous one, as in verification's
// loop), with random inputs within the bounds; besides the wall time each
// reports the process's CPU time per call (cpu-ns/op), which the load of
// a shared machine changes much less.
func BenchmarkOps(b *testing.B) {
	r := rand.New(rand.NewPCG(25519, 7))
	var p, q Element52x4
	for j := range 4 {
		setLane(&p, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
		setLane(&q, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
	}
	for _, v := range allVariants() {
		if !v.usable() {
			continue
		}
		b.Run("double/"+v.name, func(b *testing.B) {
			x := p
			cpuLoop(b, func() {
				v.double(&x)
			})
		})
		b.Run("add/"+v.name, func(b *testing.B) {
			x := p
			cpuLoop(b, func() {
				v.add(&x, &q)
			})
		})
		b.Run("pow22523/"+v.name, func(b *testing.B) {
			x := p
			cpuLoop(b, func() {
				v.pow(&x, &x)
			})
		})
	}
}

// cpuLoop runs f under b.Loop and reports the process's CPU time (user +
// system, getrusage) per call as cpu-ns/op.
func cpuLoop(b *testing.B, f func()) {
	start := cpuNanos()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(cpuNanos()-start)/float64(b.N), "cpu-ns/op")
}

func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
