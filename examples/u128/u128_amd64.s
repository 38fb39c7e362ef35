#include "textflag.h"

// func addAsm(out, a, b *Uint128)
TEXT ·addAsm(SB), NOSPLIT, $0-24
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DI
	MOVQ 0(SI), AX
	MOVQ 8(SI), DX
	ADDQ 0(DI), AX
	ADCQ 8(DI), DX
	MOVQ out+0(FP), DI
	MOVQ AX, 0(DI)
	MOVQ DX, 8(DI)
	RET
