//go:build amd64 && !purego

package x25519

import "vg.dev/kernels/internal/cpuid"

// ladderADX is the whole ladder with MULX, ADCX and ADOX.
//
//vg:spec vg.dev/spec/x25519.Ladder
//go:noescape
func ladderADX(out *[2]Element, k *[32]byte, u *Element)

// stepADX is one ladder step with MULX, ADCX and ADOX.
//
//vg:spec vg.dev/spec/x25519.StepState
//go:noescape
func stepADX(s *[5]Element)

// ladderIFMA is the whole ladder four lanes at a time in radix 2⁵², with
// VPMADD52LUQ/HUQ on YMM registers (AVX-512 IFMA and AVX-512VL), on
// in = (u, a24): 255 steps and their swaps in one proved kernel.
//
//vg:spec vg.dev/spec/x25519.Ladder52x4
//go:noescape
func ladderIFMA(out *[2]Element52, k *[32]byte, in *[2]Element52)

// stepIFMA is one step of ladderIFMA.
//
//vg:spec vg.dev/spec/x25519.StepState52x4
//go:noescape
func stepIFMA(s *[3]Element52x4)

var useADX, useIFMA bool

func init() { selectVariant() }

func hasADX() bool  { return cpuid.Has("bmi2") && cpuid.Has("adx") }
func hasIFMA() bool { return cpuid.Has("avx512ifma") && cpuid.Has("avx512vl") }

// selectVariant chooses the variant from the CPU features VG_CPU_FEATURES
// allows, IFMA first. Tests call it again after changing the variable.
func selectVariant() {
	useIFMA = hasIFMA()
	useADX = hasADX()
}

func selected() string {
	switch {
	case useIFMA:
		return variantIFMA
	case useADX:
		return variantADX
	}
	return variantGeneric
}

func ladder(out *[2]Element, k *[32]byte, u *Element) {
	switch {
	case useIFMA:
		ladder52(out, k, u)
	case useADX:
		ladderADX(out, k, u)
	default:
		ladderGeneric(out, k, u)
	}
}

// ladder52 runs ladderIFMA on u converted to radix 2⁵² and converts the
// result back.
func ladder52(out *[2]Element, k *[32]byte, u *Element) {
	in := [2]Element52{1: a24}
	to52(&in[0], u)
	var r [2]Element52
	ladderIFMA(&r, k, &in)
	from52(&out[0], &r[0])
	from52(&out[1], &r[1])
}
