package bench

import (
	"syscall"
	"testing"
)

// cpuLoop runs f b.N times under b.Loop and reports, besides the wall
// time, the process's CPU time per operation (cpu-ns/op, user + system,
// from getrusage): on a machine shared with other work the wall time of an
// operation grows with the load, its CPU time much less.
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
