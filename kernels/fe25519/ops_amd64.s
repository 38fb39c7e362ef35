//go:build amd64 && !purego

#include "textflag.h"

// The rest of the field in radix 2⁵¹, proved equal to vg.dev/spec/fe25519
// (ops.go there): Add, Sub, Neg, Select, Swap, Reduce, FromBytes, ToBytes.
// None multiplies two variables, so one kernel serves both amd64 variants
// (MULQ and ADX). Each loads every input limb into a register before its
// first store, so outputs may alias inputs; no branch, no address that
// depends on data, only ADD/SUB/AND/OR/XOR/NEG/shifts/LEA/IMUL by 19 (all
// on Intel's data-independent timing list).

#define MASK51 $0x0007ffffffffffff

// CARRY sets R8…R12 to one parallel carry step of themselves (the spec's
// carry): cₖ = lₖ >> 51, lₖ = lₖ mod 2⁵¹ + cₖ₋₁, 19·c₄ into l₀. It uses
// BX, CX, DX, DI, R13 and SI.
#define CARRY \
	MOVQ   MASK51, SI; \
	MOVQ   R8, BX;     \
	SHRQ   $51, BX;    \
	MOVQ   R9, CX;     \
	SHRQ   $51, CX;    \
	MOVQ   R10, DX;    \
	SHRQ   $51, DX;    \
	MOVQ   R11, DI;    \
	SHRQ   $51, DI;    \
	MOVQ   R12, R13;   \
	SHRQ   $51, R13;   \
	ANDQ   SI, R8;     \
	ANDQ   SI, R9;     \
	ANDQ   SI, R10;    \
	ANDQ   SI, R11;    \
	ANDQ   SI, R12;    \
	IMUL3Q $19, R13, R13; \
	ADDQ   R13, R8;    \
	ADDQ   BX, R9;     \
	ADDQ   CX, R10;    \
	ADDQ   DX, R11;    \
	ADDQ   DI, R12

// LOAD(p) loads the five limbs at p into R8…R12.
#define LOAD(p) \
	MOVQ (p), R8;   \
	MOVQ 8(p), R9;  \
	MOVQ 16(p), R10; \
	MOVQ 24(p), R11; \
	MOVQ 32(p), R12

// STORE(p) stores R8…R12 as the five limbs at p.
#define STORE(p) \
	MOVQ R8, (p);   \
	MOVQ R9, 8(p);  \
	MOVQ R10, 16(p); \
	MOVQ R11, 24(p); \
	MOVQ R12, 32(p)

// Limbs of 4p (the spec's fourP0 and fourPi).
#define FOURP0 $0x1fffffffffffb4
#define FOURPI $0x1ffffffffffffc

// func addAMD64(out, a, b *Element)
TEXT ·addAMD64(SB), NOSPLIT, $0-24
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), DX
	LOAD(AX)
	ADDQ (DX), R8
	ADDQ 8(DX), R9
	ADDQ 16(DX), R10
	ADDQ 24(DX), R11
	ADDQ 32(DX), R12
	CARRY
	MOVQ out+0(FP), AX
	STORE(AX)
	RET

// func subAMD64(out, a, b *Element)
//
// a + 4p − b limb by limb, then the carry step.
TEXT ·subAMD64(SB), NOSPLIT, $0-24
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), DX
	LOAD(AX)
	MOVQ FOURP0, BX
	MOVQ FOURPI, CX
	ADDQ BX, R8
	ADDQ CX, R9
	ADDQ CX, R10
	ADDQ CX, R11
	ADDQ CX, R12
	SUBQ (DX), R8
	SUBQ 8(DX), R9
	SUBQ 16(DX), R10
	SUBQ 24(DX), R11
	SUBQ 32(DX), R12
	CARRY
	MOVQ out+0(FP), AX
	STORE(AX)
	RET

// func negAMD64(out, a *Element)
//
// 4p − a limb by limb, then the carry step.
TEXT ·negAMD64(SB), NOSPLIT, $0-16
	MOVQ a+8(FP), AX
	MOVQ FOURP0, R8
	MOVQ FOURPI, R9
	MOVQ R9, R10
	MOVQ R9, R11
	MOVQ R9, R12
	SUBQ (AX), R8
	SUBQ 8(AX), R9
	SUBQ 16(AX), R10
	SUBQ 24(AX), R11
	SUBQ 32(AX), R12
	CARRY
	MOVQ out+0(FP), AX
	STORE(AX)
	RET

// func selectAMD64(out, a, b *Element, c uint64)
//
// out = b ⊕ (m ∧ (a ⊕ b)) with m = −(c & 1).
TEXT ·selectAMD64(SB), NOSPLIT, $0-32
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), DX
	MOVQ c+24(FP), SI
	ANDQ $1, SI
	NEGQ SI
	LOAD(AX)
	MOVQ (DX), BX
	MOVQ 8(DX), CX
	MOVQ 16(DX), DI
	MOVQ 24(DX), R13
	MOVQ 32(DX), R14
	XORQ BX, R8
	XORQ CX, R9
	XORQ DI, R10
	XORQ R13, R11
	XORQ R14, R12
	ANDQ SI, R8
	ANDQ SI, R9
	ANDQ SI, R10
	ANDQ SI, R11
	ANDQ SI, R12
	XORQ BX, R8
	XORQ CX, R9
	XORQ DI, R10
	XORQ R13, R11
	XORQ R14, R12
	MOVQ out+0(FP), AX
	STORE(AX)
	RET

// SWAPLIMB(x, y) exchanges x and y under the mask in SI: t = SI ∧ (x ⊕ y)
// in AX, then x ⊕= t, y ⊕= t.
#define SWAPLIMB(x, y) \
	MOVQ x, AX;  \
	XORQ y, AX;  \
	ANDQ SI, AX; \
	XORQ AX, x;  \
	XORQ AX, y

// func swapAMD64(a, b *Element, c uint64)
TEXT ·swapAMD64(SB), NOSPLIT, $0-24
	MOVQ c+16(FP), SI
	ANDQ $1, SI
	NEGQ SI
	MOVQ a+0(FP), R15
	MOVQ b+8(FP), DX
	LOAD(R15)
	MOVQ (DX), BX
	MOVQ 8(DX), CX
	MOVQ 16(DX), DI
	MOVQ 24(DX), R13
	MOVQ 32(DX), R14
	SWAPLIMB(R8, BX)
	SWAPLIMB(R9, CX)
	SWAPLIMB(R10, DI)
	SWAPLIMB(R11, R13)
	SWAPLIMB(R12, R14)
	STORE(R15)
	MOVQ BX, (DX)
	MOVQ CX, 8(DX)
	MOVQ DI, 16(DX)
	MOVQ R13, 24(DX)
	MOVQ R14, 32(DX)
	RET

// CARRYINTO(x, y) passes the bits of x above 51 into y: y += x >> 51,
// x &= 2⁵¹ − 1 (SI holds the mask). Uses AX.
#define CARRYINTO(x, y) \
	MOVQ x, AX;   \
	SHRQ $51, AX; \
	ADDQ AX, y;   \
	ANDQ SI, x

// PASS is the spec's carryPass on R8…R12.
#define PASS \
	CARRYINTO(R8, R9);  \
	CARRYINTO(R9, R10); \
	CARRYINTO(R10, R11); \
	CARRYINTO(R11, R12); \
	MOVQ   R12, AX;     \
	SHRQ   $51, AX;     \
	IMUL3Q $19, AX, AX; \
	ADDQ   AX, R8;      \
	ANDQ   SI, R12

// REDUCE is the spec's Reduce on R8…R12: two passes, the quotient q in
// AX, l₀ += 19·q, the final carries, and bit 255 dropped.
#define REDUCE \
	MOVQ   MASK51, SI;  \
	PASS;               \
	PASS;               \
	LEAQ   19(R8), AX;  \
	SHRQ   $51, AX;     \
	ADDQ   R9, AX;      \
	SHRQ   $51, AX;     \
	ADDQ   R10, AX;     \
	SHRQ   $51, AX;     \
	ADDQ   R11, AX;     \
	SHRQ   $51, AX;     \
	ADDQ   R12, AX;     \
	SHRQ   $51, AX;     \
	IMUL3Q $19, AX, AX; \
	ADDQ   AX, R8;      \
	CARRYINTO(R8, R9);  \
	CARRYINTO(R9, R10); \
	CARRYINTO(R10, R11); \
	CARRYINTO(R11, R12); \
	ANDQ   SI, R12

// func reduceAMD64(out, a *Element)
TEXT ·reduceAMD64(SB), NOSPLIT, $0-16
	MOVQ a+8(FP), DX
	LOAD(DX)
	REDUCE
	MOVQ out+0(FP), DX
	STORE(DX)
	RET

// func toBytesAMD64(out *[32]byte, a *Element)
//
// Reduce, then the 255 bits packed into four little-endian words.
TEXT ·toBytesAMD64(SB), NOSPLIT, $0-16
	MOVQ a+8(FP), DX
	LOAD(DX)
	REDUCE
	MOVQ out+0(FP), DX
	MOVQ R9, AX
	SHLQ $51, AX
	ORQ  R8, AX
	MOVQ AX, (DX)
	SHRQ $13, R9
	MOVQ R10, AX
	SHLQ $38, AX
	ORQ  R9, AX
	MOVQ AX, 8(DX)
	SHRQ $26, R10
	MOVQ R11, AX
	SHLQ $25, AX
	ORQ  R10, AX
	MOVQ AX, 16(DX)
	SHRQ $39, R11
	SHLQ $12, R12
	ORQ  R11, R12
	MOVQ R12, 24(DX)
	RET

// func fromBytesAMD64(out *Element, b *[32]byte)
//
// Four little-endian words w₀…w₃ cut into five 51-bit limbs; bit 255 is
// dropped by the last mask.
TEXT ·fromBytesAMD64(SB), NOSPLIT, $0-16
	MOVQ b+8(FP), DX
	MOVQ (DX), R8
	MOVQ 8(DX), R9
	MOVQ 16(DX), R10
	MOVQ 24(DX), R11
	MOVQ MASK51, SI
	MOVQ R11, R12
	SHRQ $12, R12
	ANDQ SI, R12
	SHLQ $39, R11
	MOVQ R10, AX
	SHRQ $25, AX
	ORQ  AX, R11
	ANDQ SI, R11
	SHLQ $26, R10
	MOVQ R9, AX
	SHRQ $38, AX
	ORQ  AX, R10
	ANDQ SI, R10
	SHLQ $13, R9
	MOVQ R8, AX
	SHRQ $51, AX
	ORQ  AX, R9
	ANDQ SI, R9
	ANDQ SI, R8
	MOVQ out+0(FP), DX
	STORE(DX)
	RET
