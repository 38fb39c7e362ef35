//go:build amd64 && !purego

package ed25519

import "vg.dev/kernels/internal/cpuid"

func hasAVX2() bool { return hasADX() && cpuid.Has("avx2") }

// The AVX2 comb is a whole multiplication only: its step is combAddADX's.
func init() {
	baseVariants = append(baseVariants, baseVariant{"scalarBaseAVX2", hasAVX2, scalarBaseAVX2})
}
