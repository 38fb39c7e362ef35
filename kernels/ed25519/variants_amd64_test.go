//go:build amd64 && !purego

package ed25519

import "vg.dev/kernels/internal/cpuid"

func hasADX() bool { return cpuid.Has("bmi2") && cpuid.Has("adx") }

var (
	variants     = []variant{{"combAddADX", hasADX, combAddADX}}
	baseVariants = []baseVariant{{"scalarBaseADX", hasADX, scalarBaseADX}}
)
