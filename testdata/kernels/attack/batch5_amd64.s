#include "textflag.h"

// func reqWrites(p *[4]uint64) uint64
TEXT ·reqWrites(SB), NOSPLIT, $0-16
	MOVQ $0, ret+8(FP)
	RET

// func narrowKernel(p *[2]uint64, x uint64)
TEXT ·narrowKernel(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ x+8(FP), AX
	MOVQ AX, 0(DI)
	MOVQ AX, 8(DI)
	MOVQ AX, 16(DI)
	MOVQ AX, 24(DI)
	RET

// func wideKernel(p *[4]uint64, x uint64)
TEXT ·wideKernel(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ x+8(FP), AX
	MOVQ AX, 0(DI)
	MOVQ AX, 8(DI)
	RET

// func ptrKernel(p *uint64) uint64
TEXT ·ptrKernel(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ (SI), AX
	INCQ AX
	MOVQ AX, ret+8(FP)
	RET

// func sliceElem(p []uint32) uint64
TEXT ·sliceElem(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	MOVQ 0(SI), AX
	ADDQ 8(SI), AX
	ADDQ 16(SI), AX
	ADDQ 24(SI), AX
	MOVQ AX, ret+24(FP)
	RET

// func scratch(o, a, b *[1]uint64)
TEXT ·scratch(SB), NOSPLIT, $0-24
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ (DX), CX
	MOVQ $0, (DX)
	MOVQ (SI), AX
	ADDQ CX, AX
	MOVQ AX, (DI)
	MOVQ CX, (DX)
	RET

// func levelV3(x uint64) uint64
TEXT ·levelV3(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
#ifdef GOAMD64_v3
	INCQ AX
#endif
	MOVQ AX, ret+8(FP)
	RET

// func globalSecretSlow(x uint64) uint64
TEXT ·globalSecretSlow(SB), NOSPLIT, $0-16
	MOVQ ·key(SB), AX
	MOVQ $3, CX
	TESTQ AX, AX
	JEQ zero
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
	IMULQ CX, CX
zero:
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET
