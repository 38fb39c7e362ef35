package fe25519

import "math/bits"

// # Radix 2⁵² and the 52-bit multiply-add
//
// Element52 and Element52x4 hold field elements in radix 2⁵², the shape of
// the AVX-512 IFMA instructions VPMADD52LUQ and VPMADD52HUQ: each multiplies
// the low 52 bits of two 64-bit lanes into a 104-bit product and adds its
// low (LUQ) or high (HUQ) 52 bits to a third lane. madd52lo and madd52hi
// below are exactly those instructions on one lane, written with
// bits.Mul64 of the operands masked to 52 bits: the prover builds that
// product and the instruction's as one term (a product of zero-extended
// 52-bit values, 104 bits wide), so Mul52 and the kernel multiply the same
// pairs.
//
// Mul52 is written the way the kernel vg.dev/kernels/fe25519.mul52x4IFMA
// computes, product for product and shift for shift (the kernel multiplies
// by the constants 608 and 19 with shifts and additions, and so does
// Mul52); only the order of the 64-bit additions differs, and those wrap
// identically. So the kernel equals Mul52x4 for all inputs, also those
// outside the bounds, which only decide whether the result is the right
// field element.
//
// # Bounds
//
// Mul52 needs every input limb < 2⁵²: the multiply-adds read only the low
// 52 bits of a limb, so a bit above them is lost (the result is then the
// product of the inputs with their limbs truncated to 52 bits). The output
// has L0 … L3 < 2⁵² and L4 < 2⁴⁷ + 2¹¹, so it is a valid input again; its
// value is below 2²⁵⁵ + 2²²⁰, congruent to a·b modulo p, not necessarily
// canonical. The derivation is at Mul52; the tests check the limits on
// inputs with all limbs at the bound.

// Element52 is a field element in radix 2⁵²: its value is
// L[0] + L[1]·2⁵² + L[2]·2¹⁰⁴ + L[3]·2¹⁵⁶ + L[4]·2²⁰⁸, modulo p = 2²⁵⁵ − 19.
// Mul52 takes limbs < 2⁵² (p itself is (2⁵²−19, 2⁵²−1, 2⁵²−1, 2⁵²−1,
// 2⁴⁷−1)).
type Element52 [5]uint64

// Element52x4 is four Element52 side by side, limb-major: X[i][j] is limb i
// of element j. Each row X[i] is 32 bytes, one YMM register holding limb i
// of the four elements, lane j for element j: the kernels load and store
// row i at byte offset 32·i. Limb bounds are those of Element52.
type Element52x4 [5][4]uint64

// mask52 keeps the low 52 bits of a 64-bit lane.
const mask52 = 1<<52 - 1

// mask47 keeps the low 47 bits: limb 4 has weight 2²⁰⁸, and 2⁴⁷·2²⁰⁸ = 2²⁵⁵.
const mask47 = 1<<47 - 1

// madd52lo is VPMADD52LUQ on one lane: acc plus the low 52 bits of the
// 104-bit product of the low 52 bits of x and y, modulo 2⁶⁴.
func madd52lo(acc, x, y uint64) uint64 {
	_, lo := bits.Mul64(x&mask52, y&mask52)
	return acc + lo&mask52
}

// madd52hi is VPMADD52HUQ on one lane: acc plus bits 52 to 103 of the
// 104-bit product of the low 52 bits of x and y, modulo 2⁶⁴.
func madd52hi(acc, x, y uint64) uint64 {
	hi, lo := bits.Mul64(x&mask52, y&mask52)
	return acc + (hi<<12 | lo>>52)
}

// times608 returns 608·x = 2⁹·x + 2⁶·x + 2⁵·x mod 2⁶⁴ (608 = 2²⁶⁰ mod p),
// with the kernel's three shifts and two additions.
func times608(x uint64) uint64 { return x<<9 + x<<6 + x<<5 }

// times19 returns 19·x = 2⁴·x + 2·x + x mod 2⁶⁴ (19 = 2²⁵⁵ mod p), with the
// kernel's two shifts and two additions.
func times19(x uint64) uint64 { return x<<4 + x<<1 + x }

// Mul52x4 sets out[·][j] = a[·][j]·b[·][j] mod p for the four lanes j: four
// independent Mul52. Every lane is read before it is written, and lanes do
// not mix, so out may alias a or b.
func Mul52x4(out, a, b *Element52x4) {
	for j := 0; j < 4; j++ {
		var x, y, z Element52
		for i := 0; i < 5; i++ {
			x[i] = a[i][j]
			y[i] = b[i][j]
		}
		Mul52(&z, &x, &y)
		for i := 0; i < 5; i++ {
			out[i][j] = z[i]
		}
	}
}

// Mul52 sets out = a·b mod p in radix 2⁵², as one lane of the IFMA kernel.
//
// Precondition for a correct result: every limb of a and b is < 2⁵².
// Then out[0] … out[3] < 2⁵² and out[4] < 2⁴⁷ + 2¹¹.
//
// Product. Each of the 25 products aᵢ·bⱼ < 2¹⁰⁴ is split by the
// multiply-adds: its low 52 bits go to column i+j, its high 52 bits to
// column i+j+1. Column k (weight 2⁵²ᵏ, k = 0 … 9) is a sum of
// n = (1, 3, 5, 7, 9, 9, 7, 5, 3, 1) halves, each < 2⁵², so cₖ < nₖ·2⁵²
// (< 2⁵⁶; column 9 is the one half hi(a₄·b₄) < 2⁵²).
//
// Fold at 2²⁶⁰. Column k ≥ 5 counts 608 times in column k − 5. The
// multiplications by 608 (and by 19 below) are shifts and additions in the
// kernel, no multiply instruction, and they must not wrap: 608·x < 2⁶⁴
// needs x < 2⁵⁴·⁷⁵. c₅ < 9·2⁵² and c₆ < 7·2⁵² are too large, so c₅ first
// passes its top h₅ = c₅ >> 52 < 9 to column 6, and c₆ + h₅ its top
// h₆ < 8 to column 7; c₇ + h₆ < 5·2⁵² + 8, c₈ < 3·2⁵² and c₉ < 2⁵² fit.
// The folded columns are r₀ < 609·2⁵², r₁ < 611·2⁵², r₂ < 3046·2⁵²,
// r₃ < 1831·2⁵², r₄ < 617·2⁵², all < 2⁶⁴.
//
// Fold at 2²⁵⁵. r₄'s bits from 47 up (weight 2²⁵⁵), t = r₄ >> 47 < 2¹⁵,
// go to column 0 as 19·t < 2¹⁹: r₀ < 610·2⁵².
//
// Carry. One sequential pass r₀ → r₁ → r₂ → r₃ → r₄ leaves limbs 0 … 3 of
// 52 bits; the carries rₖ >> 52 stay below 2¹², so the last limb is
// (r₄ mod 2⁴⁷) + carry < 2⁴⁷ + 2¹¹.
func Mul52(out, a, b *Element52) {
	x := [5]uint64{a[0], a[1], a[2], a[3], a[4]}
	y := [5]uint64{b[0], b[1], b[2], b[3], b[4]}

	// Schoolbook product: columns c[0] … c[9].
	var c [10]uint64
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			c[i+j] = madd52lo(c[i+j], x[i], y[j])
			c[i+j+1] = madd52hi(c[i+j+1], x[i], y[j])
		}
	}

	// Columns 5 and 6 pass their tops up, so that 608 times them fits.
	h5 := c[5] >> 52
	l5 := c[5] & mask52
	c6 := c[6] + h5
	h6 := c6 >> 52
	l6 := c6 & mask52
	c7 := c[7] + h6

	// Fold columns 5 … 9 into 0 … 4 (2²⁶⁰ ≡ 608).
	r0 := c[0] + times608(l5)
	r1 := c[1] + times608(l6)
	r2 := c[2] + times608(c7)
	r3 := c[3] + times608(c[8])
	r4 := c[4] + times608(c[9])

	// Fold r₄'s bits from 2²⁵⁵ up into column 0 (2²⁵⁵ ≡ 19).
	t := r4 >> 47
	r4 &= mask47
	r0 += times19(t)

	// One sequential carry pass.
	r1 += r0 >> 52
	r0 &= mask52
	r2 += r1 >> 52
	r1 &= mask52
	r3 += r2 >> 52
	r2 &= mask52
	r4 += r3 >> 52
	r3 &= mask52

	out[0], out[1], out[2], out[3], out[4] = r0, r1, r2, r3, r4
}
