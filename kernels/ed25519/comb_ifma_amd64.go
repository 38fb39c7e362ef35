//go:build amd64 && !purego

package ed25519

import (
	"vg.dev/kernels/internal/cpuid"
	spec "vg.dev/spec/ed25519"
	fe "vg.dev/spec/fe25519"
)

// scalarBaseIFMA is the whole eight-lane comb in radix 2⁵² with AVX-512
// IFMA on ZMM registers; d2 is 2d in radix 2⁵² (spec.D2x52).
//
//vg:spec vg.dev/spec/ed25519.ScalarBaseMult52x8
//go:noescape
func scalarBaseIFMA(out *[4]Element, t *CombTable52, s *[32]byte, d2 *fe.Element52)

var useIFMA bool

func init() { selectVariant52() }

func hasIFMA() bool { return cpuid.Has("avx512f") && cpuid.Has("avx512ifma") }

// selectVariant52 chooses the comb's variant from the CPU features
// VG_CPU_FEATURES allows. Tests call it again after changing the variable.
func selectVariant52() { useIFMA = hasIFMA() }

func selected52() string {
	if useIFMA {
		return variantIFMA
	}
	return variantGeneric
}

func scalarBaseMult52(out *[4]Element, t *CombTable52, s *[32]byte) {
	if useIFMA {
		scalarBaseIFMA(out, t, s, &spec.D2x52)
	} else {
		scalarBaseMult52Generic(out, t, s)
	}
}
