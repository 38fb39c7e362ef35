#include "textflag.h"

// func addWrong(x, y word) word
TEXT ·addWrong(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	SUBQ y+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET
