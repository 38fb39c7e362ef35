package term

import (
	"math/rand"
	"testing"
)

// gfMul multiplies two bytes in GF(2⁸) modulo x⁸+x⁴+x³+x+1 (the test's own).
func gfMul(x, y byte) byte {
	var r byte
	for ; y != 0; y >>= 1 {
		if y&1 != 0 {
			r ^= x
		}
		x = x<<1 ^ 0x1b*(x>>7)
	}
	return r
}

// randomTable is a table of 2^n random w-bit entries.
func randomTable(rng *rand.Rand, n, w int) []uint64 {
	e := make([]uint64, 1<<n)
	for i := range e {
		e[i] = rng.Uint64() >> (64 - w)
	}
	return e
}

// lutCases are terms over lookups, one per rule of lut.go, built in b.
func lutCases(b *Builder, rng *rand.Rand) map[string]*Term {
	x, y := b.Var("x", 8), b.Var("y", 8)
	t8, u8, s32 := randomTable(rng, 8, 8), randomTable(rng, 8, 8), randomTable(rng, 8, 32)
	lx := b.LUT(x, 32, s32)
	ident := make([]uint64, 256)
	for i := range ident {
		ident[i] = uint64(i)
	}
	flat := make([]uint64, 4)
	for i := range flat {
		flat[i] = 0x5
	}
	return map[string]*Term{
		"constant index":       b.LUT(b.Uint(0x3c, 8), 32, s32),
		"constant table":       b.Xor(y, b.LUT(b.Extract(x, 1, 0), 8, flat)),
		"identity table":       b.Xor(y, b.LUT(x, 8, ident)),
		"lookup of a lookup":   b.LUT(b.LUT(x, 8, t8), 32, s32),
		"complemented index":   b.LUT(b.Not(x), 32, s32),
		"XORed index":          b.LUT(b.Xor(x, y, b.Uint(0xa5, 8)), 8, t8),
		"extract":              b.Concat(b.Extract(lx, 31, 24), b.Extract(lx, 12, 5)),
		"XOR at one index":     b.Xor(b.LUT(x, 8, t8), y, b.LUT(x, 8, u8)),
		"AND at one index":     b.And(b.LUT(x, 8, t8), b.LUT(x, 8, u8), b.LUT(y, 8, t8)),
		"AND of two, constant": b.And(b.Uint(0xf0, 8), b.LUT(x, 8, t8), b.LUT(x, 8, u8)),
		"OR of two":            b.Or(b.LUT(x, 8, t8), y, b.LUT(x, 8, u8)),
		"one-bit index":        b.LUT(b.Not(b.Eq(x, y)), 16, []uint64{0x1234, 0xfedc}),
	}
}

// TestLUTRules evaluates each rule's raw and simplified terms on every
// index (x exhaustively, y at random) and checks that each rule fired.
func TestLUTRules(t *testing.T) {
	raws := lutCases(NewRawBuilder(), rand.New(rand.NewSource(1)))
	simps := lutCases(NewBuilder(), rand.New(rand.NewSource(1)))
	rng := rand.New(rand.NewSource(2))
	for name, raw := range raws {
		simp := simps[name]
		if raw.String() == simp.String() {
			t.Errorf("%s: did not fire: %s", name, simp)
		}
		for xv := uint64(0); xv < 256; xv++ {
			yv := rng.Uint64() & 0xff
			if xv%4 == 0 {
				yv = xv // equal indices
			}
			env := func(v *Term) (Value, bool) {
				if v.Name() == "x" {
					return U64(xv, 8), true
				}
				return U64(yv, 8), true
			}
			a, err1 := NewEvaluator(env).Eval(raw)
			c, err2 := NewEvaluator(env).Eval(simp)
			if err1 != nil || err2 != nil || a != c {
				t.Fatalf("%s at x=%#x y=%#x: raw %s = %s, simplified %s = %s", name, xv, yv, raw, a.Hex(raw.Width()), simp, c.Hex(raw.Width()))
			}
		}
	}
}

// TestLUTMeets checks that spellings of one byte function build one term:
// an AES T-table's bytes and GF(2⁸) multiples of the S-box as a lookup, a
// function through a complement and back, and tables interned by content.
func TestLUTMeets(t *testing.T) {
	b := NewBuilder()
	x, k := b.Var("x", 8), b.Var("k", 8)
	rng := rand.New(rand.NewSource(3))
	sbox := randomTable(rng, 8, 8) // any byte function will do
	mul := func(c byte) []uint64 {
		e := make([]uint64, 256)
		for i := range e {
			e[i] = uint64(gfMul(byte(i), c))
		}
		return e
	}
	te0 := make([]uint64, 256) // 2s, s, s, 3s, big-endian as Go's te0
	for i, s := range sbox {
		s := byte(s)
		te0[i] = uint64(gfMul(s, 2))<<24 | uint64(s)<<16 | uint64(s)<<8 | uint64(gfMul(s, 3))
	}
	idx := b.Xor(x, k)
	s := b.LUT(idx, 8, sbox)
	word := b.LUT(idx, 32, te0)
	tests := []struct {
		name string
		a, c *Term
	}{
		{"T-table byte 3 is 2·S", b.Extract(word, 31, 24), b.LUT(s, 8, mul(2))},
		{"T-table byte 0 is 3·S", b.Extract(word, 7, 0), b.LUT(s, 8, mul(3))},
		{"3·S is 2·S ^ S", b.LUT(s, 8, mul(3)), b.Xor(b.LUT(s, 8, mul(2)), s)},
		{"a table of its own content", b.LUT(idx, 8, append([]uint64(nil), sbox...)), s},
		{"complemented twice", b.Not(b.Not(s)), s},
		{"XOR of a constant in and out", b.LUT(b.Xor(idx, b.Uint(7, 8)), 8, sbox), b.LUT(b.Xor(b.Uint(7, 8), k, x), 8, sbox)},
		{"a lookup XORed away", b.Xor(s, b.LUT(idx, 8, sbox), x), x},
		// A constant or a complement stays outside the lookup, so the
		// grouping of a XOR does not matter.
		{"a constant XORed first or last", b.Xor(b.Xor(b.Uint(1, 8), s), x), b.Xor(b.Uint(1, 8), b.Xor(s, x))},
		{"a complement XORed", b.Xor(b.Not(s), x), b.Xor(b.Uint(0xff, 8), s, x)},
		{"bits of a complement", b.Extract(b.Not(word), 15, 8), b.Not(b.LUT(idx, 8, sbox))},
	}
	for _, tt := range tests {
		if tt.a != tt.c {
			t.Errorf("%s: %s and %s are different terms", tt.name, tt.a, tt.c)
		}
	}
	if b.LUT(idx, 8, mul(2)) == b.LUT(idx, 8, mul(3)) || b.LUT(idx, 8, sbox) == b.LUT(k, 8, sbox) {
		t.Error("lookups of different tables or at different indices are one term")
	}
}

// TestLUTShape: the shape of a lookup is its table's content, in any
// Builder; different tables give different shapes.
func TestLUTShape(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	e, f := randomTable(rng, 8, 16), randomTable(rng, 8, 16)
	shape := func(b *Builder, name string, e []uint64) string {
		s, _ := Shape([]*Term{b.LUT(b.Var(name, 8), 16, e)})
		return s
	}
	b1, b2 := NewBuilder(), NewBuilder()
	b2.LUT(b2.Var("z", 8), 16, f) // another table first: other ids
	if shape(b1, "x", e) != shape(b2, "y", e) {
		t.Error("one table in two Builders: two shapes")
	}
	if shape(b1, "x", e) == shape(b1, "x", f) {
		t.Error("two tables: one shape")
	}
	if r := NewBuilder(); r.Import(b1.LUT(b1.Var("x", 8), 16, e)).Table().Digest() != b1.LUT(b1.Var("x", 8), 16, e).Table().Digest() {
		t.Error("Import changed a table")
	}
}

// TestLUTRange: a lookup's range is its entries'.
func TestLUTRange(t *testing.T) {
	b := NewBuilder()
	e := make([]uint64, 16)
	for i := range e {
		e[i] = uint64(40 + 3*i)
	}
	lo, hi, ok := b.Range(b.LUT(b.Var("x", 4), 32, e))
	if !ok || lo != 40 || hi != 85 {
		t.Errorf("range [%d, %d] %v, want [40, 85]", lo, hi, ok)
	}
}

// TestLUTBadInput: a table of the wrong length, an index too wide or
// entries too wide are refused.
func TestLUTBadInput(t *testing.T) {
	b := NewBuilder()
	for name, f := range map[string]func(){
		"short table": func() { b.LUT(b.Var("x", 8), 8, make([]uint64, 255)) },
		"wide index":  func() { b.LUT(b.Var("w", 9), 8, make([]uint64, 512)) },
		"wide entry":  func() { b.LUT(b.Var("x", 8), 65, make([]uint64, 256)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestSimplifyPreservesValueLUT is TestSimplifyPreservesValue over random
// terms with table lookups.
func TestSimplifyPreservesValueLUT(t *testing.T) {
	const n = 3000
	luts := 0
	for seed := int64(0); seed < n; seed++ {
		w := testWidths[seed%int64(len(testWidths))]
		raw := genTermLUT(NewRawBuilder(), rand.New(rand.NewSource(seed)), 4, w)
		simp := genTermLUT(NewBuilder(), rand.New(rand.NewSource(seed)), 4, w)
		if d := differ(raw, simp, rand.New(rand.NewSource(seed*7)), 8); d != "" {
			t.Fatalf("seed %d: %s", seed, d)
		}
		has := false
		Walk(func(x *Term) { has = has || x.op == OpLUT }, raw)
		if has {
			luts++
		}
	}
	if luts < n/10 {
		t.Errorf("%d of %d random terms hold a lookup", luts, n)
	}
}
