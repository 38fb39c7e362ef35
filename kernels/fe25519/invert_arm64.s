//go:build arm64 && !purego

#include "textflag.h"

// invertARM64: the inversion's addition chain (254 squarings, 11 products)
// as one kernel, proved equal to vg.dev/spec/fe25519.Invert, with the
// field products of the arm64 X25519 ladder kernel (vg.dev/kernels/x25519:
// mulARM64's and squareARM64's with 19·aᵢ and 38·aᵢ as MULs by the
// constants), copied here as macros. The chain's values live in the frame
// at fixed offsets from RSP (0(RSP) holds the saved LR); the repeated
// squarings loop on a public counter; a is read before out is written.

#define MASK51 $0x0007ffffffffffff

#define SA 8
#define A2 48
#define A9 88
#define A11 128
#define T0 168
#define T1 208
#define TT 248
#define CNT 288

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

// STOREF(out) stores the limbs LIGHT leaves in R22, R16, R17, R19, R20 to
// the frame slot out.
#define STOREF(out) \
	MOVD R22, out+0(RSP);  \
	MOVD R16, out+8(RSP);  \
	MOVD R17, out+16(RSP); \
	MOVD R19, out+24(RSP); \
	MOVD R20, out+32(RSP)

// FMUL(a, b, out) sets out = a·b on frame slots: the body of mulARM64,
// a in R1…R5, b in R6…R10, 19·a₁…19·a₄ in R11…R14 by MUL.
#define FMUL(a, b, out) \
	MOVD a+0(RSP), R1; \
	MOVD a+8(RSP), R2; \
	MOVD a+16(RSP), R3; \
	MOVD a+24(RSP), R4; \
	MOVD a+32(RSP), R5; \
	MOVD b+0(RSP), R6; \
	MOVD b+8(RSP), R7; \
	MOVD b+16(RSP), R8; \
	MOVD b+24(RSP), R9; \
	MOVD b+32(RSP), R10; \
	MOVD $19, R15; \
	MUL R15, R2, R11; \
	MUL R15, R3, R12; \
	MUL R15, R4, R13; \
	MUL R15, R5, R14; \
	COL(R1, R6); \
	ACC(R11, R10); \
	ACC(R12, R9); \
	ACC(R13, R8); \
	ACC(R14, R7); \
	SPLIT0; \
	COL(R1, R7); \
	ACC(R2, R6); \
	ACC(R12, R10); \
	ACC(R13, R9); \
	ACC(R14, R8); \
	SPLIT(R23); \
	COL(R1, R8); \
	ACC(R2, R7); \
	ACC(R3, R6); \
	ACC(R13, R10); \
	ACC(R14, R9); \
	SPLIT(R24); \
	COL(R1, R9); \
	ACC(R2, R8); \
	ACC(R3, R7); \
	ACC(R4, R6); \
	ACC(R14, R10); \
	SPLIT(R25); \
	COL(R1, R10); \
	ACC(R2, R9); \
	ACC(R3, R8); \
	ACC(R4, R7); \
	ACC(R5, R6); \
	SPLIT(R26); \
	MADD R15, R21, R22, R21; \
	LIGHT; \
	STOREF(out)

// FSQR(a, out) sets out = a² on frame slots: the body of squareARM64, the
// multipliers 2a₀, 2a₁ by ADD, 38a₁, 38a₂, 19a₃, 38a₃, 19a₄ by MUL.
#define FSQR(a, out) \
	MOVD a+0(RSP), R1; \
	MOVD a+8(RSP), R2; \
	MOVD a+16(RSP), R3; \
	MOVD a+24(RSP), R4; \
	MOVD a+32(RSP), R5; \
	MOVD $19, R15; \
	MOVD $38, R0; \
	ADD R1, R1, R6; \
	ADD R2, R2, R7; \
	MUL R0, R2, R8; \
	MUL R0, R3, R9; \
	MUL R15, R4, R10; \
	MUL R0, R4, R11; \
	MUL R15, R5, R12; \
	COL(R1, R1); \
	ACC(R8, R5); \
	ACC(R9, R4); \
	SPLIT0; \
	COL(R6, R2); \
	ACC(R9, R5); \
	ACC(R10, R4); \
	SPLIT(R23); \
	COL(R6, R3); \
	ACC(R2, R2); \
	ACC(R11, R5); \
	SPLIT(R24); \
	COL(R6, R4); \
	ACC(R7, R3); \
	ACC(R12, R5); \
	SPLIT(R25); \
	COL(R6, R5); \
	ACC(R7, R4); \
	ACC(R3, R3); \
	SPLIT(R26); \
	MADD R15, R21, R22, R21; \
	LIGHT; \
	STOREF(out)

// LOAD5(x, r0, r1, r2, r3, r4) loads the frame slot x.
#define LOAD5(x, r0, r1, r2, r3, r4) \
	MOVD x+0(RSP), r0;  \
	MOVD x+8(RSP), r1;  \
	MOVD x+16(RSP), r2; \
	MOVD x+24(RSP), r3; \
	MOVD x+32(RSP), r4

// STORE5(x, r0, r1, r2, r3, r4) stores the frame slot x.
#define STORE5(x, r0, r1, r2, r3, r4) \
	MOVD r0, x+0(RSP);  \
	MOVD r1, x+8(RSP);  \
	MOVD r2, x+16(RSP); \
	MOVD r3, x+24(RSP); \
	MOVD r4, x+32(RSP)


// func invertARM64(out, a *Element)
TEXT ·invertARM64(SB), NOSPLIT, $296-16
	MOVD a+8(FP), R13
	MOVD 0(R13), R1
	MOVD 8(R13), R2
	MOVD 16(R13), R3
	MOVD 24(R13), R4
	MOVD 32(R13), R5
	STORE5(SA, R1, R2, R3, R4, R5)

	FSQR(SA, A2)
	FSQR(A2, T0)
	FSQR(T0, T0)
	FMUL(T0, SA, A9)
	FMUL(A9, A2, A11)
	FSQR(A11, T0)
	FMUL(T0, A9, T0)
	FSQR(T0, T1)
	FSQR(T1, T1)
	FSQR(T1, T1)
	FSQR(T1, T1)
	FSQR(T1, T1)
	FMUL(T1, T0, T0)
	FSQR(T0, T1)
	MOVD $9, R1
	MOVD R1, CNT(RSP)
sq10a:
	FSQR(T1, T1)
	MOVD CNT(RSP), R1
	SUBS $1, R1, R1
	MOVD R1, CNT(RSP)
	BNE  sq10a
	FMUL(T1, T0, T1)
	FSQR(T1, TT)
	MOVD $19, R1
	MOVD R1, CNT(RSP)
sq20:
	FSQR(TT, TT)
	MOVD CNT(RSP), R1
	SUBS $1, R1, R1
	MOVD R1, CNT(RSP)
	BNE  sq20
	FMUL(TT, T1, T1)
	FSQR(T1, T1)
	MOVD $9, R1
	MOVD R1, CNT(RSP)
sq10b:
	FSQR(T1, T1)
	MOVD CNT(RSP), R1
	SUBS $1, R1, R1
	MOVD R1, CNT(RSP)
	BNE  sq10b
	FMUL(T1, T0, T0)
	FSQR(T0, T1)
	MOVD $49, R1
	MOVD R1, CNT(RSP)
sq50a:
	FSQR(T1, T1)
	MOVD CNT(RSP), R1
	SUBS $1, R1, R1
	MOVD R1, CNT(RSP)
	BNE  sq50a
	FMUL(T1, T0, T1)
	FSQR(T1, TT)
	MOVD $99, R1
	MOVD R1, CNT(RSP)
sq100:
	FSQR(TT, TT)
	MOVD CNT(RSP), R1
	SUBS $1, R1, R1
	MOVD R1, CNT(RSP)
	BNE  sq100
	FMUL(TT, T1, T1)
	FSQR(T1, T1)
	MOVD $49, R1
	MOVD R1, CNT(RSP)
sq50b:
	FSQR(T1, T1)
	MOVD CNT(RSP), R1
	SUBS $1, R1, R1
	MOVD R1, CNT(RSP)
	BNE  sq50b
	FMUL(T1, T0, TT)
	FSQR(TT, TT)
	FSQR(TT, TT)
	FSQR(TT, TT)
	FSQR(TT, TT)
	FSQR(TT, TT)
	FMUL(TT, A11, T0)

	LOAD5(T0, R1, R2, R3, R4, R5)
	MOVD out+0(FP), R13
	MOVD R1, 0(R13)
	MOVD R2, 8(R13)
	MOVD R3, 16(R13)
	MOVD R4, 24(R13)
	MOVD R5, 32(R13)
	RET
