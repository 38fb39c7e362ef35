//go:build amd64 && !purego

#include "textflag.h"

// pow22523IFMA: a^((p−5)/8) = a^(2²⁵² − 3) on four lanes in radix 2⁵²
// with AVX-512 IFMA on YMM registers, computing
// vg.dev/spec/edwards.Pow22523x4: its addition chain of 251 squarings
// (SQR) and 11 products (MUL), the running value in L0 … L4 (moved to
// A0 … A4 before each round), the values the chain uses again in the
// frame (a², a⁹, t₀, t₁) and a read again from its argument. The loops'
// counts are constants; no other branch, no address but the frame and
// the arguments plus constants. a is read before out is written.

#include "field52_amd64.h"

// Frame offsets of the values kept.
#define FA2 0
#define FA9 160
#define FT0 320
#define FT1 480

// LTOA moves the running value to the multiplier inputs.
#define LTOA \
	VMOVDQA64 L0, A0; \
	VMOVDQA64 L1, A1; \
	VMOVDQA64 L2, A2; \
	VMOVDQA64 L3, A3; \
	VMOVDQA64 L4, A4

// LOADB(off, base) loads the second multiplier input from off(base).
#define LOADB(off, base) \
	VMOVDQU64 off+0(base), B0; \
	VMOVDQU64 off+32(base), B1; \
	VMOVDQU64 off+64(base), B2; \
	VMOVDQU64 off+96(base), B3; \
	VMOVDQU64 off+128(base), B4

// STOREL(off) keeps the running value at off(SP).
#define STOREL(off) \
	VMOVDQU64 L0, off+0(SP); \
	VMOVDQU64 L1, off+32(SP); \
	VMOVDQU64 L2, off+64(SP); \
	VMOVDQU64 L3, off+96(SP); \
	VMOVDQU64 L4, off+128(SP)

// SQR1 squares the running value once; MULBY(off, base) multiplies it by
// the value at off(base).
#define SQR1 \
	LTOA; \
	SQR

#define MULBY(off, base) \
	LTOA; \
	LOADB(off, base); \
	MUL

// func pow22523IFMA(out, a *Element52x4)
TEXT ·pow22523IFMA(SB), NOSPLIT, $640-16
	MASKS52
	MOVQ a+8(FP), SI
	VMOVDQU64 0(SI), A0
	VMOVDQU64 32(SI), A1
	VMOVDQU64 64(SI), A2
	VMOVDQU64 96(SI), A3
	VMOVDQU64 128(SI), A4
	SQR                // 2
	STOREL(FA2)
	SQR1
	SQR1               // 8
	MULBY(0, SI)       // 9
	STOREL(FA9)
	MULBY(FA2, SP)     // 11
	SQR1               // 22
	MULBY(FA9, SP)     // 31 = 2⁵ − 1
	STOREL(FT0)

	MOVQ $5, CX
sq5:
	SQR1
	DECQ CX
	JNZ  sq5
	MULBY(FT0, SP)     // 2¹⁰ − 1
	STOREL(FT0)

	MOVQ $10, CX
sq10a:
	SQR1
	DECQ CX
	JNZ  sq10a
	MULBY(FT0, SP)     // 2²⁰ − 1
	STOREL(FT1)

	MOVQ $20, CX
sq20:
	SQR1
	DECQ CX
	JNZ  sq20
	MULBY(FT1, SP)     // 2⁴⁰ − 1

	MOVQ $10, CX
sq10b:
	SQR1
	DECQ CX
	JNZ  sq10b
	MULBY(FT0, SP)     // 2⁵⁰ − 1
	STOREL(FT0)

	MOVQ $50, CX
sq50a:
	SQR1
	DECQ CX
	JNZ  sq50a
	MULBY(FT0, SP)     // 2¹⁰⁰ − 1
	STOREL(FT1)

	MOVQ $100, CX
sq100:
	SQR1
	DECQ CX
	JNZ  sq100
	MULBY(FT1, SP)     // 2²⁰⁰ − 1

	MOVQ $50, CX
sq50b:
	SQR1
	DECQ CX
	JNZ  sq50b
	MULBY(FT0, SP)     // 2²⁵⁰ − 1

	SQR1
	SQR1               // 2²⁵² − 4
	MULBY(0, SI)       // 2²⁵² − 3

	MOVQ      out+0(FP), DI
	VMOVDQU64 L0, 0(DI)
	VMOVDQU64 L1, 32(DI)
	VMOVDQU64 L2, 64(DI)
	VMOVDQU64 L3, 96(DI)
	VMOVDQU64 L4, 128(DI)
	VZEROUPPER
	RET
