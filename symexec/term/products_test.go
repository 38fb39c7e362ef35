package term_test

import (
	"math/bits"
	"math/rand"
	"testing"

	"vg.dev/symexec/term"
)

// A productCase is a product of two words a and c written in several
// ways, each with a constant factor somewhere, under bounds on a and c.
// merge says whether the normaliser must make them one term: exactly
// when no multiple can wrap in its word under the bounds.
type productCase struct {
	name           string
	w              int  // word width: the product has 2w bits
	fields         bool // a and c are the low and high halves of one 2w-bit variable
	boundA, boundC uint64
	spellings      []spelling
	merge          bool
}

// A spelling builds the 2w-bit product of a and c one way.
type spelling struct {
	name  string
	build func(b *term.Builder, a, c *term.Term) *term.Term
}

// zextProduct is (k·a mod 2^w) × (l·c mod 2^w), both zero-extended.
func zextProduct(k, l uint64) func(b *term.Builder, a, c *term.Term) *term.Term {
	return func(b *term.Builder, a, c *term.Term) *term.Term {
		w := a.Width()
		x := b.ZeroExt(b.Mul(b.Uint(k, w), a), 2*w)
		y := b.ZeroExt(b.Mul(b.Uint(l, w), c), 2*w)
		return b.Mul(x, y)
	}
}

// pulled is k × (zext a × zext c), the factor outside the product.
func pulled(k uint64) func(b *term.Builder, a, c *term.Term) *term.Term {
	return func(b *term.Builder, a, c *term.Term) *term.Term {
		w := a.Width()
		return b.Mul(b.Uint(k, 2*w), b.Mul(b.ZeroExt(a, 2*w), b.ZeroExt(c, 2*w)))
	}
}

var (
	s38a    = spelling{"(38a)·c", zextProduct(38, 1)}
	s19a2c  = spelling{"(19a)·(2c)", zextProduct(19, 2)}
	s2a19c  = spelling{"(2a)·(19c)", zextProduct(2, 19)}
	s38out  = spelling{"38·(a·c)", pulled(38)}
	s1025a  = spelling{"(1025a)·c", zextProduct(1025, 1)}
	s1025ou = spelling{"1025·(a·c)", pulled(1025)}
	s37a    = spelling{"(37a)·c", zextProduct(37, 1)}
	s37out  = spelling{"37·(a·c)", pulled(37)}
)

var productCases = []productCase{
	// feSquare's limbs: below 2^54, far from wrapping.
	{name: "limbs below 2^54", w: 64, boundA: 1<<54 - 1, boundC: 1<<54 - 1,
		spellings: []spelling{s38a, s19a2c, s2a19c, s38out}, merge: true},
	// 32-bit words at the edge: 38·a fits below 2^26, 2·c below 2^31.
	{name: "tight at 32 bits", w: 32, boundA: 1<<26 - 1, boundC: 1<<31 - 1,
		spellings: []spelling{s38a, s19a2c, s38out}, merge: true},
	{name: "tight, fields of one word", w: 32, fields: true, boundA: 1<<26 - 1, boundC: 1<<31 - 1,
		spellings: []spelling{s38a, s19a2c, s38out}, merge: true},
	// One bit looser: 38·a wraps for a ≥ 2^32/38.
	{name: "a one bit too wide", w: 32, boundA: 1<<27 - 1, boundC: 1<<31 - 1,
		spellings: []spelling{s38a, s19a2c}},
	{name: "a one bit too wide, fields", w: 32, fields: true, boundA: 1<<27 - 1, boundC: 1<<31 - 1,
		spellings: []spelling{s38a, s19a2c}},
	// c unbounded: 2·c wraps for c ≥ 2^31.
	{name: "c one bit too wide", w: 32, boundA: 1<<26 - 1,
		spellings: []spelling{s38a, s19a2c}},
	// 1025·a wraps in 64 bits for a just below 2^54.
	{name: "wrapping multiple", w: 64, boundA: 1<<54 - 1, boundC: 1<<54 - 1,
		spellings: []spelling{s1025a, s1025ou}},
	{name: "no bounds", w: 64, spellings: []spelling{s38a, s19a2c}},
	// The same at 8 bits, small enough for Z3 to prove the products equal
	// (a SAT solver finds multipliers of 16 bits and more hard to compare).
	{name: "tight at 8 bits", w: 8, boundA: 1<<2 - 1, boundC: 1<<7 - 1,
		spellings: []spelling{s38a, s19a2c, s38out}, merge: true},
	// (2a)·(19c) too, when 19·c fits as well.
	{name: "tight at 8 bits, 19c fits", w: 8, boundA: 1<<2 - 1, boundC: 1<<3 - 1,
		spellings: []spelling{s38a, s19a2c, s2a19c, s38out}, merge: true},
	{name: "19c wraps at 8 bits", w: 8, boundA: 1<<2 - 1, boundC: 1<<4 - 1,
		spellings: []spelling{s38a, s2a19c}},
	{name: "tight at 8 bits, fields", w: 8, fields: true, boundA: 1<<2 - 1, boundC: 1<<7 - 1,
		spellings: []spelling{s38a, s19a2c, s38out}, merge: true},
	{name: "a one bit too wide at 8 bits", w: 8, boundA: 1<<3 - 1, boundC: 1<<7 - 1,
		spellings: []spelling{s38a, s19a2c}},
	{name: "a one bit too wide at 8 bits, fields", w: 8, fields: true, boundA: 1<<3 - 1, boundC: 1<<7 - 1,
		spellings: []spelling{s38a, s19a2c}},
	{name: "c one bit too wide at 8 bits", w: 8, boundA: 1<<2 - 1,
		spellings: []spelling{s38a, s19a2c}},
	{name: "wrapping multiple at 8 bits", w: 8, boundA: 1<<3 - 1, boundC: 1<<7 - 1,
		spellings: []spelling{s37a, s37out}},
}

// words returns the variables a and c of the case and the bounds on them.
func (pc productCase) words(b *term.Builder) (a, c *term.Term, bounds map[*term.Term]uint64) {
	if pc.fields {
		x := b.Var("x", 2*pc.w)
		a, c = b.Extract(x, pc.w-1, 0), b.Extract(x, 2*pc.w-1, pc.w)
	} else {
		a, c = b.Var("a", pc.w), b.Var("c", pc.w)
	}
	bounds = map[*term.Term]uint64{}
	if pc.boundA != 0 {
		bounds[a] = pc.boundA
	}
	if pc.boundC != 0 {
		bounds[c] = pc.boundC
	}
	return a, c, bounds
}

// draw returns values of a and c within the bounds (the widest value a
// word holds when unbounded): half of them near the top of the range,
// where multiples wrap.
func (pc productCase) draw(rng *rand.Rand) (a, c uint64) {
	one := func(hi uint64) uint64 {
		if hi == 0 {
			hi = 1<<pc.w - 1
			if pc.w == 64 {
				hi = ^uint64(0)
			}
		}
		if rng.Intn(2) == 0 {
			return hi - rng.Uint64()%(hi>>12+1)
		}
		if hi == ^uint64(0) {
			return rng.Uint64()
		}
		return rng.Uint64() % (hi + 1)
	}
	return one(pc.boundA), one(pc.boundC)
}

// env is the variables' values for a and c.
func (pc productCase) env(b *term.Builder, a, c uint64) map[*term.Term]term.Value {
	if pc.fields {
		return map[*term.Term]term.Value{b.Var("x", 2*pc.w): term.U64(a|c<<pc.w, 2*pc.w)}
	}
	return map[*term.Term]term.Value{b.Var("a", pc.w): term.U64(a, pc.w), b.Var("c", pc.w): term.U64(c, pc.w)}
}

// TestProductsUnderBounds: the spellings of each case are one term
// exactly when the case says so, each simplified term has the value of the
// term as written on inputs within the bounds, and where they stay apart
// the written spellings do differ on such an input (merging them would
// have been wrong).
func TestProductsUnderBounds(t *testing.T) {
	for _, pc := range productCases {
		t.Run(pc.name, func(t *testing.T) {
			b, raw := term.NewBuilder(), term.NewRawBuilder()
			a, c, bounds := pc.words(b)
			ra, rc, _ := pc.words(raw)
			b.AssumeBounds(bounds)
			simp := make([]*term.Term, len(pc.spellings))
			written := make([]*term.Term, len(pc.spellings))
			for i, s := range pc.spellings {
				simp[i], written[i] = s.build(b, a, c), s.build(raw, ra, rc)
			}
			for i := 1; i < len(simp); i++ {
				if (simp[i] == simp[0]) != pc.merge {
					t.Errorf("%s and %s: one term %v, want %v:\n %s\n %s", pc.spellings[0].name, pc.spellings[i].name, !pc.merge, pc.merge, simp[0], simp[i])
				}
			}
			rng := rand.New(rand.NewSource(1))
			differ := false
			for n := 0; n < 2000; n++ {
				x, y := pc.draw(rng)
				es := term.NewEvaluator(term.MapEnv(pc.env(b, x, y)))
				er := term.NewEvaluator(term.MapEnv(pc.env(raw, x, y)))
				var first term.Value
				for i := range simp {
					vs, err1 := es.Eval(simp[i])
					vr, err2 := er.Eval(written[i])
					if err1 != nil || err2 != nil {
						t.Fatal(err1, err2)
					}
					if vs != vr {
						t.Fatalf("%s at a=%#x c=%#x: simplified %v, as written %v", pc.spellings[i].name, x, y, vs, vr)
					}
					if i == 0 {
						first = vr
					} else if vr != first {
						differ = true
					}
				}
			}
			if !pc.merge && !differ {
				t.Errorf("the spellings never differed within the bounds: the case does not show a rule that must not fire")
			}
		})
	}
}

// TestAssumedBoundsScope: a rewrite made under assumed bounds does not
// outlive them: the same requests, made again without the bounds or under
// looser ones, build what those allow. And the assumed bounds reach the
// products only: the top bits of a + c, 0 under the bounds, stay an
// extract (only a machine bound, Bound, makes them 0).
func TestAssumedBoundsScope(t *testing.T) {
	b := term.NewBuilder()
	a, c := b.Var("a", 64), b.Var("c", 64)
	tight := map[*term.Term]uint64{a: 1<<54 - 1, c: 1<<54 - 1}
	top := func() *term.Term { return b.Extract(b.Add(a, c), 63, 60) }
	merged := func() bool { return s38a.build(b, a, c) == s19a2c.build(b, a, c) }
	steps := []struct {
		name   string
		bounds map[*term.Term]uint64
		merged bool
	}{
		{"tight", tight, true},
		{"none after tight", nil, false},
		{"tight again", tight, true},
		{"a too wide for 38a", map[*term.Term]uint64{a: 1<<59 - 1, c: 1<<54 - 1}, false},
		{"a alone", map[*term.Term]uint64{a: 1<<54 - 1}, false},
		{"tight a third time", tight, true},
		{"empty", map[*term.Term]uint64{}, false},
	}
	for _, st := range steps {
		b.AssumeBounds(st.bounds)
		if top().IsConst() {
			t.Errorf("%s: bits 63..60 of a + c are %s: an assumed bound reached a rule other than the products'", st.name, top())
		}
		if got := merged(); got != st.merged {
			t.Errorf("%s: (38a)·c and (19a)·(2c) one term %v, want %v", st.name, got, st.merged)
		}
	}
	// The control, in a builder of its own (Bound comes before the terms
	// it bounds).
	m := term.NewBuilder()
	ma, mc := m.Var("a", 64), m.Var("c", 64)
	m.Bound(ma, 1<<54-1)
	m.Bound(mc, 1<<54-1)
	if x := m.Extract(m.Add(ma, mc), 63, 60); !x.IsConst() {
		t.Errorf("with machine bounds, bits 63..60 of a + c are %s, want 0", x)
	}
}

// TestImpliedBounds: the bounds read off conjuncts, and the conjuncts that
// bound nothing.
func TestImpliedBounds(t *testing.T) {
	b := term.NewBuilder()
	a, c := b.Var("a", 64), b.Var("c", 64)
	x := b.Var("x", 64)
	lo, hi := b.Extract(x, 31, 0), b.Extract(x, 63, 32)
	k := func(v uint64) *term.Term { return b.Uint(v, 64) }
	k32 := func(v uint64) *term.Term { return b.Uint(v, 32) }
	cases := []struct {
		name  string
		conds []*term.Term
		want  map[*term.Term]uint64
	}{
		{"v < k", []*term.Term{b.Ult(a, k(1<<54))}, map[*term.Term]uint64{a: 1<<54 - 1}},
		{"v ≤ k", []*term.Term{b.Ule(a, k(100))}, map[*term.Term]uint64{a: 100}},
		{"k > v", []*term.Term{b.Ugt(k(7), a)}, map[*term.Term]uint64{a: 6}},
		{"¬(k < v)", []*term.Term{b.Not(b.Ult(k(9), a))}, map[*term.Term]uint64{a: 9}},
		{"¬(k ≤ v)", []*term.Term{b.Not(b.Ule(k(9), a))}, map[*term.Term]uint64{a: 8}},
		{"v = k", []*term.Term{b.Eq(a, k(3))}, map[*term.Term]uint64{a: 3}},
		{"the tighter of two", []*term.Term{b.Ult(a, k(1<<60)), b.Ult(a, k(1<<54)), b.Ult(a, k(1<<58))}, map[*term.Term]uint64{a: 1<<54 - 1}},
		{"two variables", []*term.Term{b.Ult(a, k(5)), b.Ule(c, k(6))}, map[*term.Term]uint64{a: 4, c: 6}},
		{"fields of a word", []*term.Term{b.Ult(lo, k32(1<<26)), b.Ult(hi, k32(1<<31))}, map[*term.Term]uint64{lo: 1<<26 - 1, hi: 1<<31 - 1}},
		{"v < 0 bounds nothing", []*term.Term{b.Not(b.Ule(k(0), a))}, nil},
		{"a lower bound", []*term.Term{b.Ult(k(5), a)}, nil},
		{"a disjunction", []*term.Term{b.Or(b.Eq(a, c), b.Ult(a, k(5)))}, nil},
		{"against a variable", []*term.Term{b.Ult(a, c)}, nil},
		{"of a sum", []*term.Term{b.Ult(b.Add(a, k(1)), k(5))}, nil},
		{"signed", []*term.Term{b.Slt(a, k(5))}, nil},
	}
	for _, tc := range cases {
		got := term.ImpliedBounds(tc.conds)
		if len(got) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			continue
		}
		for v, hi := range tc.want {
			if got[v] != hi {
				t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			}
		}
	}
}

// TestConstantProductWidths builds the high half of a 52-bit product by a
// constant the two ways a kernel and its spec do: VPMADD52HUQ (bits 52 to
// 103 of the 104-bit product) and bits.Mul64 of the masked operands
// (hi<<12 | lo>>52 of the 128-bit product). The two are one term for
// every constant and operand shape: the product is built at the width it
// fits in whatever the width it was made at.
func TestConstantProductWidths(t *testing.T) {
	kernel := func(b *term.Builder, x, y *term.Term) *term.Term {
		p := b.Mul(b.ZeroExt(b.Extract(x, 51, 0), 104), b.ZeroExt(b.Extract(y, 51, 0), 104))
		return b.ZeroExt(b.Extract(p, 103, 52), 64)
	}
	spec := func(b *term.Builder, x, y *term.Term) *term.Term {
		m := b.Uint(1<<52-1, 64)
		p := b.Mul(b.ZeroExt(b.And(x, m), 128), b.ZeroExt(b.And(y, m), 128))
		return b.Or(b.ShlC(b.Extract(p, 127, 64), 12), b.LshrC(b.Extract(p, 63, 0), 52))
	}
	operands := []struct {
		name string
		x    func(b *term.Builder) *term.Term
	}{
		{"variable", func(b *term.Builder) *term.Term { return b.Var("x", 64) }},
		{"2p − s", func(b *term.Builder) *term.Term {
			s := b.Var("s", 64)
			b.Bound(s, 1<<52)
			return b.Sub(b.Uint(1<<53-38, 64), s)
		}},
		{"sum", func(b *term.Builder) *term.Term { return b.Add(b.Var("x", 64), b.Var("y", 64)) }},
	}
	for _, k := range []uint64{1, 2, 19, 38, 121665, 1<<52 - 38, 1<<53 - 38, 1<<52 - 1} {
		for _, op := range operands {
			b := term.NewBuilder()
			x, y := op.x(b), b.Uint(k, 64)
			kt, st := kernel(b, x, y), spec(b, x, y)
			if kt != st {
				t.Errorf("k = %#x, %s: two terms\n kernel %v\n spec   %v", k, op.name, kt, st)
			}
			// And as a value: the high half of x[51:0]·k[51:0].
			if op.name != "variable" {
				continue
			}
			for _, xv := range []uint64{0xfedcba9876543, 1<<64 - 1, 1 << 51} {
				ev := term.NewEvaluator(func(*term.Term) (term.Value, bool) { return term.U64(xv, 64), true })
				got, err := ev.Eval(kt)
				if err != nil {
					t.Fatal(err)
				}
				hi, lo := bits.Mul64(xv&(1<<52-1), k&(1<<52-1))
				if want := hi<<12 | lo>>52; got.Uint64() != want {
					t.Errorf("k = %#x, x = %#x: evaluates to %#x, want %#x", k, xv, got.Uint64(), want)
				}
			}
		}
	}
}
