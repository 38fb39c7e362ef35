#include "textflag.h"

// func mulShiftAdd(a, b uint64) uint64
TEXT ·mulShiftAdd(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	XORL AX, AX
	MOVQ $64, CX
loop:
	MOVQ DI, DX
	ANDQ $1, DX
	NEGQ DX
	ANDQ SI, DX
	ADDQ DX, AX
	SHLQ $1, SI
	SHRQ $1, DI
	DECQ CX
	JNE  loop
	MOVQ AX, ret+16(FP)
	RET

// func jumpIndirect(x uint64) uint64
TEXT ·jumpIndirect(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	JMP  AX

// func storeAnywhere(x uint64) uint64
TEXT ·storeAnywhere(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, (AX)
	MOVQ AX, ret+8(FP)
	RET

// func undefinedFlag(x uint64) uint64
TEXT ·undefinedFlag(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	IMULQ AX, AX
	SETEQ CL
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func spinLong(x uint64) uint64
TEXT ·spinLong(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ $0x10000000000, CX
spin:
	DECQ CX
	JNE  spin
	MOVQ AX, ret+8(FP)
	RET

// func spinForever(x uint64) uint64
TEXT ·spinForever(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ $4, CX
again:
	MOVQ AX, ret+8(FP)
	CMPQ CX, $0
	JNE  again
	RET

// func undecodable(x uint64) uint64
TEXT ·undecodable(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	BYTE $0x0F; BYTE $0x04 // no instruction
	MOVQ AX, ret+8(FP)
	RET
