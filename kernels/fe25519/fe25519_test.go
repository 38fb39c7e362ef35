package fe25519

import (
	"math/rand/v2"
	"testing"
	"testing/quick"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/fe25519"
)

// Every kernel is checked against the specification, which has its own tests
// against math/big. Equality is exact (limb for limb), as the prover shows:
// the kernels compute the spec's function for all inputs, so out-of-bound
// inputs are compared too.

type mulVariant struct {
	name   string
	usable func() bool
	f      func(out, a, b *Element)
}

// squareVariant also describes one-input functions other than squaring.
type squareVariant struct {
	name   string
	usable func() bool
	f      func(out, a *Element)
}

// allMul and friends add the public entry point and the generic variant to
// the assembly variants of this build.
func allMul() []mulVariant {
	yes := func() bool { return true }
	return append([]mulVariant{{"Mul", yes, Mul}, {"mulGeneric", yes, mulGeneric}}, mulVariants...)
}

func allSquare() []squareVariant {
	yes := func() bool { return true }
	return append([]squareVariant{{"Square", yes, Square}, {"squareGeneric", yes, squareGeneric}}, squareVariants...)
}

func allCarry() []squareVariant {
	yes := func() bool { return true }
	return append([]squareVariant{{"Carry", yes, Carry}, {"carryGeneric", yes, carryGeneric}}, carryVariants...)
}

const (
	max51 = 1<<51 - 1
	max54 = 1<<54 - 1
	max64 = 1<<64 - 1
)

func splat(l uint64) Element { return Element{L0: l, L1: l, L2: l, L3: l, L4: l} }

// edges are special inputs: zero, one, p−1, p, 2p, limbs at and beyond the
// documented bound (up to all ones, where the arithmetic wraps).
var edges = []Element{
	{},
	{L0: 1},
	{L0: max51 - 19, L1: max51, L2: max51, L3: max51, L4: max51},                       // p−1
	{L0: max51 - 18, L1: max51, L2: max51, L3: max51, L4: max51},                       // p
	{L0: 2 * (max51 - 18), L1: 2 * max51, L2: 2 * max51, L3: 2 * max51, L4: 2 * max51}, // 2p
	splat(max51),
	splat(1 << 51),
	splat(1<<52 - 1),
	splat(max54),
	{L0: max54},
	{L4: max54},
	{L0: max54, L2: max54, L4: max54},
	{L1: max54, L3: max54},
	splat(1<<59 - 1), // 19·limb still fits in 64 bits
	splat(max64),     // everything wraps
	{L0: max64, L1: 0, L2: max64, L3: 1, L4: 1 << 63},
}

// randomElement returns limbs of a random width (so both loose in-bound
// and wrapping inputs occur), biased towards the interesting widths.
func randomElement(r *rand.Rand) Element {
	widths := [...]uint{51, 52, 54, 54, 54, 60, 64}
	var e [5]uint64
	for i := range e {
		e[i] = r.Uint64() >> (64 - widths[r.IntN(len(widths))])
		if r.IntN(8) == 0 {
			e[i] = max54 - e[i]&0xff // near the bound
		}
	}
	return Element{L0: e[0], L1: e[1], L2: e[2], L3: e[3], L4: e[4]}
}

func TestMul(t *testing.T) {
	for _, v := range allMul() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			check := func(a, b Element) bool {
				var got, want Element
				v.f(&got, &a, &b)
				spec.Mul(&want, &a, &b)
				if got != want {
					t.Errorf("%s(%v, %v) = %v, want %v", v.name, a, b, got, want)
					return false
				}
				return true
			}
			for _, a := range edges {
				for _, b := range edges {
					check(a, b)
				}
			}
			r := rand.New(rand.NewPCG(1, 2))
			for range 20000 {
				check(randomElement(r), randomElement(r))
			}
			// testing/quick adds uniformly random 64-bit limbs.
			if err := quick.Check(check, &quick.Config{MaxCount: 2000}); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestSquare(t *testing.T) {
	for _, v := range allSquare() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			check := func(a Element) bool {
				var got, want Element
				v.f(&got, &a)
				spec.Square(&want, &a)
				if got != want {
					t.Errorf("%s(%v) = %v, want %v", v.name, a, got, want)
					return false
				}
				return true
			}
			for _, a := range edges {
				check(a)
			}
			r := rand.New(rand.NewPCG(3, 4))
			for range 20000 {
				check(randomElement(r))
			}
			if err := quick.Check(check, &quick.Config{MaxCount: 2000}); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestCarry(t *testing.T) {
	for _, v := range allCarry() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			check := func(a Element) bool {
				var got, want Element
				v.f(&got, &a)
				spec.Carry(&want, &a)
				if got != want {
					t.Errorf("%s(%v) = %v, want %v", v.name, a, got, want)
					return false
				}
				return true
			}
			for _, a := range edges {
				check(a)
			}
			r := rand.New(rand.NewPCG(5, 6))
			for range 20000 {
				check(randomElement(r))
			}
			if err := quick.Check(check, &quick.Config{MaxCount: 2000}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestAliasing checks out == a, out == b and a == b (and all three).
func TestAliasing(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, v := range allMul() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for range 1000 {
				a, b := randomElement(r), randomElement(r)
				var want Element
				spec.Mul(&want, &a, &b)
				x, y := a, b
				if v.f(&x, &x, &y); x != want {
					t.Fatalf("out == a: got %v, want %v", x, want)
				}
				x, y = a, b
				if v.f(&y, &x, &y); y != want {
					t.Fatalf("out == b: got %v, want %v", y, want)
				}
				spec.Mul(&want, &a, &a)
				var out Element
				x = a
				if v.f(&out, &x, &x); out != want {
					t.Fatalf("a == b: got %v, want %v", out, want)
				}
				if v.f(&x, &x, &x); x != want {
					t.Fatalf("out == a == b: got %v, want %v", x, want)
				}
			}
		})
	}
	for _, v := range append(allSquare(), allCarry()...) {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for range 1000 {
				a := randomElement(r)
				var want Element
				v.f(&want, &a)
				x := a
				if v.f(&x, &x); x != want {
					t.Fatalf("out == a: got %v, want %v", x, want)
				}
			}
		})
	}
}

// TestSelected checks which variant the dispatch picks under
// VG_CPU_FEATURES.
func TestSelected(t *testing.T) {
	// Registered before t.Setenv, so it runs after the variable is restored.
	t.Cleanup(selectVariant)
	t.Logf("selected at init: %s", selected())
	for _, env := range []string{"", "none", "bmi2", "adx", "bmi2,adx", "adx,bmi2,avx2", "avx2"} {
		t.Setenv(cpuid.EnvVar, env)
		selectVariant()
		if got, want := selected(), wantSelected(env); got != want {
			t.Errorf("%s=%q: selected %q, want %q", cpuid.EnvVar, env, got, want)
		}
		// The public functions must agree with the spec whatever is chosen.
		a, b := splat(max54), Element{L0: 3, L1: max54, L4: 1 << 50}
		var got, want Element
		Mul(&got, &a, &b)
		spec.Mul(&want, &a, &b)
		if got != want {
			t.Errorf("%s=%q: Mul = %v, want %v", cpuid.EnvVar, env, got, want)
		}
	}
}
