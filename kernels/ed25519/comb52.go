package ed25519

import spec "vg.dev/spec/ed25519"

// CombTable52 is the table of the eight-lane comb: t[r][m−1] holds, in
// lane j, m·16⁸ʳ⁺ʲ·B as (y + x, y − x, 2d·x·y) in radix 2⁵² (the
// specification's type, so that kernel and spec see one layout).
type CombTable52 = spec.CombTable52

// ScalarBaseMult52 sets out = s·B (extended coordinates, radix 2⁵¹, limbs
// below 2⁵¹ + 2¹⁵) for s < 2²⁵³ (reduced modulo ℓ, little-endian), where
// t is the comb's table (CombTable52 computed from the base point): the
// whole eight-lane comb (recoding, eight rounds of selections and mixed
// additions, the lane sums, the conversion to radix 2⁵¹) as one kernel
// where the CPU has AVX-512 IFMA (Available52), else the specification.
func ScalarBaseMult52(out *[4]Element, t *CombTable52, s *[32]byte) {
	scalarBaseMult52(out, t, s)
}

// Available52 reports whether ScalarBaseMult52 runs an assembly kernel.
func Available52() bool { return selected52() != variantGeneric }

const variantIFMA = "ifma"

func scalarBaseMult52Generic(out *[4]Element, t *CombTable52, s *[32]byte) {
	spec.ScalarBaseMult52x8(out, t, s, &spec.D2x52)
}
