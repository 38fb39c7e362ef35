#include "textflag.h"

// The bounded samplers' inner step (spec.RejBounded2, RejBounded4): the
// sixteen half-bytes of w, low first, each made a coefficient and stored
// at out[c], c the count of accepted half-bytes before it; the store
// address is the only thing the acceptance reaches (declared with
// //vg:leaks). IMUL has a fixed latency on every x86-64 core (Intel's
// DOIT list): no variable-time instruction.

// func rejBounded2AMD64(out *[16]int32, w uint64) int
TEXT ·rejBounded2AMD64(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ w+8(FP), AX
	XORL R8, R8
	// half-byte 0
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 1
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 2
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 3
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 4
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 5
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 6
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 7
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 8
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 9
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 10
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 11
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 12
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 13
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 14
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 15
	MOVL AX, BX
	ANDL $15, BX
	IMUL3L $13, BX, CX
	SARL $6, CX
	IMUL3L $5, CX, CX
	MOVL BX, DX
	SUBL CX, DX
	MOVL $2, SI
	SUBL DX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -15(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVQ R8, ret+16(FP)
	RET

// func rejBounded4AMD64(out *[16]int32, w uint64) int
TEXT ·rejBounded4AMD64(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ w+8(FP), AX
	XORL R8, R8
	// half-byte 0
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 1
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 2
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 3
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 4
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 5
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 6
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 7
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 8
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 9
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 10
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 11
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 12
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 13
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 14
	MOVL AX, BX
	ANDL $15, BX
	SHRQ $4, AX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	// half-byte 15
	MOVL AX, BX
	ANDL $15, BX
	MOVL $4, SI
	SUBL BX, SI
	MOVL SI, (DI)(R8*4)
	LEAL -9(BX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVQ R8, ret+16(FP)
	RET

// The uniform sampler's step (spec.RejUniform): the 56 three-byte
// candidates of one SHAKE128 block, each masked to 23 bits and stored at
// out[c], c the count of those below q before it. The block is public.

// func rejUniformAMD64(out *[56]int32, a *[21]uint64) int
TEXT ·rejUniformAMD64(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	XORL R8, R8
	MOVL 0(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 3(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 6(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 9(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 12(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 15(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 18(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 21(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 24(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 27(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 30(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 33(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 36(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 39(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 42(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 45(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 48(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 51(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 54(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 57(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 60(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 63(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 66(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 69(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 72(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 75(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 78(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 81(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 84(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 87(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 90(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 93(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 96(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 99(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 102(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 105(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 108(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 111(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 114(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 117(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 120(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 123(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 126(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 129(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 132(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 135(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 138(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 141(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 144(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 147(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 150(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 153(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 156(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 159(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 162(SI), AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVL 164(SI), AX
	SHRL $8, AX
	ANDL $0x7fffff, AX
	MOVL AX, (DI)(R8*4)
	LEAL -8380417(AX), CX
	SHRL $31, CX
	ADDQ CX, R8
	MOVQ R8, ret+16(FP)
	RET

// func packHintAMD64(out *[256]byte, h *Poly) int
// HintBitPack's positions (spec.PackHint): position j stored at out[c],
// c the count of nonzero coefficients before it. The hint is public.
TEXT ·packHintAMD64(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ h+8(FP), SI
	XORL R8, R8
	XORL CX, CX
hint:
	MOVB CX, (DI)(R8*1)
	MOVL (SI)(CX*4), AX
	MOVL AX, DX
	NEGL DX
	ORL  AX, DX
	SHRL $31, DX
	ADDQ DX, R8
	INCQ CX
	CMPQ CX, $256
	JB   hint
	MOVQ R8, ret+16(FP)
	RET

// func sampleInBallAMD64(c *Poly, js *[60]byte, signs uint64, tau int)
// SampleInBall's swaps (spec.SampleInBallSwaps), on public data.
TEXT ·sampleInBallAMD64(SB), NOSPLIT, $0-32
	MOVQ c+0(FP), DI
	MOVQ js+8(FP), SI
	MOVQ signs+16(FP), R9
	MOVQ tau+24(FP), R10
	XORL AX, AX
	XORL CX, CX
zero:
	MOVQ AX, (DI)(CX*8)
	INCQ CX
	CMPQ CX, $128
	JB   zero
	MOVQ $256, R8
	SUBQ R10, R8
	XORL CX, CX
swap:
	CMPQ    CX, R10
	JAE     done
	MOVBQZX (SI)(CX*1), DX
	MOVL    (DI)(DX*4), AX
	MOVL    AX, (DI)(R8*4)
	MOVQ    R9, AX
	SHRQ    CX, AX
	ANDL    $1, AX
	SHLL    $1, AX
	MOVL    $1, BX
	SUBL    AX, BX
	MOVL    BX, (DI)(DX*4)
	INCQ    CX
	INCQ    R8
	JMP     swap
done:
	RET

// func unpackHintAMD64(h *Poly, y *[80]byte, first, end int) uint32
// HintBitUnpack for one polynomial (spec.UnpackHint), branch-free, on a
// public signature.
TEXT ·unpackHintAMD64(SB), NOSPLIT, $0-36
	MOVQ h+0(FP), DI
	MOVQ y+8(FP), SI
	MOVQ first+16(FP), R8
	MOVQ end+24(FP), R9
	XORL AX, AX
	XORL CX, CX
hzero:
	MOVQ AX, (DI)(CX*8)
	INCQ CX
	CMPQ CX, $128
	JB   hzero
	MOVL $1, R10
	XORL CX, CX
	XORL R11, R11
hpos:
	MOVQ    CX, AX
	SUBQ    R8, AX
	SHRQ    $63, AX
	XORQ    $1, AX
	MOVQ    CX, BX
	SUBQ    R9, BX
	SHRQ    $63, BX
	ANDQ    BX, AX
	MOVBQZX (SI)(CX*1), DX
	MOVL    (DI)(DX*4), BX
	ORL     AX, BX
	MOVL    BX, (DI)(DX*4)
	MOVQ    R8, BX
	SUBQ    CX, BX
	SHRQ    $63, BX
	ANDQ    AX, BX
	MOVQ    R11, R12
	SUBQ    DX, R12
	SHRQ    $63, R12
	XORQ    $1, R12
	ANDQ    R12, BX
	NOTQ    BX
	ANDQ    BX, R10
	MOVQ    DX, R11
	INCQ    CX
	CMPQ    CX, $80
	JB      hpos
	MOVL    R10, ret+32(FP)
	RET
