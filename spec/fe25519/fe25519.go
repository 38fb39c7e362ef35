// Package fe25519 is the specification of arithmetic in the field of
// integers modulo p = 2²⁵⁵ − 19, in radix 2⁵¹ with five unsigned 64-bit limbs.
//
// The functions here are the reference that the assembly in
// vg.dev/kernels/fe25519 is proved equal to: the prover interprets this code
// symbolically and compares it, output bit for output bit, with the lifted
// machine code. That is why the code is written the way it is:
//
//   - It is straight-line code without loops, maps, interfaces, allocation
//     or panics.
//   - It computes the same 64×64→128-bit products as the kernels: aᵢ·bⱼ and
//     (19·aᵢ)·bⱼ in Mul, and aᵢ·aⱼ, (2·aᵢ)·aⱼ, (19·aᵢ)·aⱼ and (38·aᵢ)·aⱼ in
//     Square. The prover treats a product of two variables as an
//     uninterpreted function, so a kernel must multiply exactly these pairs;
//     it may add them in any order.
//   - Every operation wraps exactly as the machine's does (64-bit limbs,
//     128-bit column sums), so the kernels equal the spec for all inputs, not
//     only for those within the documented bounds. The bounds are what make
//     the result the right field element.
//
// # Representation
//
// An Element holds the integer L0 + L1·2⁵¹ + L2·2¹⁰² + L3·2¹⁵³ + L4·2²⁰⁴, which
// stands for its residue modulo p. Limbs may exceed 2⁵¹ ("loose" limbs), so an
// element has many representations; nothing here produces the canonical one.
//
// # Bounds
//
//   - Mul and Square need every input limb < 2⁵⁴. They return out.L0 < 2⁵¹ + 2¹⁵
//     and out.L1 … out.L4 < 2⁵¹ + 2¹³, so their outputs (and sums of up to
//     seven such outputs) are valid inputs again.
//   - Carry takes any limbs (the full uint64 range) and returns
//     out.L0 < 2⁵¹ + 19·2¹³ and out.L1 … out.L4 < 2⁵¹ + 2¹³.
//
// The derivation is written out at reduceWide and carry below, and the tests
// check it on the worst-case inputs.
//
// All functions allow out to alias any input: every input limb is read
// before out is written.
package fe25519

import "math/bits"

// Element is a field element in radix 2⁵¹: L0 + L1·2⁵¹ + L2·2¹⁰² + L3·2¹⁵³ +
// L4·2²⁰⁴ (mod 2²⁵⁵ − 19). The kernels read and write this exact layout: five
// consecutive little-endian uint64 words, 40 bytes.
type Element struct {
	L0, L1, L2, L3, L4 uint64
}

// maskLow51 keeps the low 51 bits of a limb.
const maskLow51 = 1<<51 - 1

// u128 is the unsigned 128-bit integer hi·2⁶⁴ + lo, one column of a product.
type u128 struct {
	lo, hi uint64
}

// mul64 returns the 128-bit product a·b.
func mul64(a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	return u128{lo: lo, hi: hi}
}

// addMul64 returns v + a·b modulo 2¹²⁸.
func addMul64(v u128, a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	lo, c := bits.Add64(v.lo, lo, 0)
	hi, _ = bits.Add64(v.hi, hi, c)
	return u128{lo: lo, hi: hi}
}

// shiftRightBy51 returns bits 51 to 114 of v, that is ⌊v / 2⁵¹⌋ mod 2⁶⁴.
// Kernels compute it with one double shift (SHLD or SHRD).
func shiftRightBy51(v u128) uint64 {
	return v.hi<<13 | v.lo>>51
}

// Mul sets out = a·b mod p.
//
// Precondition for a correct result: every limb of a and b is < 2⁵⁴.
// Then out.L0 < 2⁵¹ + 2¹⁵ and out.L1 … out.L4 < 2⁵¹ + 2¹³.
func Mul(out, a, b *Element) {
	a0, a1, a2, a3, a4 := a.L0, a.L1, a.L2, a.L3, a.L4
	b0, b1, b2, b3, b4 := b.L0, b.L1, b.L2, b.L3, b.L4

	// 2²⁵⁵ ≡ 19 (mod p), so a product aᵢ·bⱼ with i+j ≥ 5 lands in column
	// i+j−5 multiplied by 19. Folding the 19 into aᵢ first keeps the products
	// 64×64 bits: 19·aᵢ < 2⁵⁹ does not wrap for aᵢ < 2⁵⁴.
	a1_19 := a1 * 19
	a2_19 := a2 * 19
	a3_19 := a3 * 19
	a4_19 := a4 * 19

	// r0 = a0×b0 + 19×(a1×b4 + a2×b3 + a3×b2 + a4×b1)
	r0 := mul64(a0, b0)
	r0 = addMul64(r0, a1_19, b4)
	r0 = addMul64(r0, a2_19, b3)
	r0 = addMul64(r0, a3_19, b2)
	r0 = addMul64(r0, a4_19, b1)

	// r1 = a0×b1 + a1×b0 + 19×(a2×b4 + a3×b3 + a4×b2)
	r1 := mul64(a0, b1)
	r1 = addMul64(r1, a1, b0)
	r1 = addMul64(r1, a2_19, b4)
	r1 = addMul64(r1, a3_19, b3)
	r1 = addMul64(r1, a4_19, b2)

	// r2 = a0×b2 + a1×b1 + a2×b0 + 19×(a3×b4 + a4×b3)
	r2 := mul64(a0, b2)
	r2 = addMul64(r2, a1, b1)
	r2 = addMul64(r2, a2, b0)
	r2 = addMul64(r2, a3_19, b4)
	r2 = addMul64(r2, a4_19, b3)

	// r3 = a0×b3 + a1×b2 + a2×b1 + a3×b0 + 19×a4×b4
	r3 := mul64(a0, b3)
	r3 = addMul64(r3, a1, b2)
	r3 = addMul64(r3, a2, b1)
	r3 = addMul64(r3, a3, b0)
	r3 = addMul64(r3, a4_19, b4)

	// r4 = a0×b4 + a1×b3 + a2×b2 + a3×b1 + a4×b0
	r4 := mul64(a0, b4)
	r4 = addMul64(r4, a1, b3)
	r4 = addMul64(r4, a2, b2)
	r4 = addMul64(r4, a3, b1)
	r4 = addMul64(r4, a4, b0)

	reduceWide(out, r0, r1, r2, r3, r4)
}

// Square sets out = a·a mod p.
//
// Precondition for a correct result: every limb of a is < 2⁵⁴.
// Then out.L0 < 2⁵¹ + 2¹⁵ and out.L1 … out.L4 < 2⁵¹ + 2¹³.
func Square(out, a *Element) {
	a0, a1, a2, a3, a4 := a.L0, a.L1, a.L2, a.L3, a.L4

	// Each cross product aᵢ·aⱼ (i ≠ j) appears twice and is computed once,
	// with the 2, and for wrapped columns the 19, folded into one operand.
	// The largest factor, 38·aᵢ < 2⁶⁰, does not wrap for aᵢ < 2⁵⁴.
	a0_2 := a0 * 2
	a1_2 := a1 * 2
	a1_38 := a1 * 38
	a2_38 := a2 * 38
	a3_19 := a3 * 19
	a3_38 := a3 * 38
	a4_19 := a4 * 19

	// r0 = a0×a0 + 2×19×(a1×a4 + a2×a3)
	r0 := mul64(a0, a0)
	r0 = addMul64(r0, a1_38, a4)
	r0 = addMul64(r0, a2_38, a3)

	// r1 = 2×a0×a1 + 19×(2×a2×a4 + a3×a3)
	r1 := mul64(a0_2, a1)
	r1 = addMul64(r1, a2_38, a4)
	r1 = addMul64(r1, a3_19, a3)

	// r2 = 2×a0×a2 + a1×a1 + 2×19×a3×a4
	r2 := mul64(a0_2, a2)
	r2 = addMul64(r2, a1, a1)
	r2 = addMul64(r2, a3_38, a4)

	// r3 = 2×a0×a3 + 2×a1×a2 + 19×a4×a4
	r3 := mul64(a0_2, a3)
	r3 = addMul64(r3, a1_2, a2)
	r3 = addMul64(r3, a4_19, a4)

	// r4 = 2×a0×a4 + 2×a1×a3 + a2×a2
	r4 := mul64(a0_2, a4)
	r4 = addMul64(r4, a1_2, a3)
	r4 = addMul64(r4, a2, a2)

	reduceWide(out, r0, r1, r2, r3, r4)
}

// Carry sets out = a mod p with limbs reduced by one carry step: each limb
// keeps its low 51 bits and passes the rest to the next limb, the top limb
// to L0 times 19 (2²⁵⁵ ≡ 19). The carries are computed from the input limbs
// in parallel, not in sequence, so the result is not fully reduced.
//
// It accepts any limbs and returns out.L0 < 2⁵¹ + 19·2¹³ and
// out.L1 … out.L4 < 2⁵¹ + 2¹³.
func Carry(out, a *Element) {
	carry(out, a.L0, a.L1, a.L2, a.L3, a.L4)
}

// reduceWide sets out to the value of the columns r0 + r1·2⁵¹ + … + r4·2²⁰⁴
// modulo p, with small limbs.
//
// Bounds, for input limbs < 2⁵⁴: column k is a sum of products < 2¹⁰⁸ with
// total weight n = (77, 59, 41, 23, 5) (a wrapped product counts 19), so
// rₖ < nₖ·2¹⁰⁸ < 2¹¹⁵ and cₖ = ⌊rₖ/2⁵¹⌋ < nₖ·2⁵⁷ fits in 64 bits. The limbs
// after this first step are l0 < 2⁵¹ + 95·2⁵⁷ (19·c4) and lₖ < 2⁵¹ + nₖ₋₁·2⁵⁷,
// all < 2⁶⁴. carry then moves at most ⌊l/2⁵¹⌋ ≤ (95, 77, 59, 41, 23)·64
// upward, so out.L0 < 2⁵¹ + 19·1472 < 2⁵¹ + 2¹⁵ and out.Lₖ < 2⁵¹ + 6080
// < 2⁵¹ + 2¹³.
func reduceWide(out *Element, r0, r1, r2, r3, r4 u128) {
	c0 := shiftRightBy51(r0)
	c1 := shiftRightBy51(r1)
	c2 := shiftRightBy51(r2)
	c3 := shiftRightBy51(r3)
	c4 := shiftRightBy51(r4)

	l0 := r0.lo&maskLow51 + c4*19
	l1 := r1.lo&maskLow51 + c0
	l2 := r2.lo&maskLow51 + c1
	l3 := r3.lo&maskLow51 + c2
	l4 := r4.lo&maskLow51 + c3

	carry(out, l0, l1, l2, l3, l4)
}

// carry sets out to l0 + l1·2⁵¹ + … + l4·2²⁰⁴ modulo p after one parallel
// carry step. For any limbs ⌊lₖ/2⁵¹⌋ < 2¹³, which bounds the output limbs
// as documented at Carry.
func carry(out *Element, l0, l1, l2, l3, l4 uint64) {
	c0 := l0 >> 51
	c1 := l1 >> 51
	c2 := l2 >> 51
	c3 := l3 >> 51
	c4 := l4 >> 51

	out.L0 = l0&maskLow51 + c4*19
	out.L1 = l1&maskLow51 + c0
	out.L2 = l2&maskLow51 + c1
	out.L3 = l3&maskLow51 + c2
	out.L4 = l4&maskLow51 + c3
}
