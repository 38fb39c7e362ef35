#include "textflag.h"

// func addBytes(x, y uint64) uint64
TEXT ·addBytes(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), BX
	BYTE $0x48; BYTE $0x01
	BYTE $0xd8 // ADDQ BX, AX
	MOVQ AX, ret+16(FP)
	RET

// func subBytes(x, y uint64) uint64
TEXT ·subBytes(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), BX
	BYTE $0x48
	BYTE $0x29
	BYTE $0xd8 // SUBQ BX, AX
	MOVQ AX, ret+16(FP)
	RET

#define SKIP4 BYTE $0xeb; BYTE $0x04

// func jumpOver() uint64
TEXT ·jumpOver(SB), NOSPLIT, $0-8
	MOVQ $7, AX
	SKIP4
	BYTE $0xff; BYTE $0xff; BYTE $0x0f; BYTE $0x0b
	MOVQ AX, ret+0(FP)
	RET

// func bumpAsm(c *counter, x uint64) uint64
TEXT ·bumpAsm(SB), NOSPLIT, $0-24
	MOVQ c+0(FP), DI
	MOVQ x+8(FP), AX
	ADDQ 0(DI), AX
	MOVQ AX, 0(DI)
	MOVQ AX, ret+16(FP)
	RET
