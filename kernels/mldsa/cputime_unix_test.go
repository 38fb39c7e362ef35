//go:build unix

package mldsa

import "syscall"

// cpuNanos is the process's CPU time (user + system, getrusage): the
// benchmarks report it per operation beside the wall time, which on a
// machine shared with other work grows with the load.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
