package shake

import (
	"crypto/sha3"
	"testing"
)

// Squeezing one block: this package (one stream, and four at once per
// call) and the standard library's crypto/sha3.

func BenchmarkSqueeze128(b *testing.B) {
	buf := make([]byte, Rate128)
	b.Run("vg", func(b *testing.B) {
		s := New128()
		s.Write([]byte("seed"))
		for b.Loop() {
			s.Read(buf)
		}
	})
	b.Run("vgx4", func(b *testing.B) {
		x := NewX4(Rate128, &[4][]byte{{1}, {2}, {3}, {4}})
		out := [4][]byte{make([]byte, Rate128), make([]byte, Rate128), make([]byte, Rate128), make([]byte, Rate128)}
		for b.Loop() {
			x.Squeeze(&out)
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		h := sha3.NewSHAKE128()
		h.Write([]byte("seed"))
		for b.Loop() {
			h.Read(buf)
		}
	})
}
