#include "textflag.h"

// func staleUpperY(x uint64) uint64
TEXT ·staleUpperY(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	MOVQ AX, X0 // legacy SSE: Y0[255:128] kept
	VEXTRACTI128 $1, Y0, X1
	VMOVQ X1, BX
	ADDQ BX, AX
	MOVQ AX, ret+8(FP)
	VZEROUPPER
	RET

// func staleMask(p *[8]uint64)
TEXT ·staleMask(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	VMOVDQU64.Z (DI), K1, Z0
	VMOVDQU64 Z0, (DI)
	VZEROUPPER
	RET

// func fsLoad(p *[2]uint64) uint64
TEXT ·fsLoad(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	BYTE $0x64; MOVQ (SI), AX
	MOVQ AX, ret+8(FP)
	RET

// func addr32Load(p *[2]uint64) uint64
TEXT ·addr32Load(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	BYTE $0x67; MOVQ (SI), AX
	MOVQ AX, ret+8(FP)
	RET

// func rexIgnored(x, y uint64) uint64
TEXT ·rexIgnored(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), BX
	BYTE $0x48; BYTE $0x66; BYTE $0x01; BYTE $0xD8
	MOVQ AX, ret+16(FP)
	RET

// func idivOverflow(x, y int64) int64
TEXT ·idivOverflow(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), CX
	CQO
	IDIVQ CX
	MOVQ AX, ret+16(FP)
	RET

// func divSecretDividend(x, y uint64) uint64
TEXT ·divSecretDividend(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), CX
	XORL DX, DX
	DIVQ CX
	MOVQ AX, ret+16(FP)
	RET

// func divlSecret(x, y uint32) uint32
TEXT ·divlSecret(SB), NOSPLIT, $0-12
	MOVL x+0(FP), AX
	MOVL y+4(FP), CX
	XORL DX, DX
	DIVL CX
	MOVL AX, ret+8(FP)
	RET

// func prefetchSecret(t *[4]uint64, k uint64) uint64
TEXT ·prefetchSecret(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), SI
	MOVQ k+8(FP), AX
	ANDQ $3, AX
	PREFETCHT0 (SI)(AX*8)
	MOVQ (SI), AX
	MOVQ AX, ret+16(FP)
	RET

// func launder(buf *[1]uint64, t *[4]uint64, k uint64) uint64
TEXT ·launder(SB), NOSPLIT, $0-32
	MOVQ buf+0(FP), DI
	MOVQ t+8(FP), SI
	MOVQ k+16(FP), AX
	ANDQ $3, AX
	MOVQ AX, (DI)
	MOVQ (DI), CX
	MOVQ (SI)(CX*8), BX
	MOVQ BX, ret+24(FP)
	RET

// func secretTypo(key, x uint64) uint64
TEXT ·secretTypo(SB), NOSPLIT, $0-24
	MOVQ key+0(FP), AX
	TESTQ AX, AX
	JEQ zero
	NOP
zero:
	ADDQ x+8(FP), AX
	MOVQ AX, ret+16(FP)
	RET

// func rotTypo(out, a *[4]uint64)
TEXT ·rotTypo(SB), NOSPLIT, $0-16
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

// func align24(p *[2]uint64) uint64
TEXT ·align24(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVOA (SI), X0
	MOVQ X0, AX
	MOVQ AX, ret+8(FP)
	RET

// func align16Y(p *[4]uint64) uint64
TEXT ·align16Y(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	VMOVDQA (SI), Y0
	VMOVQ X0, AX
	MOVQ AX, ret+8(FP)
	VZEROUPPER
	RET

// func ntStore(p *[2]uint64, x, y uint64)
TEXT ·ntStore(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), DI
	MOVQ x+8(FP), X0
	MOVQ y+16(FP), X1
	PUNPCKLQDQ X1, X0
	MOVNTO X0, (DI)
	RET

// func ntStoreY(p *[4]uint64, x uint64)
TEXT ·ntStoreY(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	VPBROADCASTQ x+8(FP), Y0
	VMOVNTDQ Y0, (DI)
	VZEROUPPER
	RET

// func ntLoad(p *[2]uint64) uint64
TEXT ·ntLoad(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	VMOVNTDQA (SI), X0
	VMOVQ X0, AX
	MOVQ AX, ret+8(FP)
	RET

// func stdLeft(x uint64) uint64
TEXT ·stdLeft(SB), NOSPLIT, $0-16
	STD
	MOVQ x+0(FP), AX
	MOVQ AX, ret+8(FP)
	RET

// func argPadding(x uint32) uint64
TEXT ·argPadding(SB), NOSPLIT, $0-16
	LEAQ x+0(FP), SI
	MOVQ (SI), AX // x and the 4 bytes of padding after it
	MOVQ AX, ret+8(FP)
	RET

// func resultAccum(x uint64) uint64
TEXT ·resultAccum(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ADDQ AX, ret+8(FP)
	RET

// func partialResult(x uint64) uint64
TEXT ·partialResult(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	LEAQ ret+8(FP), DI
	MOVL AX, (DI)
	RET

// func boolTwo(x uint64) bool
TEXT ·boolTwo(SB), NOSPLIT, $0-9
	MOVB $2, ret+8(FP)
	RET

// func shlMasked(x, s uint64) uint64
TEXT ·shlMasked(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ s+8(FP), CX
	SHLQ CX, AX
	MOVQ AX, ret+16(FP)
	RET
