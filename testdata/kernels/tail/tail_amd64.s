#include "textflag.h"

DATA tbl<>+0(SB)/8, $0x0102030405060708
GLOBL tbl<>(SB), RODATA, $8

// SUM16 leaves in AX the sum of the 16 bytes at SI.
#define SUM16 \
	XORQ AX, AX \
	XORQ CX, CX \
	MOVBQZX 0(SI), DX; ADDQ DX, AX \
	MOVBQZX 1(SI), DX; ADDQ DX, AX \
	MOVBQZX 2(SI), DX; ADDQ DX, AX \
	MOVBQZX 3(SI), DX; ADDQ DX, AX \
	MOVBQZX 4(SI), DX; ADDQ DX, AX \
	MOVBQZX 5(SI), DX; ADDQ DX, AX \
	MOVBQZX 6(SI), DX; ADDQ DX, AX \
	MOVBQZX 7(SI), DX; ADDQ DX, AX \
	MOVBQZX 8(SI), DX; ADDQ DX, AX \
	MOVBQZX 9(SI), DX; ADDQ DX, AX \
	MOVBQZX 10(SI), DX; ADDQ DX, AX \
	MOVBQZX 11(SI), DX; ADDQ DX, AX \
	MOVBQZX 12(SI), DX; ADDQ DX, AX \
	MOVBQZX 13(SI), DX; ADDQ DX, AX \
	MOVBQZX 14(SI), DX; ADDQ DX, AX \
	MOVBQZX 15(SI), DX; ADDQ DX, AX

// func sumTail(p []byte) uint64
TEXT ·sumTail(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	SUM16
	MOVQ 16(SI), DX
	MOVQ AX, ret+24(FP)
	RET

// func sumNoTail(p []byte) uint64
TEXT ·sumNoTail(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	SUM16
	MOVQ 16(SI), DX
	MOVQ AX, ret+24(FP)
	RET

// func sumTailStore(p []byte) uint64
TEXT ·sumTailStore(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	SUM16
	MOVB $0, 16(SI)
	MOVQ AX, ret+24(FP)
	RET

// func sumPastTail(p []byte) uint64
TEXT ·sumPastTail(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	SUM16
	MOVQ 25(SI), DX
	MOVQ AX, ret+24(FP)
	RET

// func sumUsesTail(p []byte) uint64
TEXT ·sumUsesTail(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	SUM16
	MOVBQZX 16(SI), DX
	ADDQ DX, AX
	MOVQ AX, ret+24(FP)
	RET

// func sumEq(p []byte) uint64
TEXT ·sumEq(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	SUM16
	LEAQ tbl<>(SB), R8
	LEAQ 16(SI), R9
	XORQ DX, DX
	CMPQ R8, R9
	CMOVQEQ DX, AX
	MOVQ AX, ret+24(FP)
	RET

// func sumEqNoTail(p []byte) uint64
TEXT ·sumEqNoTail(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	SUM16
	LEAQ tbl<>(SB), R8
	LEAQ 16(SI), R9
	XORQ DX, DX
	CMPQ R8, R9
	CMOVQEQ DX, AX
	MOVQ AX, ret+24(FP)
	RET

// func sumEqEnd(p []byte) uint64
TEXT ·sumEqEnd(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	SUM16
	LEAQ tbl<>(SB), R8
	LEAQ 32(SI), R9
	XORQ DX, DX
	CMPQ R8, R9
	CMOVQEQ DX, AX
	MOVQ AX, ret+24(FP)
	RET
