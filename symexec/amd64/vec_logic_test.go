package amd64

import (
	"math/rand"
	"testing"

	"vg.dev/symexec/term"
)

// TestBitwiseAtCuts: the bitwise logic cut into the lanes both operands
// show is the same bits as the whole operation, for operands cut at the
// same bits, at different bits, or not at all; and two registers of 32-bit
// lanes shifted left and right and XORed are joined lane by lane into
// rotations.
func TestBitwiseAtCuts(t *testing.T) {
	b := term.NewBuilder()
	v := func(name string, w int) *term.Term { return b.Var(name, w) }
	ops := map[string]func(b *term.Builder, x, y *term.Term) *term.Term{
		"and":  func(b *term.Builder, x, y *term.Term) *term.Term { return b.And(x, y) },
		"andn": func(b *term.Builder, x, y *term.Term) *term.Term { return b.And(b.Not(x), y) },
		"or":   func(b *term.Builder, x, y *term.Term) *term.Term { return b.Or(x, y) },
		"xor":  func(b *term.Builder, x, y *term.Term) *term.Term { return b.Xor(x, y) },
	}
	cases := []struct {
		name  string
		x, y  *term.Term
		lanes int // the lanes the result is cut into (1: whole)
	}{
		{"32-bit lanes", b.Concat(v("a", 32), v("b", 32)), b.Concat(v("c", 32), v("d", 32)), 2},
		{"16 in one, 32 in the other", b.Concat(v("e", 16), v("f", 16), v("g", 32)), b.Concat(v("h", 32), v("i", 32)), 2},
		{"16-bit lanes", b.Concat(v("j", 16), v("k", 16), v("l", 16), v("m", 16)), b.Concat(v("n", 16), v("o", 32), v("p", 16)), 1},
		{"one common cut, at 32", b.Concat(v("q", 8), v("r", 24), v("s", 32)), b.Concat(v("t", 16), v("u", 16), v("w", 32)), 2},
		{"one whole", v("x", 64), b.Concat(v("y", 32), v("z", 32)), 1},
		{"cuts off the lanes", b.Concat(v("aa", 24), v("ab", 40)), b.Concat(v("ac", 24), v("ad", 40)), 1},
	}
	rng := rand.New(rand.NewSource(1))
	for _, c := range cases {
		for name, f := range ops {
			got := bitwiseAtCuts(b, c.x, c.y, f)
			want := f(b, c.x, c.y)
			if n := len(concatCuts(got)) + 1; c.lanes > 1 && n < c.lanes {
				t.Errorf("%s %s: %v in %d parts, want %d lanes", c.name, name, got, n, c.lanes)
			}
			for i := 0; i < 200; i++ {
				vals := map[*term.Term]term.Value{}
				ev := term.NewEvaluator(func(x *term.Term) (term.Value, bool) {
					if _, ok := vals[x]; !ok {
						var val term.Value
						val[0] = rng.Uint64() & (1<<x.Width() - 1)
						if x.Width() == 64 {
							val[0] = rng.Uint64()
						}
						vals[x] = val
					}
					return vals[x], true
				})
				g, err1 := ev.Eval(got)
				w, err2 := ev.Eval(want)
				if err1 != nil || err2 != nil || g != w {
					t.Fatalf("%s %s: %v = %x, want %v = %x (%v, %v)", c.name, name, got, g, want, w, err1, err2)
				}
			}
		}
	}
	// ChaCha's rotation: PSLLL $k and PSRLL $32-k of one register of
	// 32-bit lanes (each lane a sum, a XOR, or a variable), then PXOR.
	p, q := v("lane0", 32), v("lane1", 32)
	for _, lanes := range [][2]*term.Term{
		{p, q},
		{b.Add(p, q), b.Xor(p, b.Uint(0x61707865, 32))},
		{b.Xor(b.RotL(p, 16), q), b.Add(b.Uint(0x3320646e, 32), q)},
	} {
		for _, k := range []int{7, 8, 12, 16} {
			shl := b.Concat(b.ShlC(lanes[1], k), b.ShlC(lanes[0], k))
			shr := b.Concat(b.LshrC(lanes[1], 32-k), b.LshrC(lanes[0], 32-k))
			got := bitwiseAtCuts(b, shl, shr, ops["xor"])
			want := b.Concat(b.RotL(lanes[1], k), b.RotL(lanes[0], k))
			if got != want {
				t.Errorf("rotation by %d of %v: %v, want %v", k, lanes, got, want)
			}
		}
	}
}
