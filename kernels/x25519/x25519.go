package x25519

import (
	fe "vg.dev/spec/fe25519"
	spec "vg.dev/spec/x25519"
)

// Element is a field element in radix 2⁵¹ (the specification's type).
type Element = fe.Element

// Element52 is a field element in radix 2⁵² (the specification's type),
// the form of the IFMA kernel's input and output.
type Element52 = fe.Element52

// Element52x4 is four radix-2⁵² elements side by side (the
// specification's type), the IFMA step kernel's state.
type Element52x4 = fe.Element52x4

// Ladder sets out to (X, Z) with X/Z = X25519(k, u): the 255 ladder steps
// over the clamped k and the final swap. u's limbs must be < 2⁵¹ (as
// fe25519.FromBytes returns them); out's limbs are < 2⁵² (< 2⁵¹ + 2¹⁵
// from the radix-2⁵¹ variants), valid inputs of fe25519's Mul and Invert.
// Which (X, Z) of the projective point is returned depends on the variant:
// the IFMA ladder (spec.Ladder52x4) computes the same field values in
// another radix, so X and Z are congruent to the other variants' modulo p.
func Ladder(out *[2]Element, k *[32]byte, u *Element) { ladder(out, k, u) }

// Available reports whether Ladder runs an assembly kernel (not the
// specification).
func Available() bool { return selected() != variantGeneric }

const (
	variantADX     = "adx"
	variantIFMA    = "ifma"
	variantGeneric = "generic"
)

func ladderGeneric(out *[2]Element, k *[32]byte, u *Element) { spec.Ladder(out, k, u) }

// a24 is the ladder's constant (486662 − 2)/4 in radix 2⁵², the second
// input of ladderIFMA (spec.A24; see spec.Ladder52x4 for why it is an
// input).
var a24 = Element52{121665}

const (
	mask51 = 1<<51 - 1
	mask52 = 1<<52 - 1
)

// to52 sets out to a in radix 2⁵², for limbs of a < 2⁵¹: the same bits
// regrouped, so out's limbs are < 2⁵² and limb 4 < 2⁴⁷.
func to52(out *Element52, a *Element) {
	out[0] = (a.L0 | a.L1<<51) & mask52
	out[1] = (a.L1>>1 | a.L2<<50) & mask52
	out[2] = (a.L2>>2 | a.L3<<49) & mask52
	out[3] = (a.L3>>3 | a.L4<<48) & mask52
	out[4] = a.L4 >> 4
}

// from52 sets out to a in radix 2⁵¹, for limbs 0 … 3 of a < 2⁵² and limb 4
// < 2⁴⁸ (ladderIFMA's output): the same bits regrouped, out's limbs 0 … 3
// < 2⁵¹ and limb 4 < 2⁵².
func from52(out *Element, a *Element52) {
	out.L0 = a[0] & mask51
	out.L1 = (a[0]>>51 | a[1]<<1) & mask51
	out.L2 = (a[1]>>50 | a[2]<<2) & mask51
	out.L3 = (a[2]>>49 | a[3]<<3) & mask51
	out.L4 = a[3]>>48 | a[4]<<4
}
