//go:build amd64 && !purego

package x25519

import "vg.dev/kernels/internal/cpuid"

func hasADX() bool { return cpuid.Has("bmi2") && cpuid.Has("adx") }

var (
	variants     = []variant{{"ladderADX", hasADX, ladderADX}}
	stepVariants = []stepVariant{{"stepADX", hasADX, stepADX}}
)
