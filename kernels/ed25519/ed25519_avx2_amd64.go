//go:build amd64 && !purego

package ed25519

import "vg.dev/kernels/ctselect"

// variantAVX2 names the AVX2 variant, as reported by selected.
const variantAVX2 = "avx2"

// scalarBaseAVX2 is scalarBaseADX with each digit's entry selected by
// AVX2: one VPCMPEQD per entry against the magnitudes stored after the
// code (combMagnitudes), VPAND and VPOR on Y registers (see
// comb_avx2_amd64.s). It needs avx2, bmi2 and adx.
//
//vg:spec vg.dev/spec/ed25519.ScalarBaseMult
//go:noescape
func scalarBaseAVX2(out *[4]Element, t *[26]ctselect.Table, s *[32]byte)
