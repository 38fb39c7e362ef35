package x25519

import (
	fe "vg.dev/spec/fe25519"
	spec "vg.dev/spec/x25519"
)

// Element is a field element in radix 2⁵¹ (the specification's type).
type Element = fe.Element

// Ladder sets out to (X, Z) with X/Z = X25519(k, u): the 255 ladder steps
// over the clamped k and the final swap. u's limbs must be < 2⁵¹ (as
// fe25519.FromBytes returns them).
func Ladder(out *[2]Element, k *[32]byte, u *Element) { ladder(out, k, u) }

// Available reports whether Ladder runs an assembly kernel (not the
// specification).
func Available() bool { return selected() != variantGeneric }

const (
	variantADX     = "adx"
	variantGeneric = "generic"
)

func ladderGeneric(out *[2]Element, k *[32]byte, u *Element) { spec.Ladder(out, k, u) }
