package bench

import (
	"testing"
	"time"

	mk "vg.dev/kernels/mldsa"
	spec "vg.dev/spec/mldsa"
)

func minTime(f func()) time.Duration {
	best := time.Hour
	for range 2000 {
		t0 := time.Now()
		for range 50 {
			f()
		}
		if d := time.Since(t0); d < best {
			best = d
		}
	}
	return best / 50
}

func TestMinTime(t *testing.T) {
	var p spec.Poly
	var c [256]uint32
	t.Logf("spec  %v", minTime(func() { spec.NTT(&p) }))
	t.Logf("ours  %v", minTime(func() { mk.NTT(&p) }))
	t.Logf("circl %v", minTime(func() { circlNTT(&c) }))
	t.Logf("spec  %v", minTime(func() { spec.NTT(&p) }))
	t.Logf("ours  %v", minTime(func() { mk.NTT(&p) }))
	t.Logf("circl %v", minTime(func() { circlNTT(&c) }))
}
