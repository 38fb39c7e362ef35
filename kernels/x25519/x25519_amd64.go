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
// in = (u, a24). It is not proved yet and not used: Ladder runs
// ladderSteps52, the Go loop over the proved stepIFMA. Its tests compare
// it with spec.Ladder52x4 natively.
//
//vg:unverified the whole-ladder obligation does not finish within 5 minutes (the constant-time check and the simulation of the 255 steps' terms; README, Known limits)
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
	ladderSteps52(&r, k, &in)
	from52(&out[0], &r[0])
	from52(&out[1], &r[1])
}

// ladderSteps52 is spec.Ladder52x4 with each step run by the proved
// kernel stepIFMA: the clamping, the bit reads at public positions and
// the swaps under masks are Go, as in the specification, so the loop is
// constant time by construction.
func ladderSteps52(out *[2]Element52, k *[32]byte, in *[2]Element52) {
	e := *k
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64
	var s [3]Element52x4 // state, x₁, a24
	for i := range 5 {
		u, c := in[0][i], in[1][i]
		s[1][i] = [4]uint64{u, u, u, u}
		s[2][i] = [4]uint64{c, c, c, c}
		s[0][i] = [4]uint64{0, 0, u, 0}
	}
	s[0][0][0] = 1
	s[0][0][3] = 1
	var swap uint64
	for i := 254; i >= 0; i-- {
		bit := uint64(e[i>>3]>>(i&7)) & 1
		swap ^= bit
		swapLanes(&s[0], swap)
		swap = bit
		stepIFMA(&s)
	}
	swapLanes(&s[0], swap)
	for i := range 5 {
		out[0][i] = s[0][i][0]
		out[1][i] = s[0][i][1]
	}
}

// swapLanes exchanges lanes (0, 1) with (2, 3) of s if c & 1 is 1, under
// the mask −(c & 1).
func swapLanes(s *Element52x4, c uint64) {
	m := -(c & 1)
	for i := range s {
		t0 := m & (s[i][0] ^ s[i][2])
		t1 := m & (s[i][1] ^ s[i][3])
		s[i][0] ^= t0
		s[i][2] ^= t0
		s[i][1] ^= t1
		s[i][3] ^= t1
	}
}
