//go:build arm64 && !purego

#include "textflag.h"

// NEON kernels for the coefficient-wise functions of vg.dev/spec/mldsa:
// four int32 coefficients per V register (.4S), sixteen (four registers)
// per loop iteration, sixteen iterations. The loops count a public
// constant; no branch or address depends on a coefficient. Each kernel
// reads a block of every input before it writes that block of the
// outputs, so an output may alias an input as the spec allows. Leaf
// functions with frame $0: they write R0–R7 and V0–V31 only.

// A64 Advanced SIMD instructions the Go assembler does not spell, encoded
// with WORD. Operands are register numbers; the order follows Go's
// (sources first, destination last): N_SUB(m, n, d) is SUB Vd.4S, Vn.4S,
// Vm.4S, d = n − m. All on 32-bit lanes (.4S) unless noted.
#define N_ADD(m, n, d)     WORD $(0x4EA08400 | ((m)<<16) | ((n)<<5) | (d))
#define N_SUB(m, n, d)     WORD $(0x6EA08400 | ((m)<<16) | ((n)<<5) | (d))
#define N_MUL(m, n, d)     WORD $(0x4EA09C00 | ((m)<<16) | ((n)<<5) | (d))
#define N_MLS(m, n, d)     WORD $(0x6EA09400 | ((m)<<16) | ((n)<<5) | (d))
#define N_SQDMULH(m, n, d) WORD $(0x4EA0B400 | ((m)<<16) | ((n)<<5) | (d))
// N_SMULL(m, n, d): Vd.2D = Vn.2S·Vm.2S (lanes 0–1, sign-extended), N_SMLAL
// Vd.2D += Vn.2S·Vm.2S; the 2 forms the same on lanes 2–3.
#define N_SMULL(m, n, d)   WORD $(0x0EA0C000 | ((m)<<16) | ((n)<<5) | (d))
#define N_SMULL2(m, n, d)  WORD $(0x4EA0C000 | ((m)<<16) | ((n)<<5) | (d))
#define N_SMLAL(m, n, d)   WORD $(0x0EA08000 | ((m)<<16) | ((n)<<5) | (d))
#define N_SMLAL2(m, n, d)  WORD $(0x4EA08000 | ((m)<<16) | ((n)<<5) | (d))
#define N_UZP1(m, n, d)    WORD $(0x4E801800 | ((m)<<16) | ((n)<<5) | (d))
#define N_UZP2(m, n, d)    WORD $(0x4E805800 | ((m)<<16) | ((n)<<5) | (d))
#define N_TRN1(m, n, d)    WORD $(0x4E802800 | ((m)<<16) | ((n)<<5) | (d))
#define N_TRN2(m, n, d)    WORD $(0x4E806800 | ((m)<<16) | ((n)<<5) | (d))
#define N_TRN1D(m, n, d)   WORD $(0x4EC02800 | ((m)<<16) | ((n)<<5) | (d))
#define N_TRN2D(m, n, d)   WORD $(0x4EC06800 | ((m)<<16) | ((n)<<5) | (d))
#define N_CMGT(m, n, d)    WORD $(0x4EA03400 | ((m)<<16) | ((n)<<5) | (d))
#define N_CMGE(m, n, d)    WORD $(0x4EA03C00 | ((m)<<16) | ((n)<<5) | (d))
#define N_CMEQ(m, n, d)    WORD $(0x6EA08C00 | ((m)<<16) | ((n)<<5) | (d))
#define N_SMIN(m, n, d)    WORD $(0x4EA06C00 | ((m)<<16) | ((n)<<5) | (d))
#define N_AND(m, n, d)     WORD $(0x4E201C00 | ((m)<<16) | ((n)<<5) | (d))
#define N_BIC(m, n, d)     WORD $(0x4E601C00 | ((m)<<16) | ((n)<<5) | (d))
#define N_ORR(m, n, d)     WORD $(0x4EA01C00 | ((m)<<16) | ((n)<<5) | (d))
// N_BSL(m, n, d): d = (d & n) | (^d & m), d the mask.
#define N_BSL(m, n, d)     WORD $(0x6E601C00 | ((m)<<16) | ((n)<<5) | (d))
#define N_NOT(n, d)        WORD $(0x6E205800 | ((n)<<5) | (d))
#define N_ABS(n, d)        WORD $(0x4EA0B800 | ((n)<<5) | (d))
#define N_NEG(n, d)        WORD $(0x6EA0B800 | ((n)<<5) | (d))
// N_ADDV(n, d): Sd = the sum of the four lanes of Vn (upper lanes zeroed).
#define N_ADDV(n, d)       WORD $(0x4EB1B800 | ((n)<<5) | (d))
// Shifts by an immediate sh (1 ≤ sh ≤ 31, 0 ≤ sh ≤ 31 for SHL).
#define N_SSHR(sh, n, d)   WORD $(0x4F000400 | ((64-(sh))<<16) | ((n)<<5) | (d))
#define N_USHR(sh, n, d)   WORD $(0x6F000400 | ((64-(sh))<<16) | ((n)<<5) | (d))
#define N_SHL(sh, n, d)    WORD $(0x4F005400 | ((32+(sh))<<16) | ((n)<<5) | (d))

// SPLAT(c, r, v) sets every lane of Vv to the constant c through Rr.
#define SPLAT(c, r, v) \
	MOVW $(c), r; \
	VDUP r, v

// MONT(a, b, x, y, z, qinv, nq, d): Vd = MontMul(Va, Vb) lane by lane,
// exactly the spec's montReduce(int64(a)·int64(b)) for every input and in
// its steps: the 64-bit products P (SMULL, SMULL2), t = lo32(P)·q⁻¹ mod 2³²
// (UZP1, MUL), P − t·q in 64-bit lanes (SMLAL, SMLAL2 of t by Vnq = −q:
// the prover models SMLAL, not SMLSL) and its high halves (UZP2). Vqinv =
// q⁻¹ mod 2³²; Vx, Vy, Vz are temporaries; d may be a or b.
#define MONT(a, b, x, y, z, qinv, nq, d) \
	N_SMULL(b, a, x); \
	N_SMULL2(b, a, y); \
	N_UZP1(y, x, z); \
	N_MUL(qinv, z, z); \
	N_SMLAL(nq, z, x); \
	N_SMLAL2(nq, z, y); \
	N_UZP2(y, x, d)

#define LOAD4(r)  VLD1.P 64(r), [V0.S4, V1.S4, V2.S4, V3.S4]
#define LOADB4(r) VLD1.P 64(r), [V4.S4, V5.S4, V6.S4, V7.S4]

// func addNEON(out, a, b *Poly)
TEXT ·addNEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD $16, R3
addLoop:
	LOAD4(R1)
	LOADB4(R2)
	N_ADD(4, 0, 0)
	N_ADD(5, 1, 1)
	N_ADD(6, 2, 2)
	N_ADD(7, 3, 3)
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  addLoop
	RET

// func subNEON(out, a, b *Poly)
TEXT ·subNEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD $16, R3
subLoop:
	LOAD4(R1)
	LOADB4(R2)
	N_SUB(4, 0, 0)
	N_SUB(5, 1, 1)
	N_SUB(6, 2, 2)
	N_SUB(7, 3, 3)
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  subLoop
	RET

// func pointwiseNEON(out, a, b *Poly)
TEXT ·pointwiseNEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD $16, R3
	SPLAT(58728449, R4, V16.S4) // q⁻¹ mod 2³²
	SPLAT(-8380417, R4, V17.S4) // −q
pwLoop:
	LOAD4(R1)
	LOADB4(R2)
	MONT(0, 4, 8, 9, 10, 16, 17, 0)
	MONT(1, 5, 11, 12, 13, 16, 17, 1)
	MONT(2, 6, 14, 15, 18, 16, 17, 2)
	MONT(3, 7, 19, 20, 21, 16, 17, 3)
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  pwLoop
	RET

// func pointwiseAccNEON(out, a, b *Poly)
TEXT ·pointwiseAccNEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	MOVD $16, R3
	SPLAT(58728449, R4, V16.S4)
	SPLAT(-8380417, R4, V17.S4)
pwaLoop:
	LOAD4(R1)
	LOADB4(R2)
	VLD1 (R0), [V26.S4, V27.S4, V28.S4, V29.S4]
	MONT(0, 4, 8, 9, 10, 16, 17, 0)
	MONT(1, 5, 11, 12, 13, 16, 17, 1)
	MONT(2, 6, 14, 15, 18, 16, 17, 2)
	MONT(3, 7, 19, 20, 21, 16, 17, 3)
	N_ADD(0, 26, 26)
	N_ADD(1, 27, 27)
	N_ADD(2, 28, 28)
	N_ADD(3, 29, 29)
	VST1.P [V26.S4, V27.S4, V28.S4, V29.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  pwaLoop
	RET

// REDUCE(x): Vx = reduce32(Vx) = x − ((x + 2²²) >> 23)·q, the spec's
// wrapping int32 arithmetic. V16 = 2²², V17 = q, V8 temporary.
#define REDUCE(x) \
	N_ADD(16, x, 8); \
	N_SSHR(23, 8, 8); \
	N_MLS(17, 8, x)

// CADDQ(x): Vx += q where Vx < 0 (the mask x >> 31 selects q).
#define CADDQ(x) \
	N_SSHR(31, x, 8); \
	N_AND(17, 8, 8); \
	N_ADD(8, x, x)

// func reduceNEON(p *Poly)
TEXT ·reduceNEON(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	MOVD $16, R3
	SPLAT(4194304, R4, V16.S4)
	SPLAT(8380417, R4, V17.S4)
redLoop:
	VLD1 (R0), [V0.S4, V1.S4, V2.S4, V3.S4]
	REDUCE(0)
	REDUCE(1)
	REDUCE(2)
	REDUCE(3)
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  redLoop
	RET

// func freezeNEON(p *Poly)
TEXT ·freezeNEON(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	MOVD $16, R3
	SPLAT(4194304, R4, V16.S4)
	SPLAT(8380417, R4, V17.S4)
frzLoop:
	VLD1 (R0), [V0.S4, V1.S4, V2.S4, V3.S4]
	REDUCE(0)
	CADDQ(0)
	REDUCE(1)
	CADDQ(1)
	REDUCE(2)
	CADDQ(2)
	REDUCE(3)
	CADDQ(3)
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  frzLoop
	RET

// NORM(x): V20 |= (|Vx| ≥ bound) with ABS (wrapping: |−2³¹| = −2³¹, as
// abs32) and a signed compare with V16 = bound.
#define NORM(x) \
	N_ABS(x, 8); \
	N_CMGE(16, 8, 8); \
	N_ORR(8, 20, 20)

// func normExceedsNEON(a *Poly, bound int32) uint32
TEXT ·normExceedsNEON(SB), NOSPLIT, $0-20
	MOVD  a+0(FP), R0
	MOVW  bound+8(FP), R1
	VDUP  R1, V16.S4
	SPLAT(1, R4, V21.S4)
	VEOR  V20.B16, V20.B16, V20.B16
	MOVD  $16, R3
normLoop:
	LOAD4(R0)
	NORM(0)
	NORM(1)
	NORM(2)
	NORM(3)
	SUBS $1, R3, R3
	BNE  normLoop
	N_USHR(31, 20, 20) // lanes 0 or 1
	N_ADDV(20, 20)     // 0 to 4
	N_SMIN(21, 20, 20) // 0 or 1
	VMOV V20.S[0], R0
	MOVW R0, ret+16(FP)
	RET

// POW2(i): V(4+i), V(8+i) = Power2Round(Vi): a1 = (a + 2¹² − 1) >> 13,
// a0 = a − a1·2¹³. V16 = 4095, V12 temporary.
#define POW2(i) \
	N_ADD(16, i, 4+i); \
	N_SSHR(13, 4+i, 4+i); \
	N_SHL(13, 4+i, 12); \
	N_SUB(12, i, 8+i)

// func power2RoundNEON(a1, a0, a *Poly)
TEXT ·power2RoundNEON(SB), NOSPLIT, $0-24
	MOVD a1+0(FP), R0
	MOVD a0+8(FP), R1
	MOVD a+16(FP), R2
	MOVD $16, R3
	SPLAT(4095, R4, V16.S4)
p2rLoop:
	LOAD4(R2)
	POW2(0)
	POW2(1)
	POW2(2)
	POW2(3)
	VST1.P [V4.S4, V5.S4, V6.S4, V7.S4], 64(R0)
	VST1.P [V8.S4, V9.S4, V10.S4, V11.S4], 64(R1)
	SUBS $1, R3, R3
	BNE  p2rLoop
	RET

// Decompose for r ∈ [0, q): r1' = ⌊(r + γ₂ − 1)/(2γ₂)⌋, the quotient
// by 2γ₂ rounded with halves down, so that r0' = r − r1'·2γ₂ = r mod± 2γ₂.
// The division is SQDMULH by M = ⌈2^(31+k)/(2γ₂)⌉ and a shift by k:
// ⌊x·M/2^(31+k)⌋ = ⌊x/(2γ₂)⌋ for every x = r + γ₂ − 1, r ∈ [0, q)
// (checked exhaustively by the tests): γ₂ = (q−1)/88: M = 2886403, k = 8;
// γ₂ = (q−1)/32: M = 8396809, k = 11. r1' = (q−1)/(2γ₂) exactly when
// r − r0 = q − 1, where the spec returns r1 = 0 and r0 − 1.
//
// Constants: V16 = γ₂ − 1, V17 = M, V18 = 2γ₂, V19 = (q−1)/(2γ₂) − 1.
#define DC88_M 2886403
#define DC88_K 8
#define DC32_M 8396809
#define DC32_K 11

// HIGH(x, k, d): Vd = r1' of Vx.
#define HIGH(x, k, d) \
	N_ADD(16, x, d); \
	N_SQDMULH(17, d, d); \
	N_SSHR(k, d, d)

// DECOMP(i, k): V(4+i), V(8+i) = Decompose(Vi); V12 temporary.
#define DECOMP(i, k) \
	HIGH(i, k, 4+i); \
	N_MUL(18, 4+i, 12); \
	N_SUB(12, i, 8+i); \
	N_CMGT(19, 4+i, 12); \
	N_BIC(12, 4+i, 4+i); \
	N_ADD(12, 8+i, 8+i)

#define DECOMP_CONSTS(g, m, top) \
	SPLAT(g-1, R4, V16.S4); \
	SPLAT(m, R4, V17.S4); \
	SPLAT(2*g, R4, V18.S4); \
	SPLAT(top, R4, V19.S4)

// func decompose88NEON(a1, a0, a *Poly)
TEXT ·decompose88NEON(SB), NOSPLIT, $0-24
	MOVD a1+0(FP), R0
	MOVD a0+8(FP), R1
	MOVD a+16(FP), R2
	MOVD $16, R3
	DECOMP_CONSTS(95232, DC88_M, 43)
dc88Loop:
	LOAD4(R2)
	DECOMP(0, DC88_K)
	DECOMP(1, DC88_K)
	DECOMP(2, DC88_K)
	DECOMP(3, DC88_K)
	VST1.P [V4.S4, V5.S4, V6.S4, V7.S4], 64(R0)
	VST1.P [V8.S4, V9.S4, V10.S4, V11.S4], 64(R1)
	SUBS $1, R3, R3
	BNE  dc88Loop
	RET

// func decompose32NEON(a1, a0, a *Poly)
TEXT ·decompose32NEON(SB), NOSPLIT, $0-24
	MOVD a1+0(FP), R0
	MOVD a0+8(FP), R1
	MOVD a+16(FP), R2
	MOVD $16, R3
	DECOMP_CONSTS(261888, DC32_M, 15)
dc32Loop:
	LOAD4(R2)
	DECOMP(0, DC32_K)
	DECOMP(1, DC32_K)
	DECOMP(2, DC32_K)
	DECOMP(3, DC32_K)
	VST1.P [V4.S4, V5.S4, V6.S4, V7.S4], 64(R0)
	VST1.P [V8.S4, V9.S4, V10.S4, V11.S4], 64(R1)
	SUBS $1, R3, R3
	BNE  dc32Loop
	RET

// HB(x, k, d): Vd = HighBits(Vx) (r1' with the special case mapped to
// 0); V9 temporary.
#define HB(x, k, d) \
	HIGH(x, k, d); \
	N_CMGT(19, d, 9); \
	N_BIC(9, d, d)

// HINT(i, k): V(24+i) = MakeHint(Vi = z, V(4+i) = r), added to V22.
// v = r + z mod q: s = r + z, s − q, and BSL picks s where s − q < 0.
// V20 = q, V21 = 1.
#define HINT(i, k) \
	HB(4+i, k, 8); \
	N_ADD(i, 4+i, 10); \
	N_SUB(20, 10, 11); \
	N_SSHR(31, 11, 12); \
	N_BSL(11, 10, 12); \
	HB(12, k, 12); \
	N_CMEQ(12, 8, 9); \
	N_ADD(21, 9, 24+i); \
	N_ADD(24+i, 22, 22)

#define HINT_CONSTS(g, m, top) \
	MOVD $16, R3; \
	DECOMP_CONSTS(g, m, top); \
	SPLAT(8380417, R4, V20.S4); \
	SPLAT(1, R4, V21.S4); \
	VEOR V22.B16, V22.B16, V22.B16

// func makeHint88NEON(h, z, r *Poly) uint32
TEXT ·makeHint88NEON(SB), NOSPLIT, $0-28
	MOVD h+0(FP), R0
	MOVD z+8(FP), R1
	MOVD r+16(FP), R2
	HINT_CONSTS(95232, DC88_M, 43)
mh88Loop:
	LOAD4(R1)
	LOADB4(R2)
	HINT(0, DC88_K)
	HINT(1, DC88_K)
	HINT(2, DC88_K)
	HINT(3, DC88_K)
	VST1.P [V24.S4, V25.S4, V26.S4, V27.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  mh88Loop
	N_ADDV(22, 22)
	VMOV V22.S[0], R0
	MOVW R0, ret+24(FP)
	RET

// func makeHint32NEON(h, z, r *Poly) uint32
TEXT ·makeHint32NEON(SB), NOSPLIT, $0-28
	MOVD h+0(FP), R0
	MOVD z+8(FP), R1
	MOVD r+16(FP), R2
	HINT_CONSTS(261888, DC32_M, 15)
mh32Loop:
	LOAD4(R1)
	LOADB4(R2)
	HINT(0, DC32_K)
	HINT(1, DC32_K)
	HINT(2, DC32_K)
	HINT(3, DC32_K)
	VST1.P [V24.S4, V25.S4, V26.S4, V27.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  mh32Loop
	N_ADDV(22, 22)
	VMOV V22.S[0], R0
	MOVW R0, ret+24(FP)
	RET

// USE(i, k): V8 = y = r1' + d for Vi = h, V(4+i) = r, where d = 0 if
// h = 0, else +1 if r0 > 0 and −1 if not. r0 is r − r1'·2γ₂ before the
// special case; there r0 ≤ 0 both before and after the spec's −1, so the
// sign is the same. y ∈ [−1, (q−1)/(2γ₂)]; the callers reduce it mod
// (q−1)/(2γ₂) (which also maps the special case r1' = (q−1)/(2γ₂) to the
// spec's r1 = 0). V20 = 0.
#define USE(i, k) \
	HIGH(4+i, k, 8); \
	N_MUL(18, 8, 9); \
	N_SUB(9, 4+i, 9); \
	N_CMGT(20, 9, 9); \
	N_SHL(1, 9, 9); \
	N_NOT(9, 9); \
	N_NEG(i, 10); \
	N_AND(10, 9, 9); \
	N_ADD(9, 8, 8)

// USE88(i): V(24+i) = y mod 44 for y ∈ [−1, 44]: 44 → 0 (CMGT, BIC),
// −1 → 43 (BSL on the sign mask). V19 = 43.
#define USE88(i) \
	USE(i, DC88_K); \
	N_CMGT(19, 8, 9); \
	N_BIC(9, 8, 8); \
	N_SSHR(31, 8, 24+i); \
	N_BSL(8, 19, 24+i)

// USE32(i): V(24+i) = y mod 16 = y & 15 for y ∈ [−1, 16]. V19 = 15.
#define USE32(i) \
	USE(i, DC32_K); \
	N_AND(19, 8, 24+i)

#define USEHINT_CONSTS(g, m, top) \
	MOVD $16, R3; \
	DECOMP_CONSTS(g, m, top); \
	VEOR V20.B16, V20.B16, V20.B16

// func useHint88NEON(out, h, r *Poly)
TEXT ·useHint88NEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD h+8(FP), R1
	MOVD r+16(FP), R2
	USEHINT_CONSTS(95232, DC88_M, 43)
uh88Loop:
	LOAD4(R1)
	LOADB4(R2)
	USE88(0)
	USE88(1)
	USE88(2)
	USE88(3)
	VST1.P [V24.S4, V25.S4, V26.S4, V27.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  uh88Loop
	RET

// func useHint32NEON(out, h, r *Poly)
TEXT ·useHint32NEON(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD h+8(FP), R1
	MOVD r+16(FP), R2
	USEHINT_CONSTS(261888, DC32_M, 15)
uh32Loop:
	LOAD4(R1)
	LOADB4(R2)
	USE32(0)
	USE32(1)
	USE32(2)
	USE32(3)
	VST1.P [V24.S4, V25.S4, V26.S4, V27.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  uh32Loop
	RET

// func highBits88NEON(a1, a *Poly)
TEXT ·highBits88NEON(SB), NOSPLIT, $0-16
	MOVD a1+0(FP), R0
	MOVD a+8(FP), R2
	MOVD $16, R3
	DECOMP_CONSTS(95232, DC88_M, 43)
hb88Loop:
	LOAD4(R2)
	HB(0, DC88_K, 4)
	HB(1, DC88_K, 5)
	HB(2, DC88_K, 6)
	HB(3, DC88_K, 7)
	VST1.P [V4.S4, V5.S4, V6.S4, V7.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  hb88Loop
	RET

// func lowBits88NEON(a0, a *Poly)
TEXT ·lowBits88NEON(SB), NOSPLIT, $0-16
	MOVD a0+0(FP), R1
	MOVD a+8(FP), R2
	MOVD $16, R3
	DECOMP_CONSTS(95232, DC88_M, 43)
lb88Loop:
	LOAD4(R2)
	DECOMP(0, DC88_K)
	DECOMP(1, DC88_K)
	DECOMP(2, DC88_K)
	DECOMP(3, DC88_K)
	VST1.P [V8.S4, V9.S4, V10.S4, V11.S4], 64(R1)
	SUBS $1, R3, R3
	BNE  lb88Loop
	RET

// func highBits32NEON(a1, a *Poly)
TEXT ·highBits32NEON(SB), NOSPLIT, $0-16
	MOVD a1+0(FP), R0
	MOVD a+8(FP), R2
	MOVD $16, R3
	DECOMP_CONSTS(261888, DC32_M, 15)
hb32Loop:
	LOAD4(R2)
	HB(0, DC32_K, 4)
	HB(1, DC32_K, 5)
	HB(2, DC32_K, 6)
	HB(3, DC32_K, 7)
	VST1.P [V4.S4, V5.S4, V6.S4, V7.S4], 64(R0)
	SUBS $1, R3, R3
	BNE  hb32Loop
	RET

// func lowBits32NEON(a0, a *Poly)
TEXT ·lowBits32NEON(SB), NOSPLIT, $0-16
	MOVD a0+0(FP), R1
	MOVD a+8(FP), R2
	MOVD $16, R3
	DECOMP_CONSTS(261888, DC32_M, 15)
lb32Loop:
	LOAD4(R2)
	DECOMP(0, DC32_K)
	DECOMP(1, DC32_K)
	DECOMP(2, DC32_K)
	DECOMP(3, DC32_K)
	VST1.P [V8.S4, V9.S4, V10.S4, V11.S4], 64(R1)
	SUBS $1, R3, R3
	BNE  lb32Loop
	RET
