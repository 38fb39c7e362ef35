#include "textflag.h"

// func idUnlessLarge(x, y uint64) uint64
TEXT ·idUnlessLarge(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), CX
	CMPQ CX, $10
	JLS  done
	INCQ AX
done:
	MOVQ AX, ret+16(FP)
	RET
