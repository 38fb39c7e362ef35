#include "textflag.h"

// func addCPUID(x, y uint64) uint64
TEXT ·addCPUID(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), BX
	ADDQ AX, BX
	PUSHQ BX
	XORL AX, AX
	CPUID
	POPQ BX
	MOVQ BX, ret+16(FP)
	RET

// func addWrong(x, y uint64) uint64
TEXT ·addWrong(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	SUBQ y+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET

// func addRight(x, y uint64) uint64
TEXT ·addRight(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	ADDQ y+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET

// func firstFar(p *[4]uint64) uint64
TEXT ·firstFar(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	MOVQ 1073741824(AX), BX
	MOVQ BX, ret+8(FP)
	RET
