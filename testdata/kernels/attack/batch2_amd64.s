#include "textflag.h"

DATA wdata<>+0(SB)/8, $2
GLOBL wdata<>(SB), NOPTR, $8

DATA z64<>+0(SB)/8, $7
DATA z64<>+8(SB)/8, $7
DATA z64<>+16(SB)/8, $7
DATA z64<>+24(SB)/8, $7
DATA z64<>+32(SB)/8, $7
DATA z64<>+40(SB)/8, $7
DATA z64<>+48(SB)/8, $7
DATA z64<>+56(SB)/8, $7
GLOBL z64<>(SB), RODATA|NOPTR, $64

// func initTable(x uint64) uint64
TEXT ·initTable(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ADDQ ·tbl(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func dataTable(x uint64) uint64
TEXT ·dataTable(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	IMULQ ·dtbl+8(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func asmData(x uint64) uint64
TEXT ·asmData(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	IMULQ wdata<>(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func setAsmData(v uint64)
TEXT ·setAsmData(SB), NOSPLIT, $0-8
	MOVQ v+0(FP), AX
	MOVQ AX, wdata<>(SB)
	RET

// func globalSecret(x uint64) uint64
TEXT ·globalSecret(SB), NOSPLIT, $0-16
	MOVQ ·key(SB), AX
	TESTQ AX, AX
	JEQ zero
	NOP
zero:
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func data64(x uint64) uint64
TEXT ·data64(SB), NOSPLIT, $0-16
	VMOVDQA64 z64<>(SB), Z0
	VMOVQ X0, AX
	MOVQ AX, ret+8(FP)
	VZEROUPPER
	RET

// func hidden(x uint64) uint64
TEXT ·hidden(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	BYTE $0xEB; BYTE $0x01; BYTE $0xB9; BYTE $0x48; BYTE $0xFF; BYTE $0xC0; BYTE $0x90
	MOVQ AX, ret+8(FP)
	RET

// func pushLoop(x uint64) uint64
TEXT ·pushLoop(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ $4, CX
push:
	PUSHQ AX
	DECQ CX
	JNE push
	MOVQ $4, CX
pop:
	POPQ BX
	DECQ CX
	JNE pop
	MOVQ BX, ret+8(FP)
	RET

// func splitFrame(x uint64) uint64
TEXT ·splitFrame(SB), $256-16
	MOVQ x+0(FP), AX
	MOVQ AX, 0(SP)
	MOVQ 0(SP), AX
	MOVQ AX, ret+8(FP)
	RET

// func cmovPtr(p, q *[4]uint64, k uint64) uint64
TEXT ·cmovPtr(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ q+8(FP), DI
	MOVQ k+16(FP), AX
	TESTQ $1, AX
	CMOVQNE DI, SI
	MOVQ (SI), BX
	MOVQ BX, ret+24(FP)
	RET

// func cmovOOB(p *[4]uint64) uint64
TEXT ·cmovOOB(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ (SI), AX
	XORL CX, CX
	TESTQ CX, CX
	CMOVQNE 32(SI), AX
	MOVQ AX, ret+8(FP)
	RET

// func deferSpec(x uint64) uint64
TEXT ·deferSpec(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func specIsKernel(x uint64) uint64
TEXT ·specIsKernel(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	INCQ AX
	MOVQ AX, ret+8(FP)
	RET

// func twoSecretA(key, nonce, x uint64) uint64
TEXT ·twoSecretA(SB), NOSPLIT, $0-32
	MOVQ key+0(FP), AX
	TESTQ AX, AX
	JEQ zero
	NOP
zero:
	ADDQ nonce+8(FP), AX
	ADDQ x+16(FP), AX
	MOVQ AX, ret+24(FP)
	RET

// func twoSecretB(key, nonce, x uint64) uint64
TEXT ·twoSecretB(SB), NOSPLIT, $0-32
	MOVQ nonce+8(FP), AX
	TESTQ AX, AX
	JEQ zero
	NOP
zero:
	ADDQ key+0(FP), AX
	ADDQ x+16(FP), AX
	MOVQ AX, ret+24(FP)
	RET

// func loadPastY(p *[2]uint64) uint64
TEXT ·loadPastY(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	VMOVDQU (SI), Y0
	VMOVQ X0, AX
	MOVQ AX, ret+8(FP)
	VZEROUPPER
	RET

// func movsdMerge(x uint64) uint64
TEXT ·movsdMerge(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), X1
	MOVSD X1, X0
	PEXTRQ $1, X0, AX
	MOVQ AX, ret+8(FP)
	RET

// func gatherSecret(t *[4]uint64, k uint64) uint64
TEXT ·gatherSecret(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), SI
	MOVQ k+8(FP), AX
	ANDQ $3, AX
	MOVQ AX, X1
	VPBROADCASTQ X1, Y1
	VPCMPEQQ Y2, Y2, Y2
	VPXOR Y0, Y0, Y0
	VPGATHERQQ Y2, (SI)(Y1*8), Y0
	VMOVQ X0, AX
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET

// func retImm(x uint64) uint64
TEXT ·retImm(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	BYTE $0xC2; BYTE $0x08; BYTE $0x00

// func emptyRead(p []uint64) uint64
TEXT ·emptyRead(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	MOVQ (SI), AX
	MOVQ AX, ret+24(FP)
	RET

// func mod2(x int64) int64
TEXT ·mod2(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ANDQ $1, AX
	MOVQ AX, ret+8(FP)
	RET

// func div2(x int64) int64
TEXT ·div2(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	SARQ $1, AX
	MOVQ AX, ret+8(FP)
	RET

// func andNot(x, y uint64) uint64
TEXT ·andNot(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	NOTQ AX
	ANDQ y+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET

// func sext(x int32) uint64
TEXT ·sext(SB), NOSPLIT, $0-16
	MOVL x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func zext(x uint32) int64
TEXT ·zext(SB), NOSPLIT, $0-16
	MOVLQSX x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func minU(a, b int64) int64
TEXT ·minU(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	CMPQ BX, AX
	CMOVQCS BX, AX
	MOVQ AX, ret+16(FP)
	RET

// func noPanic(x uint64) uint64
TEXT ·noPanic(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func indexMasked(t *[4]uint64, k uint64) uint64
TEXT ·indexMasked(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), SI
	MOVQ k+8(FP), AX
	ANDQ $3, AX
	CMPQ AX, $0
	JEQ e0
	CMPQ AX, $1
	JEQ e1
	CMPQ AX, $2
	JEQ e2
	MOVQ 24(SI), BX
	JMP done
e0:
	MOVQ 0(SI), BX
	JMP done
e1:
	MOVQ 8(SI), BX
	JMP done
e2:
	MOVQ 16(SI), BX
done:
	MOVQ BX, ret+16(FP)
	RET

// func rotSlice(out, a []uint64)
TEXT ·rotSlice(SB), NOSPLIT, $0-48
	MOVQ out_base+0(FP), DI
	MOVQ a_base+24(FP), SI
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

// func strStore(s string)
TEXT ·strStore(SB), NOSPLIT, $0-16
	MOVQ s_base+0(FP), DI
	MOVB $0, (DI)
	RET

// func rotNamed(out *named, a *[4]uint64)
TEXT ·rotNamed(SB), NOSPLIT, $0-16
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

// func pext(x, m uint64) uint64
TEXT ·pext(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ m+8(FP), BX
	PEXTQ BX, AX, CX
	MOVQ CX, ret+16(FP)
	RET

// func sqrtSecret(x uint64) uint64
TEXT ·sqrtSecret(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), X0
	SQRTSD X0, X1
	XORL AX, AX
	MOVQ AX, ret+8(FP)
	RET

// func mxcsr(x uint64) uint64
TEXT ·mxcsr(SB), NOSPLIT, $8-16
	MOVL $0x7F80, 0(SP)
	LDMXCSR 0(SP)
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET
