package fe25519

import spec "vg.dev/spec/fe25519"

// Element is a field element in radix 2⁵¹: L0 + L1·2⁵¹ + L2·2¹⁰² + L3·2¹⁵³ +
// L4·2²⁰⁴. It is the specification's type, so the kernels and the spec see
// the same memory layout.
type Element = spec.Element

// Mul sets out = a·b mod 2²⁵⁵ − 19. Input limbs must be < 2⁵⁴; output
// limbs are < 2⁵¹ + 2¹⁵.
func Mul(out, a, b *Element) { mul(out, a, b) }

// Square sets out = a·a mod 2²⁵⁵ − 19. Input limbs must be < 2⁵⁴; output
// limbs are < 2⁵¹ + 2¹⁵.
func Square(out, a *Element) { square(out, a) }

// Carry sets out = a mod 2²⁵⁵ − 19 after one parallel carry step. It takes
// any limbs; output limbs are < 2⁵¹ + 19·2¹³.
func Carry(out, a *Element) { carry(out, a) }

// Variant names, as reported by selected.
const (
	variantADX     = "adx"
	variantMULQ    = "mulq"
	variantGeneric = "generic"
)
