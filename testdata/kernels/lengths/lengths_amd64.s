#include "textflag.h"

// func addRight(z, x, y []uint64) (c uint64)
TEXT ·addRight(SB), NOSPLIT, $0-80
	MOVQ z_len+8(FP), BX
	MOVQ x_base+24(FP), SI
	MOVQ y_base+48(FP), DI
	MOVQ z_base+0(FP), R8
	MOVQ BX, R9
	ANDQ $3, R9
	SHRQ $2, BX
	MOVQ $0, R10
addRight_loop1:
	TESTQ R9, R9; JZ addRight_loop1done
addRight_loop1cont:
	ADDQ R10, R10
	MOVQ 0(SI), R10
	ADCQ 0(DI), R10
	MOVQ R10, 0(R8)
	SBBQ R10, R10
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	LEAQ 8(R8), R8
	SUBQ $1, R9; JNZ addRight_loop1cont
addRight_loop1done:
	TESTQ BX, BX; JZ addRight_loop4done
addRight_loop4cont:
	ADDQ R10, R10
	MOVQ 0(SI), R9
	MOVQ 8(SI), R10
	MOVQ 16(SI), R11
	MOVQ 24(SI), R12
	ADCQ 0(DI), R9
	ADCQ 8(DI), R10
	ADCQ 16(DI), R11
	ADCQ 24(DI), R12
	MOVQ R9, 0(R8)
	MOVQ R10, 8(R8)
	MOVQ R11, 16(R8)
	MOVQ R12, 24(R8)
	SBBQ R10, R10
	LEAQ 32(SI), SI
	LEAQ 32(DI), DI
	LEAQ 32(R8), R8
	SUBQ $1, BX; JNZ addRight_loop4cont
addRight_loop4done:
	NEGQ R10
	MOVQ R10, c+72(FP)
	RET

// func addWrongFourth(z, x, y []uint64) (c uint64)
TEXT ·addWrongFourth(SB), NOSPLIT, $0-80
	MOVQ z_len+8(FP), BX
	MOVQ x_base+24(FP), SI
	MOVQ y_base+48(FP), DI
	MOVQ z_base+0(FP), R8
	MOVQ BX, R9
	ANDQ $3, R9
	SHRQ $2, BX
	MOVQ $0, R10
addWrongFourth_loop1:
	TESTQ R9, R9; JZ addWrongFourth_loop1done
addWrongFourth_loop1cont:
	ADDQ R10, R10
	MOVQ 0(SI), R10
	ADCQ 0(DI), R10
	MOVQ R10, 0(R8)
	SBBQ R10, R10
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	LEAQ 8(R8), R8
	SUBQ $1, R9; JNZ addWrongFourth_loop1cont
addWrongFourth_loop1done:
	TESTQ BX, BX; JZ addWrongFourth_loop4done
addWrongFourth_loop4cont:
	ADDQ R10, R10
	MOVQ 0(SI), R9
	MOVQ 8(SI), R10
	MOVQ 16(SI), R11
	MOVQ 24(SI), R12
	ADCQ 0(DI), R9
	ADCQ 8(DI), R10
	ADCQ 16(DI), R11
	ADDQ 24(DI), R12
	MOVQ R9, 0(R8)
	MOVQ R10, 8(R8)
	MOVQ R11, 16(R8)
	MOVQ R12, 24(R8)
	SBBQ R10, R10
	LEAQ 32(SI), SI
	LEAQ 32(DI), DI
	LEAQ 32(R8), R8
	SUBQ $1, BX; JNZ addWrongFourth_loop4cont
addWrongFourth_loop4done:
	NEGQ R10
	MOVQ R10, c+72(FP)
	RET

// func addWrongCount(z, x, y []uint64) (c uint64)
TEXT ·addWrongCount(SB), NOSPLIT, $0-80
	MOVQ z_len+8(FP), BX
	MOVQ x_base+24(FP), SI
	MOVQ y_base+48(FP), DI
	MOVQ z_base+0(FP), R8
	MOVQ BX, R9
	ANDQ $3, R9
	SHRQ $2, BX
	CMPQ BX, $2; JB addWrongCount_few; SUBQ $1, BX
addWrongCount_few:
	MOVQ $0, R10
addWrongCount_loop1:
	TESTQ R9, R9; JZ addWrongCount_loop1done
addWrongCount_loop1cont:
	ADDQ R10, R10
	MOVQ 0(SI), R10
	ADCQ 0(DI), R10
	MOVQ R10, 0(R8)
	SBBQ R10, R10
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	LEAQ 8(R8), R8
	SUBQ $1, R9; JNZ addWrongCount_loop1cont
addWrongCount_loop1done:
	TESTQ BX, BX; JZ addWrongCount_loop4done
addWrongCount_loop4cont:
	ADDQ R10, R10
	MOVQ 0(SI), R9
	MOVQ 8(SI), R10
	MOVQ 16(SI), R11
	MOVQ 24(SI), R12
	ADCQ 0(DI), R9
	ADCQ 8(DI), R10
	ADCQ 16(DI), R11
	ADCQ 24(DI), R12
	MOVQ R9, 0(R8)
	MOVQ R10, 8(R8)
	MOVQ R11, 16(R8)
	MOVQ R12, 24(R8)
	SBBQ R10, R10
	LEAQ 32(SI), SI
	LEAQ 32(DI), DI
	LEAQ 32(R8), R8
	SUBQ $1, BX; JNZ addWrongCount_loop4cont
addWrongCount_loop4done:
	NEGQ R10
	MOVQ R10, c+72(FP)
	RET

