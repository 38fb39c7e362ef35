#include "textflag.h"

// func mixInPlace(out, a *[2]uint64)
TEXT ·mixInPlace(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	ADDQ 8(SI), AX
	MOVQ AX, 0(DI)
	MOVQ 0(SI), BX
	SUBQ 8(SI), BX
	MOVQ BX, 8(DI)
	RET

// func mixLocal(out, a *[2]uint64)
TEXT ·mixLocal(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	MOVQ 8(SI), CX
	MOVQ AX, BX
	ADDQ CX, AX
	SUBQ CX, BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func twoStores(out, a *[2]uint64)
TEXT ·twoStores(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ $1, 0(SI)
	MOVQ $2, 0(DI)
	RET

// func sumFirst(out, a *[2]uint64)
TEXT ·sumFirst(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	ADDQ 8(SI), AX
	MOVQ AX, 0(DI)
	RET

// func branchOut(out, a *[2]uint64)
TEXT ·branchOut(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(DI), AX
	TESTQ AX, AX
	JZ   skip
	NOP
skip:
	MOVQ 0(SI), BX
	MOVQ BX, 0(DI)
	RET

// func clampSmall(out, a *[2]uint64)
TEXT ·clampSmall(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	XORL BX, BX
	CMPQ AX, $5
	CMOVQCS AX, BX
	MOVQ BX, 0(DI)
	RET
