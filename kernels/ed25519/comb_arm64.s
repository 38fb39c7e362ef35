//go:build arm64 && !purego

#include "textflag.h"

// Ed25519's fixed-base multiplication as one kernel on arm64, proved equal
// to vg.dev/spec/ed25519.ScalarBaseMult, and its step, proved equal to
// vg.dev/spec/ed25519.CombAdd: the computation of comb_amd64.s, with
// the field products of the arm64 X25519 ladder kernel (mulARM64 and
// squareARM64 with 19·aᵢ and 38·aᵢ as MULs by the constants). Every entry
// of a table is loaded with LDP at addresses from the table's address only
// and kept with CSEL where the digit's magnitude is the entry's number;
// the sign is applied with CSEL; the only branches are the loops' on their
// public counters. The state lives in the frame at fixed offsets from RSP
// (0(RSP) holds the saved LR, so slots start at 8). Registers written:
// R0–R17, R19–R26.

#define MASK51 $0x0007ffffffffffff

#define PX 8
#define PY 48
#define PZ 88
#define PT 128
#define QYPX 168
#define QYMX 208
#define QT2D 248
#define YPX 288
#define YMX 328
#define Z2 368
#define PP 408
#define MM 448
#define TT 488
#define KK 528
#define DG 536

// The completed point reuses slots dead by then (the frame of a NOSPLIT
// function is limited): y ± x of p and of the entry.
#define KX 288
#define KY 328
#define KZ 168
#define KT 208

// Slots of the doubling, shared with the addition's.
#define XX 168
#define YY 208
#define ZZ 248
#define ZZ2 288
#define SQ 328
#define EY 368
#define EZ 408
#define EX 448
#define ET 488

#define TWOP0 $0xfffffffffffda
#define TWOPI $0xffffffffffffe
#define FOURP0 $0x1fffffffffffb4
#define FOURPI $0x1ffffffffffffc

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


// SUB4P(x, y, out) sets out = x + 4p − y limb by limb (no carry).
#define SUB4P(x, y, out) \
	LOAD5(x, R1, R2, R3, R4, R5);  \
	LOAD5(y, R6, R7, R8, R9, R10); \
	MOVD FOURP0, R11; \
	MOVD FOURPI, R12; \
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

// The selection, as the seeds do it in general registers: the digit's
// magnitude is compared with each entry's number once (CMP), and every
// word of the entry, loaded with LDP, is kept with CSEL EQ where they are
// equal; the sign then exchanges y + x and y − x and negates 2d·x·y with
// CSEL MI. The flags of a comparison are read only by CSEL; no branch, no
// address depends on the digit. Entries' words 0 … 14 accumulate in
// R1 … R14 and R17, the loaded words in R19 … R26.

// ENTRY(j, o) keeps entry j − 1, at o(R0), where the magnitude R15 is j.
#define ENTRY(j, o) \
	CMP  $j, R15;               \
	LDP  (o+0)(R0), (R19, R20);  \
	LDP  (o+16)(R0), (R21, R22); \
	LDP  (o+32)(R0), (R23, R24); \
	LDP  (o+48)(R0), (R25, R26); \
	CSEL EQ, R19, R1, R1;       \
	CSEL EQ, R20, R2, R2;       \
	CSEL EQ, R21, R3, R3;       \
	CSEL EQ, R22, R4, R4;       \
	CSEL EQ, R23, R5, R5;       \
	CSEL EQ, R24, R6, R6;       \
	CSEL EQ, R25, R7, R7;       \
	CSEL EQ, R26, R8, R8;       \
	LDP  (o+64)(R0), (R19, R20); \
	LDP  (o+80)(R0), (R21, R22); \
	LDP  (o+96)(R0), (R23, R24); \
	MOVD (o+112)(R0), R25;      \
	CSEL EQ, R19, R9, R9;       \
	CSEL EQ, R20, R10, R10;     \
	CSEL EQ, R21, R11, R11;     \
	CSEL EQ, R22, R12, R12;     \
	CSEL EQ, R23, R13, R13;     \
	CSEL EQ, R24, R14, R14;     \
	CSEL EQ, R25, R17, R17

// SWAP(a, b, t) exchanges words w and 5 + w, in a and b, where the flags
// say MI: t gets word w's new value, b word 5 + w's.
#define SWAP(a, b, t) \
	CSEL MI, b, a, t; \
	CSEL MI, a, b, b

// NEG(x, c, t) sets x to c − x where the flags say MI (t = c − x).
#define NEG(x, c, t) \
	SUB  x, c, t; \
	CSEL MI, t, x, x

// SELECT sets QYPX, QYMX, QT2D to d·(entry) for the digit d in R15 and the
// table at R0 (R0 moves by 512 every four entries, so that each LDP's
// offset fits): the magnitude, magnitude 0's identity (1, 1, 0) with
// CSET, the sixteen entries, the sign.
#define SELECT \
	MOVD R15, R16;      \
	ASR  $63, R15, R14; \
	EOR  R14, R15, R15; \
	SUB  R14, R15, R15; \
	CMP  $0, R15;       \
	CSET EQ, R1;        \
	MOVD R1, R6;        \
	MOVD ZR, R2;        \
	MOVD ZR, R3;        \
	MOVD ZR, R4;        \
	MOVD ZR, R5;        \
	MOVD ZR, R7;        \
	MOVD ZR, R8;        \
	MOVD ZR, R9;        \
	MOVD ZR, R10;       \
	MOVD ZR, R11;       \
	MOVD ZR, R12;       \
	MOVD ZR, R13;       \
	MOVD ZR, R14;       \
	MOVD ZR, R17;       \
	ENTRY(1, 0);        \
	ENTRY(2, 128);      \
	ENTRY(3, 256);      \
	ENTRY(4, 384);      \
	ADD  $512, R0, R0;  \
	ENTRY(5, 0);        \
	ENTRY(6, 128);      \
	ENTRY(7, 256);      \
	ENTRY(8, 384);      \
	ADD  $512, R0, R0;  \
	ENTRY(9, 0);        \
	ENTRY(10, 128);     \
	ENTRY(11, 256);     \
	ENTRY(12, 384);     \
	ADD  $512, R0, R0;  \
	ENTRY(13, 0);       \
	ENTRY(14, 128);     \
	ENTRY(15, 256);     \
	ENTRY(16, 384);     \
	CMP  $0, R16;       \
	SWAP(R1, R6, R19);  \
	SWAP(R2, R7, R20);  \
	SWAP(R3, R8, R21);  \
	SWAP(R4, R9, R22);  \
	SWAP(R5, R10, R23); \
	MOVD TWOP0, R24;    \
	MOVD TWOPI, R25;    \
	NEG(R11, R24, R26); \
	NEG(R12, R25, R26); \
	NEG(R13, R25, R26); \
	NEG(R14, R25, R26); \
	NEG(R17, R25, R26); \
	STP  (R19, R20), (QYPX+0)(RSP);  \
	STP  (R21, R22), (QYPX+16)(RSP); \
	STP  (R23, R6), (QYPX+32)(RSP);  \
	STP  (R7, R8), (QYMX+8)(RSP);    \
	STP  (R9, R10), (QYMX+24)(RSP);  \
	STP  (R11, R12), (QT2D+0)(RSP);  \
	STP  (R13, R14), (QT2D+16)(RSP); \
	MOVD R17, (QT2D+32)(RSP)

// MIXADD sets the frame's point to itself plus the selected entry: the
// mixed addition, ordered by dependency.
#define MIXADD \
	ADD5(PY, PX, YPX);    \
	SUB5(PY, PX, YMX);    \
	ADD5(PZ, PZ, Z2);     \
	FMUL(YPX, QYPX, PP);  \
	FMUL(YMX, QYMX, MM);  \
	FMUL(PT, QT2D, TT);   \
	SUB5(PP, MM, KX);     \
	ADD5(PP, MM, KY);     \
	ADD5(Z2, TT, KZ);     \
	SUB5(Z2, TT, KT);     \
	FMUL(KX, KT, PX);     \
	FMUL(KY, KZ, PY);     \
	FMUL(KZ, KT, PZ);     \
	FMUL(KX, KY, PT)

// DBL doubles the frame's point from PX, PY, PZ (the spec's double).
#define DBL \
	FSQR(PX, XX);       \
	FSQR(PY, YY);       \
	FSQR(PZ, ZZ);       \
	ADD5(ZZ, ZZ, ZZ2);  \
	ADD5(PX, PY, SQ);   \
	FSQR(SQ, SQ);       \
	ADD5(YY, XX, EY);   \
	SUB5(YY, XX, EZ);   \
	SUB4P(SQ, EY, EX);  \
	SUB4P(ZZ2, EZ, ET); \
	FMUL(EX, ET, PX);   \
	FMUL(EY, EZ, PY);   \
	FMUL(EZ, ET, PZ)

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

// func combAddARM64(p *[4]Element, t *ctselect.Table, d uint64)
TEXT ·combAddARM64(SB), NOSPLIT, $528-24
	MOVD p+0(FP), R13
	COPYIN(0, PX)
	COPYIN(40, PY)
	COPYIN(80, PZ)
	COPYIN(120, PT)
	MOVD d+16(FP), R15
	MOVD t+8(FP), R0
	SELECT
	MIXADD
	MOVD p+0(FP), R13
	COPYOUT(PX, 0)
	COPYOUT(PY, 40)
	COPYOUT(PZ, 80)
	COPYOUT(PT, 120)
	RET

// DIGIT(i, w, off) is digit i of the recoding (the spec's Recode): the
// 5-bit window at bit off of the word w, plus the carry in R12; a window
// past 16 takes 32 off and carries 1. DIGIT2(i, w, off, next, up) also
// ORs in the low bits of the next word, shifted up by 64 − off.
#define DIGITTAIL(i) \
	AND  $31, R1, R1;   \
	ADD  R12, R1, R1;   \
	MOVD $16, R12;      \
	SUB  R1, R12, R12;  \
	LSR  $63, R12, R12; \
	LSL  $5, R12, R2;   \
	SUB  R2, R1, R1;    \
	MOVB R1, (DG+i)(RSP)

#define DIGIT0(i, w) \
	MOVD w, R1; \
	DIGITTAIL(i)

#define DIGIT(i, w, off) \
	LSR  $off, w, R1; \
	DIGITTAIL(i)

#define DIGIT2(i, w, off, next, up) \
	LSR  $off, w, R1;   \
	LSL  $up, next, R2; \
	ORR  R2, R1, R1;    \
	DIGITTAIL(i)

// func scalarBaseARM64(out *[4]Element, t *[26]ctselect.Table, s *[32]byte)
TEXT ·scalarBaseARM64(SB), NOSPLIT, $592-24
	MOVD s+16(FP), R0
	MOVD 0(R0), R8
	MOVD 8(R0), R9
	MOVD 16(R0), R10
	MOVD 24(R0), R11
	MOVD ZR, R12
	DIGIT0(0, R8)
	DIGIT(1, R8, 5)
	DIGIT(2, R8, 10)
	DIGIT(3, R8, 15)
	DIGIT(4, R8, 20)
	DIGIT(5, R8, 25)
	DIGIT(6, R8, 30)
	DIGIT(7, R8, 35)
	DIGIT(8, R8, 40)
	DIGIT(9, R8, 45)
	DIGIT(10, R8, 50)
	DIGIT(11, R8, 55)
	DIGIT2(12, R8, 60, R9, 4)
	DIGIT(13, R9, 1)
	DIGIT(14, R9, 6)
	DIGIT(15, R9, 11)
	DIGIT(16, R9, 16)
	DIGIT(17, R9, 21)
	DIGIT(18, R9, 26)
	DIGIT(19, R9, 31)
	DIGIT(20, R9, 36)
	DIGIT(21, R9, 41)
	DIGIT(22, R9, 46)
	DIGIT(23, R9, 51)
	DIGIT(24, R9, 56)
	DIGIT2(25, R9, 61, R10, 3)
	DIGIT(26, R10, 2)
	DIGIT(27, R10, 7)
	DIGIT(28, R10, 12)
	DIGIT(29, R10, 17)
	DIGIT(30, R10, 22)
	DIGIT(31, R10, 27)
	DIGIT(32, R10, 32)
	DIGIT(33, R10, 37)
	DIGIT(34, R10, 42)
	DIGIT(35, R10, 47)
	DIGIT(36, R10, 52)
	DIGIT(37, R10, 57)
	DIGIT2(38, R10, 62, R11, 2)
	DIGIT(39, R11, 3)
	DIGIT(40, R11, 8)
	DIGIT(41, R11, 13)
	DIGIT(42, R11, 18)
	DIGIT(43, R11, 23)
	DIGIT(44, R11, 28)
	DIGIT(45, R11, 33)
	DIGIT(46, R11, 38)
	DIGIT(47, R11, 43)
	DIGIT(48, R11, 48)
	DIGIT(49, R11, 53)
	DIGIT(50, R11, 58)

	// The identity (0 : 1 : 1 : 0).
	MOVD $1, R2
	STORE5(PX, ZR, ZR, ZR, ZR, ZR)
	STORE5(PY, R2, ZR, ZR, ZR, ZR)
	STORE5(PZ, R2, ZR, ZR, ZR, ZR)
	STORE5(PT, ZR, ZR, ZR, ZR, ZR)

	MOVD ZR, KK(RSP)
odd:
	MOVD KK(RSP), R1
	MOVD $(DG+1)(RSP), R2
	ADD  R1<<1, R2, R2
	MOVB (R2), R15
	MOVD t+8(FP), R0
	ADD  R1<<11, R0, R0
	SELECT
	MIXADD
	MOVD KK(RSP), R1
	ADD  $1, R1, R1
	MOVD R1, KK(RSP)
	CMP  $25, R1
	BLT  odd

	DBL
	DBL
	DBL
	DBL
	DBL
	FMUL(EX, EY, PT)

	MOVD ZR, KK(RSP)
even:
	MOVD KK(RSP), R1
	MOVD $DG(RSP), R2
	ADD  R1<<1, R2, R2
	MOVB (R2), R15
	MOVD t+8(FP), R0
	ADD  R1<<11, R0, R0
	SELECT
	MIXADD
	MOVD KK(RSP), R1
	ADD  $1, R1, R1
	MOVD R1, KK(RSP)
	CMP  $26, R1
	BLT  even

	MOVD out+0(FP), R13
	COPYOUT(PX, 0)
	COPYOUT(PY, 40)
	COPYOUT(PZ, 80)
	COPYOUT(PT, 120)
	RET
