//go:build arm64 && !purego

#include "textflag.h"

// The rest of the field in radix 2⁵¹ on arm64, proved equal to
// vg.dev/spec/fe25519 (ops.go there). Each kernel loads every input limb
// into a register before its first store, so outputs may alias inputs. No
// branch, no address that depends on data; only ADD/SUB/AND/ORR/EOR/NEG,
// shifts and MADD by the constant 19. Leaf functions with frame $0 that
// write only R0–R17 and R19–R26.

#define MASK51 $0x0007ffffffffffff

// Limbs of 4p (the spec's fourP0 and fourPi).
#define FOURP0 $0x1fffffffffffb4
#define FOURPI $0x1ffffffffffffc

// LOAD(p) loads the five limbs at p into R1…R5.
#define LOAD(p) \
	LDP  0(p), (R1, R2);  \
	LDP  16(p), (R3, R4); \
	MOVD 32(p), R5

// STORE(p) stores R1…R5 as the five limbs at p.
#define STORE(p) \
	STP  (R1, R2), 0(p);  \
	STP  (R3, R4), 16(p); \
	MOVD R5, 32(p)

// CARRY is the spec's carry on R1…R5: cₖ = lₖ >> 51 into R6…R10 first,
// then lₖ = lₖ mod 2⁵¹ + cₖ₋₁ and l₀ += 19·c₄ (MADD with R15 = 19).
#define CARRY \
	MOVD $19, R15;         \
	LSR  $51, R1, R6;      \
	LSR  $51, R2, R7;      \
	LSR  $51, R3, R8;      \
	LSR  $51, R4, R9;      \
	LSR  $51, R5, R10;     \
	AND  MASK51, R1, R1;   \
	AND  MASK51, R2, R2;   \
	AND  MASK51, R3, R3;   \
	AND  MASK51, R4, R4;   \
	AND  MASK51, R5, R5;   \
	MADD R15, R1, R10, R1; \
	ADD  R6, R2, R2;       \
	ADD  R7, R3, R3;       \
	ADD  R8, R4, R4;       \
	ADD  R9, R5, R5

// func addARM64(out, a, b *Element)
TEXT ·addARM64(SB), NOSPLIT, $0-24
	MOVD a+8(FP), R0
	LOAD(R0)
	MOVD b+16(FP), R0
	LDP  0(R0), (R6, R7)
	LDP  16(R0), (R8, R9)
	MOVD 32(R0), R10
	ADD  R6, R1, R1
	ADD  R7, R2, R2
	ADD  R8, R3, R3
	ADD  R9, R4, R4
	ADD  R10, R5, R5
	CARRY
	MOVD out+0(FP), R0
	STORE(R0)
	RET

// func subARM64(out, a, b *Element)
//
// a + 4p − b limb by limb, then the carry step.
TEXT ·subARM64(SB), NOSPLIT, $0-24
	MOVD a+8(FP), R0
	LOAD(R0)
	MOVD b+16(FP), R0
	LDP  0(R0), (R6, R7)
	LDP  16(R0), (R8, R9)
	MOVD 32(R0), R10
	MOVD FOURP0, R11
	MOVD FOURPI, R12
	ADD  R11, R1, R1
	ADD  R12, R2, R2
	ADD  R12, R3, R3
	ADD  R12, R4, R4
	ADD  R12, R5, R5
	SUB  R6, R1, R1
	SUB  R7, R2, R2
	SUB  R8, R3, R3
	SUB  R9, R4, R4
	SUB  R10, R5, R5
	CARRY
	MOVD out+0(FP), R0
	STORE(R0)
	RET

// func negARM64(out, a *Element)
//
// 4p − a limb by limb, then the carry step.
TEXT ·negARM64(SB), NOSPLIT, $0-16
	MOVD a+8(FP), R0
	LDP  0(R0), (R6, R7)
	LDP  16(R0), (R8, R9)
	MOVD 32(R0), R10
	MOVD FOURP0, R11
	MOVD FOURPI, R12
	SUB  R6, R11, R1
	SUB  R7, R12, R2
	SUB  R8, R12, R3
	SUB  R9, R12, R4
	SUB  R10, R12, R5
	CARRY
	MOVD out+0(FP), R0
	STORE(R0)
	RET

// func selectARM64(out, a, b *Element, c uint64)
//
// out = b ⊕ (m ∧ (a ⊕ b)) with m = −(c & 1) in R11.
TEXT ·selectARM64(SB), NOSPLIT, $0-32
	MOVD c+24(FP), R11
	AND  $1, R11, R11
	NEG  R11, R11
	MOVD a+8(FP), R0
	LOAD(R0)
	MOVD b+16(FP), R0
	LDP  0(R0), (R6, R7)
	LDP  16(R0), (R8, R9)
	MOVD 32(R0), R10
	EOR  R6, R1, R1
	EOR  R7, R2, R2
	EOR  R8, R3, R3
	EOR  R9, R4, R4
	EOR  R10, R5, R5
	AND  R11, R1, R1
	AND  R11, R2, R2
	AND  R11, R3, R3
	AND  R11, R4, R4
	AND  R11, R5, R5
	EOR  R6, R1, R1
	EOR  R7, R2, R2
	EOR  R8, R3, R3
	EOR  R9, R4, R4
	EOR  R10, R5, R5
	MOVD out+0(FP), R0
	STORE(R0)
	RET

// SWAPLIMB(x, y) exchanges x and y under the mask in R11: t = R11 ∧
// (x ⊕ y) in R12, then x ⊕= t, y ⊕= t.
#define SWAPLIMB(x, y) \
	EOR y, x, R12;   \
	AND R11, R12, R12; \
	EOR R12, x, x;   \
	EOR R12, y, y

// func swapARM64(a, b *Element, c uint64)
TEXT ·swapARM64(SB), NOSPLIT, $0-24
	MOVD c+16(FP), R11
	AND  $1, R11, R11
	NEG  R11, R11
	MOVD a+0(FP), R0
	MOVD b+8(FP), R13
	LOAD(R0)
	LDP  0(R13), (R6, R7)
	LDP  16(R13), (R8, R9)
	MOVD 32(R13), R10
	SWAPLIMB(R1, R6)
	SWAPLIMB(R2, R7)
	SWAPLIMB(R3, R8)
	SWAPLIMB(R4, R9)
	SWAPLIMB(R5, R10)
	STORE(R0)
	STP  (R6, R7), 0(R13)
	STP  (R8, R9), 16(R13)
	MOVD R10, 32(R13)
	RET

// CARRYINTO(x, y) passes the bits of x above 51 into y: y += x >> 51,
// x &= 2⁵¹ − 1.
#define CARRYINTO(x, y) \
	ADD x>>51, y, y; \
	AND MASK51, x, x

// PASS is the spec's carryPass on R1…R5 (R15 = 19).
#define PASS \
	CARRYINTO(R1, R2); \
	CARRYINTO(R2, R3); \
	CARRYINTO(R3, R4); \
	CARRYINTO(R4, R5); \
	LSR  $51, R5, R6;  \
	MADD R15, R1, R6, R1; \
	AND  MASK51, R5, R5

// REDUCE is the spec's Reduce on R1…R5: two passes, the quotient q in R6,
// l₀ += 19·q, the final carries, and bit 255 dropped.
#define REDUCE \
	MOVD $19, R15;        \
	PASS;                 \
	PASS;                 \
	ADD  $19, R1, R6;     \
	LSR  $51, R6, R6;     \
	ADD  R6, R2, R6;      \
	LSR  $51, R6, R6;     \
	ADD  R6, R3, R6;      \
	LSR  $51, R6, R6;     \
	ADD  R6, R4, R6;      \
	LSR  $51, R6, R6;     \
	ADD  R6, R5, R6;      \
	LSR  $51, R6, R6;     \
	MADD R15, R1, R6, R1; \
	CARRYINTO(R1, R2);    \
	CARRYINTO(R2, R3);    \
	CARRYINTO(R3, R4);    \
	CARRYINTO(R4, R5);    \
	AND  MASK51, R5, R5

// func reduceARM64(out, a *Element)
TEXT ·reduceARM64(SB), NOSPLIT, $0-16
	MOVD a+8(FP), R0
	LOAD(R0)
	REDUCE
	MOVD out+0(FP), R0
	STORE(R0)
	RET

// func toBytesARM64(out *[32]byte, a *Element)
//
// Reduce, then the 255 bits packed into four little-endian words.
TEXT ·toBytesARM64(SB), NOSPLIT, $0-16
	MOVD a+8(FP), R0
	LOAD(R0)
	REDUCE
	ORR  R2<<51, R1, R6
	LSR  $13, R2, R7
	ORR  R3<<38, R7, R7
	LSR  $26, R3, R8
	ORR  R4<<25, R8, R8
	LSR  $39, R4, R9
	ORR  R5<<12, R9, R9
	MOVD out+0(FP), R0
	STP  (R6, R7), 0(R0)
	STP  (R8, R9), 16(R0)
	RET

// func fromBytesARM64(out *Element, b *[32]byte)
//
// Four little-endian words w₀…w₃ cut into five 51-bit limbs; bit 255 is
// dropped by the last mask.
TEXT ·fromBytesARM64(SB), NOSPLIT, $0-16
	MOVD b+8(FP), R0
	LDP  0(R0), (R6, R7)
	LDP  16(R0), (R8, R9)
	AND  MASK51, R6, R1
	LSR  $51, R6, R2
	ORR  R7<<13, R2, R2
	AND  MASK51, R2, R2
	LSR  $38, R7, R3
	ORR  R8<<26, R3, R3
	AND  MASK51, R3, R3
	LSR  $25, R8, R4
	ORR  R9<<39, R4, R4
	AND  MASK51, R4, R4
	LSR  $12, R9, R5
	AND  MASK51, R5, R5
	MOVD out+0(FP), R0
	STORE(R0)
	RET
