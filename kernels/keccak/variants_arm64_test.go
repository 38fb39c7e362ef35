//go:build arm64 && !purego

package keccak

import (
	"testing"

	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/keccak"
	"vg.dev/vgtest/directivetest"
)

func hasSHA3() bool { return cpuid.Has("sha3") }

// The assembly kernels of this build, each with the features it needs.
var (
	oneKernels = []kernel1{
		{"keccakF1600SHA3", hasSHA3, keccakF1600SHA3},
		{"keccakF1600ARM64", always, keccakF1600ARM64},
	}
	fourKernels = []kernel4{
		{"keccakF1600x4SHA3", hasSHA3, keccakF1600x4SHA3},
	}
	eightKernels []kernel8
)

func wantSelected8(string) string { return variantHalves }

// wantSelected is what selectVariant must pick under VG_CPU_FEATURES=env.
func wantSelected(env string) (one, four string) {
	if cpuid.Detected("sha3") && cpuid.Allowed("sha3", env) {
		return variantSHA3, variantSHA3
	}
	return variantARM64, variantEach
}

// TestDirectives checks the stubs' //vg: directives.
func TestDirectives(t *testing.T) {
	directivetest.Check(t, "keccak_arm64.go", map[string]directivetest.Stub{
		"keccakF1600ARM64":  {Func: keccakF1600ARM64, Spec: spec.F1600},
		"keccakF1600SHA3":   {Func: keccakF1600SHA3, Spec: spec.F1600},
		"keccakF1600x4SHA3": {Func: keccakF1600x4SHA3, Spec: spec.F1600x4},
	})
}
