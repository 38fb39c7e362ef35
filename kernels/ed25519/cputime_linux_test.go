package ed25519

import (
	"runtime"
	"syscall"
	"testing"
)

// loop runs f under b.Loop and reports, besides the wall time, the CPU
// time of the benchmark's thread per call (cpu-ns/op, getrusage
// RUSAGE_THREAD, the goroutine locked to its thread): on a machine shared
// with other work the wall time grows with the load, the CPU time much
// less.
func loop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var r0, r1 syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &r0); err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &r1); err != nil {
		b.Fatal(err)
	}
	ns := func(r *syscall.Rusage) int64 { return r.Utime.Nano() + r.Stime.Nano() }
	b.ReportMetric(float64(ns(&r1)-ns(&r0))/float64(n), "cpu-ns/op")
}
