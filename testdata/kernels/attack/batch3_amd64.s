#include "textflag.h"

DATA ptrdata<>+0(SB)/8, $·tbl(SB)
GLOBL ptrdata<>(SB), RODATA, $8

// func addrBits() uint64
TEXT ·addrBits(SB), NOSPLIT, $0-8
	MOVQ ptrdata<>(SB), AX
	ANDQ $0xfff, AX
	MOVQ AX, ret+0(FP)
	RET

// func textRead(x uint64) uint64
TEXT ·textRead(SB), NOSPLIT, $0-16
	LEAQ ·callGo(SB), SI
	MOVL 0x12(SI), AX // the rel32 of callGo's CALL to add1Go's ABI0 wrapper
	MOVQ AX, ret+8(FP)
	RET

// func retAddr(x uint64) uint64
TEXT ·retAddr(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	ADDQ $2, 0(SP)
	RET

// func bpSlot(x uint64) uint64
TEXT ·bpSlot(SB), NOSPLIT, $16-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	MOVQ $0, 16(SP)
	RET

// func writePast(x uint64) uint64
TEXT ·writePast(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	LEAQ ret+8(FP), DI
	MOVQ AX, 8(DI)
	RET

// func tailJmp(x uint64) uint64
TEXT ·tailJmp(SB), NOSPLIT, $0-16
	JMP ·tailHelper(SB)

// func tailHelper(x uint64) uint64
TEXT ·tailHelper(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	INCQ AX
	MOVQ AX, ret+8(FP)
	RET

// func callHelper(x uint64) uint64
TEXT ·callHelper(SB), NOSPLIT, $16-16
	MOVQ x+0(FP), AX
	MOVQ AX, 0(SP)
	CALL ·tailHelper(SB)
	MOVQ 8(SP), AX
	MOVQ AX, ret+8(FP)
	RET

// func callGo(x uint64) uint64
TEXT ·callGo(SB), NOSPLIT, $16-16
	MOVQ x+0(FP), AX
	MOVQ AX, 0(SP)
	CALL ·add1Go(SB)
	MOVQ 8(SP), AX
	MOVQ AX, ret+8(FP)
	RET

// func tabKernel(x uint64) uint64
TEXT ·tabKernel(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	INCQ AX
	MOVQ AX, ret+8(FP)
	RET

// func reqKernel(x uint64) uint64
TEXT ·reqKernel(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET
