//go:build amd64 && !purego

package ed25519

import "vg.dev/kernels/internal/cpuid"

var variants = []variant{
	{"combAddADX", func() bool { return cpuid.Has("bmi2") && cpuid.Has("adx") }, combAddADX},
}
