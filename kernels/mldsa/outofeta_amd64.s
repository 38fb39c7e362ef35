//go:build amd64 && !purego

#include "textflag.h"

// func outOfEta2AMD64(p *Poly) uint32
// func outOfEta4AMD64(p *Poly) uint32
//
// The spec's η range checks, in general-purpose registers on eight
// coefficients per iteration: each coefficient v is sign-extended to 64
// bits, where neither η − v nor v + η wraps, and both are ORed into BX;
// the result is BX's sign bit, set exactly when some v > η or v < −η.
// Every coefficient is read; addresses depend on the loop counter only
// and nothing branches on the coefficients.
//
// Registers: SI = p, CX counts iterations, BX the OR, AX and DX scratch.

// CHECK ORs (η − v) | (v + η) into BX for the coefficient v at off(SI).
#define CHECK(off, eta) \
	MOVLQSX off(SI), AX; \
	MOVQ    $eta, DX; \
	SUBQ    AX, DX; \
	ADDQ    $eta, AX; \
	ORQ     AX, DX; \
	ORQ     DX, BX

// CHECK8 checks the eight coefficients at SI and advances SI past them.
#define CHECK8(eta) \
	CHECK(0, eta); \
	CHECK(4, eta); \
	CHECK(8, eta); \
	CHECK(12, eta); \
	CHECK(16, eta); \
	CHECK(20, eta); \
	CHECK(24, eta); \
	CHECK(28, eta); \
	ADDQ $32, SI

TEXT ·outOfEta2AMD64(SB), NOSPLIT, $0-12
	MOVQ p+0(FP), SI
	XORQ BX, BX
	MOVQ $32, CX

outOfEta2loop:
	CHECK8(2)
	DECQ CX
	JNZ  outOfEta2loop
	SHRQ $63, BX
	MOVL BX, ret+8(FP)
	RET

TEXT ·outOfEta4AMD64(SB), NOSPLIT, $0-12
	MOVQ p+0(FP), SI
	XORQ BX, BX
	MOVQ $32, CX

outOfEta4loop:
	CHECK8(4)
	DECQ CX
	JNZ  outOfEta4loop
	SHRQ $63, BX
	MOVL BX, ret+8(FP)
	RET
