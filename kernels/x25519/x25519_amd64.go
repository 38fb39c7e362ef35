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

var useADX bool

func init() { selectVariant() }

// selectVariant chooses the variant from the CPU features VG_CPU_FEATURES
// allows. Tests call it again after changing the variable.
func selectVariant() { useADX = cpuid.Has("bmi2") && cpuid.Has("adx") }

func selected() string {
	if useADX {
		return variantADX
	}
	return variantGeneric
}

func ladder(out *[2]Element, k *[32]byte, u *Element) {
	if useADX {
		ladderADX(out, k, u)
	} else {
		ladderGeneric(out, k, u)
	}
}
