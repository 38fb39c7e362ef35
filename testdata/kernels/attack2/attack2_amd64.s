#include "textflag.h"

// COPY4 loads a (SI) into AX, BX, CX, DX, then stores them to out (DI).
#define LOAD4 MOVQ 0(SI), AX; MOVQ 8(SI), BX; MOVQ 16(SI), CX; MOVQ 24(SI), DX
// ARGS2 loads out into DI and a into SI.
#define ARGS2 MOVQ out+0(FP), DI; MOVQ a+8(FP), SI
#define STORE4 MOVQ AX, 0(DI); MOVQ BX, 8(DI); MOVQ CX, 16(DI); MOVQ DX, 24(DI)

// func ptrSetEq(out, a *[4]uint64)
TEXT ·ptrSetEq(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	LOAD4
	XORQ R8, R8
	CMPQ DI, SI
	SETEQ R8B
	ADDQ R8, AX
	STORE4
	RET

// func ptrJeq(out, a *[4]uint64)
TEXT ·ptrJeq(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	LOAD4
	CMPQ DI, SI
	JNE  apart
	INCQ AX
apart:
	STORE4
	RET

// func ptrJeqPast(out, a *[4]uint64)
TEXT ·ptrJeqPast(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	LOAD4
	STORE4
	CMPQ DI, SI
	JNE  apart
	MOVQ $0x5a5a, 32(DI)
apart:
	RET

// func ptrJeqSecret(out, a *[4]uint64)
TEXT ·ptrJeqSecret(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	LOAD4
	CMPQ DI, SI
	JNE  apart
	TESTQ AX, AX
	JZ   apart
	NOP
apart:
	STORE4
	RET

// func firstZero(out, a *[4]uint64, i uint64) uint64
TEXT ·firstZero(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ i+16(FP), R8
	MOVQ $0, (DI)(R8*8)
	MOVQ 0(SI), AX
	MOVQ AX, ret+24(FP)
	RET

// func copyHelper(out, a *[4]uint64)
TEXT ·copyHelper(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	LOAD4
	STORE4
	RET

// func copyElem(out, a *[4]uint64)
TEXT ·copyElem(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	LOAD4
	STORE4
	RET

// func addBigReload(z, x, y []uint64) (c uint64)
TEXT ·addBigReload(SB), NOSPLIT, $0-80
	MOVQ z_len+8(FP), R9
	MOVQ x_base+24(FP), SI
	MOVQ y_base+48(FP), DI
	MOVQ z_base+0(FP), R8
	MOVQ $0, R10
	TESTQ R9, R9
	JZ   reload_done
	CMPQ R9, $3
	JAE  reload_big
reload_small:
	ADDQ R10, R10
	MOVQ 0(SI), R11
	ADCQ 0(DI), R11
	MOVQ R11, 0(R8)
	SBBQ R10, R10
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	LEAQ 8(R8), R8
	SUBQ $1, R9
	JNZ  reload_small
	JMP  reload_done
reload_big:
	MOVQ 0(SI), R13
	ADDQ R10, R10
	MOVQ R13, R11
	ADCQ 0(DI), R11
	SBBQ R10, R10
	MOVQ R11, 0(R8)
	MOVQ 0(SI), R12
	SUBQ R13, R12
	ADDQ R12, R11
	MOVQ R11, 0(R8)
	LEAQ 8(SI), SI
	LEAQ 8(DI), DI
	LEAQ 8(R8), R8
	SUBQ $1, R9
	JNZ  reload_big
reload_done:
	NEGQ R10
	MOVQ R10, c+72(FP)
	RET


// func writeBack(out, a *[2]uint64)
TEXT ·writeBack(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ $5, 0(DI)
	RET

// func writeBackKernel(out, a *[2]uint64)
TEXT ·writeBackKernel(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ $5, 0(DI)
	MOVQ AX, 0(SI)
	RET

// func retPlain(out, a *[2]uint64) uint64
TEXT ·retPlain(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ $5, 0(DI)
	MOVQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retAdd(out, a *[2]uint64) uint64
TEXT ·retAdd(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ $5, 0(DI)
	XORQ AX, AX
	ADDQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retCmov(out, a *[2]uint64) uint64
TEXT ·retCmov(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ $5, 0(DI)
	XORQ AX, AX
	CMOVQEQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retPush(out, a *[2]uint64) uint64
TEXT ·retPush(SB), NOSPLIT, $8-24
	ARGS2
	MOVQ $5, 0(DI)
	PUSHQ 0(SI)
	POPQ AX
	MOVQ AX, ret+16(FP)
	RET

// func retPop(out, a *[2]uint64) uint64
TEXT ·retPop(SB), NOSPLIT, $8-24
	ARGS2
	PUSHQ $5
	POPQ 0(DI)
	MOVQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retXchg(out, a *[2]uint64) uint64
TEXT ·retXchg(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ $5, AX
	XCHGQ AX, 0(DI)
	MOVQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retLea(out, a *[2]uint64) uint64
TEXT ·retLea(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ $5, 0(DI)
	LEAQ 8(SI), SI
	MOVQ -8(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retDiff(out, a *[2]uint64) uint64
TEXT ·retDiff(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ DI, R8
	SUBQ SI, R8
	MOVQ $5, (SI)(R8*1)
	MOVQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retOr(out, a *[2]uint64) uint64
TEXT ·retOr(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ $4, 0(DI)
	ORB  $1, 0(DI)
	MOVQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retVec(out, a *[2]uint64) uint64
TEXT ·retVec(SB), NOSPLIT, $0-24
	ARGS2
	PXOR  X0, X0
	MOVOU X0, 0(DI)
	MOVQ  8(SI), AX
	MOVQ  AX, ret+16(FP)
	RET

// func retByte(out, a *[2]uint64) uint64
TEXT ·retByte(SB), NOSPLIT, $0-24
	ARGS2
	MOVB $5, 7(DI)
	MOVQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retHalf(out, a *[2]uint64) uint64
TEXT ·retHalf(SB), NOSPLIT, $0-24
	ARGS2
	MOVL $5, 4(DI)
	MOVQ 0(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func sel(out, a *[2]uint64) uint64
TEXT ·sel(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ $5, 0(DI)
	MOVQ $5, CX
	TESTQ BX, BX
	CMOVQEQ AX, CX
	MOVQ CX, ret+16(FP)
	RET

// func reqWrite(out, a *[2]uint64)
TEXT ·reqWrite(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	LEAQ 1(AX), CX
	TESTQ AX, AX
	CMOVQEQ AX, CX
	MOVQ CX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copyIface(out, a *[2]uint64)
TEXT ·copyIface(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copyUnsafe(out, a *[2]uint64)
TEXT ·copyUnsafe(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copyUintptr(out, a *[2]uint64)
TEXT ·copyUintptr(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func retMovou(out, a *[2]uint64) uint64
TEXT ·retMovou(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ   $5, 8(DI)
	MOVOU  0(SI), X0
	PEXTRQ $1, X0, AX
	MOVQ   AX, ret+16(FP)
	RET

// func retMovhps(out, a *[2]uint64) uint64
TEXT ·retMovhps(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ   $5, 8(DI)
	MOVHPS 8(SI), X0
	PEXTRQ $1, X0, AX
	MOVQ   AX, ret+16(FP)
	RET

// func retPinsr(out, a *[2]uint64) uint64
TEXT ·retPinsr(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ   $5, 8(DI)
	PINSRQ $1, 8(SI), X0
	PEXTRQ $1, X0, AX
	MOVQ   AX, ret+16(FP)
	RET

// func retBcast(out, a *[2]uint64) uint64
TEXT ·retBcast(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ         $5, 8(DI)
	VPBROADCASTQ 8(SI), X0
	MOVQ         X0, AX
	MOVQ         AX, ret+16(FP)
	VZEROUPPER
	RET

// func retMask(out, a *[2]uint64) uint64
TEXT ·retMask(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ       $5, 8(DI)
	VPCMPEQQ   X1, X1, X1
	VPMASKMOVQ 0(SI), X1, X0
	VPEXTRQ    $1, X0, AX
	MOVQ       AX, ret+16(FP)
	VZEROUPPER
	RET

// func retLddqu(out, a *[2]uint64) uint64
TEXT ·retLddqu(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ   $5, 8(DI)
	LDDQU  0(SI), X0
	PEXTRQ $1, X0, AX
	MOVQ   AX, ret+16(FP)
	RET

// func retMovnti(out, a *[2]uint64) uint64
TEXT ·retMovnti(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ    $5, AX
	MOVNTIQ AX, 8(DI)
	MOVQ    8(SI), AX
	MOVQ    AX, ret+16(FP)
	RET

// func retPextr(out, a *[2]uint64) uint64
TEXT ·retPextr(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ   $5, AX
	MOVQ   AX, X0
	PEXTRQ $0, X0, 8(DI)
	MOVQ   8(SI), AX
	MOVQ   AX, ret+16(FP)
	RET

// func retStos(out, a *[2]uint64) uint64
TEXT ·retStos(SB), NOSPLIT, $0-24
	ARGS2
	CLD
	MOVQ  $5, AX
	ADDQ  $8, DI
	STOSQ
	MOVQ  8(SI), AX
	MOVQ  AX, ret+16(FP)
	RET

// func store5()
TEXT ·store5(SB), NOSPLIT, $0-0
	MOVQ $5, 8(DI)
	RET

// func load8()
TEXT ·load8(SB), NOSPLIT, $0-0
	MOVQ 8(SI), AX
	RET

// func retCallStore(out, a *[2]uint64) uint64
TEXT ·retCallStore(SB), NOSPLIT, $0-24
	ARGS2
	CALL ·store5(SB)
	MOVQ 8(SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func retCallLoad(out, a *[2]uint64) uint64
TEXT ·retCallLoad(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ $5, 8(DI)
	CALL ·load8(SB)
	MOVQ AX, ret+16(FP)
	RET

// func capApart(z, x []uint64)
TEXT ·capApart(SB), NOSPLIT, $0-48
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ z_cap+16(FP), R8
	MOVQ x_cap+40(FP), R9
	MOVQ 0(SI), AX
	CMPQ R8, R9
	JEQ  same
	LEAQ 1(AX), BX
	MOVQ BX, 0(DI)
	MOVQ 0(SI), AX
same:
	MOVQ AX, 0(DI)
	RET

// func copyStruct(out, a *[2]uint64)
TEXT ·copyStruct(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copyArray(out, a *[2]uint64)
TEXT ·copyArray(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copyAdd(out, a *[2]uint64)
TEXT ·copyAdd(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copySwitch(out, a *[2]uint64)
TEXT ·copySwitch(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copyClosure(out, a *[2]uint64)
TEXT ·copyClosure(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copyGeneric(out, a *[2]uint64)
TEXT ·copyGeneric(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copySliceData(out, a *[2]uint64)
TEXT ·copySliceData(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func copyIntPtr(out, a *[2]uint64)
TEXT ·copyIntPtr(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET

// func spCopy(out, a *[2]uint64) uint64
TEXT ·spCopy(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spRange(out, a *[2]uint64) uint64
TEXT ·spRange(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spMethod(out, a *vec) uint64
TEXT ·spMethod(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spDefer(out, a *[2]uint64) uint64
TEXT ·spDefer(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spArrayVal(out, a *[2]uint64) uint64
TEXT ·spArrayVal(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spSlice(out, a *[2]uint64) uint64
TEXT ·spSlice(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spCopyStore(out, a *[2]uint64) uint64
TEXT ·spCopyStore(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spAppend(out, a *[2]uint64) uint64
TEXT ·spAppend(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spGlobal(out, a *[2]uint64) uint64
TEXT ·spGlobal(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spField(out, a *[2]uint64) uint64
TEXT ·spField(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spPtrPtr(out, a *[2]uint64) uint64
TEXT ·spPtrPtr(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func spIface(out, a *[2]uint64) uint64
TEXT ·spIface(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func tri(out, a, b *[2]uint64)
TEXT ·tri(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ b+16(FP), DX
	MOVQ 0(SI), AX
	INCQ AX
	MOVQ AX, 0(DI)
	MOVQ 0(DX), BX
	MOVQ BX, 8(DI)
	RET

// func spRecover(out, a *[2]uint64) uint64
TEXT ·spRecover(SB), NOSPLIT, $0-24
	ARGS2
	MOVQ 8(SI), AX
	MOVQ $5, 8(DI)
	MOVQ AX, ret+16(FP)
	RET

// func copyPanic(out, a *[2]uint64)
TEXT ·copyPanic(SB), NOSPLIT, $0-16
	ARGS2
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	RET
