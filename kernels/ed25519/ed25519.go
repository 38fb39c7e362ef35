package ed25519

import (
	"vg.dev/kernels/ctselect"
	spec "vg.dev/spec/ed25519"
	fe "vg.dev/spec/fe25519"
)

// Element is a field element in radix 2⁵¹ (the specification's type).
type Element = fe.Element

// CombAdd sets p = p + d·Q for the signed digit d ∈ [−16, 16] (two's
// complement), where entry m − 1 of t is m·Q as (y + x, y − x, 2d·x·y)
// with canonical limbs and p = (X, Y, Z, T) has limbs below 2⁵¹ + 2¹⁵
// (products' outputs, as CombAdd returns them).
func CombAdd(p *[4]Element, t *ctselect.Table, d uint64) { combAdd(p, t, d) }

// ScalarBaseMult sets out = s·B for s < 2²⁵³ (reduced modulo ℓ, little
// endian), where t[k] holds m·32²ᵏ·B for m = 1 … 16 in CombAdd's layout:
// the whole comb (recoding, 51 steps, five doublings) as one kernel.
func ScalarBaseMult(out *[4]Element, t *[26]ctselect.Table, s *[32]byte) {
	scalarBaseMult(out, t, s)
}

// Available reports whether CombAdd runs an assembly kernel.
func Available() bool { return selected() != variantGeneric }

const (
	variantADX     = "adx"
	variantGeneric = "generic"
)

func combAddGeneric(p *[4]Element, t *ctselect.Table, d uint64) { spec.CombAdd(p, t, d) }

func scalarBaseMultGeneric(out *[4]Element, t *[26]ctselect.Table, s *[32]byte) {
	spec.ScalarBaseMult(out, t, s)
}
