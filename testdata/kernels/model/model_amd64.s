#include "textflag.h"

// func zeroCap(p []uint64)
TEXT ·zeroCap(SB), NOSPLIT, $0-24
	MOVQ p_base+0(FP), DI
	MOVQ p_cap+16(FP), CX
	TESTQ CX, CX
	JEQ done
loop:
	MOVQ $0, (DI) // want "store-out-of-bounds"
	ADDQ $8, DI
	DECQ CX
	JNE loop
done:
	RET

// func sumCap(p []uint64) uint64
TEXT ·firstEmpty(SB), NOSPLIT, $0-25
	MOVQ p_base+0(FP), SI
	MOVBLZX (SI), AX // want "load-out-of-bounds"
	MOVB AX, ret+24(FP)
	RET

TEXT ·sumCap(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	MOVQ p_cap+16(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JEQ done
loop:
	ADDQ (SI), AX // want "load-out-of-bounds"
	ADDQ $8, SI
	DECQ CX
	JNE loop
done:
	MOVQ AX, ret+24(FP)
	RET

// func storeFar(x uint64) uint64
TEXT ·storeFar(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, -60000(SP) // want "store-out-of-bounds"
	MOVQ AX, ret+8(FP)
	RET

// func storeBelowFrame(x uint64) uint64
TEXT ·storeBelowFrame(SB), NOSPLIT, $16-16
	MOVQ x+0(FP), AX
	MOVQ AX, 0(SP)
	MOVQ AX, -8(SP) // want "store-out-of-bounds"
	MOVQ AX, ret+8(FP)
	RET

// func storeHandSub(x uint64) uint64
TEXT ·storeHandSub(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	SUBQ $32, SP
	MOVQ AX, 0(SP) // want "store-out-of-bounds"
	ADDQ $32, SP
	MOVQ AX, ret+8(FP)
	RET

// func storeInFrame(x uint64) uint64
TEXT ·storeInFrame(SB), NOSPLIT, $16-16
	MOVQ x+0(FP), AX
	MOVQ AX, 8(SP)
	MOVQ 8(SP), BX
	MOVQ BX, ret+8(FP)
	RET

// func firstAligned(p *[2]uint64) uint64
TEXT ·firstAligned(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVOA (SI), X0 // want "misaligned-access"
	MOVQ X0, AX
	MOVQ AX, ret+8(FP)
	RET

// func firstAlignedSSE(p *[2]uint64) uint64
TEXT ·firstAlignedSSE(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	PXOR X0, X0
	POR (SI), X0 // want "misaligned-access"
	MOVQ X0, AX
	MOVQ AX, ret+8(FP)
	RET

// func firstAlignedAES(p *[2]uint64) uint64
TEXT ·firstAlignedAES(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	PXOR X0, X0
	AESENCLAST (SI), X0 // want "misaligned-access"
	MOVQ X0, AX
	MOVQ $0x6363636363636363, BX
	XORQ BX, AX
	MOVQ AX, ret+8(FP)
	RET

// func firstAlignedPALIGNR(p *[2]uint64) uint64
TEXT ·firstAlignedPALIGNR(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	PXOR X0, X0
	PALIGNR $0, (SI), X0 // want "misaligned-access"
	MOVQ X0, AX
	MOVQ AX, ret+8(FP)
	RET

// func firstUnalignedVEX(p *[2]uint64) uint64
TEXT ·firstUnalignedVEX(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	VPXOR X1, X1, X1
	VPALIGNR $0, (SI), X1, X0
	VPXOR X2, X2, X2
	VAESENCLAST (SI), X2, X3
	MOVQ X0, AX
	MOVQ X3, BX
	MOVQ $0x6363636363636363, CX
	XORQ CX, BX
	XORQ BX, AX
	XORQ AX, AX
	MOVQ X0, AX
	VZEROUPPER
	MOVQ AX, ret+8(FP)
	RET

// func firstDeclared(p *[2]uint64) uint64
TEXT ·firstDeclared(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVOA (SI), X0
	MOVQ X0, AX
	MOVQ AX, ret+8(FP)
	RET

// func rot(out, a *[4]uint64)
TEXT ·rot(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ 16(SI), CX
	MOVQ 24(SI), DX
	MOVQ DX, 0(DI)
	MOVQ AX, 8(DI)
	MOVQ 8(SI), BX // a[1] again: out[1] if out is a
	MOVQ BX, 16(DI)
	MOVQ CX, 24(DI)
	RET

// func rotSafe(out, a *[4]uint64)
TEXT ·rotSafe(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	MOVQ 8(SI), BX
	MOVQ 16(SI), CX
	MOVQ 24(SI), DX
	MOVQ DX, 0(DI)
	MOVQ AX, 8(DI)
	MOVQ BX, 16(DI)
	MOVQ CX, 24(DI)
	RET

// func rotNoAlias(out, a *[4]uint64)
TEXT ·rotNoAlias(SB), NOSPLIT, $0-16
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ 0(SI), AX
	MOVQ 24(SI), DX
	MOVQ DX, 0(DI)
	MOVQ AX, 8(DI)
	MOVQ 8(SI), BX
	MOVQ BX, 16(DI)
	MOVQ 16(SI), CX
	MOVQ CX, 24(DI)
	RET

// func branchEntry(x uint64) uint64
TEXT ·branchEntry(SB), NOSPLIT, $0-16
	TESTQ AX, AX
	JEQ zero // want "secret-branch"
	NOP
zero:
	MOVQ x+0(FP), AX
	INCQ AX
	MOVQ AX, ret+8(FP)
	RET

// func loopSecret(n uint64) uint64
TEXT ·loopSecret(SB), NOSPLIT, $0-16
	MOVQ n+0(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JEQ done // want "secret-branch"
loop:
	INCQ AX
	DECQ CX
	JNE loop // want "secret-branch"
done:
	MOVQ AX, ret+8(FP)
	RET

// double doubles AX (a helper with no Go declaration).
TEXT double<>(SB), NOSPLIT, $0
	ADDQ AX, AX
	RET

// func callTwice(x uint64) uint64
TEXT ·callTwice(SB), NOSPLIT, $8-16
	MOVQ x+0(FP), AX
	CALL double<>(SB)
	MOVQ AX, ret+8(FP)
	RET

// func addSplit(a, b uint64) uint64
TEXT ·addSplit(SB), 0, $256-24
	MOVQ a+0(FP), AX
	MOVQ AX, 0(SP)
	MOVQ b+8(FP), BX
	ADDQ 0(SP), BX
	MOVQ BX, ret+16(FP)
	RET

// func addFakeSplit(a, b uint64) uint64
TEXT ·addFakeSplit(SB), NOSPLIT, $0-24
	MOVQ (TLS), R14
	CMPQ SP, 16(R14)
	JLS slow
	MOVQ a+0(FP), AX
	ADDQ b+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET
slow:
	MOVQ $0, ret+16(FP)
	RET

// func sumPtr(p *uint64, n int) uint64
TEXT ·sumPtr(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JEQ done
loop:
	ADDQ (SI), AX
	ADDQ $8, SI
	DECQ CX
	JNE loop
done:
	MOVQ AX, ret+16(FP)
	RET

// func sumPtrPast(p *uint64, n int) uint64
TEXT ·sumPtrPast(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	INCQ CX
	XORQ AX, AX
loop:
	ADDQ (SI), AX // want "load-out-of-bounds"
	ADDQ $8, SI
	DECQ CX
	JNE loop
	MOVQ AX, ret+16(FP)
	RET

// func xorPtr(dst, a, b *uint64, n int)
TEXT ·xorPtr(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	TESTQ CX, CX
	JEQ done
loop:
	MOVQ (SI), AX
	XORQ (DX), AX
	MOVQ AX, (DI)
	ADDQ $8, SI
	ADDQ $8, DX
	ADDQ $8, DI
	DECQ CX
	JNE loop
done:
	RET

// func gMasked(a, b uint64) uint64
TEXT ·gMasked(SB), NOSPLIT, $0-24
	MOVQ (TLS), R14
	ANDQ $0, R14
	MOVQ a+0(FP), AX
	ADDQ b+8(FP), AX
	ADDQ R14, AX
	MOVQ AX, ret+16(FP)
	RET

// func gLeak(a, b uint64) uint64
TEXT ·gLeak(SB), NOSPLIT, $0-24
	MOVQ (TLS), R14
	MOVQ a+0(FP), AX
	ADDQ b+8(FP), AX
	XORQ R14, AX
	MOVQ AX, ret+16(FP)
	RET

// func addViaGo(a, b uint64) uint64
TEXT ·addViaGo(SB), NOSPLIT, $0-24
	JMP ·addTwoGo(SB)

// func realignInFrame(x uint64) uint64
TEXT ·realignInFrame(SB), NOSPLIT, $32-16
	MOVQ  x+0(FP), AX
	MOVQ  AX, X0
	LEAQ  15(SP), CX
	ANDQ  $-16, CX
	MOVOA X0, (CX)
	MOVQ  (CX), BX
	MOVQ  BX, ret+8(FP)
	RET

// func realignBelowFrame(x uint64) uint64
TEXT ·realignBelowFrame(SB), NOSPLIT, $16-16
	MOVQ  x+0(FP), AX
	MOVQ  AX, X0
	MOVQ  SP, CX
	ANDQ  $-16, CX
	MOVOA X0, (CX) // want "store-out-of-bounds"
	MOVQ  (CX), BX
	MOVQ  BX, ret+8(FP)
	RET

// func gParam(g, b uint64) uint64
TEXT ·gParam(SB), NOSPLIT, $0-24
	MOVQ (TLS), AX
	MOVQ AX, ret+16(FP)
	RET

// func ptrDiff(a, b []byte) int
TEXT ·ptrDiff(SB), NOSPLIT, $0-56
	MOVQ a_base+0(FP), SI
	MOVQ b_base+24(FP), DI
	MOVQ $0, AX
	CMPQ SI, DI
	JEQ done
	MOVBQZX 0(SI), AX
	MOVBQZX 0(DI), BX
	SUBQ BX, AX
done:
	MOVQ AX, ret+48(FP)
	RET

// func ptrDiffWrong(a, b []byte) int
TEXT ·ptrDiffWrong(SB), NOSPLIT, $0-56
	MOVQ a_base+0(FP), SI
	MOVQ b_base+24(FP), DI
	MOVQ $1, AX
	CMPQ SI, DI
	JEQ same
	MOVBQZX 0(SI), AX
	MOVBQZX 0(DI), BX
	SUBQ BX, AX
same:
	MOVQ AX, ret+48(FP)
	RET

// func derefOrZero(p *uint64) uint64
TEXT ·derefOrZero(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	XORL AX, AX
	TESTQ SI, SI
	JZ nil
	MOVQ (SI), AX
nil:
	MOVQ AX, ret+8(FP)
	RET

// func firstViaBuf(p *[2]uint64) uint64
TEXT ·firstViaBuf(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ (SI), AX
	MOVQ AX, ret+8(FP)
	RET
