#include "textflag.h"

// The bounded samplers' inner step (spec.RejBounded2, RejBounded4): the
// sixteen half-bytes of w, low first, each made a coefficient and stored
// at out[c], c the count of accepted half-bytes before it; the store
// address is the only thing the acceptance reaches (declared with
// //vg:leaks). IMUL has a fixed latency on every x86-64 core (Intel's
// DOIT list): no variable-time instruction.
//
// Registers: DI = out, AX = what is left of w, R8 = c.

// BOUNDED2 takes the low half-byte b of AX (AX >>= 4), stores
// 2 − (b − 5·⌊13b/64⌋) (= 2 − b mod 5 for b < 15) at out[c] and adds
// b < 15 to c.
#define BOUNDED2 \
	MOVL   AX, BX; \
	ANDL   $15, BX; \
	SHRQ   $4, AX; \
	IMUL3L $13, BX, CX; \
	SARL   $6, CX; \
	IMUL3L $5, CX, CX; \
	MOVL   BX, DX; \
	SUBL   CX, DX; \
	MOVL   $2, SI; \
	SUBL   DX, SI; \
	MOVL   SI, (DI)(R8*4); \
	LEAL   -15(BX), CX; \
	SHRL   $31, CX; \
	ADDQ   CX, R8

// BOUNDED4 is BOUNDED2 for η = 4: 4 − b stored, b < 9 added.
#define BOUNDED4 \
	MOVL AX, BX; \
	ANDL $15, BX; \
	SHRQ $4, AX; \
	MOVL $4, SI; \
	SUBL BX, SI; \
	MOVL SI, (DI)(R8*4); \
	LEAL -9(BX), CX; \
	SHRL $31, CX; \
	ADDQ CX, R8

// func rejBounded2AMD64(out *[16]int32, w uint64) int
TEXT ·rejBounded2AMD64(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ w+8(FP), AX
	XORL R8, R8
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	BOUNDED2
	MOVQ R8, ret+16(FP)
	RET


// func rejBounded4AMD64(out *[16]int32, w uint64) int
TEXT ·rejBounded4AMD64(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ w+8(FP), AX
	XORL R8, R8
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	BOUNDED4
	MOVQ R8, ret+16(FP)
	RET


// The uniform sampler's step (spec.RejUniform): the 56 three-byte
// candidates of one SHAKE128 block, each masked to 23 bits and stored at
// out[c], c the count of those below q before it. The block is public.
// Registers: SI = the block, DI = out, R8 = c.

// UNIFORM23 stores AX's low 23 bits at out[c] and adds (they are < q) to c.
#define UNIFORM23 \
	ANDL $0x7fffff, AX; \
	MOVL AX, (DI)(R8*4); \
	LEAL -8380417(AX), CX; \
	SHRL $31, CX; \
	ADDQ CX, R8

// UNIFORM(off) is candidate k < 55 at off = 3k: the bytes 3k, 3k+1, 3k+2 (and one past,
// masked off).
#define UNIFORM(off) \
	MOVL off(SI), AX; \
	UNIFORM23

// func rejUniformAMD64(out *[56]int32, a *[21]uint64) int
TEXT ·rejUniformAMD64(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	XORL R8, R8
	UNIFORM(0)
	UNIFORM(3)
	UNIFORM(6)
	UNIFORM(9)
	UNIFORM(12)
	UNIFORM(15)
	UNIFORM(18)
	UNIFORM(21)
	UNIFORM(24)
	UNIFORM(27)
	UNIFORM(30)
	UNIFORM(33)
	UNIFORM(36)
	UNIFORM(39)
	UNIFORM(42)
	UNIFORM(45)
	UNIFORM(48)
	UNIFORM(51)
	UNIFORM(54)
	UNIFORM(57)
	UNIFORM(60)
	UNIFORM(63)
	UNIFORM(66)
	UNIFORM(69)
	UNIFORM(72)
	UNIFORM(75)
	UNIFORM(78)
	UNIFORM(81)
	UNIFORM(84)
	UNIFORM(87)
	UNIFORM(90)
	UNIFORM(93)
	UNIFORM(96)
	UNIFORM(99)
	UNIFORM(102)
	UNIFORM(105)
	UNIFORM(108)
	UNIFORM(111)
	UNIFORM(114)
	UNIFORM(117)
	UNIFORM(120)
	UNIFORM(123)
	UNIFORM(126)
	UNIFORM(129)
	UNIFORM(132)
	UNIFORM(135)
	UNIFORM(138)
	UNIFORM(141)
	UNIFORM(144)
	UNIFORM(147)
	UNIFORM(150)
	UNIFORM(153)
	UNIFORM(156)
	UNIFORM(159)
	UNIFORM(162)
	// candidate 55 ends the block: its bytes are the top three of 164(SI)
	MOVL 164(SI), AX
	SHRL $8, AX
	UNIFORM23
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
