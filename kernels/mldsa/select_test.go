package mldsa

import (
	"math/rand/v2"
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/mldsa"
)

// TestSelection sets VG_CPU_FEATURES, reselects and checks the choice, and
// that the public functions still compute the spec under it.
func TestSelection(t *testing.T) {
	t.Cleanup(selectVariant) // runs after Setenv has restored the variable
	r := rand.New(rand.NewPCG(11, 12))
	for _, env := range []string{"", "none", "avx2", "AVX2", " avx2 , adx ", "bmi2,adx", "avx512f"} {
		t.Setenv(cpuid.EnvVar, env)
		selectVariant()
		if got, want := selected(), wantSelected(env); got != want {
			t.Errorf("VG_CPU_FEATURES=%q: selected %q, want %q", env, got, want)
		}
		p := randomPoly(r, -(Q - 1), Q-1)
		got, want := p, p
		NTT(&got)
		spec.NTT(&want)
		if got != want {
			t.Errorf("VG_CPU_FEATURES=%q: NTT differs from the spec", env)
		}
		a := randomPoly(r, 0, Q-1)
		var g1, g0, w1, w0 Poly
		Decompose32(&g1, &g0, &a)
		spec.Decompose32(&w1, &w0, &a)
		if g1 != w1 || g0 != w0 {
			t.Errorf("VG_CPU_FEATURES=%q: Decompose32 differs from the spec", env)
		}
	}
}
