#include "textflag.h"

// func globalAlias(p *uint64, x uint64) uint64
TEXT ·globalAlias(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), DI
	MOVQ x+8(FP), CX
	MOVQ ·gw(SB), AX
	MOVQ CX, (DI)
	MOVQ ·gw(SB), BX
	SUBQ BX, AX
	MOVQ AX, ret+16(FP)
	RET

// func btMem(p *[4]uint64, k uint64) uint64
TEXT ·btMem(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ k+8(FP), AX
	XORL BX, BX
	BTQ AX, (SI)
	SETCS BL
	MOVQ BX, ret+16(FP)
	RET

// func btsMem(p *[4]uint64, k uint64)
TEXT ·btsMem(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ k+8(FP), AX
	BTSQ AX, (DI)
	RET

// func popfAC(x uint64) uint64
TEXT ·popfAC(SB), NOSPLIT, $8-16
	PUSHFQ
	ORQ $0x40000, 0(SP)
	POPFQ
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func aliasCT(out, a *[2]uint64) uint64
TEXT ·aliasCT(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(DI), AX
	MOVQ AX, 8(DI)
	MOVQ 8(SI), BX
	TESTQ $1, BX
	JEQ zero
	MOVQ $1, ret+16(FP)
	RET
zero:
	MOVQ $0, ret+16(FP)
	RET

// func sumFixed(p []uint64) uint64
TEXT ·sumFixed(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	MOVQ 0(SI), AX
	ADDQ 8(SI), AX
	MOVQ AX, ret+24(FP)
	RET

// func jumpNext(x uint64) uint64
TEXT ·jumpNext(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	TESTQ AX, AX
	JEQ next
next:
	MOVQ AX, ret+8(FP)
	RET

// func storeSecretAddr(p *[4]uint64, k uint64)
TEXT ·storeSecretAddr(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ k+8(FP), AX
	ANDQ $3, AX
	MOVQ $0, (DI)(AX*8)
	RET

// func alloca(x, n uint64) uint64
TEXT ·alloca(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ n+8(FP), CX
	SHLQ $3, CX
	SUBQ CX, SP
	SUBQ $8, SP
	MOVQ AX, (SP)
	MOVQ (SP), AX
	ADDQ $8, SP
	ADDQ CX, SP
	MOVQ AX, ret+16(FP)
	RET

// func rotReq(out, a *[4]uint64)
TEXT ·rotReq(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ 16(SI), CX
	MOVQ 24(SI), DX
	MOVQ DX, 0(DI)
	MOVQ AX, 8(DI)
	MOVQ 8(SI), BX
	MOVQ BX, 16(DI)
	MOVQ CX, 24(DI)
	RET
