#include "textflag.h"

// func addCPUID(x, y uint64) uint64
TEXT ·addCPUID(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), BX
	ADDQ AX, BX
	PUSHQ BX
	XORL AX, AX
	CPUID
	POPQ BX
	MOVQ BX, ret+16(FP)
	RET

// func addWrong(x, y uint64) uint64
TEXT ·addWrong(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	SUBQ y+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET

// func addRight(x, y uint64) uint64
TEXT ·addRight(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	ADDQ y+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET

// func firstFar(p *[4]uint64) uint64
TEXT ·firstFar(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	MOVQ 1073741824(AX), BX
	MOVQ BX, ret+8(FP)
	RET

// KEEP(j, o) sets AX to o(SI) where DI = j.
#define KEEP(j, o) \
	CMPQ    DI, $j; \
	CMOVQEQ o(SI), AX

// func pickBack(t *[16]uint64, i uint64) uint64
TEXT ·pickBack(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), SI
	MOVQ i+8(FP), DI
	MOVQ 0(SI), AX
	KEEP(1, 8)
	KEEP(2, 16)
	KEEP(3, 24)
	SUBQ $32, SI // the defect: ADDQ
	KEEP(4, 0)
	KEEP(5, 8)
	KEEP(6, 16)
	KEEP(7, 24)
	KEEP(8, 32)
	KEEP(9, 40)
	KEEP(10, 48)
	KEEP(11, 56)
	KEEP(12, 64)
	KEEP(13, 72)
	KEEP(14, 80)
	KEEP(15, 88)
	MOVQ AX, ret+16(FP)
	RET

// func clearPast(p *[4]uint64)
TEXT ·clearPast(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	XORL AX, AX
	MOVQ AX, 0(DI)
	MOVQ AX, 8(DI)
	MOVQ AX, 16(DI)
	MOVQ AX, 24(DI)
	MOVQ AX, 32(DI) // the defect: one word too many
	RET

// ABOVE(o) sets AX to 1 where o(SI) ≥ BX.
#define ABOVE(o) \
	CMPQ    o(SI), BX; \
	CMOVQCC CX, AX

// func exceedsPast(a *[4]uint64, bound uint64) uint64
TEXT ·exceedsPast(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), SI
	MOVQ bound+8(FP), BX
	XORL AX, AX
	MOVL $1, CX
	ABOVE(0)
	ABOVE(8)
	ABOVE(16)
	ABOVE(24)
	ABOVE(32) // the defect: a has four words
	MOVQ AX, ret+16(FP)
	RET
