//go:build arm64 && !purego

#include "textflag.h"

// Field arithmetic modulo 2²⁵⁵−19 in radix 2⁵¹, proved equal to
// vg.dev/spec/fe25519. An Element is five uint64 limbs at offsets 0 to 32.
//
// Rules every kernel here keeps, because the prover relies on them:
//   - Each 64×64-bit product multiplies the same pair of values as the spec:
//     aᵢ×bⱼ, or (19·aᵢ)×bⱼ with 19·aᵢ formed first; in Square aᵢ×aⱼ,
//     (2·aᵢ)×aⱼ, (19·aᵢ)×aⱼ and (38·aᵢ)×aⱼ. MUL gives the low and UMULH
//     the high half of each product. The multipliers 2·aᵢ, 19·aᵢ and 38·aᵢ
//     are formed with ADDs of shifted registers (TIMES19), which keep the
//     multiplier free for the products; they are the same values modulo
//     2⁶⁴ as the spec's aᵢ * 19 and aᵢ * 38.
//   - Each column is a 128-bit sum kept in R17:R16 and accumulated with
//     ADDS/ADC in the spec's order; ADC drops the carry out of bit 127, as
//     the spec's bits.Add64 does. Every other addition wraps modulo 2⁶⁴ like
//     the spec's.
//   - No branch, no data-dependent address, no instruction whose timing
//     depends on its operands (MUL, UMULH, MADD, ADDS, ADC, ADD, EXTR, AND,
//     LSR); out is written only after a and b have been read, so out may
//     alias them.
//   - Leaf functions with frame $0: only R0–R17 and R19–R26 are written
//     (not R18, the platform register, R27, the assembler's temporary, g,
//     FP or LR).
//
// As soon as column k is complete it is split like the spec's reduceWide:
// cₖ = rₖ >> 51 with one EXTR (hi<<13 | lo>>51), lₖ = (rₖ.lo mod 2⁵¹) + cₖ₋₁,
// and 19·c₄ goes into l₀ with MADD. The spec computes every cₖ from its
// column, so splitting column by column gives the same values. Then the
// light carry step (the spec's carry) on l₀…l₄.
//
// Registers common to the kernels:
//   R17:R16   the current column      R20:R19   the current product
//   R21       l0                      R23…R26   l1…l4
//   R22       the previous column's carry cₖ₋₁
//   R15       the constant 19

// The low 51 bits of a limb (a logical immediate: no temporary register).
#define MASK51 $0x0007ffffffffffff

// COL(x, y) starts a column: R17:R16 = x×y.
#define COL(x, y) \
	MUL   y, x, R16; \
	UMULH y, x, R17

// ACC(x, y) adds x×y to the column: R17:R16 += x×y mod 2¹²⁸.
#define ACC(x, y) \
	MUL   y, x, R19; \
	UMULH y, x, R20; \
	ADDS  R19, R16, R16; \
	ADC   R20, R17, R17

// TIMES19(x, d) sets d = 19·x = x + 2x + 16x with two ADDs of shifted
// registers. On cores with one multiply pipeline (Cortex-A7x, Neoverse N1)
// ADD with LSL #1…#4 runs on the integer pipelines, leaving the multiplier
// to the fifty products; four MULs by 19 would compete with them.
#define TIMES19(x, d) \
	ADD x<<1, x, d; \
	ADD x<<4, d, d

// SPLIT0 splits column 0: R22 = c0, R21 = r0 mod 2⁵¹ (19·c4 comes last).
#define SPLIT0 \
	EXTR $51, R16, R17, R22; \
	AND  MASK51, R16, R21

// SPLIT(l) splits column k ≥ 1: l = rₖ mod 2⁵¹ + cₖ₋₁, then R22 = cₖ.
#define SPLIT(l) \
	AND  MASK51, R16, l; \
	ADD  R22, l, l; \
	EXTR $51, R16, R17, R22

// LIGHT is the spec's carry on l0…l4 = R21, R23, R24, R25, R26: outₖ =
// lₖ mod 2⁵¹ + lₖ₋₁ >> 51 (an ADD with the shifted register), out0 =
// l0 mod 2⁵¹ + 19·(l4 >> 51). out0…out4 end in R22, R16, R17, R19, R20.
#define LIGHT \
	AND  MASK51, R23, R16; \
	ADD  R21>>51, R16, R16; \
	AND  MASK51, R24, R17; \
	ADD  R23>>51, R17, R17; \
	AND  MASK51, R25, R19; \
	ADD  R24>>51, R19, R19; \
	AND  MASK51, R26, R20; \
	ADD  R25>>51, R20, R20; \
	LSR  $51, R26, R0; \
	AND  MASK51, R21, R22; \
	MADD R15, R22, R0, R22

// STORE writes R22, R16, R17, R19, R20 to out.
#define STORE \
	MOVD out+0(FP), R0; \
	STP  (R22, R16), 0(R0); \
	STP  (R17, R19), 16(R0); \
	MOVD R20, 32(R0)

// func mulARM64(out, a, b *Element)
//
// a0…a4 in R1…R5, b0…b4 in R6…R10, 19·a1…19·a4 in R11…R14. Twenty-five
// products, column by column in the spec's order.
TEXT ·mulARM64(SB), NOSPLIT, $0-24
	MOVD a+8(FP), R0
	LDP  0(R0), (R1, R2)
	LDP  16(R0), (R3, R4)
	MOVD 32(R0), R5
	MOVD b+16(FP), R0
	LDP  0(R0), (R6, R7)
	LDP  16(R0), (R8, R9)
	MOVD 32(R0), R10

	TIMES19(R2, R11)
	TIMES19(R3, R12)
	TIMES19(R4, R13)
	TIMES19(R5, R14)
	MOVD $19, R15

	// r0 = a0×b0 + 19a1×b4 + 19a2×b3 + 19a3×b2 + 19a4×b1
	COL(R1, R6)
	ACC(R11, R10)
	ACC(R12, R9)
	ACC(R13, R8)
	ACC(R14, R7)
	SPLIT0

	// r1 = a0×b1 + a1×b0 + 19a2×b4 + 19a3×b3 + 19a4×b2
	COL(R1, R7)
	ACC(R2, R6)
	ACC(R12, R10)
	ACC(R13, R9)
	ACC(R14, R8)
	SPLIT(R23)

	// r2 = a0×b2 + a1×b1 + a2×b0 + 19a3×b4 + 19a4×b3
	COL(R1, R8)
	ACC(R2, R7)
	ACC(R3, R6)
	ACC(R13, R10)
	ACC(R14, R9)
	SPLIT(R24)

	// r3 = a0×b3 + a1×b2 + a2×b1 + a3×b0 + 19a4×b4
	COL(R1, R9)
	ACC(R2, R8)
	ACC(R3, R7)
	ACC(R4, R6)
	ACC(R14, R10)
	SPLIT(R25)

	// r4 = a0×b4 + a1×b3 + a2×b2 + a3×b1 + a4×b0
	COL(R1, R10)
	ACC(R2, R9)
	ACC(R3, R8)
	ACC(R4, R7)
	ACC(R5, R6)
	SPLIT(R26)

	// l0 = r0 mod 2⁵¹ + 19·c4.
	MADD R15, R21, R22, R21

	LIGHT
	STORE
	RET

// func squareARM64(out, a *Element)
//
// a0…a4 in R1…R5; the spec's multipliers 2a0, 2a1, 38a1, 38a2, 19a3, 38a3,
// 19a4 in R6…R12. Fifteen products, column by column in the spec's order.
TEXT ·squareARM64(SB), NOSPLIT, $0-16
	MOVD a+8(FP), R0
	LDP  0(R0), (R1, R2)
	LDP  16(R0), (R3, R4)
	MOVD 32(R0), R5

	ADD  R1, R1, R6    // 2a0
	ADD  R2, R2, R7    // 2a1
	TIMES19(R2, R8)
	ADD  R8, R8, R8    // 38a1 = 2·19a1
	TIMES19(R3, R9)
	ADD  R9, R9, R9    // 38a2
	TIMES19(R4, R10)   // 19a3
	ADD  R10, R10, R11 // 38a3
	TIMES19(R5, R12)   // 19a4
	MOVD $19, R15

	// r0 = a0×a0 + 38a1×a4 + 38a2×a3
	COL(R1, R1)
	ACC(R8, R5)
	ACC(R9, R4)
	SPLIT0

	// r1 = 2a0×a1 + 38a2×a4 + 19a3×a3
	COL(R6, R2)
	ACC(R9, R5)
	ACC(R10, R4)
	SPLIT(R23)

	// r2 = 2a0×a2 + a1×a1 + 38a3×a4
	COL(R6, R3)
	ACC(R2, R2)
	ACC(R11, R5)
	SPLIT(R24)

	// r3 = 2a0×a3 + 2a1×a2 + 19a4×a4
	COL(R6, R4)
	ACC(R7, R3)
	ACC(R12, R5)
	SPLIT(R25)

	// r4 = 2a0×a4 + 2a1×a3 + a2×a2
	COL(R6, R5)
	ACC(R7, R4)
	ACC(R3, R3)
	SPLIT(R26)

	// l0 = r0 mod 2⁵¹ + 19·c4.
	MADD R15, R21, R22, R21

	LIGHT
	STORE
	RET

// func carryARM64(out, a *Element)
//
// The light carry step alone, on the limbs of a.
TEXT ·carryARM64(SB), NOSPLIT, $0-16
	MOVD a+8(FP), R0
	LDP  0(R0), (R21, R23)
	LDP  16(R0), (R24, R25)
	MOVD 32(R0), R26
	MOVD $19, R15

	LIGHT
	STORE
	RET
