//go:build arm64 && !purego

package fe25519

// On arm64 there is one assembly variant, "arm64": mulARM64, squareARM64
// and carryARM64 use only the base A64 instruction set (MUL and UMULH for
// the 64×64→128-bit products, ADDS/ADC for the 128-bit columns, EXTR, AND,
// LSR and MADD for the reduction), so no CPU feature is needed and
// VG_CPU_FEATURES does not change the choice. The purego build tag selects
// the generic variant (the specification).

// variantARM64 names the arm64 assembly variant.
const variantARM64 = "arm64"

// mulARM64 sets out = a × b mod 2²⁵⁵−19 with MUL, UMULH, ADDS and ADC.
//
//vg:spec vg.dev/spec/fe25519.Mul
//go:noescape
func mulARM64(out, a, b *Element)

// squareARM64 sets out = a × a mod 2²⁵⁵−19 with MUL, UMULH, ADDS and ADC.
//
//vg:spec vg.dev/spec/fe25519.Square
//go:noescape
func squareARM64(out, a *Element)

// carryARM64 sets out = a mod 2²⁵⁵−19 after one parallel carry step.
//
//vg:spec vg.dev/spec/fe25519.Carry
//go:noescape
func carryARM64(out, a *Element)

// selectVariant is a no-op: the arm64 kernels need no CPU feature. Tests
// call it like the amd64 one.
func selectVariant() {}

// selected names the variant Mul, Square and Carry use.
func selected() string { return variantARM64 }

func mul(out, a, b *Element) { mulARM64(out, a, b) }

func square(out, a *Element) { squareARM64(out, a) }

func carry(out, a *Element) { carryARM64(out, a) }
