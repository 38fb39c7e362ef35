//go:build cgo

package term_test

import (
	"math/rand"
	"testing"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// TestLUTRulesZ3 proves each table-lookup rule (lut.go) valid for all
// inputs: raw and simplified terms equal, the lookups translated to
// multiplexers over the index's bits.
func TestLUTRulesZ3(t *testing.T) {
	s := smt.NewSolver(0, "")
	defer s.Close()
	table := func(seed int64, n, w int) []uint64 {
		rng := rand.New(rand.NewSource(seed))
		e := make([]uint64, 1<<n)
		for i := range e {
			e[i] = rng.Uint64() >> (64 - w)
		}
		return e
	}
	ident := make([]uint64, 256)
	for i := range ident {
		ident[i] = uint64(i)
	}
	v := func(b *term.Builder, n string, w int) *term.Term { return b.Var(n, w) }
	rules := []struct {
		name string
		f    func(b *term.Builder) *term.Term
	}{
		{"constant index", func(b *term.Builder) *term.Term {
			return b.Xor(v(b, "y", 32), b.LUT(b.Uint(0x3c, 8), 32, table(1, 8, 32)))
		}},
		{"identity table", func(b *term.Builder) *term.Term { return b.Xor(v(b, "y", 8), b.LUT(v(b, "x", 8), 8, ident)) }},
		{"lookup of a lookup", func(b *term.Builder) *term.Term {
			return b.LUT(b.LUT(v(b, "x", 8), 6, table(2, 8, 6)), 32, table(3, 6, 32))
		}},
		{"complemented index", func(b *term.Builder) *term.Term { return b.LUT(b.Not(v(b, "x", 8)), 16, table(4, 8, 16)) }},
		{"XORed index", func(b *term.Builder) *term.Term {
			return b.LUT(b.Xor(v(b, "x", 8), v(b, "y", 8), b.Uint(0xa5, 8)), 8, table(5, 8, 8))
		}},
		{"extract", func(b *term.Builder) *term.Term {
			l := b.LUT(v(b, "x", 8), 64, table(6, 8, 64))
			return b.Concat(b.Extract(l, 63, 40), b.Extract(l, 12, 5))
		}},
		{"extract of a complement", func(b *term.Builder) *term.Term {
			return b.Extract(b.Not(b.LUT(v(b, "x", 5), 12, table(7, 5, 12))), 9, 2)
		}},
		{"XOR at one index", func(b *term.Builder) *term.Term {
			x := v(b, "x", 8)
			return b.Xor(b.LUT(x, 8, table(8, 8, 8)), v(b, "y", 8), b.LUT(x, 8, table(9, 8, 8)))
		}},
		{"AND and OR at one index", func(b *term.Builder) *term.Term {
			x := v(b, "x", 8)
			return b.Concat(b.And(b.Uint(0xf0, 8), b.LUT(x, 8, table(10, 8, 8)), b.LUT(x, 8, table(11, 8, 8))),
				b.Or(b.LUT(x, 8, table(12, 8, 8)), v(b, "y", 8), b.LUT(x, 8, table(13, 8, 8))))
		}},
		{"one-bit index", func(b *term.Builder) *term.Term {
			return b.LUT(b.Not(b.Ult(v(b, "x", 8), v(b, "y", 8))), 16, []uint64{0x1234, 0xfedc})
		}},
	}
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) {
			raw, simp := r.f(term.NewRawBuilder()), r.f(term.NewBuilder())
			if raw.String() == simp.String() {
				t.Fatalf("rule %q did not fire: %s", r.name, simp)
			}
			valid(t, s, raw, simp)
		})
	}
	// A wrong table is not proved: the translation tells entries apart.
	b := term.NewRawBuilder()
	e := table(14, 8, 8)
	f := append([]uint64(nil), e...)
	f[0x9d] ^= 1
	x := v(b, "x", 8)
	out, err := s.Check(t.Context(), []*term.Term{b.Ne(b.LUT(x, 8, e), b.LUT(x, 8, f))}, smt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Answer != smt.Sat {
		t.Fatalf("tables differing at 0x9d: %s, want sat", out.Answer)
	}
}

// TestRandomLUTTermsZ3 proves random simplified terms with table lookups
// equal to their raw form. At most 8 bits wide: random 16-bit products
// can keep Z3 for minutes (the lookups are up to 64 bits all the same).
func TestRandomLUTTermsZ3(t *testing.T) {
	s := smt.NewSolver(0, "")
	defer s.Close()
	n := 300
	if testing.Short() {
		n = 100
	}
	for seed := int64(0); seed < int64(n); seed++ {
		w := []int{1, 4, 8}[seed%3]
		raw := term.GenTermLUT(term.NewRawBuilder(), rand.New(rand.NewSource(seed)), 3, w)
		simp := term.GenTermLUT(term.NewBuilder(), rand.New(rand.NewSource(seed)), 3, w)
		valid(t, s, raw, simp)
	}
}

// TestLUTTranslation checks the solver's reading of a lookup against the
// table: at constant indices (built raw, so not folded), and by the index
// the solver finds for an entry of a permutation (the bit order of the
// multiplexer). Under abstraction, lookups into one table at equal
// indices are equal and lookups into two tables are not.
func TestLUTTranslation(t *testing.T) {
	s := smt.NewSolver(0, "")
	defer s.Close()
	rng := rand.New(rand.NewSource(15))
	perm := rng.Perm(256)
	e := make([]uint64, 256)
	for i, p := range perm {
		e[i] = uint64(p)
	}
	b := term.NewRawBuilder()
	x, y := b.Var("x", 8), b.Var("y", 8)
	check := func(name string, want smt.Answer, opt smt.Options, q ...*term.Term) smt.Outcome {
		t.Helper()
		out, err := s.Check(t.Context(), q, opt)
		if err != nil {
			t.Fatal(err)
		}
		if out.Answer != want {
			t.Fatalf("%s: %s, want %s", name, out.Answer, want)
		}
		return out
	}
	for _, i := range []uint64{0, 1, 0x80, 0x5a, 0xa5, 0xff} {
		check("constant index", smt.Unsat, smt.Options{}, b.Ne(b.LUT(b.Uint(i, 8), 8, e), b.Uint(e[i], 8)))
		out := check("entry", smt.Sat, smt.Options{}, b.Eq(b.LUT(x, 8, e), b.Uint(e[i], 8)))
		if got := out.Model[x][0]; got != i {
			t.Errorf("the index of entry %#x: %#x, want %#x", e[i], got, i)
		}
	}
	f := append([]uint64(nil), e...)
	f[7] ^= 0x40
	abs := smt.Options{Abstract: true}
	check("one table, equal indices", smt.Unsat, abs, b.Eq(x, y), b.Ne(b.LUT(x, 8, e), b.LUT(y, 8, e)))
	check("two tables", smt.Sat, abs, b.Ne(b.LUT(x, 8, e), b.LUT(x, 8, f)))
	check("one table, any indices", smt.Sat, abs, b.Ne(b.LUT(x, 8, e), b.LUT(y, 8, e)))
}
