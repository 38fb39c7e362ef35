//go:build arm64 && !purego

#include "textflag.h"

// The X25519 Montgomery ladder as one kernel on arm64 (RFC 7748, section
// 5): 255 steps with their conditional swaps, proved equal to
// vg.dev/spec/x25519.Ladder. The field arithmetic is that of
// vg.dev/kernels/fe25519's mulARM64 and squareARM64 (MUL/UMULH, ADDS/ADC
// columns in the specification's order, EXTR, MADD), with one change: the
// multipliers 19·aᵢ and 38·aᵢ are MULs by the constants (in R15 and R0),
// the specification's aᵢ*19 and aᵢ*38, instead of sums of shifted
// registers, whose terms do not meet the specification's at depth
// (issue 19).
//
// The state lives in the kernel's frame at fixed offsets from RSP (0(RSP)
// holds the saved LR, so the slots start at 8): x₁, (x₂ : z₂), (x₃ : z₃),
// the step's temporaries, the clamped scalar, the counter and the pending
// swap. The only addresses are RSP plus constants, the scalar byte
// indexed by the public counter, and the three arguments; the only branch
// is the loop's on the counter. Every input is read before out is written,
// at the end. Registers written: R0–R17, R19–R26.

#define MASK51 $0x0007ffffffffffff

// Frame offsets (8 + 40·n for the elements).
#define X1 8
#define X2 48
#define Z2 88
#define X3 128
#define Z3 168
#define TA 208
#define TB 248
#define TC 288
#define TD 328
#define AA 368
#define BB 408
#define DA 448
#define CB 488
#define TE 528
#define TT 568
#define SC 608
#define CNT 640
#define SWP 648

// Limbs of 2p.
#define TWOP0 $0xfffffffffffda
#define TWOPI $0xffffffffffffe

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

// M121665(a, out) sets out = 121665·a: five 128-bit products by the
// constant, each split like a column, then LIGHT.
#define M121665(a, out) \
	MOVD  $121665, R6;     \
	MOVD  $19, R15;        \
	MOVD  a+0(RSP), R1;    \
	MOVD  a+8(RSP), R2;    \
	MOVD  a+16(RSP), R3;   \
	MOVD  a+24(RSP), R4;   \
	MOVD  a+32(RSP), R5;   \
	COL(R1, R6);           \
	SPLIT0;                \
	COL(R2, R6);           \
	SPLIT(R23);            \
	COL(R3, R6);           \
	SPLIT(R24);            \
	COL(R4, R6);           \
	SPLIT(R25);            \
	COL(R5, R6);           \
	SPLIT(R26);            \
	MADD  R15, R21, R22, R21; \
	LIGHT;                 \
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

// ADD5(x, y, out) sets out = x + y limb by limb (no carry).
#define ADD5(x, y, out) \
	LOAD5(x, R1, R2, R3, R4, R5);  \
	LOAD5(y, R6, R7, R8, R9, R10); \
	ADD R6, R1, R1;  \
	ADD R7, R2, R2;  \
	ADD R8, R3, R3;  \
	ADD R9, R4, R4;  \
	ADD R10, R5, R5; \
	STORE5(out, R1, R2, R3, R4, R5)

// SUB5(x, y, out) sets out = x + 2p − y limb by limb (no carry).
#define SUB5(x, y, out) \
	LOAD5(x, R1, R2, R3, R4, R5);  \
	LOAD5(y, R6, R7, R8, R9, R10); \
	MOVD TWOP0, R11; \
	MOVD TWOPI, R12; \
	ADD R11, R1, R1; \
	ADD R12, R2, R2; \
	ADD R12, R3, R3; \
	ADD R12, R4, R4; \
	ADD R12, R5, R5; \
	SUB R6, R1, R1;  \
	SUB R7, R2, R2;  \
	SUB R8, R3, R3;  \
	SUB R9, R4, R4;  \
	SUB R10, R5, R5; \
	STORE5(out, R1, R2, R3, R4, R5)

// SWAPLIMB(x, y) exchanges the words x(RSP) and y(RSP) under the mask in
// R11: t = R11 ∧ (x ⊕ y).
#define SWAPLIMB(x, y) \
	MOVD x(RSP), R1;   \
	MOVD y(RSP), R2;   \
	EOR  R2, R1, R3;   \
	AND  R11, R3, R3;  \
	EOR  R3, R1, R1;   \
	EOR  R3, R2, R2;   \
	MOVD R1, x(RSP);   \
	MOVD R2, y(RSP)

// CSWAP(x, y) exchanges the elements x and y under the mask in R11.
#define CSWAP(x, y) \
	SWAPLIMB(x+0, y+0);   \
	SWAPLIMB(x+8, y+8);   \
	SWAPLIMB(x+16, y+16); \
	SWAPLIMB(x+24, y+24); \
	SWAPLIMB(x+32, y+32)

// STEP is the spec's Step on the frame's state.
#define STEP \
	ADD5(X2, Z2, TA);   \
	SUB5(X2, Z2, TB);   \
	ADD5(X3, Z3, TC);   \
	SUB5(X3, Z3, TD);   \
	FSQR(TA, AA);       \
	FSQR(TB, BB);       \
	FMUL(TD, TA, DA);   \
	FMUL(TC, TB, CB);   \
	ADD5(DA, CB, X3);   \
	FSQR(X3, X3);       \
	SUB5(DA, CB, Z3);   \
	FSQR(Z3, Z3);       \
	FMUL(Z3, X1, Z3);   \
	FMUL(AA, BB, X2);   \
	SUB5(AA, BB, TE);   \
	M121665(TE, TT);    \
	ADD5(TT, AA, TT);   \
	FMUL(TE, TT, Z2)

// COPYIN(off, slot) copies the element at off(R13) into the frame slot.
#define COPYIN(off, slot) \
	MOVD off+0(R13), R1;  \
	MOVD off+8(R13), R2;  \
	MOVD off+16(R13), R3; \
	MOVD off+24(R13), R4; \
	MOVD off+32(R13), R5; \
	STORE5(slot, R1, R2, R3, R4, R5)

// COPYOUT(slot, off) copies the frame slot to the element at off(R13).
#define COPYOUT(slot, off) \
	LOAD5(slot, R1, R2, R3, R4, R5); \
	MOVD R1, off+0(R13);  \
	MOVD R2, off+8(R13);  \
	MOVD R3, off+16(R13); \
	MOVD R4, off+24(R13); \
	MOVD R5, off+32(R13)

// func ladderARM64(out *[2]Element, k *[32]byte, u *Element)
TEXT ·ladderARM64(SB), NOSPLIT, $656-24
	// x₁ = x₃ = u, x₂ = 1, z₂ = 0, z₃ = 1.
	MOVD u+16(FP), R13
	COPYIN(0, X1)
	COPYIN(0, X3)
	MOVD $1, R1
	MOVD R1, X2+0(RSP)
	MOVD R1, Z3+0(RSP)
	MOVD ZR, X2+8(RSP)
	MOVD ZR, X2+16(RSP)
	MOVD ZR, X2+24(RSP)
	MOVD ZR, X2+32(RSP)
	MOVD ZR, Z2+0(RSP)
	MOVD ZR, Z2+8(RSP)
	MOVD ZR, Z2+16(RSP)
	MOVD ZR, Z2+24(RSP)
	MOVD ZR, Z2+32(RSP)
	MOVD ZR, Z3+8(RSP)
	MOVD ZR, Z3+16(RSP)
	MOVD ZR, Z3+24(RSP)
	MOVD ZR, Z3+32(RSP)
	MOVD ZR, SWP(RSP)

	// The clamped scalar: bits 0–2 and 255 cleared, bit 254 set.
	MOVD k+8(FP), R13
	MOVD 0(R13), R1
	MOVD 8(R13), R2
	MOVD 16(R13), R3
	MOVD 24(R13), R4
	AND  $~7, R1, R1
	AND  $0x7fffffffffffffff, R4, R4
	ORR  $0x4000000000000000, R4, R4
	MOVD R1, SC+0(RSP)
	MOVD R2, SC+8(RSP)
	MOVD R3, SC+16(RSP)
	MOVD R4, SC+24(RSP)

	MOVD $254, R1
	MOVD R1, CNT(RSP)

loop:
	// bit = scalar bit CNT; the pending swap ^ bit swaps, bit is pending.
	MOVD  CNT(RSP), R1
	LSR   $3, R1, R2
	MOVD  $SC(RSP), R3
	MOVBU (R3)(R2), R4
	AND   $7, R1, R1
	LSR   R1, R4, R4
	AND   $1, R4, R4
	MOVD  SWP(RSP), R11
	EOR   R4, R11, R11
	MOVD  R4, SWP(RSP)
	AND   $1, R11, R11
	NEG   R11, R11
	CSWAP(X2, X3)
	CSWAP(Z2, Z3)

	STEP

	MOVD CNT(RSP), R1
	SUBS $1, R1, R1
	MOVD R1, CNT(RSP)
	BGE  loop

	// The last pending swap, then out = (x₂, z₂).
	MOVD SWP(RSP), R11
	AND  $1, R11, R11
	NEG  R11, R11
	CSWAP(X2, X3)
	CSWAP(Z2, Z3)
	MOVD out+0(FP), R13
	COPYOUT(X2, 0)
	COPYOUT(Z2, 40)
	RET

// func stepARM64(s *[5]Element)
//
// One ladder step (no swap) on s = (x₂, z₂, x₃, z₃, x₁) through the same
// frame layout.
TEXT ·stepARM64(SB), NOSPLIT, $656-8
	MOVD s+0(FP), R13
	COPYIN(0, X2)
	COPYIN(40, Z2)
	COPYIN(80, X3)
	COPYIN(120, Z3)
	COPYIN(160, X1)
	STEP
	MOVD s+0(FP), R13
	COPYOUT(X2, 0)
	COPYOUT(Z2, 40)
	COPYOUT(X3, 80)
	COPYOUT(Z3, 120)
	RET
