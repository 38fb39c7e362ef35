//go:build arm64 && !purego

#include "textflag.h"

// func outOfEta2ARM64(p *Poly) uint32
// func outOfEta4ARM64(p *Poly) uint32
//
// The spec's η range checks on eight coefficients per iteration: LDPSW
// loads each coefficient v sign-extended to 64 bits, where neither η − v
// nor v + η wraps, and both are ORed into R4; the result is R4's sign
// bit, set exactly when some v > η or v < −η. Every coefficient is read;
// addresses depend on the loop counter only and nothing branches on the
// coefficients.
//
// Registers: R1 = p, R5 = η, R6 counts iterations, R4 the OR, R2 and R3
// scratch, R7…R14 the coefficients.

// CHECK ORs (η − v) | (v + η) into R4 for the coefficient v in r.
#define CHECK(r) \
	SUB r, R5, R2; \
	ADD R5, r, R3; \
	ORR R3, R2, R2; \
	ORR R2, R4, R4

// CHECK8 checks the eight coefficients at R1 and advances R1 past them.
#define CHECK8 \
	LDPSW (R1), (R7, R8); \
	LDPSW 8(R1), (R9, R10); \
	LDPSW 16(R1), (R11, R12); \
	LDPSW 24(R1), (R13, R14); \
	CHECK(R7); \
	CHECK(R8); \
	CHECK(R9); \
	CHECK(R10); \
	CHECK(R11); \
	CHECK(R12); \
	CHECK(R13); \
	CHECK(R14); \
	ADD $32, R1

TEXT ·outOfEta2ARM64(SB), NOSPLIT, $0-12
	MOVD p+0(FP), R1
	MOVD $2, R5
	MOVD ZR, R4
	MOVD $32, R6

outOfEta2loop:
	CHECK8
	SUBS $1, R6, R6
	BNE  outOfEta2loop
	LSR  $63, R4, R4
	MOVW R4, ret+8(FP)
	RET

TEXT ·outOfEta4ARM64(SB), NOSPLIT, $0-12
	MOVD p+0(FP), R1
	MOVD $4, R5
	MOVD ZR, R4
	MOVD $32, R6

outOfEta4loop:
	CHECK8
	SUBS $1, R6, R6
	BNE  outOfEta4loop
	LSR  $63, R4, R4
	MOVW R4, ret+8(FP)
	RET
