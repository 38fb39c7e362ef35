//go:build amd64 && !purego

package ed25519

import (
	"vg.dev/kernels/ctselect"
	"vg.dev/kernels/internal/cpuid"
)

// combAddADX is one comb step with MULX, ADCX and ADOX.
//
//vg:spec vg.dev/spec/ed25519.CombAdd
//go:noescape
func combAddADX(p *[4]Element, t *ctselect.Table, d uint64)

// scalarBaseADX is the whole fixed-base multiplication with MULX, ADCX
// and ADOX.
//
//vg:spec vg.dev/spec/ed25519.ScalarBaseMult
//go:noescape
func scalarBaseADX(out *[4]Element, t *[26]ctselect.Table, s *[32]byte)

// useADX selects the ADX kernels; useAVX2 also scalarBaseAVX2
// (ed25519_avx2_amd64.go) for the whole multiplication (CombAdd stays
// combAddADX).
var useADX, useAVX2 bool

func init() { selectVariant() }

// selectVariant chooses the variant from the CPU features VG_CPU_FEATURES
// allows.
func selectVariant() {
	useADX = cpuid.Has("bmi2") && cpuid.Has("adx")
	useAVX2 = useADX && cpuid.Has("avx2")
}

func selected() string {
	switch {
	case useAVX2:
		return variantAVX2
	case useADX:
		return variantADX
	}
	return variantGeneric
}

func combAdd(p *[4]Element, t *ctselect.Table, d uint64) {
	if useADX {
		combAddADX(p, t, d)
	} else {
		combAddGeneric(p, t, d)
	}
}

func scalarBaseMult(out *[4]Element, t *[26]ctselect.Table, s *[32]byte) {
	switch {
	case useAVX2:
		scalarBaseAVX2(out, t, s)
	case useADX:
		scalarBaseADX(out, t, s)
	default:
		scalarBaseMultGeneric(out, t, s)
	}
}
