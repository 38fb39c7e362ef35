//go:build amd64 && !purego

#include "textflag.h"

// Four multiplications modulo 2²⁵⁵−19 in radix 2⁵² with AVX-512 IFMA on
// YMM registers (AVX-512VL), proved equal to vg.dev/spec/fe25519.Mul52x4.
//
// Layout. An Element52x4 is five rows of four uint64: row i (byte offset
// 32·i) is limb i of the four elements, so one VMOVDQU loads limb i of all
// four into one YMM register, lane j for element j. Every instruction below
// works lane by lane; the four lanes never mix.
//
// Rules the kernel keeps, because the prover relies on them:
//   - It makes exactly the multiply-adds of the spec's Mul52: VPMADD52LUQ
//     and VPMADD52HUQ of aᵢ and bⱼ, the same operand pairs. The prover
//     builds each product once, as the spec's bits.Mul64 of the 52-bit
//     masked operands, so a kernel that multiplied other pairs (or the
//     same values computed differently) would not be proved. Only the order
//     of the 64-bit additions differs, and the multiplications by the
//     constants 608 and 19, which are shifts and additions here.
//   - The only multiplies are those 50 multiply-adds, on the input limbs
//     themselves; the constant-time check reports each as a variable-time
//     warning (Intel's MCDT guidance for SIMD multiplies). The reduction
//     multiplies by constants with shifts and additions instead, so that no
//     multiply has an operand computed from the products.
//   - No branch, no flag, no address but constant offsets from the three
//     arguments; out is written only after a and b have been read, so it
//     may alias them.
//
// Product. The 25 products aᵢ·bⱼ are added as 52-bit halves: the low half
// (LUQ) into column i+j, the high half (HUQ) into column i+j+1. Columns
// 2 … 7 have two accumulators, Lk for the low halves and Hk for the high
// ones, so that no chain of dependent multiply-adds is longer than five;
// row by row, successive updates of one accumulator are ten multiply-adds
// apart, more than their latency at two per cycle. All accumulators start
// at zero (VPXORQ, a zero idiom).
//
// Reduction, as in the spec (see Mul52 there for the bounds): columns 5
// and 6 pass their tops up, columns 5 … 9 fold into 0 … 4 times
// 608 = 2²⁶⁰ mod p (three shifts and three additions each), r₄'s bits from
// 2²⁵⁵ up fold into column 0 times 19, and one carry pass r₀ → r₄ leaves
// limbs 0 … 3 below 2⁵² and limb 4 below 2⁴⁷ + 2¹¹.
//
// Registers: AX = a, BX = b, DI = out, CX scratch for the masks.

// Inputs: limb i of a in Ai, of b in Bi.
#define A0 Y0
#define A1 Y1
#define A2 Y2
#define A3 Y3
#define A4 Y4
#define B0 Y5
#define B1 Y6
#define B2 Y7
#define B3 Y8
#define B4 Y9

// Column accumulators: Lk (k = 0 … 9) and Hk (k = 2 … 7).
#define L0 Y10
#define L1 Y11
#define L2 Y12
#define L3 Y13
#define L4 Y14
#define L5 Y15
#define L6 Y16
#define L7 Y17
#define L8 Y18
#define L9 Y19
#define H2 Y20
#define H3 Y21
#define H4 Y22
#define H5 Y23
#define H6 Y24
#define H7 Y25

// Masks in every lane.
#define M52 Y26
#define M47 Y27

// PROD adds x·y: its low 52 bits to lo, its high 52 bits to hi.
#define PROD(x, y, lo, hi) \
	VPMADD52LUQ y, x, lo; \
	VPMADD52HUQ y, x, hi

// FOLD608 adds 608·x = 2⁹·x + 2⁶·x + 2⁵·x to r, with t0 … t2 as scratch.
#define FOLD608(x, r, t0, t1, t2) \
	VPSLLQ $9, x, t0; \
	VPSLLQ $6, x, t1; \
	VPSLLQ $5, x, t2; \
	VPADDQ t1, t0, t0; \
	VPADDQ t2, r, r; \
	VPADDQ t0, r, r

// CARRY moves the bits of r from 2⁵² up into next and clears them, with t
// as scratch.
#define CARRY(r, next, t) \
	VPSRLQ $52, r, t; \
	VPADDQ t, next, next; \
	VPANDQ M52, r, r

// func mul52x4IFMA(out, a, b *Element52x4)
TEXT ·mul52x4IFMA(SB), NOSPLIT, $0-24
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), BX

	MOVQ         $0x000fffffffffffff, CX
	VPBROADCASTQ CX, M52
	MOVQ         $0x00007fffffffffff, CX
	VPBROADCASTQ CX, M47

	VMOVDQU 0(AX), A0
	VMOVDQU 32(AX), A1
	VMOVDQU 64(AX), A2
	VMOVDQU 96(AX), A3
	VMOVDQU 128(AX), A4
	VMOVDQU 0(BX), B0
	VMOVDQU 32(BX), B1
	VMOVDQU 64(BX), B2
	VMOVDQU 96(BX), B3
	VMOVDQU 128(BX), B4

	VPXORQ L0, L0, L0
	VPXORQ L1, L1, L1
	VPXORQ L2, L2, L2
	VPXORQ L3, L3, L3
	VPXORQ L4, L4, L4
	VPXORQ L5, L5, L5
	VPXORQ L6, L6, L6
	VPXORQ L7, L7, L7
	VPXORQ L8, L8, L8
	VPXORQ L9, L9, L9
	VPXORQ H2, H2, H2
	VPXORQ H3, H3, H3
	VPXORQ H4, H4, H4
	VPXORQ H5, H5, H5
	VPXORQ H6, H6, H6
	VPXORQ H7, H7, H7

	// Row a0: columns 0 … 5.
	PROD(A0, B0, L0, L1)
	PROD(A0, B1, L1, H2)
	PROD(A0, B2, L2, H3)
	PROD(A0, B3, L3, H4)
	PROD(A0, B4, L4, H5)

	// Row a1: columns 1 … 6.
	PROD(A1, B0, L1, H2)
	PROD(A1, B1, L2, H3)
	PROD(A1, B2, L3, H4)
	PROD(A1, B3, L4, H5)
	PROD(A1, B4, L5, H6)

	// Row a2: columns 2 … 7.
	PROD(A2, B0, L2, H3)
	PROD(A2, B1, L3, H4)
	PROD(A2, B2, L4, H5)
	PROD(A2, B3, L5, H6)
	PROD(A2, B4, L6, H7)

	// Row a3: columns 3 … 8.
	PROD(A3, B0, L3, H4)
	PROD(A3, B1, L4, H5)
	PROD(A3, B2, L5, H6)
	PROD(A3, B3, L6, H7)
	PROD(A3, B4, L7, L8)

	// Row a4: columns 4 … 9.
	PROD(A4, B0, L4, H5)
	PROD(A4, B1, L5, H6)
	PROD(A4, B2, L6, H7)
	PROD(A4, B3, L7, L8)
	PROD(A4, B4, L8, L9)

	// Columns 5 and 6 pass their tops up (h5 in A0, h6 in A1), so that
	// 608 times them fits in 64 bits: c5 mod 2⁵² in L5, (c6 + h5) mod 2⁵²
	// in L6, c7 + h6 in L7.
	VPADDQ H5, L5, L5
	VPSRLQ $52, L5, A0
	VPANDQ M52, L5, L5
	VPADDQ H6, L6, L6
	VPADDQ A0, L6, L6
	VPSRLQ $52, L6, A1
	VPANDQ M52, L6, L6
	VPADDQ H7, L7, L7
	VPADDQ A1, L7, L7

	// Fold columns 5 … 9 into 0 … 4, 608 times: r₀ … r₄ in L0 … L4.
	VPADDQ H2, L2, L2
	VPADDQ H3, L3, L3
	VPADDQ H4, L4, L4
	FOLD608(L5, L0, A2, A3, A4)
	FOLD608(L6, L1, B0, B1, B2)
	FOLD608(L7, L2, B3, B4, A0)
	FOLD608(L8, L3, A1, H2, H3)
	FOLD608(L9, L4, H4, H5, H6)

	// Fold r₄'s bits from 2²⁵⁵ up into column 0, 19 = 2⁴ + 2¹ + 1 times.
	VPSRLQ $47, L4, A2
	VPANDQ M47, L4, L4
	VPSLLQ $1, A2, A3
	VPSLLQ $4, A2, A4
	VPADDQ A2, L0, L0
	VPADDQ A3, L0, L0
	VPADDQ A4, L0, L0

	// One carry pass.
	CARRY(L0, L1, B0)
	CARRY(L1, L2, B1)
	CARRY(L2, L3, B2)
	CARRY(L3, L4, B3)

	MOVQ    out+0(FP), DI
	VMOVDQU L0, 0(DI)
	VMOVDQU L1, 32(DI)
	VMOVDQU L2, 64(DI)
	VMOVDQU L3, 96(DI)
	VMOVDQU L4, 128(DI)
	VZEROUPPER
	RET
