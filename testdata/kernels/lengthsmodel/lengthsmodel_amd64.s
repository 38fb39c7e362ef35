#include "textflag.h"

// func addWrongAlias(z, x, y []uint64) (c uint64)
TEXT ·addWrongAlias(SB), NOSPLIT, $0-80
	MOVQ z_len+8(FP), R9
	MOVQ x_base+24(FP), SI
	MOVQ y_base+48(FP), DI
	MOVQ z_base+0(FP), R8
	MOVQ $0, R10
	TESTQ R9, R9; JZ alias_done
alias_loop:
	MOVQ 0(DI), R11
	MOVQ R11, 0(R8)
	ADDQ R10, R10
	MOVQ 0(SI), R11
	ADCQ 0(DI), R11
	MOVQ R11, 0(R8)
	SBBQ R10, R10
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	LEAQ 8(R8), R8
	SUBQ $1, R9; JNZ alias_loop
alias_done:
	NEGQ R10
	MOVQ R10, c+72(FP)
	RET

// func addWrongCap(z, x, y []uint64) (c uint64)
TEXT ·addWrongCap(SB), NOSPLIT, $0-80
	MOVQ z_cap+16(FP), R9
	MOVQ x_base+24(FP), SI
	MOVQ y_base+48(FP), DI
	MOVQ z_base+0(FP), R8
	MOVQ $0, R10
	TESTQ R9, R9; JZ cap_done
cap_loop:
	ADDQ R10, R10
	MOVQ 0(SI), R11
	ADCQ 0(DI), R11
	MOVQ R11, 0(R8)
	SBBQ R10, R10
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	LEAQ 8(R8), R8
	SUBQ $1, R9; JNZ cap_loop
cap_done:
	NEGQ R10
	MOVQ R10, c+72(FP)
	RET

// func addWrongVector(z, x, y []uint64) (c uint64)
TEXT ·addWrongVector(SB), NOSPLIT, $0-80
	MOVQ z_len+8(FP), R9
	MOVQ x_base+24(FP), SI
	MOVQ y_base+48(FP), DI
	MOVQ z_base+0(FP), R8
	MOVQ X0, R12
	MOVQ $0, R10
	TESTQ R9, R9; JZ vec_done
vec_loop:
	ADDQ R10, R10
	MOVQ 0(SI), R11
	ADCQ 0(DI), R11
	SBBQ R10, R10
	MOVQ X0, R13
	XORQ R12, R13
	XORQ R13, R11
	MOVQ R11, 0(R8)
	MOVQ R11, X0
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	LEAQ 8(R8), R8
	SUBQ $1, R9; JNZ vec_loop
vec_done:
	NEGQ R10
	MOVQ R10, c+72(FP)
	RET
