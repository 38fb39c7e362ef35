#include "textflag.h"

// func addFlag(x, y uint64) uint64
TEXT ·addFlag(SB), NOSPLIT, $0-24
	MOVQ    x+0(FP), AX
	MOVQ    y+8(FP), BX
	MOVBLZX ·useLEA(SB), CX
	TESTB   CL, CL
	JNE     lea
	ADDQ    BX, AX
	MOVQ    AX, ret+16(FP)
	RET
lea:
	LEAQ    (AX)(BX*1), AX
	MOVQ    AX, ret+16(FP)
	RET
