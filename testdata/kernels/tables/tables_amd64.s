#include "textflag.h"

// func mix(x uint64) uint64
TEXT ·mix(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	XORQ ·rc+0(SB), AX
	ADDQ ·rc+24(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func mixStore(x uint64) uint64
TEXT ·mixStore(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ·rc+24(SB)
	XORQ ·rc+0(SB), AX
	ADDQ ·rc+24(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func mixWrong(x uint64) uint64
TEXT ·mixWrong(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	XORQ ·rc+0(SB), AX
	ADDQ ·rc+16(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func bumped(x uint64) uint64
TEXT ·bumped(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ADDQ ·rcBumped+0(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func initRead(x uint64) uint64
TEXT ·initRead(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ADDQ ·rcInit+0(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func multiRead(x uint64) uint64
TEXT ·multiRead(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ADDQ ·rcMulti+0(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func genRead(x uint64) uint64
TEXT ·genRead(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ADDQ ·rcGen+0(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func multiSpec(x uint64) uint64
TEXT ·multiSpec(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func linkedRead(x uint64) uint64
TEXT ·linkedRead(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ADDQ ·rcLinked+0(SB), AX
	MOVQ AX, ret+8(FP)
	RET
