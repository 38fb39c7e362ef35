#include "textflag.h"

// func addCarryIn(x, y uint64) uint64
TEXT ·addCarryIn(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	ADCQ y+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET

// func addStaleReg(x, y uint64) uint64
TEXT ·addStaleReg(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	ADDQ R9, AX
	MOVQ AX, ret+16(FP)
	RET

// func addStaleVec(p *[4]uint64)
TEXT ·addStaleVec(SB), NOSPLIT, $0-8
	MOVQ    p+0(FP), DI
	VMOVDQU (DI), Y0
	VPADDQ  Y7, Y0, Y0
	VMOVDQU Y0, (DI)
	VZEROUPPER
	RET

// func addStaleZmm(p *[8]uint64)
TEXT ·addStaleZmm(SB), NOSPLIT, $0-8
	MOVQ      p+0(FP), DI
	VMOVDQU64 (DI), Z0
	VPADDQ    Z20, Z0, Z0
	VMOVDQU64 Z0, (DI)
	VZEROUPPER
	RET

// func zeroAtStale(x uint64) uint64
TEXT ·zeroAtStale(SB), NOSPLIT, $0-16
	MOVQ    x+0(FP), AX
	XORL    BX, BX
	CMPQ    AX, R9
	CMOVQEQ BX, AX
	MOVQ    AX, ret+8(FP)
	RET
