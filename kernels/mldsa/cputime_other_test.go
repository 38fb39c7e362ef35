//go:build !unix

package mldsa

// cpuNanos is 0 where getrusage is not available: no cpu-ns/op metric.
func cpuNanos() int64 { return 0 }
