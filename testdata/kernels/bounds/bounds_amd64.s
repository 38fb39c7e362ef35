#include "textflag.h"

// Each sets EDX:EAX = (38·a mod 2^32) × c (IMUL3L, then MULL).

// func mul38Tight(a, c uint32) (hi, lo uint32)
TEXT ·mul38Tight(SB), NOSPLIT, $0-16
	MOVL a+0(FP), AX
	IMUL3L $38, AX, AX
	MULL c+4(FP)
	MOVL DX, hi+8(FP)
	MOVL AX, lo+12(FP)
	RET

// func mul38LooseA(a, c uint32) (hi, lo uint32)
TEXT ·mul38LooseA(SB), NOSPLIT, $0-16
	MOVL a+0(FP), AX
	IMUL3L $38, AX, AX
	MULL c+4(FP)
	MOVL DX, hi+8(FP)
	MOVL AX, lo+12(FP)
	RET

// func mul38LooseC(a, c uint32) (hi, lo uint32)
TEXT ·mul38LooseC(SB), NOSPLIT, $0-16
	MOVL a+0(FP), AX
	IMUL3L $38, AX, AX
	MULL c+4(FP)
	MOVL DX, hi+8(FP)
	MOVL AX, lo+12(FP)
	RET

// func mul38Apart(a, out *[2]uint32)
TEXT ·mul38Apart(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), SI
	MOVQ out+8(FP), DI
	MOVL 0(SI), AX
	IMUL3L $38, AX, AX
	MULL 4(SI)
	MOVL DX, 0(DI)
	MOVL AX, 4(DI)
	RET

// func mul38Alias(a, out *[2]uint32)
TEXT ·mul38Alias(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), SI
	MOVQ out+8(FP), DI
	MOVL 0(SI), AX
	IMUL3L $38, AX, AX
	MULL 4(SI)
	MOVL DX, 0(DI)
	MOVL AX, 4(DI)
	RET
