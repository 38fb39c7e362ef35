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

var useADX bool

func init() { selectVariant() }

// selectVariant chooses the variant from the CPU features VG_CPU_FEATURES
// allows.
func selectVariant() { useADX = cpuid.Has("bmi2") && cpuid.Has("adx") }

func selected() string {
	if useADX {
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
	if useADX {
		scalarBaseADX(out, t, s)
	} else {
		scalarBaseMultGeneric(out, t, s)
	}
}
