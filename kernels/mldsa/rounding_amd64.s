//go:build amd64 && !purego

#include "textflag.h"
#include "mldsa_amd64.h"

// The rounding functions of FIPS 204 (Algorithms 35 to 40) on eight
// coefficients at a time, for r ∈ [0, q) as the preconditions require.
// Every kernel computes the same integers as the spec's scalar functions on
// that range (the tests check every r ∈ [0, q)); nothing branches on data.
// Each loop handles 16 coefficients per iteration; CX is the byte offset,
// counting to 1024.
//
// Decompose with α = 2γ₂: r0 = r mod± α ∈ (−γ₂, γ₂] and r1 = (r − r0)/α, so
// r1 = ⌊(r + γ₂ − 1)/α⌋, computed without division:
//
//   - γ₂ = (q−1)/88, α = 2¹¹·93: u = (r + γ₂ − 1) >> 11 ≤ 4138 and
//     ⌊u/93⌋ = (u·2819) >> 18 for every such u;
//   - γ₂ = (q−1)/32, α = 2⁹·1023: v = (r + γ₂ − 1 + 2⁹) >> 9 = u + 1 and
//     ⌊u/1023⌋ = (v·1025) >> 20, as 1023·1025 = 2²⁰ − 1.
//
// r1 reaches m = (q−1)/α (44 or 16) exactly when r − r0 = q − 1, the
// special case of Algorithm 36: then r1 = 0 and r0 = r − r1·α − 1.
//
// Constant registers: γ₂ = (q−1)/88: Y15 = γ₂ − 1, Y14 = 2819, Y13 = α,
// Y12 = 44; γ₂ = (q−1)/32: Y15 = γ₂ − 1 + 2⁹, Y14 = 15.

#define CONSTS88 \
	BCAST($95231, AX, X15, Y15); \
	BCAST($2819, AX, X14, Y14); \
	BCAST($190464, AX, X13, Y13); \
	BCAST($44, AX, X12, Y12)

#define CONSTS32 \
	BCAST($262399, AX, X15, Y15); \
	BCAST($15, AX, X14, Y14)

// R1_88 sets r1 = ⌊(r + γ₂ − 1)/α⌋ ∈ [0, 44].
#define R1_88(r, r1) \
	VPADDD  Y15, r, r1; \
	VPSRLD  $11, r1, r1; \
	VPMULLD Y14, r1, r1; \
	VPSRLD  $18, r1, r1

// R0_88 sets r = r0 from r and r1 of R1_88, and r1 to Decompose's r1.
#define R0_88(r, r1, t) \
	VPMULLD  Y13, r1, t; \
	VPSUBD   t, r, r; \
	VPCMPEQD Y12, r1, t; \
	VPADDD   t, r, r; \
	VPANDN   r1, t, r1

// HB_88 sets r1 of R1_88 to Decompose's r1 (44 becomes 0).
#define HB_88(r1, t) \
	VPCMPEQD Y12, r1, t; \
	VPANDN   r1, t, r1

// R1_32 sets r1 = ⌊(r + γ₂ − 1)/α⌋ ∈ [0, 16].
#define R1_32(r, r1, t) \
	VPADDD Y15, r, r1; \
	VPSRLD $9, r1, r1; \
	VPSLLD $10, r1, t; \
	VPADDD t, r1, r1; \
	VPSRLD $20, r1, r1

// R0_32 sets r = r0 from r and r1 of R1_32 (r − r1·(2¹⁹ − 2⁹), minus 1
// when r1 = 16), and r1 to Decompose's r1 (16 becomes 0).
#define R0_32(r, r1, t) \
	VPSLLD $19, r1, t; \
	VPSUBD t, r, r; \
	VPSLLD $9, r1, t; \
	VPADDD t, r, r; \
	VPSRLD $4, r1, t; \
	VPSUBD t, r, r; \
	VPAND  Y14, r1, r1

#define HB_32(r1) \
	VPAND Y14, r1, r1

// LOOP closes a loop of 16 coefficients per iteration.
#define LOOP(label) \
	ADDQ $64, CX; \
	CMPQ CX, $1024; \
	JNE  label

// func power2RoundAVX2(a1, a0, a *Poly)
//
// r1 = (r + 2¹² − 1) >> 13 and r0 = r − r1·2¹³: r0 = r mod± 2¹³ ∈
// (−2¹², 2¹²] exactly as in the spec.
TEXT ·power2RoundAVX2(SB), NOSPLIT, $0-24
	MOVQ a1+0(FP), DI
	MOVQ a0+8(FP), DX
	MOVQ a+16(FP), SI
	BCAST($4095, AX, X15, Y15)
	XORQ CX, CX

power2RoundLoop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	VPADDD  Y15, Y0, Y1
	VPADDD  Y15, Y3, Y4
	VPSRLD  $13, Y1, Y1
	VPSRLD  $13, Y4, Y4
	VPSLLD  $13, Y1, Y2
	VPSLLD  $13, Y4, Y5
	VPSUBD  Y2, Y0, Y0
	VPSUBD  Y5, Y3, Y3
	VMOVDQU Y1, (DI)(CX*1)
	VMOVDQU Y4, 32(DI)(CX*1)
	VMOVDQU Y0, (DX)(CX*1)
	VMOVDQU Y3, 32(DX)(CX*1)
	LOOP(power2RoundLoop)

	VZEROUPPER
	RET

// func decompose88AVX2(a1, a0, a *Poly)
TEXT ·decompose88AVX2(SB), NOSPLIT, $0-24
	MOVQ a1+0(FP), DI
	MOVQ a0+8(FP), DX
	MOVQ a+16(FP), SI
	CONSTS88
	XORQ CX, CX

decompose88Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	R1_88(Y0, Y1)
	R1_88(Y3, Y4)
	R0_88(Y0, Y1, Y2)
	R0_88(Y3, Y4, Y5)
	VMOVDQU Y1, (DI)(CX*1)
	VMOVDQU Y4, 32(DI)(CX*1)
	VMOVDQU Y0, (DX)(CX*1)
	VMOVDQU Y3, 32(DX)(CX*1)
	LOOP(decompose88Loop)

	VZEROUPPER
	RET

// func decompose32AVX2(a1, a0, a *Poly)
TEXT ·decompose32AVX2(SB), NOSPLIT, $0-24
	MOVQ a1+0(FP), DI
	MOVQ a0+8(FP), DX
	MOVQ a+16(FP), SI
	CONSTS32
	XORQ CX, CX

decompose32Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	R1_32(Y0, Y1, Y2)
	R1_32(Y3, Y4, Y5)
	R0_32(Y0, Y1, Y2)
	R0_32(Y3, Y4, Y5)
	VMOVDQU Y1, (DI)(CX*1)
	VMOVDQU Y4, 32(DI)(CX*1)
	VMOVDQU Y0, (DX)(CX*1)
	VMOVDQU Y3, 32(DX)(CX*1)
	LOOP(decompose32Loop)

	VZEROUPPER
	RET

// func highBits88AVX2(a1, a *Poly)
TEXT ·highBits88AVX2(SB), NOSPLIT, $0-16
	MOVQ a1+0(FP), DI
	MOVQ a+8(FP), SI
	CONSTS88
	XORQ CX, CX

highBits88Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	R1_88(Y0, Y1)
	R1_88(Y3, Y4)
	HB_88(Y1, Y2)
	HB_88(Y4, Y5)
	VMOVDQU Y1, (DI)(CX*1)
	VMOVDQU Y4, 32(DI)(CX*1)
	LOOP(highBits88Loop)

	VZEROUPPER
	RET

// func highBits32AVX2(a1, a *Poly)
TEXT ·highBits32AVX2(SB), NOSPLIT, $0-16
	MOVQ a1+0(FP), DI
	MOVQ a+8(FP), SI
	CONSTS32
	XORQ CX, CX

highBits32Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	R1_32(Y0, Y1, Y2)
	R1_32(Y3, Y4, Y5)
	HB_32(Y1)
	HB_32(Y4)
	VMOVDQU Y1, (DI)(CX*1)
	VMOVDQU Y4, 32(DI)(CX*1)
	LOOP(highBits32Loop)

	VZEROUPPER
	RET

// func lowBits88AVX2(a0, a *Poly)
TEXT ·lowBits88AVX2(SB), NOSPLIT, $0-16
	MOVQ a0+0(FP), DX
	MOVQ a+8(FP), SI
	CONSTS88
	XORQ CX, CX

lowBits88Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	R1_88(Y0, Y1)
	R1_88(Y3, Y4)
	R0_88(Y0, Y1, Y2)
	R0_88(Y3, Y4, Y5)
	VMOVDQU Y0, (DX)(CX*1)
	VMOVDQU Y3, 32(DX)(CX*1)
	LOOP(lowBits88Loop)

	VZEROUPPER
	RET

// func lowBits32AVX2(a0, a *Poly)
TEXT ·lowBits32AVX2(SB), NOSPLIT, $0-16
	MOVQ a0+0(FP), DX
	MOVQ a+8(FP), SI
	CONSTS32
	XORQ CX, CX

lowBits32Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	R1_32(Y0, Y1, Y2)
	R1_32(Y3, Y4, Y5)
	R0_32(Y0, Y1, Y2)
	R0_32(Y3, Y4, Y5)
	VMOVDQU Y0, (DX)(CX*1)
	VMOVDQU Y3, 32(DX)(CX*1)
	LOOP(lowBits32Loop)

	VZEROUPPER
	RET

// MakeHint: h = [HighBits(r) ≠ HighBits((r + z) mod q)], with (r + z) mod
// q = r + z − q, plus q if negative (r + z < 2q). h is VPCMPEQD + 1. The
// hints are summed lane by lane in Y9 (at most 32 per lane) and the eight
// lanes added at the end: no POPCNT, no branch.

// SUMQ sets s = (r + z) mod q for r in r, z at mem; Y11 = q.
#define SUMQ(r, mem, s, t) \
	VPADDD mem, r, s; \
	VPSUBD Y11, s, s; \
	VPSRAD $31, s, t; \
	VPAND  Y11, t, t; \
	VPADDD t, s, s

// HSUM folds the lane sums in Y9 into AX.
#define HSUM \
	VEXTRACTI128 $1, Y9, X0; \
	VPADDD       X0, X9, X9; \
	VPSHUFD      $0x4E, X9, X0; \
	VPADDD       X0, X9, X9; \
	VPSHUFD      $0xB1, X9, X0; \
	VPADDD       X0, X9, X9; \
	VMOVD        X9, AX

// func makeHint88AVX2(h, z, r *Poly) uint32
TEXT ·makeHint88AVX2(SB), NOSPLIT, $0-28
	MOVQ h+0(FP), DI
	MOVQ z+8(FP), DX
	MOVQ r+16(FP), SI
	CONSTS88
	BCAST(Q, AX, X11, Y11)
	BCAST($1, AX, X10, Y10)
	VPXOR Y9, Y9, Y9
	XORQ  CX, CX

makeHint88Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	SUMQ(Y0, (DX)(CX*1), Y6, Y7)
	SUMQ(Y3, 32(DX)(CX*1), Y8, Y2)
	R1_88(Y0, Y1)
	R1_88(Y3, Y4)
	R1_88(Y6, Y7)
	R1_88(Y8, Y5)
	HB_88(Y1, Y2)
	HB_88(Y4, Y2)
	HB_88(Y7, Y2)
	HB_88(Y5, Y2)
	VPCMPEQD Y7, Y1, Y1
	VPCMPEQD Y5, Y4, Y4
	VPADDD   Y10, Y1, Y1
	VPADDD   Y10, Y4, Y4
	VMOVDQU  Y1, (DI)(CX*1)
	VMOVDQU  Y4, 32(DI)(CX*1)
	VPADDD   Y1, Y9, Y9
	VPADDD   Y4, Y9, Y9
	LOOP(makeHint88Loop)

	HSUM
	MOVL AX, ret+24(FP)
	VZEROUPPER
	RET

// func makeHint32AVX2(h, z, r *Poly) uint32
TEXT ·makeHint32AVX2(SB), NOSPLIT, $0-28
	MOVQ h+0(FP), DI
	MOVQ z+8(FP), DX
	MOVQ r+16(FP), SI
	CONSTS32
	BCAST(Q, AX, X11, Y11)
	BCAST($1, AX, X10, Y10)
	VPXOR Y9, Y9, Y9
	XORQ  CX, CX

makeHint32Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	SUMQ(Y0, (DX)(CX*1), Y6, Y7)
	SUMQ(Y3, 32(DX)(CX*1), Y8, Y2)
	R1_32(Y0, Y1, Y2)
	R1_32(Y3, Y4, Y2)
	R1_32(Y6, Y7, Y2)
	R1_32(Y8, Y5, Y2)
	HB_32(Y1)
	HB_32(Y4)
	HB_32(Y7)
	HB_32(Y5)
	VPCMPEQD Y7, Y1, Y1
	VPCMPEQD Y5, Y4, Y4
	VPADDD   Y10, Y1, Y1
	VPADDD   Y10, Y4, Y4
	VMOVDQU  Y1, (DI)(CX*1)
	VMOVDQU  Y4, 32(DI)(CX*1)
	VPADDD   Y1, Y9, Y9
	VPADDD   Y4, Y9, Y9
	LOOP(makeHint32Loop)

	HSUM
	MOVL AX, ret+24(FP)
	VZEROUPPER
	RET

// UseHint: with r1, r0 of Decompose and n = −1 where r0 ≤ 0 (VPCMPGTD
// against 1 in Y11), 0 elsewhere, δ = (h ⊕ n) − n is h or −h, and the
// result is (r1 + δ) mod m for r1 + δ ∈ [−1, m].

// DELTA adds δ to r1, for r0 in r0 and h at mem.
#define DELTA(r0, r1, mem, t, u) \
	VPCMPGTD r0, Y11, t; \
	VMOVDQU  mem, u; \
	VPXOR    t, u, u; \
	VPSUBD   t, u, u; \
	VPADDD   u, r1, r1

// MOD44 brings r1 ∈ [−1, 44] into [0, 44) (Y12 = 44).
#define MOD44(r1, t) \
	VPSRAD   $31, r1, t; \
	VPAND    Y12, t, t; \
	VPADDD   t, r1, r1; \
	VPCMPEQD Y12, r1, t; \
	VPANDN   r1, t, r1

// func useHint88AVX2(out, h, r *Poly)
TEXT ·useHint88AVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ h+8(FP), DX
	MOVQ r+16(FP), SI
	CONSTS88
	BCAST($1, AX, X11, Y11)
	XORQ CX, CX

useHint88Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	R1_88(Y0, Y1)
	R1_88(Y3, Y4)
	R0_88(Y0, Y1, Y2)
	R0_88(Y3, Y4, Y5)
	DELTA(Y0, Y1, (DX)(CX*1), Y2, Y6)
	DELTA(Y3, Y4, 32(DX)(CX*1), Y5, Y7)
	MOD44(Y1, Y2)
	MOD44(Y4, Y5)
	VMOVDQU Y1, (DI)(CX*1)
	VMOVDQU Y4, 32(DI)(CX*1)
	LOOP(useHint88Loop)

	VZEROUPPER
	RET

// func useHint32AVX2(out, h, r *Poly)
TEXT ·useHint32AVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ h+8(FP), DX
	MOVQ r+16(FP), SI
	CONSTS32
	BCAST($1, AX, X11, Y11)
	XORQ CX, CX

useHint32Loop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y3
	R1_32(Y0, Y1, Y2)
	R1_32(Y3, Y4, Y5)
	R0_32(Y0, Y1, Y2)
	R0_32(Y3, Y4, Y5)
	DELTA(Y0, Y1, (DX)(CX*1), Y2, Y6)
	DELTA(Y3, Y4, 32(DX)(CX*1), Y5, Y7)
	VPAND   Y14, Y1, Y1
	VPAND   Y14, Y4, Y4
	VMOVDQU Y1, (DI)(CX*1)
	VMOVDQU Y4, 32(DI)(CX*1)
	LOOP(useHint32Loop)

	VZEROUPPER
	RET
