#include "textflag.h"

// func branchLow(x uint64) uint64
TEXT ·branchLow(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	TESTQ $1, AX
	JZ   even
	MOVQ AX, ret+8(FP)
	RET
even:
	MOVQ AX, ret+8(FP)
	RET

// func branchHigh(x uint64) uint64
TEXT ·branchHigh(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	TESTQ AX, AX
	JS   negative
	MOVQ AX, ret+8(FP)
	RET
negative:
	MOVQ AX, ret+8(FP)
	RET

// func branchAfterStore(out, a *[2]uint64)
TEXT ·branchAfterStore(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	MOVQ AX, 8(DI)
	MOVQ 8(SI), BX
	TESTQ $1, BX
	JZ   even
	MOVQ BX, 0(DI)
	RET
even:
	MOVQ BX, 0(DI)
	RET

// func retLen(s []uint64) uint64
TEXT ·retLen(SB), NOSPLIT, $0-32
	MOVQ s_len+8(FP), AX
	MOVQ AX, ret+24(FP)
	RET

// func retFirst(s []uint64, i uint64) uint64
TEXT ·retFirst(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ 0(SI), AX
	MOVQ AX, ret+32(FP)
	RET
