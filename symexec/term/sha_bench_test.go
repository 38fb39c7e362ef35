package term

import (
	"fmt"
	"testing"
)

// BenchmarkSHA256Rounds builds the rounds of SHA-256's compression
// (blockGeneric's formulas over variable message words and state, the
// message schedule built first). The complement in Ch (^e = −e − 1) gives
// its atoms coefficient −1, and the canonical atom of such a summand was
// once rebuilt from the low bits of every earlier round, at every level:
// the time grew geometrically from the fourth round and kept the standard
// library's SHA-256 block functions from lifting. Bitwise operations over
// words are now their own canonical atoms (overWords).
func BenchmarkSHA256Rounds(b *testing.B) {
	for _, rounds := range []int{4, 16, 64} {
		b.Run(fmt.Sprintf("rounds=%d", rounds), func(b *testing.B) {
			for b.Loop() {
				buildSHA256Rounds(NewBuilder(), rounds)
			}
		})
	}
}

// TestSHA256RoundsScale bounds the normaliser's work on all 64 rounds of
// SHA-256 (counted in summands, which wall time on a shared machine is too
// noisy to bound). Before overWords, 8 rounds took 2.3 million summands;
// 64 rounds take about 82 thousand now, most of them the message schedule.
func TestSHA256RoundsScale(t *testing.T) {
	bl := NewBuilder()
	buildSHA256Rounds(bl, 64)
	if n := bl.Summands(); n > 200_000 {
		t.Errorf("64 rounds of SHA-256 read %d summands into linear forms, want at most 200000", n)
	}
}

// buildSHA256Rounds returns the state after the given number of rounds.
func buildSHA256Rounds(bl *Builder, rounds int) [8]*Term {
	var w [64]*Term
	for i := range 16 {
		w[i] = bl.Var(fmt.Sprintf("w%d", i), 32)
	}
	s0 := func(x *Term) *Term { return bl.Xor(bl.RotR(x, 7), bl.RotR(x, 18), bl.LshrC(x, 3)) }
	s1 := func(x *Term) *Term { return bl.Xor(bl.RotR(x, 17), bl.RotR(x, 19), bl.LshrC(x, 10)) }
	for i := 16; i < 64; i++ {
		w[i] = bl.AddN(s1(w[i-2]), w[i-7], s0(w[i-15]), w[i-16])
	}
	var s [8]*Term
	for i := range s {
		s[i] = bl.Var(fmt.Sprintf("h%d", i), 32)
	}
	a, bb, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	for i := range rounds {
		ch := bl.Xor(bl.And(e, f), bl.And(bl.Not(e), g))
		maj := bl.Xor(bl.And(a, bb), bl.And(a, c), bl.And(bb, c))
		sum0 := bl.Xor(bl.RotR(a, 2), bl.RotR(a, 13), bl.RotR(a, 22))
		sum1 := bl.Xor(bl.RotR(e, 6), bl.RotR(e, 11), bl.RotR(e, 25))
		t1 := bl.AddN(h, sum1, ch, bl.Uint(uint64(0x428a2f98+i), 32), w[i])
		a, bb, c, d, e, f, g, h = bl.AddN(t1, maj, sum0), a, bb, c, bl.Add(d, t1), e, f, g
	}
	return [8]*Term{a, bb, c, d, e, f, g, h}
}
