//go:build arm64 && !purego

package ed25519

import "vg.dev/kernels/ctselect"

// combAddARM64 is one comb step with MUL/UMULH and ADDS/ADC columns.
//
//vg:spec vg.dev/spec/ed25519.CombAdd
//go:noescape
func combAddARM64(p *[4]Element, t *ctselect.Table, d uint64)

// scalarBaseARM64 is the whole fixed-base multiplication.
//
//vg:spec vg.dev/spec/ed25519.ScalarBaseMult
//go:noescape
func scalarBaseARM64(out *[4]Element, t *[26]ctselect.Table, s *[32]byte)

const variantARM64 = "arm64"

// selectVariant is a no-op: the arm64 kernels need no CPU feature.
func selectVariant() {}

func selected() string { return variantARM64 }

func combAdd(p *[4]Element, t *ctselect.Table, d uint64) { combAddARM64(p, t, d) }

func scalarBaseMult(out *[4]Element, t *[26]ctselect.Table, s *[32]byte) {
	scalarBaseARM64(out, t, s)
}
