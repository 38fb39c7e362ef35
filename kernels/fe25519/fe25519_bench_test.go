package fe25519

import (
	"testing"

	spec "vg.dev/spec/fe25519"
)

// The benchmarks have the shape of the Go standard library's
// BenchmarkMultiply and BenchmarkSquare (x = x·y in a loop, so each call
// waits for the previous one) so that bench_stdlib.sh can put the numbers
// side by side. Unusable variants are skipped.

func BenchmarkMul(b *testing.B) {
	variants := append(allMul(), mulVariant{"spec", func() bool { return true }, spec.Mul})
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			x, y := Element{L0: 1}, Element{L0: 2}
			for b.Loop() {
				v.f(&x, &x, &y)
			}
		})
	}
}

func BenchmarkSquare(b *testing.B) {
	variants := append(allSquare(), squareVariant{"spec", func() bool { return true }, spec.Square})
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			x := Element{L0: 2}
			for b.Loop() {
				v.f(&x, &x)
			}
		})
	}
}

func BenchmarkCarry(b *testing.B) {
	variants := append(allCarry(), squareVariant{"spec", func() bool { return true }, spec.Carry})
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			x := Element{L0: 1 << 60, L1: 1 << 62, L2: 3, L3: 1 << 55, L4: 1 << 63}
			for b.Loop() {
				v.f(&x, &x)
			}
		})
	}
}
