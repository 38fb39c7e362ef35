package mldsa

import (
	"math"
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/mldsa"
)

// Every variant is checked against the specification, which has its own
// tests against FIPS 204 and math/big. Equality is exact, coefficient for
// coefficient. The inputs are drawn from each function's precondition (the
// spec's Requires predicate is checked on every one), with its edge values;
// the functions whose kernels compute the spec's own int32 arithmetic are
// also compared on unconstrained inputs.

// asmKernel is an assembly kernel of this build, as listed by asmKernels.
type asmKernel struct {
	name   string
	usable func() bool
	f      any
}

type variant[F any] struct {
	name   string
	usable func() bool
	f      F
}

func yes() bool { return true }

// moreKernels lists further assembly kernels of a spec function than the
// one asmKernels has (the AVX-512 transforms), filled by init functions.
var moreKernels = map[string][]asmKernel{}

// variantsOf returns the public entry point, the generic variant and the
// assembly kernels of this build for the spec function specName.
func variantsOf[F any](specName string, public, generic F, genericName string) []variant[F] {
	vs := []variant[F]{{specName, yes, public}, {genericName, yes, generic}}
	if k, ok := asmKernels[specName]; ok {
		vs = append(vs, variant[F]{k.name, k.usable, k.f.(F)})
	}
	for _, k := range moreKernels[specName] {
		vs = append(vs, variant[F]{k.name, k.usable, k.f.(F)})
	}
	return vs
}

// asmOf returns only the assembly kernel, for the exhaustive tests.
func asmOf[F any](t *testing.T, specName string) (variant[F], bool) {
	k, ok := asmKernels[specName]
	if !ok {
		return variant[F]{}, false
	}
	if !k.usable() {
		t.Skipf("%s: CPU lacks the features (or VG_CPU_FEATURES hides them)", k.name)
	}
	return variant[F]{k.name, k.usable, k.f.(F)}, true
}

func skipUnusable(t testing.TB, usable func() bool) {
	if !usable() {
		t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
	}
}

// fill sets p to values in [lo, hi], uniformly with about one coefficient
// in eight an edge: lo, hi, 0 (if in range) or a neighbour of them.
func fill(r *rand.Rand, p *Poly, lo, hi int32) {
	edges := []int32{lo, hi, lo + 1, hi - 1}
	if lo <= 0 && 0 <= hi {
		edges = append(edges, 0)
	}
	if lo <= -1 && 1 <= hi {
		edges = append(edges, -1, 1)
	}
	for i := range p {
		if r.IntN(8) == 0 {
			p[i] = edges[r.IntN(len(edges))]
		} else {
			p[i] = int32(int64(lo) + r.Int64N(int64(hi)-int64(lo)+1))
		}
	}
}

// fillAny sets p to arbitrary int32 values, with the extremes frequent.
func fillAny(r *rand.Rand, p *Poly) { fill(r, p, math.MinInt32, math.MaxInt32) }

// constPolys are polynomials with every coefficient at an edge of [lo, hi],
// and alternating between the two.
func constPolys(lo, hi int32) []Poly {
	var a, b, c, d Poly
	for i := range a {
		a[i], b[i] = lo, hi
		c[i], d[i] = lo, hi
		if i%2 == 1 {
			c[i], d[i] = hi, lo
		}
	}
	return []Poly{a, b, c, d, {}}
}

func diff(t *testing.T, what string, got, want *Poly) bool {
	t.Helper()
	if *got == *want {
		return true
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s: coefficient %d = %d, want %d", what, i, got[i], want[i])
			return false
		}
	}
	return false
}

// In-place functions: NTT, InvNTT, Reduce, Freeze.

type unaryCase struct {
	name        string
	public      func(*Poly)
	generic     func(*Poly)
	genericName string
	spec        func(*Poly)
	requires    func(*Poly) bool
	lo, hi      int32
	everywhere  bool // the kernel is the spec's arithmetic on every input
}

var unaryCases = []unaryCase{
	{"NTT", NTT, nttGeneric, "nttGeneric", spec.NTT, spec.NTTRequires, -(Q - 1), Q - 1, true},
	{"InvNTT", InvNTT, invNTTGeneric, "invNTTGeneric", spec.InvNTT, spec.InvNTTRequires, -(1<<23 - 1), 1<<23 - 1, true},
	{"Reduce", Reduce, reduceGeneric, "reduceGeneric", spec.Reduce, spec.ReduceRequires, math.MinInt32, 1<<31 - 1<<22 - 1, true},
	{"Freeze", Freeze, freezeGeneric, "freezeGeneric", spec.Freeze, spec.FreezeRequires, math.MinInt32, 1<<31 - 1<<22 - 1, true},
}

func TestUnary(t *testing.T) {
	for _, c := range unaryCases {
		for _, v := range variantsOf(c.name, c.public, c.generic, c.genericName) {
			t.Run(c.name+"/"+v.name, func(t *testing.T) {
				skipUnusable(t, v.usable)
				check := func(p Poly, inRange bool) {
					t.Helper()
					if inRange && !c.requires(&p) {
						t.Fatalf("generated input outside %sRequires", c.name)
					}
					got, want := p, p
					v.f(&got)
					c.spec(&want)
					if !diff(t, v.name, &got, &want) {
						t.Fatalf("input %v", p)
					}
				}
				for _, p := range constPolys(c.lo, c.hi) {
					check(p, true)
				}
				r := rand.New(rand.NewPCG(1, uint64(len(c.name))))
				for range 3000 {
					var p Poly
					fill(r, &p, c.lo, c.hi)
					check(p, true)
				}
				if c.everywhere {
					for _, p := range constPolys(math.MinInt32, math.MaxInt32) {
						check(p, false)
					}
					for range 1000 {
						var p Poly
						fillAny(r, &p)
						check(p, false)
					}
				}
			})
		}
	}
}

// Three-operand functions: out = f(a, b), or out += for the accumulation.

type binaryCase struct {
	name        string
	public      func(out, a, b *Poly)
	generic     func(out, a, b *Poly)
	genericName string
	spec        func(out, a, b *Poly)
	requires    func(out, a, b *Poly) bool
	gen         func(r *rand.Rand, out, a, b *Poly)
	edges       [][3]Poly
}

// genMont draws a and b with a[i]·b[i] in MontMul's range [−2³¹q, 2³¹q):
// small × any, NTT outputs (|x| < 9q) × NTT outputs, or both near
// √(2³¹q) ≈ 2²⁷ − 2¹⁸ (2²⁷ itself is too large: (2²⁷ − 1)² > 2³¹q).
func genMont(r *rand.Rand, a, b *Poly) {
	switch r.IntN(3) {
	case 0:
		fill(r, a, -(Q - 1), Q-1)
		fillAny(r, b)
	case 1:
		fill(r, a, -(9*Q - 1), 9*Q-1)
		fill(r, b, -(9*Q - 1), 9*Q-1)
	default:
		fill(r, a, -(1<<27 - 1<<20), 1<<27-1<<20)
		fill(r, b, -(1<<27 - 1<<20), 1<<27-1<<20)
	}
}

var binaryCases = []binaryCase{
	{"PointwiseMontgomery", PointwiseMontgomery, pointwiseGeneric, "pointwiseGeneric",
		spec.PointwiseMontgomery, spec.PointwiseRequires,
		func(r *rand.Rand, out, a, b *Poly) { fillAny(r, out); genMont(r, a, b) },
		edgeTriples(-(Q - 1), Q-1, math.MinInt32, math.MaxInt32)},
	{"PointwiseAccMontgomery", PointwiseAccMontgomery, pointwiseAccGeneric, "pointwiseAccGeneric",
		spec.PointwiseAccMontgomery, spec.PointwiseAccRequires,
		func(r *rand.Rand, out, a, b *Poly) { fill(r, out, -(1<<31 - Q), 1<<31-Q); genMont(r, a, b) },
		edgeTriples(-(Q - 1), Q-1, -(1<<31 - Q), 1<<31-Q)},
	{"Add", Add, addGeneric, "addGeneric", spec.Add, spec.AddRequires,
		func(r *rand.Rand, out, a, b *Poly) {
			fillAny(r, out)
			fill(r, a, -1<<30, 1<<30-1)
			fill(r, b, -1<<30, 1<<30)
		},
		edgeTriples(-1<<30, 1<<30-1, -1<<30, 1<<30)},
	{"Sub", Sub, subGeneric, "subGeneric", spec.Sub, spec.SubRequires,
		func(r *rand.Rand, out, a, b *Poly) {
			fillAny(r, out)
			fill(r, a, -1<<30, 1<<30-1)
			fill(r, b, -1<<30+1, 1<<30)
		},
		edgeTriples(-1<<30, 1<<30-1, -1<<30+1, 1<<30)},
}

// edgeTriples combines the constant polynomials of two ranges into
// (out, a, b) triples, out from the second range.
func edgeTriples(alo, ahi, blo, bhi int32) [][3]Poly {
	var ts [][3]Poly
	for _, a := range constPolys(alo, ahi) {
		for _, b := range constPolys(blo, bhi) {
			ts = append(ts, [3]Poly{b, a, b})
		}
	}
	return ts
}

func TestBinary(t *testing.T) {
	for _, c := range binaryCases {
		for _, v := range variantsOf(c.name, c.public, c.generic, c.genericName) {
			t.Run(c.name+"/"+v.name, func(t *testing.T) {
				skipUnusable(t, v.usable)
				check := func(out, a, b Poly, inRange bool) {
					t.Helper()
					if inRange && !c.requires(&out, &a, &b) {
						t.Fatalf("generated input outside the precondition")
					}
					got, want := out, out
					v.f(&got, &a, &b)
					c.spec(&want, &a, &b)
					if !diff(t, v.name, &got, &want) {
						t.Fatalf("inputs out %v a %v b %v", out, a, b)
					}
					// out aliasing a, as the spec allows.
					ga, wa := a, a
					v.f(&ga, &ga, &b)
					c.spec(&wa, &wa, &b)
					if !diff(t, v.name+" (out = a)", &ga, &wa) {
						t.Fatalf("inputs a %v b %v", a, b)
					}
				}
				for _, e := range c.edges {
					check(e[0], e[1], e[2], true)
				}
				r := rand.New(rand.NewPCG(2, uint64(len(c.name))))
				for range 3000 {
					var out, a, b Poly
					c.gen(r, &out, &a, &b)
					check(out, a, b, true)
				}
				// Every one of these kernels is the spec's int32 arithmetic,
				// wrapping included.
				for range 1000 {
					var out, a, b Poly
					fillAny(r, &out)
					fillAny(r, &a)
					fillAny(r, &b)
					check(out, a, b, false)
				}
			})
		}
	}
}

func TestNormExceeds(t *testing.T) {
	for _, v := range variantsOf("NormExceeds", NormExceeds, normExceedsGeneric, "normExceedsGeneric") {
		t.Run(v.name, func(t *testing.T) {
			skipUnusable(t, v.usable)
			check := func(a Poly, bound int32, inRange bool) {
				t.Helper()
				if inRange && !spec.NormExceedsRequires(&a, bound) {
					t.Fatalf("generated input outside NormExceedsRequires")
				}
				if got, want := v.f(&a, bound), spec.NormExceeds(&a, bound); got != want {
					t.Fatalf("%s(bound %d) = %d, want %d; a = %v", v.name, bound, got, want, a)
				}
			}
			r := rand.New(rand.NewPCG(3, 4))
			bounds := []int32{0, 1, 2, (Q - 1) / 8, Gamma2_88, Gamma2_32, 1 << 17, 1 << 19, math.MaxInt32}
			for range 4000 {
				bound := bounds[r.IntN(len(bounds))]
				if r.IntN(2) == 0 {
					bound = int32(r.IntN((Q - 1) / 8))
				}
				var a Poly
				// Mostly below the bound, with at most a few coefficients at
				// or above it, in either sign, anywhere.
				below := max(bound-1, 0)
				fill(r, &a, -below, below)
				for range r.IntN(3) {
					i := r.IntN(N)
					x := bound + int32(r.IntN(3))
					if x < 0 {
						x = math.MaxInt32
					}
					if r.IntN(2) == 0 {
						x = -x
					}
					a[i] = x
				}
				check(a, bound, true)
			}
			for _, a := range constPolys(-(1<<31 - 1), 1<<31-1) {
				for _, bound := range bounds {
					check(a, bound, true)
				}
			}
			// Outside the precondition: −2³¹ coefficients and negative
			// bounds. The kernel still equals the spec.
			for range 1000 {
				var a Poly
				fillAny(r, &a)
				bound := int32(r.Uint32())
				if r.IntN(2) == 0 {
					for i := range a {
						if a[i] != math.MinInt32 {
							a[i] %= 1 << 20
						}
					}
					bound = int32(r.IntN(1<<21)) - 1<<20
				}
				check(a, bound, false)
			}
		})
	}
}

// randomPoly returns a polynomial with coefficients in [lo, hi].
func randomPoly(r *rand.Rand, lo, hi int32) Poly {
	var p Poly
	fill(r, &p, lo, hi)
	return p
}

// The rounding functions on random inputs, through every variant. The
// exhaustive tests in rounding_test.go cover every r ∈ [0, q) for the
// assembly kernels.

func TestRoundingRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	inputs := make([]Poly, 200)
	for i := range inputs {
		inputs[i] = randomPoly(r, 0, Q-1)
	}
	inputs = append(inputs, constPolys(0, Q-1)...)
	type two = func(a1, a0, a *Poly)
	type one = func(a1, a *Poly)
	for _, c := range []struct {
		name  string
		pub   two
		gen   two
		gname string
		spec  two
	}{
		{"Power2Round", Power2Round, power2RoundGeneric, "power2RoundGeneric", spec.Power2Round},
		{"Decompose88", Decompose88, decompose88Generic, "decompose88Generic", spec.Decompose88},
		{"Decompose32", Decompose32, decompose32Generic, "decompose32Generic", spec.Decompose32},
	} {
		for _, v := range variantsOf(c.name, c.pub, c.gen, c.gname) {
			t.Run(c.name+"/"+v.name, func(t *testing.T) {
				skipUnusable(t, v.usable)
				for _, a := range inputs {
					g1, g0 := randomPoly(r, math.MinInt32, math.MaxInt32), randomPoly(r, math.MinInt32, math.MaxInt32)
					var w1, w0 Poly
					v.f(&g1, &g0, &a)
					c.spec(&w1, &w0, &a)
					if !diff(t, "a1", &g1, &w1) || !diff(t, "a0", &g0, &w0) {
						t.Fatalf("a = %v", a)
					}
				}
			})
		}
	}
	for _, c := range []struct {
		name  string
		pub   one
		gen   one
		gname string
		spec  one
	}{
		{"HighBits88", HighBits88, highBits88Generic, "highBits88Generic", spec.HighBits88},
		{"HighBits32", HighBits32, highBits32Generic, "highBits32Generic", spec.HighBits32},
		{"LowBits88", LowBits88, lowBits88Generic, "lowBits88Generic", spec.LowBits88},
		{"LowBits32", LowBits32, lowBits32Generic, "lowBits32Generic", spec.LowBits32},
	} {
		for _, v := range variantsOf(c.name, c.pub, c.gen, c.gname) {
			t.Run(c.name+"/"+v.name, func(t *testing.T) {
				skipUnusable(t, v.usable)
				for _, a := range inputs {
					got := randomPoly(r, math.MinInt32, math.MaxInt32)
					var want Poly
					v.f(&got, &a)
					c.spec(&want, &a)
					if !diff(t, v.name, &got, &want) {
						t.Fatalf("a = %v", a)
					}
				}
			})
		}
	}
	type hintFn = func(h, z, r *Poly) uint32
	for _, c := range []struct {
		name  string
		pub   hintFn
		gen   hintFn
		gname string
		spec  hintFn
	}{
		{"MakeHint88", MakeHint88, makeHint88Generic, "makeHint88Generic", spec.MakeHint88},
		{"MakeHint32", MakeHint32, makeHint32Generic, "makeHint32Generic", spec.MakeHint32},
	} {
		for _, v := range variantsOf(c.name, c.pub, c.gen, c.gname) {
			t.Run(c.name+"/"+v.name, func(t *testing.T) {
				skipUnusable(t, v.usable)
				for i, z := range inputs {
					rr := inputs[(i*7+3)%len(inputs)]
					got := randomPoly(r, math.MinInt32, math.MaxInt32)
					var want Poly
					gn, wn := v.f(&got, &z, &rr), c.spec(&want, &z, &rr)
					if !diff(t, v.name, &got, &want) || gn != wn {
						t.Fatalf("count %d, want %d; z = %v, r = %v", gn, wn, z, rr)
					}
				}
			})
		}
	}
	for _, c := range []struct {
		name  string
		pub   two
		gen   two
		gname string
		spec  two
	}{
		{"UseHint88", UseHint88, useHint88Generic, "useHint88Generic", spec.UseHint88},
		{"UseHint32", UseHint32, useHint32Generic, "useHint32Generic", spec.UseHint32},
	} {
		for _, v := range variantsOf(c.name, c.pub, c.gen, c.gname) {
			t.Run(c.name+"/"+v.name, func(t *testing.T) {
				skipUnusable(t, v.usable)
				for _, a := range inputs {
					h := randomPoly(r, 0, 1)
					if !spec.UseHintRequires(nil, &h, &a) {
						t.Fatal("generated input outside UseHintRequires")
					}
					got := randomPoly(r, math.MinInt32, math.MaxInt32)
					var want Poly
					v.f(&got, &h, &a)
					c.spec(&want, &h, &a)
					if !diff(t, v.name, &got, &want) {
						t.Fatalf("h = %v, r = %v", h, a)
					}
				}
			})
		}
	}
}
