//go:build arm64 && !purego

#include "textflag.h"

// func unpackZ17ARM64(p *Poly, b *[576]byte)
// func unpackZ19ARM64(p *Poly, b *[640]byte)
//
// The spec's UnpackZ17 and UnpackZ19 on four coefficients per iteration:
// the group's bytes are one 64-bit load and a byte (halfword) load after
// it, UBFX takes three fields, LSR and ORR assemble the fourth from both
// loads, SUBW subtracts each from γ₁, STPW stores them. No load passes
// the end of b; addresses depend on the loop counter only.
//
// Registers: R0 = p, R1 = b, R5 = γ₁, R6 counts iterations.

TEXT ·unpackZ19ARM64(SB), NOSPLIT, $0-16
	MOVD  p+0(FP), R0
	MOVD  b+8(FP), R1
	MOVW  $0x80000, R5
	MOVD  $64, R6

loop19:
	MOVD  (R1), R2
	MOVHU 8(R1), R3
	UBFX  $0, R2, $20, R7
	UBFX  $20, R2, $20, R8
	UBFX  $40, R2, $20, R9
	LSR   $60, R2, R10
	ORR   R3<<4, R10, R10
	SUBW  R7, R5, R7
	SUBW  R8, R5, R8
	SUBW  R9, R5, R9
	SUBW  R10, R5, R10
	STPW  (R7, R8), (R0)
	STPW  (R9, R10), 8(R0)
	ADD   $10, R1
	ADD   $16, R0
	SUBS  $1, R6, R6
	BNE   loop19
	RET

TEXT ·unpackZ17ARM64(SB), NOSPLIT, $0-16
	MOVD  p+0(FP), R0
	MOVD  b+8(FP), R1
	MOVW  $0x20000, R5
	MOVD  $64, R6

loop17:
	MOVD  (R1), R2
	MOVBU 8(R1), R3
	UBFX  $0, R2, $18, R7
	UBFX  $18, R2, $18, R8
	UBFX  $36, R2, $18, R9
	LSR   $54, R2, R10
	ORR   R3<<10, R10, R10
	SUBW  R7, R5, R7
	SUBW  R8, R5, R8
	SUBW  R9, R5, R9
	SUBW  R10, R5, R10
	STPW  (R7, R8), (R0)
	STPW  (R9, R10), 8(R0)
	ADD   $9, R1
	ADD   $16, R0
	SUBS  $1, R6, R6
	BNE   loop17
	RET
