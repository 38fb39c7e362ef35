package term_test

import (
	"math/rand/v2"
	"testing"

	"vg.dev/symexec/term"
)

// clmulRef is the carry-less product of two 64-bit words by the
// definition, as (high, low) words.
func clmulRef(x, y uint64) (hi, lo uint64) {
	for i := 0; i < 64; i++ {
		if y>>i&1 == 1 {
			lo ^= x << i
			if i > 0 {
				hi ^= x >> (64 - i)
			}
		}
	}
	return hi, lo
}

// TestClmulEval evaluates carry-less products of variables (the node) and
// of constants (folded) against the definition, at 64 bits and, through
// the low bytes, at 8.
func TestClmulEval(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	b := term.NewBuilder()
	x, y := b.Var("x", 64), b.Var("y", 64)
	p := b.Clmul(x, y)
	if p.Width() != 128 || b.Clmul(y, x) != p {
		t.Fatalf("Clmul(x, y) = %s (width %d), Clmul(y, x) = %s", p, p.Width(), b.Clmul(y, x))
	}
	x8, y8 := b.Extract(x, 7, 0), b.Extract(y, 7, 0)
	p8 := b.Clmul(x8, y8)
	for i := range 2000 {
		xv, yv := r.Uint64(), r.Uint64()
		switch i % 4 {
		case 1:
			yv = 1
		case 2:
			xv = 0
		case 3:
			xv, yv = xv>>r.IntN(64), yv>>r.IntN(64)
		}
		in := map[*term.Term]term.Value{x: term.U64(xv, 64), y: term.U64(yv, 64)}
		ev := term.NewEvaluator(func(v *term.Term) (term.Value, bool) { x, ok := in[v]; return x, ok })
		got, err := ev.Eval(p)
		if err != nil {
			t.Fatal(err)
		}
		hi, lo := clmulRef(xv, yv)
		if g := got.Big(); g.Uint64() != lo || g.Rsh(g, 64).Uint64() != hi {
			t.Fatalf("clmul(%#x, %#x) = %s, want %#x:%#x", xv, yv, got.Big().Text(16), hi, lo)
		}
		if k := b.Clmul(b.Uint(xv, 64), b.Uint(yv, 64)); !k.IsConst() {
			t.Fatalf("Clmul of constants is not folded: %s", k)
		} else if v, _ := k.Const(); v != got {
			t.Fatalf("Clmul(%#x, %#x) folds to %s, want %s", xv, yv, v.Big().Text(16), got.Big().Text(16))
		}
		got8, err := ev.Eval(p8)
		if err != nil {
			t.Fatal(err)
		}
		_, lo8 := clmulRef(xv&0xff, yv&0xff)
		if got8 != term.U64(lo8, 16) {
			t.Fatalf("clmul8(%#x, %#x) = %s, want %#x", xv&0xff, yv&0xff, got8.Big().Text(16), lo8)
		}
	}
	if z := b.Clmul(x, b.Zero(64)); !z.IsConst() {
		t.Errorf("Clmul(x, 0) = %s", z)
	}
	if one := b.Clmul(b.Uint(1, 64), y); one != b.ZeroExt(y, 128) {
		t.Errorf("Clmul(1, y) = %s", one)
	}
}
