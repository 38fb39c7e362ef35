#include "textflag.h"

// func elem(p *[4]uint64) *uint64
TEXT ·elem(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	ADDQ $16, AX
	MOVQ AX, ret+8(FP)
	RET

// func elemWrong(p *[4]uint64) *uint64
TEXT ·elemWrong(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	LEAQ 8(AX), AX
	MOVQ AX, ret+8(FP)
	RET

// func nilPtr() *uint64
TEXT ·nilPtr(SB), NOSPLIT, $0-8
	MOVQ $0, ret+0(FP)
	RET

// func nilWrong() *uint64
TEXT ·nilWrong(SB), NOSPLIT, $0-8
	LEAQ ·tab+0(SB), AX
	MOVQ AX, ret+0(FP)
	RET

// func newPtr() *uint64
TEXT ·newPtr(SB), NOSPLIT, $0-8
	LEAQ ·tab+0(SB), AX
	MOVQ AX, ret+0(FP)
	RET

// func idx(p *[4]uint64, c uint64) *uint64
TEXT ·idx(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ c+8(FP), CX
	ANDQ $3, CX
	LEAQ (AX)(CX*8), AX
	MOVQ AX, ret+16(FP)
	RET

// func idxWrong(p *[4]uint64, c uint64) *uint64
TEXT ·idxWrong(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ c+8(FP), CX
	ANDQ $1, CX
	LEAQ (AX)(CX*8), AX
	MOVQ AX, ret+16(FP)
	RET
