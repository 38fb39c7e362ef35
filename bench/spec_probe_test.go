package bench

import (
	"testing"

	mk "vg.dev/kernels/mldsa"
	spec "vg.dev/spec/mldsa"
)

func BenchmarkProbeSpec(b *testing.B) {
	var p spec.Poly
	for b.Loop() {
		spec.NTT(&p)
	}
}

func BenchmarkProbeOurs(b *testing.B) {
	var p spec.Poly
	for b.Loop() {
		mk.NTT(&p)
	}
}
