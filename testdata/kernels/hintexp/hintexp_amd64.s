#include "textflag.h"

// func hintPack(y *[7]byte, h *[16]int32)
TEXT ·hintPack(SB), NOSPLIT, $0-16
	MOVQ y+0(FP), DI
	MOVQ h+8(FP), SI
	MOVL $0, 0(DI)
	MOVW $0, 4(DI)
	MOVB $0, 6(DI)
	XORQ DX, DX
	XORQ R8, R8
loop:
	MOVL (SI)(R8*4), AX
	MOVQ $6, R10
	TESTL AX, AX
	CMOVQNE DX, R10
	MOVB R8, (DI)(R10*1)
	LEAQ 1(DX), R11
	CMOVQNE R11, DX
	INCQ R8
	CMPQ R8, $16
	JNE loop
	MOVB DX, 6(DI)
	RET
