package term

import (
	"fmt"
	"math/bits"
	"math/rand"
	"strings"
	"testing"
)

// The confluence property: a linear combination c + Σ kᵢ·aᵢ of arbitrary
// subterms aᵢ, built as written (a product by each constant, summed left to
// right) and built again after random semantics-preserving rewrites — a
// constant product by IMUL, by shifts and adds, by a chain of LEAs or as a
// negation; subtraction as the addition of a negation; a constant
// distributed over a sum or not; the sum computed at twice the width and
// its low half taken; the summands in any order — must be the same node.
// The subterms are themselves such combinations, wrapped in products,
// masks and shifts (a limb of a previous product), so the forms must meet
// at any depth.

// A combo is the recipe of one linear combination of width w.
type combo struct {
	w     int
	c     uint64
	parts []part
	shape uint64 // the order and grouping of the rewritten sum
	wide  bool   // the rewritten sum is computed at 2w bits, its low half taken
}

// A part is k × at, rewritten by method how.
type part struct {
	k   uint64
	how int
	at  atomRecipe
}

// An atomRecipe is a subterm that is not itself a sum (unless it is a
// combo's).
type atomRecipe struct {
	kind int
	x, y int     // variables
	s    int     // a shift amount
	sub  []combo // nested combinations
}

// The kinds of atom.
const (
	atomVar        = iota // a variable
	atomProdLimb          // bits 114..51 of the 128-bit product of two variables
	atomProdLow           // the low 51 bits of such a product, zero-extended
	atomShr               // a variable shifted right
	atomLimb              // (sub₀ mod 2⁵¹) + sub₁ >> s (s = 0 or 51): a reduced limb of nested combos
	atomProdSubs          // the low word of the product of two nested combos
	atomProdSubsHi        // bits 114..51 of the 128-bit product of two nested combos
	atomSext              // the low half of a variable, sign-extended
	atomIte               // a selection between two variables
	atomXor               // a bitwise combination of two variables
	atomSub               // a nested combo itself
	atomSplit             // bits 114..51 of the 128-bit sub₀:sub₁ (hi << 13 | lo >> 51, or SHLD)
	atomMasked            // sub₀ mod 2⁵¹, zero-extended
	numAtomKinds
)

// The rewrites of k·a.
const (
	howIMUL    = iota // k × a
	howIMULRev        // a × k
	howShifts         // Σ a << i over the set bits of k
	howNAF            // a << m − (2^m − k)·a
	howLEA            // LEA chains: x + s·y with s ∈ {1, 2, 4, 8}
	howNeg            // −((−k)·a), as a negation, 0 − x or ^x + 1
	howWide           // the low word of the 2w-bit product of k and zext(a)
	howCut            // for k = 2^s and a with z ≥ s leading zeros: a << s cut below its zeros, zero-extended
	numHows
)

func (c combo) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "[w%d %#x", c.w, c.c)
	for _, p := range c.parts {
		fmt.Fprintf(&sb, " + %#x·%s/how%d", p.k, p.at, p.how)
	}
	fmt.Fprintf(&sb, " shape=%#x wide=%v]", c.shape, c.wide)
	return sb.String()
}

func (a atomRecipe) String() string {
	names := []string{"var", "prodLimb", "prodLow", "shr", "limb", "prodSubs", "prodSubsHi", "sext", "ite", "xor", "sub", "split", "masked"}
	s := fmt.Sprintf("%s(v%d,v%d", names[a.kind], a.x, a.y)
	if a.kind == atomShr || a.kind == atomLimb {
		s += fmt.Sprintf(",%d", a.s)
	}
	for _, c := range a.sub {
		s += "," + c.String()
	}
	return s + ")"
}

// genCombo draws a combination of width w with nesting depth at most depth.
func genCombo(rng *rand.Rand, w, depth int) combo {
	return genComboAt(rng, w, depth, levelTop)
}

// The levels of a combination, which decide its coefficients (genCoef).
const (
	levelTop    = iota // the outer combination: any coefficients
	levelNested        // a nested combination: the constants of real code
	levelColumn        // the halves of a limb: a column sum of atoms
)

func genComboAt(rng *rand.Rand, w, depth, level int) combo {
	c := combo{w: w, shape: rng.Uint64(), wide: rng.Intn(6) == 0}
	if level != levelColumn && rng.Intn(3) == 0 {
		c.c = genCoef(rng, w, level == levelTop)
	}
	for n := 1 + rng.Intn(4); n > 0; n-- {
		at := genAtom(rng, w, depth, level == levelColumn)
		k := uint64(1)
		if level != levelColumn {
			// A limb gets the coefficients of real code too.
			any := level == levelTop && at.kind != atomLimb && at.kind != atomSplit && at.kind != atomSub && at.kind != atomMasked
			k = genCoef(rng, w, any)
		}
		c.parts = append(c.parts, part{k: k, how: rng.Intn(numHows), at: at})
	}
	return c
}

// genCoef draws the coefficients kernels use (19, 38, 2, 121666, powers of
// two, their negations) and, when any is set, random ones.
//
// Nested combinations — the operands of products that the outer
// combination multiplies — and the multiples of limbs get the coefficients
// of real code only: constants below 2^17 and their negations; the two
// halves of a limb (atomLimb, atomSplit) are column sums, of coefficient 1.
// A multiple inside a limb, cut to the limb's 51 bits and then shifted by
// a LEA, loses top bits of its coefficient that no lift can restore
// (linear.go), so its two forms need not meet. No kernel computes such a
// thing: a limb is split from a column of products.
func genCoef(rng *rand.Rand, w int, any bool) uint64 {
	if !any {
		switch rng.Intn(6) {
		case 0:
			return 19
		case 1:
			return 38
		case 2:
			return 121666
		case 3:
			return -uint64(1+rng.Intn(40)) & mask(w)
		}
		return uint64(1 + rng.Intn(64))
	}
	var k uint64
	switch rng.Intn(8) {
	case 0:
		k = 19
	case 1:
		k = 38
	case 2:
		k = 1 << rng.Intn(w)
	case 3:
		k = uint64(rng.Intn(64))
	case 4:
		k = -uint64(1 + rng.Intn(40))
	case 5:
		k = 121666
	case 6:
		k = 1<<rng.Intn(w) - uint64(rng.Intn(3))
	default:
		k = rng.Uint64()
	}
	return k & mask(w)
}

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// genAtom draws an atom; a column's are not limbs or nested combinations.
func genAtom(rng *rand.Rand, w, depth int, column bool) atomRecipe {
	a := atomRecipe{kind: rng.Intn(numAtomKinds), x: rng.Intn(4), y: rng.Intn(4), s: 1 + rng.Intn(w-1)}
	if w != 64 && (a.kind == atomProdLimb || a.kind == atomProdLow || a.kind == atomLimb || a.kind == atomProdSubsHi || a.kind == atomSplit || a.kind == atomMasked) {
		a.kind = atomVar
	}
	if column && (a.kind == atomLimb || a.kind == atomSplit || a.kind == atomSub || a.kind == atomMasked) {
		a.kind = atomProdLimb
	}
	switch a.kind {
	case atomLimb, atomSplit:
		if depth == 0 {
			a.kind = atomVar
			break
		}
		a.sub = []combo{genComboAt(rng, w, depth-1, levelColumn), genComboAt(rng, w, depth-1, levelColumn)}
		if a.kind == atomLimb {
			a.s = 51 * rng.Intn(2)
		}
	case atomProdSubs, atomProdSubsHi:
		if depth == 0 {
			a.kind = atomVar
			break
		}
		a.sub = []combo{genComboAt(rng, w, depth-1, levelNested), genComboAt(rng, w, depth-1, levelNested)}
	case atomSub, atomMasked:
		if depth == 0 {
			a.kind = atomVar
			break
		}
		a.sub = []combo{genComboAt(rng, w, depth-1, levelNested)}
	}
	return a
}

// builds renders a combination: as written when rewrite is false, else
// rewritten as the recipe says.
type builds struct {
	b       *Builder
	rewrite bool
}

func (r builds) v(i, w int) *Term { return r.b.Var(fmt.Sprintf("v%d_%d", i, w), w) }

func (r builds) atom(a atomRecipe, w int) *Term {
	b := r.b
	switch a.kind {
	case atomProdLimb, atomProdLow:
		p := b.Mul(b.ZeroExt(r.v(a.x, 64), 128), b.ZeroExt(r.v(a.y, 64), 128))
		if a.kind == atomProdLow {
			return b.And(b.Extract(p, 63, 0), b.Uint(1<<51-1, 64))
		}
		return r.limbOf(p)
	case atomShr:
		return b.LshrC(r.v(a.x, w), a.s)
	case atomLimb:
		return b.Add(b.And(r.combo(a.sub[0]), b.Uint(1<<51-1, 64)), b.LshrC(r.combo(a.sub[1]), a.s))
	case atomProdSubs:
		return b.Mul(r.combo(a.sub[0]), r.combo(a.sub[1]))
	case atomProdSubsHi:
		return r.limbOf(b.Mul(b.ZeroExt(r.combo(a.sub[0]), 128), b.ZeroExt(r.combo(a.sub[1]), 128)))
	case atomSext:
		return b.SignExt(b.Extract(r.v(a.x, w), w/2-1, 0), w)
	case atomIte:
		return b.Ite(b.Ult(r.v(a.x, w), r.v(a.y, w)), r.v(a.x, w), r.v(a.y, w))
	case atomXor:
		return b.Xor(r.v(a.x, w), r.v(a.y, w))
	case atomSub:
		return r.combo(a.sub[0])
	case atomMasked:
		return b.And(r.combo(a.sub[0]), b.Uint(1<<51-1, 64))
	case atomSplit:
		hi, lo := r.combo(a.sub[0]), r.combo(a.sub[1])
		if r.rewrite {
			return b.Concat(b.Extract(hi, 50, 0), b.Extract(lo, 63, 51))
		}
		return b.Or(b.ShlC(hi, 13), b.LshrC(lo, 51))
	}
	return r.v(a.x, w)
}

// limbOf is bits 114..51 of a 128-bit product: hi << 13 | lo >> 51 as
// written, SHLD's extract when rewritten.
func (r builds) limbOf(p *Term) *Term {
	b := r.b
	if r.rewrite {
		return b.Extract(p, 114, 51)
	}
	return b.Or(b.ShlC(b.Extract(p, 127, 64), 13), b.LshrC(b.Extract(p, 63, 0), 51))
}

func (r builds) combo(c combo) *Term {
	b, w := r.b, c.w
	if !r.rewrite {
		acc := b.Uint(c.c, w)
		for _, p := range c.parts {
			acc = b.Add(acc, b.Mul(b.Uint(p.k, w), r.atom(p.at, w)))
		}
		return acc
	}
	rng := rand.New(rand.NewSource(int64(c.shape)))
	ww := w
	if c.wide {
		ww = 2 * w
	}
	widen := func(t *Term) *Term { return b.ZeroExt(t, ww) }
	// Group parts that share a power of two or a small odd factor and
	// distribute the common factor over their sum.
	type term struct {
		k uint64
		t *Term
	}
	var ts []term
	for _, p := range c.parts {
		ts = append(ts, term{p.k, widen(r.scale(p.k, r.atom(p.at, w), p.how, rng))})
	}
	rng.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
	if len(c.parts) >= 2 && rng.Intn(2) == 0 {
		// Distribute a common factor g over the first two parts instead.
		p0, p1 := c.parts[0], c.parts[1]
		if g := uint64(1) << min(bits.TrailingZeros64(p0.k), bits.TrailingZeros64(p1.k)); g > 1 && g <= mask(w) {
			in0 := b.Mul(b.Uint(p0.k/g, w), r.atom(p0.at, w))
			in1 := b.Mul(b.Uint(p1.k/g, w), r.atom(p1.at, w))
			ts = []term{{g, widen(r.scale(g, b.Add(in0, in1), rng.Intn(numHows), rng))}}
			for _, p := range c.parts[2:] {
				ts = append(ts, term{p.k, widen(r.scale(p.k, r.atom(p.at, w), p.how, rng))})
			}
		}
	}
	var acc *Term
	if c.c != 0 || len(ts) == 0 {
		acc = b.Uint(c.c, ww)
	}
	for _, t := range ts {
		switch {
		case acc == nil:
			acc = t.t
		case rng.Intn(4) == 0:
			// Subtraction of the negation.
			acc = b.Sub(acc, b.Neg(t.t))
		case rng.Intn(3) == 0:
			acc = b.Add(t.t, acc)
		default:
			acc = b.Add(acc, t.t)
		}
	}
	if c.wide {
		acc = b.Extract(acc, w-1, 0)
	}
	return acc
}

// scale is k·a rewritten by method how.
func (r builds) scale(k uint64, a *Term, how int, rng *rand.Rand) *Term {
	b, w := r.b, a.Width()
	k &= mask(w)
	switch how {
	case howIMULRev:
		return b.Mul(a, b.Uint(k, w))
	case howShifts:
		return shiftsAndAdds(b, k, a)
	case howNAF:
		m := bits.Len64(k)
		if m >= w || m == 0 {
			return shiftsAndAdds(b, k, a)
		}
		return b.Sub(b.ShlC(a, m), shiftsAndAdds(b, (uint64(1)<<m-k)&mask(w), a))
	case howLEA:
		return leaChain(b, k, a, rng)
	case howNeg:
		n := -k & mask(w)
		x := b.Mul(b.Uint(n, w), a)
		switch rng.Intn(3) {
		case 0:
			return b.Neg(x)
		case 1:
			return b.Sub(b.Zero(w), x)
		}
		return b.Add(b.Not(x), b.Uint(1, w))
	case howWide:
		return b.Extract(b.Mul(b.Uint(k, 2*w), b.ZeroExt(a, 2*w)), w-1, 0)
	case howCut:
		z := 0
		if a.op == OpConcat && a.args[0].isZero() {
			z = a.args[0].Width()
		}
		if sh := bits.TrailingZeros64(k); k == 1<<sh && sh <= z && sh < w {
			return b.ZeroExt(b.Extract(b.ShlC(a, sh), w-1-(z-sh), 0), w)
		}
	}
	return b.Mul(b.Uint(k, w), a)
}

// shiftsAndAdds is Σ a << i over the set bits i of k, high bits first.
func shiftsAndAdds(b *Builder, k uint64, a *Term) *Term {
	w := a.Width()
	acc := b.Zero(w)
	for i := w - 1; i >= 0; i-- {
		if k>>uint(i)&1 == 1 {
			acc = b.Add(acc, b.ShlC(a, i))
		}
	}
	return acc
}

// lea is LEAQ (x)(y*s): x + s·y, with the scale a product as the lifters
// build it.
func lea(b *Builder, x, y *Term, s uint64) *Term {
	return b.Add(x, b.Mul(b.Uint(s, x.Width()), y))
}

// leaChain computes k·a with LEAs: a factor 3, 5 or 9 as one LEA of a with
// itself, a factor 2 as one of a with a, and an odd k as a + s·((k−1)/s)·a.
func leaChain(b *Builder, k uint64, a *Term, rng *rand.Rand) *Term {
	w := a.Width()
	switch {
	case k == 0:
		return b.Zero(w)
	case k == 1:
		return a
	}
	for _, f := range []uint64{9, 5, 3} {
		if k%f == 0 && rng.Intn(2) == 0 {
			return leaChain(b, k/f, lea(b, a, a, f-1), rng)
		}
	}
	if k%2 == 0 {
		return leaChain(b, k/2, lea(b, a, a, 1), rng)
	}
	for _, s := range []uint64{8, 4, 2} {
		if (k-1)%s == 0 && rng.Intn(2) == 0 {
			return lea(b, a, leaChain(b, (k-1)/s, a, rng), s)
		}
	}
	return lea(b, a, leaChain(b, k-1, a, rng), 1)
}

// confluent builds c as written and rewritten in one Builder and reports
// how they differ ("" when they are the same node). It also evaluates both
// and an unsimplified build on random inputs: a difference there is a bug
// in the rewrites or the simplifier, not a missed normal form.
func confluent(c combo) string {
	b := NewBuilder()
	x := builds{b, false}.combo(c)
	y := builds{b, true}.combo(c)
	raw := builds{NewRawBuilder(), true}.combo(c)
	rng := rand.New(rand.NewSource(int64(c.shape)))
	if d := differ(raw, x, rng, 8); d != "" {
		return "as written, simplified, is wrong: " + d
	}
	if d := differ(raw, y, rng, 8); d != "" {
		return "rewritten, simplified, is wrong: " + d
	}
	if x != y {
		return fmt.Sprintf("different nodes:\n  as written %s\n  rewritten  %s", x, y)
	}
	return ""
}

// shrink returns a smallest variant of c that still fails.
func shrink(c combo) (combo, string) {
	msg := confluent(c)
	for changed := true; changed; {
		changed = false
		for _, d := range smaller(c) {
			if m := confluent(d); m != "" {
				c, msg, changed = d, m, true
				break
			}
		}
	}
	return c, msg
}

// smaller lists the one-step simplifications of c.
func smaller(c combo) []combo {
	var out []combo
	with := func(f func(d *combo)) {
		d := c
		d.parts = append([]part(nil), c.parts...)
		f(&d)
		out = append(out, d)
	}
	if c.c != 0 {
		with(func(d *combo) { d.c = 0 })
	}
	if c.wide {
		with(func(d *combo) { d.wide = false })
	}
	if c.shape != 0 {
		with(func(d *combo) { d.shape = 0 })
	}
	for i, p := range c.parts {
		if len(c.parts) > 1 {
			with(func(d *combo) { d.parts = append(d.parts[:i:i], d.parts[i+1:]...) })
		}
		if p.how != howIMUL {
			with(func(d *combo) { d.parts[i].how = howIMUL })
		}
		// Coefficients shrink to 1 only: a smaller one may be outside
		// what genCoef draws at this level.
		if p.k != 1 {
			with(func(d *combo) { d.parts[i].k = 1 })
		}
		if p.at.kind != atomVar {
			with(func(d *combo) { d.parts[i].at = atomRecipe{kind: atomVar, x: p.at.x} })
		}
		for j, s := range p.at.sub {
			for _, t := range smaller(s) {
				with(func(d *combo) {
					at := d.parts[i].at
					at.sub = append([]combo(nil), at.sub...)
					at.sub[j] = t
					d.parts[i].at = at
				})
			}
		}
	}
	return out
}

func checkConfluent(t *testing.T, c combo) {
	t.Helper()
	if msg := confluent(c); msg != "" {
		small, smallMsg := shrink(c)
		t.Fatalf("not confluent: %s\nsmallest failing recipe: %s\n%s", c, small, smallMsg)
	}
}

// issue19 is the case of issue 19: 19·L for a limb L of a previous
// product (L = lo mod 2⁵¹ + the next product's bits 114..51), by two LEAs
// and as the spec's L·19, and the product of that with another limb.
var issue19 = []combo{
	{w: 64, parts: []part{{k: 19, how: howLEA, at: atomRecipe{kind: atomLimb, sub: []combo{
		{w: 64, parts: []part{{k: 1, at: atomRecipe{kind: atomProdLow, x: 0, y: 1}}}},
		{w: 64, parts: []part{{k: 1, at: atomRecipe{kind: atomProdLimb, x: 2, y: 3}}}},
	}}}}},
	{w: 64, parts: []part{{k: 1, at: atomRecipe{kind: atomProdSubsHi, sub: []combo{
		{w: 64, parts: []part{{k: 19, how: howLEA, at: atomRecipe{kind: atomLimb, sub: []combo{
			{w: 64, parts: []part{{k: 1, at: atomRecipe{kind: atomProdLow, x: 0, y: 1}}}},
			{w: 64, parts: []part{{k: 1, at: atomRecipe{kind: atomProdLimb, x: 0, y: 2}}}},
		}}}}},
		{w: 64, parts: []part{{k: 1, at: atomRecipe{kind: atomProdLimb, x: 1, y: 3}}}},
	}}}}},
}

func TestConfluenceIssue19(t *testing.T) {
	for _, c := range issue19 {
		checkConfluent(t, c)
	}
}

// TestConfluence checks random combinations, nested two deep.
func TestConfluence(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	for seed := int64(0); seed < int64(n); seed++ {
		rng := rand.New(rand.NewSource(seed))
		w := []int{64, 64, 32}[seed%3]
		checkConfluent(t, genCombo(rng, w, 2))
	}
}

// FuzzConfluence is TestConfluence under the fuzzer: go test -fuzz
// FuzzConfluence ./symexec/term.
func FuzzConfluence(f *testing.F) {
	for seed := int64(0); seed < 8; seed++ {
		f.Add(seed, uint8(2), uint8(0))
	}
	f.Fuzz(func(t *testing.T, seed int64, depth, width uint8) {
		rng := rand.New(rand.NewSource(seed))
		w := []int{64, 32, 16}[int(width)%3]
		checkConfluent(t, genCombo(rng, w, int(depth)%4))
	})
}
