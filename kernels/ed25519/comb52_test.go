package ed25519

import (
	"math/rand/v2"
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/ed25519"
)

type base52Variant struct {
	name   string
	usable func() bool
	f      func(out *[4]Element, t *CombTable52, s *[32]byte)
}

// TestScalarBaseMult52 compares ScalarBaseMult52 and every assembly
// variant with the specification on random tables (limbs below 2⁵², and
// wider: the kernel equals the spec outside the bounds too) and scalars
// (below 2²⁵³, and a few above).
func TestScalarBaseMult52(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 53))
	tabs := make([]*CombTable52, 3)
	for k := range tabs {
		tabs[k] = new(CombTable52)
		shift := []uint{12, 12, 4}[k]
		for rd := range tabs[k] {
			for m := range tabs[k][rd] {
				for c := range tabs[k][rd][m] {
					for j := range tabs[k][rd][m][c] {
						tabs[k][rd][m][c][j] = r.Uint64() >> shift
					}
				}
			}
		}
	}
	var scalars [][32]byte
	for i := range 30 {
		var s [32]byte
		for j := range s {
			s[j] = byte(r.Uint32())
		}
		if i%8 != 7 {
			s[31] &= 0x1f
		}
		scalars = append(scalars, s)
	}
	scalars = append(scalars, [32]byte{}, [32]byte{1}, [32]byte{0x88, 0x88, 0x88})
	all := append([]base52Variant{{"ScalarBaseMult52", func() bool { return true }, ScalarBaseMult52}}, base52Variants...)
	for _, v := range all {
		t.Run(v.name, func(t *testing.T) {
			if !v.usable() {
				t.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			for i, s := range scalars {
				tab := tabs[i%len(tabs)]
				var got, want [4]Element
				v.f(&got, tab, &s)
				spec.ScalarBaseMult52x8(&want, tab, &s, &spec.D2x52)
				if got != want {
					t.Fatalf("%s(%x) = %v, want %v", v.name, s, got, want)
				}
			}
		})
	}
}

// TestSelected52 checks which variant the dispatch picks under
// VG_CPU_FEATURES.
func TestSelected52(t *testing.T) {
	t.Cleanup(selectVariant52) // registered before t.Setenv: runs after the restore
	t.Logf("selected at init: %s", selected52())
	for _, env := range []string{"", "none", "bmi2,adx", "avx512ifma", "avx512f,avx512ifma", "avx2"} {
		t.Setenv(cpuid.EnvVar, env)
		selectVariant52()
		want := variantGeneric
		if len(base52Variants) > 0 && cpuid.Has("avx512f") && cpuid.Has("avx512ifma") {
			want = variantIFMA
		}
		if got := selected52(); got != want {
			t.Errorf("%s=%q: selected %q, want %q", cpuid.EnvVar, env, got, want)
		}
	}
}
