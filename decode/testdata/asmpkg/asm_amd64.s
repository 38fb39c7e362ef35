#include "textflag.h"

DATA consts<>+0(SB)/8, $0x0123456789abcdef
DATA consts<>+8(SB)/8, $0xfedcba9876543210
GLOBL consts<>(SB), RODATA|NOPTR, $16

DATA vars<>+0(SB)/8, $42
GLOBL vars<>(SB), NOPTR, $8

GLOBL scratch<>(SB), NOPTR, $64

// func add(x, y uint64) uint64
TEXT ·add(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), BX
	ADDQ BX, AX
	MOVQ AX, ret+16(FP)
	RET

// func loadConst() uint64
TEXT ·loadConst(SB), NOSPLIT, $0-8
	MOVQ consts<>+8(SB), AX
	MOVQ AX, ret+0(FP)
	RET

// func loadVar() uint64
TEXT ·loadVar(SB), NOSPLIT, $0-8
	MOVQ vars<>(SB), AX
	MOVQ AX, ret+0(FP)
	RET

// func scratchAddr() uintptr
TEXT ·scratchAddr(SB), NOSPLIT, $0-8
	LEAQ scratch<>(SB), AX
	MOVQ AX, ret+0(FP)
	RET

// func callAdd(x, y uint64) uint64
TEXT ·callAdd(SB), $24-24
	MOVQ x+0(FP), AX
	MOVQ AX, 0(SP)
	MOVQ y+8(FP), AX
	MOVQ AX, 8(SP)
	CALL ·add(SB)
	MOVQ 16(SP), AX
	MOVQ AX, ret+16(FP)
	RET

