package keccak

import "testing"

// BenchmarkF1600 times each one-state variant; BenchmarkF1600x4 each
// four-state variant (one call permutes four states).

func BenchmarkF1600(b *testing.B) {
	vs := append([]kernel1{{"spec", always, f1600Generic}}, oneKernels...)
	for _, v := range vs {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features")
			}
			var a [25]uint64
			for b.Loop() {
				v.f(&a)
			}
		})
	}
}

func BenchmarkF1600x4(b *testing.B) {
	vs := append([]kernel4{{"each", always, func(a *[100]uint64) { f1600x4Each(a, f1600) }}}, fourKernels...)
	for _, v := range vs {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features")
			}
			var a [100]uint64
			for b.Loop() {
				v.f(&a)
			}
		})
	}
}

func BenchmarkF1600x8(b *testing.B) {
	vs := append([]kernel8{{"halves", always, f1600x8Halves}}, eightKernels...)
	for _, v := range vs {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features")
			}
			var a [200]uint64
			for b.Loop() {
				v.f(&a)
			}
		})
	}
}
