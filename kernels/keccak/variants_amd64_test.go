//go:build amd64 && !purego

package keccak

import (
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/keccak"
	"vg.dev/vgtest/directivetest"
)

func hasBMI() bool    { return cpuid.Has("bmi1") && cpuid.Has("bmi2") }
func hasAVX512() bool { return cpuid.Has("avx512f") && cpuid.Has("avx512vl") }

// The assembly kernels of this build, each with the features it needs.
var (
	oneKernels = []kernel1{
		{"keccakF1600BMI", hasBMI, keccakF1600BMI},
		{"keccakF1600AMD64", always, keccakF1600AMD64},
	}
	fourKernels = []kernel4{
		{"keccakF1600x4AVX512", hasAVX512, keccakF1600x4AVX512},
		{"keccakF1600x4AVX2", func() bool { return cpuid.Has("avx2") }, keccakF1600x4AVX2},
	}
	eightKernels = []kernel8{
		{"keccakF1600x8AVX512", func() bool { return cpuid.Has("avx512f") }, keccakF1600x8AVX512},
	}
)

// wantSelected8 is what selectVariant must pick for F1600x8.
func wantSelected8(env string) string {
	if cpuid.Detected("avx512f") && cpuid.Allowed("avx512f", env) {
		return variantAVX512
	}
	return variantHalves
}

// wantSelected is what selectVariant must pick under VG_CPU_FEATURES=env.
func wantSelected(env string) (one, four string) {
	has := func(fs ...string) bool {
		for _, f := range fs {
			if !cpuid.Detected(f) || !cpuid.Allowed(f, env) {
				return false
			}
		}
		return true
	}
	one = variantAMD64
	if has("bmi1", "bmi2") {
		one = variantBMI
	}
	switch {
	case has("avx512f", "avx512vl"):
		four = variantAVX512
	case has("avx2"):
		four = variantAVX2
	default:
		four = variantEach
	}
	return one, four
}

// TestDirectives checks the stubs' //vg: directives.
func TestDirectives(t *testing.T) {
	directivetest.Check(t, "keccak_amd64.go", map[string]directivetest.Stub{
		"keccakF1600BMI":      {Func: keccakF1600BMI, Spec: spec.F1600},
		"keccakF1600AMD64":    {Func: keccakF1600AMD64, Spec: spec.F1600},
		"keccakF1600x4AVX2":   {Func: keccakF1600x4AVX2, Spec: spec.F1600x4},
		"keccakF1600x4AVX512": {Func: keccakF1600x4AVX512, Spec: spec.F1600x4},
		"keccakF1600x8AVX512": {Func: keccakF1600x8AVX512, Spec: spec.F1600x8},
	})
}
