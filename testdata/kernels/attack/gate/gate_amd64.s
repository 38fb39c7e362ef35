#include "textflag.h"

// func tailJmp(x uint64) uint64
TEXT ·tailJmp(SB), NOSPLIT, $0-16
	JMP ·tailHelper(SB)

// func tailHelper(x uint64) uint64
TEXT ·tailHelper(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	INCQ AX
	MOVQ AX, ret+8(FP)
	RET

// func reqKernel(x uint64) uint64
TEXT ·reqKernel(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func maskKernel(x uint64) uint64
TEXT ·maskKernel(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ANDQ $15, AX
	MOVQ AX, ret+8(FP)
	RET

// func rotNamed(out *vec, a *[4]uint64)
TEXT ·rotNamed(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ 16(SI), CX
	MOVQ 24(SI), DX
	MOVQ DX, 0(DI)
	MOVQ AX, 8(DI)
	MOVQ 8(SI), BX
	MOVQ BX, 16(DI)
	MOVQ CX, 24(DI)
	RET

// func branchPublic(key, x uint64) uint64
TEXT ·branchPublic(SB), NOSPLIT, $0-24
	MOVQ key+0(FP), AX
	TESTQ AX, AX
	JEQ zero
	NOP
zero:
	ADDQ x+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET
