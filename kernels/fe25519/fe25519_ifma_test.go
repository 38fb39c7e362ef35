package fe25519

import (
	"math/rand/v2"
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/fe25519"
)

// Mul52x4 and its kernels are checked against the specification, which
// has its own tests against math/big; as for Mul, equality is exact, also
// for limbs beyond the bound.

type mul52x4Variant struct {
	name   string
	usable func() bool
	f      func(out, a, b *Element52x4)
}

// allMul52x4 adds the public entry point and the generic variant to the
// assembly variants of this build (mul52x4Variants).
func allMul52x4() []mul52x4Variant {
	yes := func() bool { return true }
	return append([]mul52x4Variant{{"Mul52x4", yes, Mul52x4}, {"mul52x4Generic", yes, mul52x4Generic}},
		mul52x4Variants...)
}

const (
	max47x = 1<<47 - 1
	max52x = 1<<52 - 1
)

// edges52 are special radix-2⁵² elements: zero, one, p−1, p, p+1, limbs at
// the bound 2⁵² − 1, a Mul52x4 output's largest top limb, and limbs beyond
// the bound (whose bits from 52 up the kernel ignores, as the spec does).
var edges52 = [][5]uint64{
	{},
	{1},
	{max52x - 19, max52x, max52x, max52x, max47x}, // p − 1
	{max52x - 18, max52x, max52x, max52x, max47x}, // p
	{max52x - 17, max52x, max52x, max52x, max47x}, // p + 1
	{max52x, max52x, max52x, max52x, max52x},
	{max52x, max52x, max52x, max52x, max47x + 1<<11},
	{max52x},
	{0, 0, 0, 0, max52x},
	{max52x, 0, max52x, 0, max52x},
	{1 << 52, 1<<53 - 1, 1 << 63, max64, max64}, // beyond the bound
	{max64, max64, max64, max64, max64},
}

// random52 returns an element with limbs mostly < 2⁵², biased towards the
// bound; one in sixteen limbs has bits above 52.
func random52(r *rand.Rand) [5]uint64 {
	var e [5]uint64
	for i := range e {
		switch r.IntN(16) {
		case 0:
			e[i] = r.Uint64()
		case 1, 2:
			e[i] = max52x - r.Uint64N(32)
		case 3:
			e[i] = r.Uint64N(32)
		default:
			e[i] = r.Uint64() >> 12
		}
	}
	return e
}

func setLane(x *Element52x4, j int, e [5]uint64) {
	for i := range e {
		x[i][j] = e[i]
	}
}

func TestMul52x4(t *testing.T) {
	for _, v := range allMul52x4() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			check := func(a, b Element52x4) {
				var got, want Element52x4
				v.f(&got, &a, &b)
				spec.Mul52x4(&want, &a, &b)
				if got != want {
					t.Fatalf("%s(%x, %x) = %x, want %x", v.name, a, b, got, want)
				}
			}
			// Every pair of edges, in every lane, next to random lanes.
			r := rand.New(rand.NewPCG(52, 4))
			for n, x := range edges52 {
				for m, y := range edges52 {
					var a, b Element52x4
					for j := range 4 {
						setLane(&a, j, random52(r))
						setLane(&b, j, random52(r))
					}
					setLane(&a, (n+m)%4, x)
					setLane(&b, (n+m)%4, y)
					check(a, b)
				}
			}
			for range 20000 {
				var a, b Element52x4
				for j := range 4 {
					setLane(&a, j, random52(r))
					setLane(&b, j, random52(r))
				}
				check(a, b)
			}
			// Uniformly random 64-bit limbs.
			for range 2000 {
				var a, b Element52x4
				for i := range 5 {
					for j := range 4 {
						a[i][j], b[i][j] = r.Uint64(), r.Uint64()
					}
				}
				check(a, b)
			}
		})
	}
}

// TestMul52x4Aliasing checks out == a, out == b and a == b.
func TestMul52x4Aliasing(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 5))
	for _, v := range allMul52x4() {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for range 1000 {
				var a, b Element52x4
				for j := range 4 {
					setLane(&a, j, random52(r))
					setLane(&b, j, random52(r))
				}
				var want Element52x4
				spec.Mul52x4(&want, &a, &b)
				x, y := a, b
				if v.f(&x, &x, &y); x != want {
					t.Fatalf("out == a: got %x, want %x", x, want)
				}
				x, y = a, b
				if v.f(&y, &x, &y); y != want {
					t.Fatalf("out == b: got %x, want %x", y, want)
				}
				spec.Mul52x4(&want, &a, &a)
				x = a
				if v.f(&x, &x, &x); x != want {
					t.Fatalf("out == a == b: got %x, want %x", x, want)
				}
			}
		})
	}
}

// TestSelected52 checks which variant Mul52x4 uses under VG_CPU_FEATURES.
func TestSelected52(t *testing.T) {
	// Registered before t.Setenv, so it runs after the variable is restored.
	t.Cleanup(selectVariant)
	t.Logf("selected at init: %s", selected52())
	envs := []string{"", "none", "avx2", "avx512ifma", "avx512vl",
		"avx512ifma,avx512vl", "avx512f,avx512vl,avx512ifma,bmi2,adx"}
	for _, env := range envs {
		t.Setenv(cpuid.EnvVar, env)
		selectVariant()
		if got, want := selected52(), wantSelected52(env); got != want {
			t.Errorf("%s=%q: selected %q, want %q", cpuid.EnvVar, env, got, want)
		}
		var a, b, got, want Element52x4
		for j := range 4 {
			setLane(&a, j, edges52[j+2])
			setLane(&b, j, edges52[5])
		}
		Mul52x4(&got, &a, &b)
		spec.Mul52x4(&want, &a, &b)
		if got != want {
			t.Errorf("%s=%q: Mul52x4 = %x, want %x", cpuid.EnvVar, env, got, want)
		}
	}
}
