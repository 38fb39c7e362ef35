#include "textflag.h"

// func alignPeelWrong(p *[4]uint64) uint64
TEXT ·alignPeelWrong(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	TESTQ $15, SI
	JNE unaligned
	MOVOA 8(SI), X0 // p 16-aligned: p+8 is not
	MOVQ X0, AX
	JMP done
unaligned:
	MOVOU 8(SI), X0
	MOVQ X0, AX
done:
	MOVQ AX, ret+8(FP)
	RET

// func alignPeelRight(p *[4]uint64) uint64
TEXT ·alignPeelRight(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	TESTQ $15, SI
	JEQ aligned
	MOVOA 8(SI), X0 // p = 8 mod 16: p+8 is 16-aligned
	PEXTRQ $1, X0, AX
	JMP done
aligned:
	MOVOA 16(SI), X0
	MOVQ X0, AX
done:
	MOVQ AX, ret+8(FP)
	RET

// func stackMOVOA(x uint64) uint64
TEXT ·stackMOVOA(SB), NOSPLIT, $32-16
	MOVQ x+0(FP), X0
	MOVOA X0, 0(SP)
	MOVQ 0(SP), AX
	MOVQ AX, ret+8(FP)
	RET

// func ctStack(k uint64) uint64
TEXT ·ctStack(SB), NOSPLIT, $16-16
	MOVQ k+0(FP), AX
	MOVQ AX, 8(SP)
	MOVQ 8(SP), BX
	ANDQ $1, BX
	JEQ zero
	MOVQ $1, AX
	MOVQ AX, ret+8(FP)
	RET
zero:
	MOVQ $0, ret+8(FP)
	RET

// func pubAlias(k, pub *[4]uint64, t *[4]uint64) uint64
TEXT ·pubAlias(SB), NOSPLIT, $0-32
	MOVQ pub+8(FP), SI
	MOVQ t+16(FP), DI
	MOVQ (SI), AX
	ANDQ $3, AX
	CMPQ AX, $0
	JEQ e0
	CMPQ AX, $1
	JEQ e1
	CMPQ AX, $2
	JEQ e2
	MOVQ 24(DI), BX
	JMP done
e0:
	MOVQ 0(DI), BX
	JMP done
e1:
	MOVQ 8(DI), BX
	JMP done
e2:
	MOVQ 16(DI), BX
done:
	MOVQ BX, ret+24(FP)
	RET

// func copyForward(p *[4]uint64)
TEXT ·copyForward(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	MOVQ 0(DI), AX
	MOVQ AX, 8(DI)
	MOVQ 8(DI), AX
	MOVQ AX, 16(DI)
	MOVQ 16(DI), AX
	MOVQ AX, 24(DI)
	RET

// func sliceAlias(p *[4]uint64) uint64
TEXT ·sliceAlias(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ 0(DI), AX
	MOVQ $7, 0(DI)
	MOVQ AX, ret+8(FP)
	RET

// func vpmul(p *[4]uint64)
TEXT ·vpmul(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	VMOVDQU (DI), Y0
	VPMULUDQ Y0, Y0, Y0
	VMOVDQU Y0, (DI)
	VZEROUPPER
	RET

// func textStore(x uint64) uint64
TEXT ·textStore(SB), NOSPLIT, $0-16
	LEAQ ·tailHelper(SB), DI
	MOVB $0xC3, (DI)
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func x15Zero(x uint64) uint64
TEXT ·x15Zero(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ X15, BX
	ADDQ BX, AX
	MOVQ AX, ret+8(FP)
	RET
