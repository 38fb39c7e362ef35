package x25519

import (
	"testing"

	spec "vg.dev/spec/x25519"
)

// BenchmarkLadder times Ladder (the selected variant) and each assembly
// ladder the CPU has, radix 2⁵¹ and 2⁵², on one scalar and point.
func BenchmarkLadder(b *testing.B) {
	k := [32]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 31: 0x40}
	u := Element{L0: 9}
	var out [2]Element
	b.Run("Ladder", func(b *testing.B) {
		for b.Loop() {
			Ladder(&out, &k, &u)
		}
	})
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features")
			}
			for b.Loop() {
				v.f(&out, &k, &u)
			}
		})
	}
	in := [2]Element52{{9}, spec.A24}
	var out52 [2]Element52
	for _, v := range variants52 {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features")
			}
			for b.Loop() {
				v.f(&out52, &k, &in)
			}
		})
	}
}
