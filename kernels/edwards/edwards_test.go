package edwards

import (
	"math/rand/v2"
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/edwards"
)

// The kernels are compared with their specification, which has its own
// tests against affine arithmetic in math/big; equality is exact, limb
// for limb, also for inputs beyond the specification's bounds.

type variant struct {
	name     string
	usable   func() bool
	double   func(p *Element52x4)
	add, sub func(p, q *Element52x4)
	cached   func(out, p, k *Element52x4)
	pow      func(out, a *Element52x4)
}

// allVariants adds the public entry points and the generic variant to the
// assembly variants of this build.
func allVariants() []variant {
	yes := func() bool { return true }
	return append([]variant{
		{"API", yes, Double, AddCached, SubCached, Cached, Pow22523},
		{"generic", yes, doubleGeneric, addCachedGeneric, subCachedGeneric, cachedGeneric, pow22523Generic},
	}, variants...)
}

const (
	max47 = 1<<47 - 1
	max52 = 1<<52 - 1
	max64 = 1<<64 - 1
)

// edges are special lane values: zero, one, two, p − 1, p, p + 1, limbs at
// the bound, a product's largest top limb, and limbs beyond the bound
// (whose bits from 52 up the multiply-adds ignore, as the spec does).
var edges = [][5]uint64{
	{},
	{1},
	{2},
	{max52 - 19, max52, max52, max52, max47},
	{max52 - 18, max52, max52, max52, max47},
	{max52 - 17, max52, max52, max52, max47},
	{max52, max52, max52, max52, max52},
	{max52, max52, max52, max52, max47 + 1<<11},
	{max52},
	{0, 0, 0, 0, max52},
	{max52, 0, max52, 0, max52},
	{1 << 52, 1<<53 - 1, 1 << 63, max64, max64},
	{max64, max64, max64, max64, max64},
}

// randomLane returns limbs mostly < 2⁵², biased towards the bound; one in
// sixteen limbs has bits above 52.
func randomLane(r *rand.Rand) [5]uint64 {
	var e [5]uint64
	for i := range e {
		switch r.IntN(16) {
		case 0:
			e[i] = r.Uint64()
		case 1, 2:
			e[i] = max52 - r.Uint64N(32)
		case 3:
			e[i] = r.Uint64N(32)
		default:
			e[i] = r.Uint64() >> 12
		}
	}
	if r.IntN(2) == 0 {
		e[4] &= max47 + 1<<11
	}
	return e
}

func setLane(x *Element52x4, j int, e [5]uint64) {
	for i := range e {
		x[i][j] = e[i]
	}
}

func random(r *rand.Rand) Element52x4 {
	var x Element52x4
	for j := range 4 {
		setLane(&x, j, randomLane(r))
	}
	return x
}

// inputs returns random pairs, every edge in every lane of either operand
// next to random lanes, and pairs with uniformly random 64-bit limbs.
func inputs(r *rand.Rand) [][3]Element52x4 {
	var in [][3]Element52x4
	for n, e := range edges {
		for j := range 4 {
			for w := range 3 {
				x := [3]Element52x4{random(r), random(r), random(r)}
				setLane(&x[w], (j+n)%4, e)
				in = append(in, x)
			}
		}
	}
	for range 3000 {
		in = append(in, [3]Element52x4{random(r), random(r), random(r)})
	}
	for range 300 {
		var x [3]Element52x4
		for w := range x {
			for i := range 5 {
				for j := range 4 {
					x[w][i][j] = r.Uint64()
				}
			}
		}
		in = append(in, x)
	}
	return in
}

// TestKernels compares every variant's four operations with the
// specification on random and extreme inputs, and with the arguments the
// same memory.
func TestKernels(t *testing.T) {
	in := inputs(rand.New(rand.NewPCG(25519, 4)))
	for _, v := range allVariants() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for _, x := range in {
				got, want := x[0], x[0]
				v.double(&got)
				spec.Double52x4(&want)
				if got != want {
					t.Fatalf("double(%#x) = %#x, want %#x", x[0], got, want)
				}
				for _, op := range []struct {
					name string
					f, s func(p, q *Element52x4)
				}{{"add", v.add, spec.AddCached52x4}, {"sub", v.sub, spec.SubCached52x4}} {
					got, want := x[0], x[0]
					op.f(&got, &x[1])
					op.s(&want, &x[1])
					if got != want {
						t.Fatalf("%s(%#x, %#x) = %#x, want %#x", op.name, x[0], x[1], got, want)
					}
					got, want = x[1], x[1]
					op.f(&got, &got)
					op.s(&want, &want)
					if got != want {
						t.Fatalf("%s(p, p) for p = %#x: %#x, want %#x", op.name, x[1], got, want)
					}
				}
				var gotC, wantC Element52x4
				v.cached(&gotC, &x[0], &x[2])
				spec.Cached52x4(&wantC, &x[0], &x[2])
				if gotC != wantC {
					t.Fatalf("cached(%#x, %#x) = %#x, want %#x", x[0], x[2], gotC, wantC)
				}
				for _, alias := range []string{"out = p", "out = k", "p = k", "out = p = k"} {
					a, b := x[0], x[2]
					var g Element52x4
					switch alias {
					case "out = p":
						spec.Cached52x4(&wantC, &a, &b)
						v.cached(&a, &a, &b)
						g = a
					case "out = k":
						spec.Cached52x4(&wantC, &a, &b)
						v.cached(&b, &a, &b)
						g = b
					case "p = k":
						spec.Cached52x4(&wantC, &a, &a)
						v.cached(&g, &a, &a)
					default:
						spec.Cached52x4(&wantC, &a, &a)
						v.cached(&a, &a, &a)
						g = a
					}
					if g != wantC {
						t.Fatalf("cached with %s: %#x, want %#x", alias, g, wantC)
					}
				}
			}
		})
	}
}

// TestPow22523 compares every variant's exponentiation with the
// specification on the edges in every lane, random lanes and uniformly
// random limbs (fewer than TestKernels: each is 262 rounds), also with
// out = a.
func TestPow22523(t *testing.T) {
	in := inputs(rand.New(rand.NewPCG(25519, 6)))
	for _, v := range allVariants() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for n, x := range in {
				if n%8 != 0 && n > len(edges)*12 {
					continue
				}
				var got, want Element52x4
				v.pow(&got, &x[0])
				spec.Pow22523x4(&want, &x[0])
				if got != want {
					t.Fatalf("pow22523(%#x) = %#x, want %#x", x[0], got, want)
				}
				a := x[0]
				v.pow(&a, &a)
				if a != want {
					t.Fatalf("pow22523 in place (%#x) = %#x, want %#x", x[0], a, want)
				}
			}
		})
	}
}

// TestChains runs long chains of each variant's operations from random
// inputs within the bounds and compares with the specification's chain:
// a difference that needs a particular intermediate value shows here.
func TestChains(t *testing.T) {
	r := rand.New(rand.NewPCG(25519, 5))
	for _, v := range allVariants() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for range 20 {
				var p, q, k Element52x4
				for j := range 4 {
					setLane(&p, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
					setLane(&q, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
					setLane(&k, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
				}
				got, want := p, p
				for range 300 {
					switch r.IntN(4) {
					case 0:
						v.double(&got)
						spec.Double52x4(&want)
					case 1:
						v.add(&got, &q)
						spec.AddCached52x4(&want, &q)
					case 2:
						v.sub(&got, &q)
						spec.SubCached52x4(&want, &q)
					default:
						v.cached(&q, &got, &k)
						spec.Cached52x4(&q, &want, &k)
					}
					if got != want {
						t.Fatalf("chain from %#x: %#x, want %#x", p, got, want)
					}
				}
			}
		})
	}
}

// TestSelected checks which variant is used under VG_CPU_FEATURES.
func TestSelected(t *testing.T) {
	// Registered before t.Setenv, so it runs after the variable is restored.
	t.Cleanup(selectVariant)
	t.Logf("selected at init: %s", selected())
	for _, env := range []string{"", "none", "avx2", "avx512ifma", "avx512vl",
		"avx512ifma,avx512vl", "avx512f,avx512vl,avx512ifma,bmi2,adx"} {
		t.Setenv(cpuid.EnvVar, env)
		selectVariant()
		if got, want := selected(), wantSelected(env); got != want {
			t.Errorf("%s=%q: selected %q, want %q", cpuid.EnvVar, env, got, want)
		}
		if got, want := Available(), wantSelected(env) != variantGeneric; got != want {
			t.Errorf("%s=%q: Available() = %v, want %v", cpuid.EnvVar, env, got, want)
		}
	}
}
