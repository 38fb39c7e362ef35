#include "textflag.h"

DATA consts<>+0(SB)/8, $0x0123456789abcdef
DATA consts<>+8(SB)/8, $0xfedcba9876543210
GLOBL consts<>(SB), RODATA|NOPTR, $16

DATA vars<>+0(SB)/8, $42
GLOBL vars<>(SB), NOPTR, $8

GLOBL scratch<>(SB), NOPTR, $64

// func add(x, y uint64) uint64
TEXT ·add(SB), NOSPLIT, $0-24
	MOVD x+0(FP), R0
	MOVD y+8(FP), R1
	ADD R1, R0, R0
	MOVD R0, ret+16(FP)
	RET

// func loadConst() uint64
TEXT ·loadConst(SB), NOSPLIT, $0-8
	MOVD $consts<>+8(SB), R1
	MOVD (R1), R0
	MOVD R0, ret+0(FP)
	RET

// func loadVar() uint64
TEXT ·loadVar(SB), NOSPLIT, $0-8
	MOVD $vars<>(SB), R1
	MOVD (R1), R0
	MOVD R0, ret+0(FP)
	RET

// func scratchAddr() uintptr
TEXT ·scratchAddr(SB), NOSPLIT, $0-8
	MOVD $scratch<>(SB), R0
	MOVD R0, ret+0(FP)
	RET

// func callAdd(x, y uint64) uint64
TEXT ·callAdd(SB), $32-24
	MOVD x+0(FP), R0
	MOVD R0, 8(RSP)
	MOVD y+8(FP), R0
	MOVD R0, 16(RSP)
	CALL ·add(SB)
	MOVD 24(RSP), R0
	MOVD R0, ret+16(FP)
	RET

