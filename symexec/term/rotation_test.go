package term

import (
	"fmt"
	"testing"
)

// keccakRounds builds the 24 rounds of Keccak-f[1600] on a with rotations
// made by rotl, the way the spec and the kernels compute them.
func keccakRounds(b *Builder, a [25]*Term, rotl func(x *Term, n int) *Term) [25]*Term {
	rot := [25]int{0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14}
	for r := range 24 {
		var c [5]*Term
		for x := range 5 {
			c[x] = b.Xor(b.Xor(b.Xor(b.Xor(a[x], a[x+5]), a[x+10]), a[x+15]), a[x+20])
		}
		for x := range 5 {
			d := b.Xor(c[(x+4)%5], rotl(c[(x+1)%5], 1))
			for y := range 5 {
				a[x+5*y] = b.Xor(a[x+5*y], d)
			}
		}
		var bb [25]*Term
		for x := range 5 {
			for y := range 5 {
				bb[y+5*((2*x+3*y)%5)] = rotl(a[x+5*y], rot[x+5*y])
			}
		}
		for y := range 5 {
			for x := range 5 {
				a[x+5*y] = b.Xor(bb[x+5*y], b.And(b.Not(bb[(x+1)%5+5*y]), bb[(x+2)%5+5*y]))
			}
		}
		a[0] = b.Xor(a[0], b.Uint(uint64(r+1), 64))
	}
	return a
}

// TestRotationChains checks that rotations of XORs stay rotations: the
// 24 rounds of Keccak-f[1600] take a few thousand terms (splitting each
// rotated XOR into its operands' bits took millions), and rotations
// spelled as two shifts and an OR or XOR (as AVX2 code spells them) give
// the very terms of RotL.
func TestRotationChains(t *testing.T) {
	b := NewBuilder()
	var a [25]*Term
	for i := range a {
		a[i] = b.Var(fmt.Sprintf("a%d", i), 64)
	}
	x := keccakRounds(b, a, b.RotL)
	if n := b.Len(); n > 10000 {
		t.Errorf("Keccak-f[1600] with RotL: %d terms, want at most 10000", n)
	}
	y := keccakRounds(b, a, func(x *Term, n int) *Term { return b.Or(b.ShlC(x, n), b.LshrC(x, 64-n)) })
	z := keccakRounds(b, a, func(x *Term, n int) *Term { return b.Xor(b.LshrC(x, 64-n), b.ShlC(x, n)) })
	for i := range x {
		if x[i] != y[i] || x[i] != z[i] {
			t.Errorf("lane %d: rotations by shifts differ from RotL", i)
		}
	}
	// The terms still mean Keccak: evaluate against a direct computation.
	env := map[string]Value{}
	var want [25]uint64
	for i := range want {
		want[i] = uint64(i)*0x9E3779B97F4A7C15 + 1
		env[fmt.Sprintf("a%d", i)] = U64(want[i], 64)
	}
	rot := [25]int{0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14}
	rotl := func(v uint64, n int) uint64 { return v<<n | v>>((64-n)%64) }
	for r := range 24 {
		var c [5]uint64
		for x := range 5 {
			c[x] = want[x] ^ want[x+5] ^ want[x+10] ^ want[x+15] ^ want[x+20]
		}
		for x := range 5 {
			d := c[(x+4)%5] ^ rotl(c[(x+1)%5], 1)
			for y := range 5 {
				want[x+5*y] ^= d
			}
		}
		var bb [25]uint64
		for x := range 5 {
			for y := range 5 {
				bb[y+5*((2*x+3*y)%5)] = rotl(want[x+5*y], rot[x+5*y])
			}
		}
		for y := range 5 {
			for x := range 5 {
				want[x+5*y] = bb[x+5*y] ^ (^bb[(x+1)%5+5*y] & bb[(x+2)%5+5*y])
			}
		}
		want[0] ^= uint64(r + 1)
	}
	ev := NewEvaluator(func(v *Term) (Value, bool) { x, ok := env[v.Name()]; return x, ok })
	for i := range x {
		if got, err := ev.Eval(x[i]); err != nil || got != U64(want[i], 64) {
			t.Fatalf("lane %d evaluates to %v, want %#x", i, got, want[i])
		}
	}
}

// TestRotationExtracts checks the extracts of rotations and the
// recognition of rotations from parts, on terms whose values are easy to
// state.
func TestRotationExtracts(t *testing.T) {
	b := NewBuilder()
	x, y := b.Var("x", 64), b.Var("y", 64)
	v := b.Xor(x, y)
	r := b.RotL(v, 8)
	if r.Op() != OpRotl || r.Rotation() != 8 {
		t.Fatalf("RotL of an XOR is %s", r)
	}
	if got := b.RotL(r, 56); got != v {
		t.Errorf("rotations do not combine: %s", got)
	}
	// A rotation of a variable is a rotation too, and its extracts map to
	// the variable's bits.
	rx := b.RotL(x, 8)
	if got, want := b.Extract(rx, 15, 8), b.Extract(x, 7, 0); got != want {
		t.Errorf("extract of rotl(x): %s, want %s", got, want)
	}
	if got, want := b.Extract(rx, 7, 0), b.Extract(x, 63, 56); got != want {
		t.Errorf("extract of rotl(x): %s, want %s", got, want)
	}
	if got, want := b.Extract(rx, 11, 4), b.Concat(b.Extract(x, 3, 0), b.Extract(x, 63, 60)); got != want {
		t.Errorf("wrapping extract of rotl(x): %s, want %s", got, want)
	}
	// Under a rotation of a bitwise operation the extract stops.
	if got := b.Extract(r, 15, 8); got.Op() != OpExtract || got.Arg(0) != r {
		t.Errorf("extract of rotl(x ^ y) is %s", got)
	}
	// Two extracts of v in rotation order are the rotation.
	if got := b.Concat(b.Extract(v, 55, 0), b.Extract(v, 63, 56)); got != r {
		t.Errorf("concat of v's parts is %s, want %s", got, r)
	}
	// The rotation of a concatenation is one.
	c := b.Concat(b.Extract(x, 31, 0), b.Extract(y, 31, 0))
	if got := b.RotL(c, 8); got.Op() != OpConcat {
		t.Errorf("rotl of a concat is %s", got)
	}
	env := map[string]Value{"x": U64(0x0123456789ABCDEF, 64), "y": U64(0xFEDCBA9876543210^0x5555, 64)}
	ev := NewEvaluator(func(v *Term) (Value, bool) { x, ok := env[v.Name()]; return x, ok })
	xv := uint64(0x0123456789ABCDEF) ^ (0xFEDCBA9876543210 ^ 0x5555)
	if got, err := ev.Eval(r); err != nil || got != U64(xv<<8|xv>>56, 64) {
		t.Errorf("rotl evaluates to %v", got)
	}
}

// TestRotationByShifts: x << n | x >> (w − n) and its XOR spelling are
// RotL(x, n) for a XOR with a constant and for complements of XORs, ANDs
// and rotations. Each is built in a builder of its own: a part extracted
// before from another term names that term (rotationOf reads the first
// recorded origin), and then the two parts are not seen as one rotation.
func TestRotationByShifts(t *testing.T) {
	cases := []struct {
		name string
		x    func(b *Builder, v1, v2 *Term) *Term
	}{
		{"xor", func(b *Builder, v1, v2 *Term) *Term { return b.Xor(v1, v2) }},
		{"xor with a constant", func(b *Builder, v1, v2 *Term) *Term { return b.Xor(b.Uint(5, 64), v1, v2) }},
		{"complement of a xor", func(b *Builder, v1, v2 *Term) *Term { return b.Not(b.Xor(v1, v2)) }},
		{"complement of an and", func(b *Builder, v1, v2 *Term) *Term { return b.Not(b.And(v1, v2)) }},
		{"complement of a rotated xor", func(b *Builder, v1, v2 *Term) *Term { return b.Not(b.RotL(b.Xor(v1, v2), 3)) }},
		{"chi", func(b *Builder, v1, v2 *Term) *Term {
			return b.Xor(b.Uint(1, 64), b.RotL(b.Xor(v1, v2), 3), b.And(b.Not(b.RotL(b.Xor(v1, v2), 7)), v2))
		}},
	}
	for _, c := range cases {
		for _, n := range []int{1, 5, 63} {
			b := NewBuilder()
			x := c.x(b, b.Var("v1", 64), b.Var("v2", 64))
			want := b.RotL(x, n)
			if got := b.Or(b.ShlC(x, n), b.LshrC(x, 64-n)); got != want {
				t.Errorf("%s by %d: shifts and OR give %v, want %v", c.name, n, got, want)
			}
			if got := b.Xor(b.LshrC(x, 64-n), b.ShlC(x, n)); got != want {
				t.Errorf("%s by %d: shifts and XOR give %v, want %v", c.name, n, got, want)
			}
		}
	}
}

// TestSigmaSpellingsMeet: SHA-256's σ₀ written with rotations (blockGeneric)
// and as the AVX2 kernel computes it on lanes, which have no rotate (two
// shifts ORed, then shifts XORed into the accumulator one by one), is one
// term, for a word that is a variable, bytes of a message, or a sum.
func TestSigmaSpellingsMeet(t *testing.T) {
	b := NewBuilder()
	p, y, z := b.Var("p", 64), b.Var("y", 32), b.Var("z", 32)
	for _, tt := range []struct {
		name string
		x    *Term
	}{
		{"variable", b.Var("x", 32)},
		{"message bytes", b.Concat(b.Extract(p, 7, 0), b.Extract(p, 15, 8), b.Extract(p, 23, 16), b.Extract(p, 31, 24))},
		{"sum", b.Add(y, z)},
		{"sum with a constant", b.Add(b.RotR(y, 3), b.Uint(0x428a2f98, 32))},
	} {
		x := tt.x
		rotations := b.Xor(b.RotR(x, 7), b.RotR(x, 18), b.LshrC(x, 3))
		acc := b.Or(b.LshrC(x, 7), b.ShlC(x, 25))
		for _, s := range []*Term{b.ShlC(x, 14), b.LshrC(x, 18), b.LshrC(x, 3)} {
			acc = b.Xor(acc, s)
		}
		if rotations != acc {
			t.Errorf("%s: σ₀ with rotations\n\t%v\nby lane shifts\n\t%v", tt.name, rotations, acc)
		}
	}
}
