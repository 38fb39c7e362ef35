//go:build amd64 && !purego

#include "textflag.h"

// Field arithmetic modulo 2²⁵⁵−19 in radix 2⁵¹, proved equal to
// vg.dev/spec/fe25519. An Element is five uint64 limbs at offsets 0 to 32.
//
// Rules every kernel here keeps, because the prover relies on them:
//   - Each 64×64-bit product multiplies the same pair of values as the spec:
//     aᵢ×bⱼ, or (19·aᵢ)×bⱼ with 19·aᵢ formed first; in Square aᵢ×aⱼ,
//     (2·aᵢ)×aⱼ, (19·aᵢ)×aⱼ and (38·aᵢ)×aⱼ. Only the order of the 128-bit
//     additions differs from the spec.
//   - Every addition is exact modulo 2⁶⁴ or 2¹²⁸ like the spec's, so the
//     kernels equal the spec for all inputs, not only for bounded ones.
//   - No flag is read that the last instruction writing it left undefined,
//     no branch, no data-dependent address; out is written only after a and
//     b have been read, so out may alias them.
//
// Each column k of the product is a 128-bit sum rₖ. The reduction then
// follows the spec: cₖ = rₖ >> 51 (one SHLQ/SHLD), lₖ = (rₖ mod 2⁵¹) + cₖ₋₁
// with 19·c₄ into l₀, and one more parallel carry step on the lₖ.

// The low 51 bits of a limb.
#define MASK51 $0x0007ffffffffffff

// func mulADX(out, a, b *Element)
//
// Row by row: DX holds one multiplier (aᵢ or 19·aᵢ) and MULX multiplies it by
// the limbs of b, leaving the flags alone. The column sums live in
// c0 = R9:R8, c1 = R11:R10, c2 = R13:R12, c3 = R15:R14, c4 = CX:BX. Products
// are added in pairs: one in the CF chain (ADCX), one in the OF chain (ADOX),
// so the two 128-bit additions run independently. Each chain's carry out of
// bit 127 is discarded, as in the spec, by clearing both flags with XORL
// before the next pair. With all fourteen registers in use, the pointer a
// is reloaded from the argument frame for each limb.
//
// 19·aᵢ is formed from aᵢ still in DX by two LEAQs (9·aᵢ, then aᵢ + 2·9·aᵢ):
// they keep the flags and, measured, beat IMUL3Q here, which competes with
// MULX for the multiplier port.
TEXT ·mulADX(SB), NOSPLIT, $0-24
	MOVQ b+16(FP), SI
	MOVQ a+8(FP), DX
	MOVQ (DX), DX

	// Row a0 starts every column, straight into the accumulators.
	MULXQ (SI), R8, R9
	MULXQ 8(SI), R10, R11
	MULXQ 16(SI), R12, R13
	MULXQ 24(SI), R14, R15
	MULXQ 32(SI), BX, CX

	// Row a1: c1 += a1×b0, c2 += a1×b1, c3 += a1×b2, c4 += a1×b3.
	MOVQ  a+8(FP), DX
	MOVQ  8(DX), DX
	XORL  AX, AX
	MULXQ (SI), AX, DI
	ADCXQ AX, R10
	ADCXQ DI, R11
	MULXQ 8(SI), AX, DI
	ADOXQ AX, R12
	ADOXQ DI, R13
	XORL  AX, AX
	MULXQ 16(SI), AX, DI
	ADCXQ AX, R14
	ADCXQ DI, R15
	MULXQ 24(SI), AX, DI
	ADOXQ AX, BX
	ADOXQ DI, CX

	// c0 += 19a1×b4; row a2: c2 += a2×b0.
	LEAQ  (DX)(DX*8), AX
	LEAQ  (DX)(AX*2), DX
	XORL  AX, AX
	MULXQ 32(SI), AX, DI
	ADCXQ AX, R8
	ADCXQ DI, R9
	MOVQ  a+8(FP), DX
	MOVQ  16(DX), DX
	MULXQ (SI), AX, DI
	ADOXQ AX, R12
	ADOXQ DI, R13

	// c3 += a2×b1, c4 += a2×b2.
	XORL  AX, AX
	MULXQ 8(SI), AX, DI
	ADCXQ AX, R14
	ADCXQ DI, R15
	MULXQ 16(SI), AX, DI
	ADOXQ AX, BX
	ADOXQ DI, CX

	// c0 += 19a2×b3, c1 += 19a2×b4.
	LEAQ  (DX)(DX*8), AX
	LEAQ  (DX)(AX*2), DX
	XORL  AX, AX
	MULXQ 24(SI), AX, DI
	ADCXQ AX, R8
	ADCXQ DI, R9
	MULXQ 32(SI), AX, DI
	ADOXQ AX, R10
	ADOXQ DI, R11

	// Row a3: c3 += a3×b0, c4 += a3×b1.
	MOVQ  a+8(FP), DX
	MOVQ  24(DX), DX
	XORL  AX, AX
	MULXQ (SI), AX, DI
	ADCXQ AX, R14
	ADCXQ DI, R15
	MULXQ 8(SI), AX, DI
	ADOXQ AX, BX
	ADOXQ DI, CX

	// c0 += 19a3×b2, c1 += 19a3×b3.
	LEAQ  (DX)(DX*8), AX
	LEAQ  (DX)(AX*2), DX
	XORL  AX, AX
	MULXQ 16(SI), AX, DI
	ADCXQ AX, R8
	ADCXQ DI, R9
	MULXQ 24(SI), AX, DI
	ADOXQ AX, R10
	ADOXQ DI, R11

	// c2 += 19a3×b4; row a4: c4 += a4×b0.
	XORL  AX, AX
	MULXQ 32(SI), AX, DI
	ADCXQ AX, R12
	ADCXQ DI, R13
	MOVQ  a+8(FP), DX
	MOVQ  32(DX), DX
	MULXQ (SI), AX, DI
	ADOXQ AX, BX
	ADOXQ DI, CX

	// c0 += 19a4×b1, c1 += 19a4×b2.
	LEAQ  (DX)(DX*8), AX
	LEAQ  (DX)(AX*2), DX
	XORL  AX, AX
	MULXQ 8(SI), AX, DI
	ADCXQ AX, R8
	ADCXQ DI, R9
	MULXQ 16(SI), AX, DI
	ADOXQ AX, R10
	ADOXQ DI, R11

	// c2 += 19a4×b3, c3 += 19a4×b4.
	XORL  AX, AX
	MULXQ 24(SI), AX, DI
	ADCXQ AX, R12
	ADCXQ DI, R13
	MULXQ 32(SI), AX, DI
	ADOXQ AX, R14
	ADOXQ DI, R15

	// Reduction, as in the spec. cₖ = rₖ >> 51 goes to the high register,
	// lₖ = rₖ mod 2⁵¹ stays in the low one.
	MOVQ MASK51, AX
	SHLQ $13, R8, R9
	SHLQ $13, R10, R11
	SHLQ $13, R12, R13
	SHLQ $13, R14, R15
	SHLQ $13, BX, CX
	ANDQ AX, R8
	ANDQ AX, R10
	ANDQ AX, R12
	ANDQ AX, R14
	ANDQ AX, BX

	// l0 += 19·c4, lₖ += cₖ₋₁.
	IMUL3Q $19, CX, CX
	ADDQ   CX, R8
	ADDQ   R9, R10
	ADDQ   R11, R12
	ADDQ   R13, R14
	ADDQ   R15, BX

	// Light carry step: tₖ = lₖ >> 51 moves up a limb (SHRXQ keeps lₖ).
	MOVL   $51, DX
	SHRXQ  DX, R8, R9
	SHRXQ  DX, R10, R11
	SHRXQ  DX, R12, R13
	SHRXQ  DX, R14, R15
	SHRXQ  DX, BX, CX
	ANDQ   AX, R8
	ANDQ   AX, R10
	ANDQ   AX, R12
	ANDQ   AX, R14
	ANDQ   AX, BX
	IMUL3Q $19, CX, CX
	ADDQ   CX, R8
	ADDQ   R9, R10
	ADDQ   R11, R12
	ADDQ   R13, R14
	ADDQ   R15, BX

	MOVQ out+0(FP), DI
	MOVQ R8, (DI)
	MOVQ R10, 8(DI)
	MOVQ R12, 16(DI)
	MOVQ R14, 24(DI)
	MOVQ BX, 32(DI)
	RET

// func squareADX(out, a *Element)
//
// Like mulADX with b = a: fifteen products instead of twenty-five, because
// each cross product aᵢ×aⱼ is computed once with the factor 2 folded into
// one operand. The pointer a stays in SI; the column registers are the same
// as in mulADX, and so is the reduction. Here IMUL3Q forms the multipliers
// straight from memory (measured no slower than LEAQs for these fewer
// products); it sets CF and OF, so each one comes before the XORL that
// starts a pair.
TEXT ·squareADX(SB), NOSPLIT, $0-16
	MOVQ a+8(FP), SI
	MOVQ (SI), DX

	// c0 = a0×a0, then 2a0 times a1…a4 starts columns 1 to 4.
	MULXQ (SI), R8, R9
	LEAQ  (DX)(DX*1), DX
	MULXQ 8(SI), R10, R11
	MULXQ 16(SI), R12, R13
	MULXQ 24(SI), R14, R15
	MULXQ 32(SI), BX, CX

	// c0 += 38a2×a3, c1 += 38a2×a4.
	IMUL3Q $38, 16(SI), DX
	XORL   AX, AX
	MULXQ  24(SI), AX, DI
	ADCXQ  AX, R8
	ADCXQ  DI, R9
	MULXQ  32(SI), AX, DI
	ADOXQ  AX, R10
	ADOXQ  DI, R11

	// c0 += 38a1×a4, c2 += a1×a1.
	IMUL3Q $38, 8(SI), DX
	XORL   AX, AX
	MULXQ  32(SI), AX, DI
	ADCXQ  AX, R8
	ADCXQ  DI, R9
	MOVQ   8(SI), DX
	MULXQ  8(SI), AX, DI
	ADOXQ  AX, R12
	ADOXQ  DI, R13

	// c1 += 19a3×a3, c2 += 38a3×a4 (38a3 = 2·19a3 by LEAQ, which keeps the
	// OF chain's flags).
	IMUL3Q $19, 24(SI), DX
	XORL   AX, AX
	MULXQ  24(SI), AX, DI
	ADCXQ  AX, R10
	ADCXQ  DI, R11
	LEAQ   (DX)(DX*1), DX
	MULXQ  32(SI), AX, DI
	ADOXQ  AX, R12
	ADOXQ  DI, R13

	// c3 += 19a4×a4, c3 += 2a1×a2.
	IMUL3Q $19, 32(SI), DX
	XORL   AX, AX
	MULXQ  32(SI), AX, DI
	ADCXQ  AX, R14
	ADCXQ  DI, R15
	MOVQ   8(SI), DX
	LEAQ   (DX)(DX*1), DX
	MULXQ  16(SI), AX, DI
	ADOXQ  AX, R14
	ADOXQ  DI, R15

	// c4 += 2a1×a3, c4 += a2×a2.
	XORL  AX, AX
	MULXQ 24(SI), AX, DI
	ADCXQ AX, BX
	ADCXQ DI, CX
	MOVQ  16(SI), DX
	MULXQ 16(SI), AX, DI
	ADOXQ AX, BX
	ADOXQ DI, CX

	// Reduction, as in the spec. cₖ = rₖ >> 51 goes to the high register,
	// lₖ = rₖ mod 2⁵¹ stays in the low one.
	MOVQ MASK51, AX
	SHLQ $13, R8, R9
	SHLQ $13, R10, R11
	SHLQ $13, R12, R13
	SHLQ $13, R14, R15
	SHLQ $13, BX, CX
	ANDQ AX, R8
	ANDQ AX, R10
	ANDQ AX, R12
	ANDQ AX, R14
	ANDQ AX, BX

	// l0 += 19·c4, lₖ += cₖ₋₁.
	IMUL3Q $19, CX, CX
	ADDQ   CX, R8
	ADDQ   R9, R10
	ADDQ   R11, R12
	ADDQ   R13, R14
	ADDQ   R15, BX

	// Light carry step: tₖ = lₖ >> 51 moves up a limb (SHRXQ keeps lₖ).
	MOVL   $51, DX
	SHRXQ  DX, R8, R9
	SHRXQ  DX, R10, R11
	SHRXQ  DX, R12, R13
	SHRXQ  DX, R14, R15
	SHRXQ  DX, BX, CX
	ANDQ   AX, R8
	ANDQ   AX, R10
	ANDQ   AX, R12
	ANDQ   AX, R14
	ANDQ   AX, BX
	IMUL3Q $19, CX, CX
	ADDQ   CX, R8
	ADDQ   R9, R10
	ADDQ   R11, R12
	ADDQ   R13, R14
	ADDQ   R15, BX

	MOVQ out+0(FP), DI
	MOVQ R8, (DI)
	MOVQ R10, 8(DI)
	MOVQ R12, 16(DI)
	MOVQ R14, 24(DI)
	MOVQ BX, 32(DI)
	RET

// func mulMULQ(out, a, b *Element)
//
// Column by column with MULQ (DX:AX = AX × operand). 19·a1 … 19·a4 are formed
// once, by two LEAQs each as in mulADX, and kept in R12…R15. As soon as a
// column is complete it is split into lₖ and cₖ and cₖ₋₁ is added, which
// frees registers for the next column (the spec's carries are all computed
// from the columns, so this order gives the same values). CX = a, BX = b,
// SI = mask.
TEXT ·mulMULQ(SB), NOSPLIT, $0-24
	MOVQ a+8(FP), CX
	MOVQ b+16(FP), BX
	MOVQ 8(CX), R12
	LEAQ (R12)(R12*8), AX
	LEAQ (R12)(AX*2), R12
	MOVQ 16(CX), R13
	LEAQ (R13)(R13*8), AX
	LEAQ (R13)(AX*2), R13
	MOVQ 24(CX), R14
	LEAQ (R14)(R14*8), AX
	LEAQ (R14)(AX*2), R14
	MOVQ 32(CX), R15
	LEAQ (R15)(R15*8), AX
	LEAQ (R15)(AX*2), R15
	MOVQ MASK51, SI

	// r0 = a0×b0 + 19a1×b4 + 19a2×b3 + 19a3×b2 + 19a4×b1 in R9:R8.
	MOVQ (CX), AX
	MULQ (BX)
	MOVQ AX, R8
	MOVQ DX, R9
	MOVQ R12, AX
	MULQ 32(BX)
	ADDQ AX, R8
	ADCQ DX, R9
	MOVQ R13, AX
	MULQ 24(BX)
	ADDQ AX, R8
	ADCQ DX, R9
	MOVQ R14, AX
	MULQ 16(BX)
	ADDQ AX, R8
	ADCQ DX, R9
	MOVQ R15, AX
	MULQ 8(BX)
	ADDQ AX, R8
	ADCQ DX, R9

	// R9 = c0, R8 = r0 mod 2⁵¹ (19·c4 is added at the end).
	SHLQ $13, R8, R9
	ANDQ SI, R8

	// r1 = a0×b1 + a1×b0 + 19a2×b4 + 19a3×b3 + 19a4×b2 in R11:R10.
	MOVQ (CX), AX
	MULQ 8(BX)
	MOVQ AX, R10
	MOVQ DX, R11
	MOVQ 8(CX), AX
	MULQ (BX)
	ADDQ AX, R10
	ADCQ DX, R11
	MOVQ R13, AX
	MULQ 32(BX)
	ADDQ AX, R10
	ADCQ DX, R11
	MOVQ R14, AX
	MULQ 24(BX)
	ADDQ AX, R10
	ADCQ DX, R11
	MOVQ R15, AX
	MULQ 16(BX)
	ADDQ AX, R10
	ADCQ DX, R11

	// R11 = c1, R10 = l1 = r1 mod 2⁵¹ + c0.
	SHLQ $13, R10, R11
	ANDQ SI, R10
	ADDQ R9, R10

	// r2 = a0×b2 + a1×b1 + a2×b0 + 19a3×b4 + 19a4×b3 in R12:R9.
	MOVQ (CX), AX
	MULQ 16(BX)
	MOVQ AX, R9
	MOVQ DX, R12
	MOVQ 8(CX), AX
	MULQ 8(BX)
	ADDQ AX, R9
	ADCQ DX, R12
	MOVQ 16(CX), AX
	MULQ (BX)
	ADDQ AX, R9
	ADCQ DX, R12
	MOVQ R14, AX
	MULQ 32(BX)
	ADDQ AX, R9
	ADCQ DX, R12
	MOVQ R15, AX
	MULQ 24(BX)
	ADDQ AX, R9
	ADCQ DX, R12

	// R12 = c2, R9 = l2 = r2 mod 2⁵¹ + c1.
	SHLQ $13, R9, R12
	ANDQ SI, R9
	ADDQ R11, R9

	// r3 = a0×b3 + a1×b2 + a2×b1 + a3×b0 + 19a4×b4 in R13:R11.
	MOVQ (CX), AX
	MULQ 24(BX)
	MOVQ AX, R11
	MOVQ DX, R13
	MOVQ 8(CX), AX
	MULQ 16(BX)
	ADDQ AX, R11
	ADCQ DX, R13
	MOVQ 16(CX), AX
	MULQ 8(BX)
	ADDQ AX, R11
	ADCQ DX, R13
	MOVQ 24(CX), AX
	MULQ (BX)
	ADDQ AX, R11
	ADCQ DX, R13
	MOVQ R15, AX
	MULQ 32(BX)
	ADDQ AX, R11
	ADCQ DX, R13

	// R13 = c3, R11 = l3 = r3 mod 2⁵¹ + c2.
	SHLQ $13, R11, R13
	ANDQ SI, R11
	ADDQ R12, R11

	// r4 = a0×b4 + a1×b3 + a2×b2 + a3×b1 + a4×b0 in R14:R12.
	MOVQ (CX), AX
	MULQ 32(BX)
	MOVQ AX, R12
	MOVQ DX, R14
	MOVQ 8(CX), AX
	MULQ 24(BX)
	ADDQ AX, R12
	ADCQ DX, R14
	MOVQ 16(CX), AX
	MULQ 16(BX)
	ADDQ AX, R12
	ADCQ DX, R14
	MOVQ 24(CX), AX
	MULQ 8(BX)
	ADDQ AX, R12
	ADCQ DX, R14
	MOVQ 32(CX), AX
	MULQ (BX)
	ADDQ AX, R12
	ADCQ DX, R14

	// R14 = c4, R12 = l4 = r4 mod 2⁵¹ + c3, R8 = l0 = r0 mod 2⁵¹ + 19·c4.
	SHLQ   $13, R12, R14
	ANDQ   SI, R12
	ADDQ   R13, R12
	IMUL3Q $19, R14, R14
	ADDQ   R14, R8

	// Light carry step on l0…l4 = R8, R10, R9, R11, R12.
	MOVQ   R8, AX
	SHRQ   $51, AX
	MOVQ   R10, DX
	SHRQ   $51, DX
	MOVQ   R9, DI
	SHRQ   $51, DI
	MOVQ   R11, R13
	SHRQ   $51, R13
	MOVQ   R12, R14
	SHRQ   $51, R14
	ANDQ   SI, R8
	ANDQ   SI, R10
	ANDQ   SI, R9
	ANDQ   SI, R11
	ANDQ   SI, R12
	IMUL3Q $19, R14, R14
	ADDQ   R14, R8
	ADDQ   AX, R10
	ADDQ   DX, R9
	ADDQ   DI, R11
	ADDQ   R13, R12

	MOVQ out+0(FP), AX
	MOVQ R8, (AX)
	MOVQ R10, 8(AX)
	MOVQ R9, 16(AX)
	MOVQ R11, 24(AX)
	MOVQ R12, 32(AX)
	RET

// func squareMULQ(out, a *Element)
//
// Like mulMULQ with b = a, fifteen products: 2a0 (R12), 2a1 (R13) and 38a2
// (R14) are used twice and kept; the other multipliers are formed in AX
// right before their MULQ. CX = a, SI = mask.
TEXT ·squareMULQ(SB), NOSPLIT, $0-16
	MOVQ   a+8(FP), CX
	MOVQ   (CX), R12
	ADDQ   R12, R12
	MOVQ   8(CX), R13
	ADDQ   R13, R13
	IMUL3Q $38, 16(CX), R14
	MOVQ   MASK51, SI

	// r0 = a0×a0 + 38a1×a4 + 38a2×a3 in R9:R8.
	MOVQ   (CX), AX
	MULQ   (CX)
	MOVQ   AX, R8
	MOVQ   DX, R9
	IMUL3Q $38, 8(CX), AX
	MULQ   32(CX)
	ADDQ   AX, R8
	ADCQ   DX, R9
	MOVQ   R14, AX
	MULQ   24(CX)
	ADDQ   AX, R8
	ADCQ   DX, R9
	SHLQ   $13, R8, R9
	ANDQ   SI, R8

	// r1 = 2a0×a1 + 38a2×a4 + 19a3×a3 in R11:R10.
	MOVQ   R12, AX
	MULQ   8(CX)
	MOVQ   AX, R10
	MOVQ   DX, R11
	MOVQ   R14, AX
	MULQ   32(CX)
	ADDQ   AX, R10
	ADCQ   DX, R11
	IMUL3Q $19, 24(CX), AX
	MULQ   24(CX)
	ADDQ   AX, R10
	ADCQ   DX, R11
	SHLQ   $13, R10, R11
	ANDQ   SI, R10
	ADDQ   R9, R10

	// r2 = 2a0×a2 + a1×a1 + 38a3×a4 in R14:R9.
	MOVQ   R12, AX
	MULQ   16(CX)
	MOVQ   AX, R9
	MOVQ   DX, R14
	MOVQ   8(CX), AX
	MULQ   8(CX)
	ADDQ   AX, R9
	ADCQ   DX, R14
	IMUL3Q $38, 24(CX), AX
	MULQ   32(CX)
	ADDQ   AX, R9
	ADCQ   DX, R14
	SHLQ   $13, R9, R14
	ANDQ   SI, R9
	ADDQ   R11, R9

	// r3 = 2a0×a3 + 2a1×a2 + 19a4×a4 in R15:R11.
	MOVQ   R12, AX
	MULQ   24(CX)
	MOVQ   AX, R11
	MOVQ   DX, R15
	MOVQ   R13, AX
	MULQ   16(CX)
	ADDQ   AX, R11
	ADCQ   DX, R15
	IMUL3Q $19, 32(CX), AX
	MULQ   32(CX)
	ADDQ   AX, R11
	ADCQ   DX, R15
	SHLQ   $13, R11, R15
	ANDQ   SI, R11
	ADDQ   R14, R11

	// r4 = 2a0×a4 + 2a1×a3 + a2×a2 in DI:R14.
	MOVQ R12, AX
	MULQ 32(CX)
	MOVQ AX, R14
	MOVQ DX, DI
	MOVQ R13, AX
	MULQ 24(CX)
	ADDQ AX, R14
	ADCQ DX, DI
	MOVQ 16(CX), AX
	MULQ 16(CX)
	ADDQ AX, R14
	ADCQ DX, DI

	// DI = c4, R14 = l4, R8 = l0 = r0 mod 2⁵¹ + 19·c4.
	SHLQ   $13, R14, DI
	ANDQ   SI, R14
	ADDQ   R15, R14
	IMUL3Q $19, DI, DI
	ADDQ   DI, R8

	// Light carry step on l0…l4 = R8, R10, R9, R11, R14.
	MOVQ   R8, AX
	SHRQ   $51, AX
	MOVQ   R10, DX
	SHRQ   $51, DX
	MOVQ   R9, DI
	SHRQ   $51, DI
	MOVQ   R11, R13
	SHRQ   $51, R13
	MOVQ   R14, R15
	SHRQ   $51, R15
	ANDQ   SI, R8
	ANDQ   SI, R10
	ANDQ   SI, R9
	ANDQ   SI, R11
	ANDQ   SI, R14
	IMUL3Q $19, R15, R15
	ADDQ   R15, R8
	ADDQ   AX, R10
	ADDQ   DX, R9
	ADDQ   DI, R11
	ADDQ   R13, R14

	MOVQ out+0(FP), AX
	MOVQ R8, (AX)
	MOVQ R10, 8(AX)
	MOVQ R9, 16(AX)
	MOVQ R11, 24(AX)
	MOVQ R14, 32(AX)
	RET

// func carryAMD64(out, a *Element)
//
// One parallel carry step: cₖ = aₖ >> 51, outₖ = aₖ mod 2⁵¹ + cₖ₋₁, with
// 19·c4 into out0.
TEXT ·carryAMD64(SB), NOSPLIT, $0-16
	MOVQ a+8(FP), AX
	MOVQ (AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ 32(AX), R12
	MOVQ MASK51, SI

	MOVQ R8, BX
	SHRQ $51, BX
	MOVQ R9, CX
	SHRQ $51, CX
	MOVQ R10, DX
	SHRQ $51, DX
	MOVQ R11, DI
	SHRQ $51, DI
	MOVQ R12, R13
	SHRQ $51, R13

	ANDQ   SI, R8
	ANDQ   SI, R9
	ANDQ   SI, R10
	ANDQ   SI, R11
	ANDQ   SI, R12
	IMUL3Q $19, R13, R13
	ADDQ   R13, R8
	ADDQ   BX, R9
	ADDQ   CX, R10
	ADDQ   DX, R11
	ADDQ   DI, R12

	MOVQ out+0(FP), AX
	MOVQ R8, (AX)
	MOVQ R9, 8(AX)
	MOVQ R10, 16(AX)
	MOVQ R11, 24(AX)
	MOVQ R12, 32(AX)
	RET
