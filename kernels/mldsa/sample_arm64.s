#include "textflag.h"

// The bounded samplers' inner step (spec.RejBounded2, RejBounded4), as
// sample_amd64.s: each coefficient stored at out[c], the only place the
// acceptance reaches (//vg:leaks). MULW is data-independent in time (DIT).
//
// Registers: R0 = out, R1 = w, R2 = c; R6 = 13, R7 = 5, R8 = η.

// BOUNDED2(lsb) takes the half-byte b at bit lsb of w, stores
// 2 − (b − 5·⌊13b/64⌋) at out[c] and adds b < 15 to c.
#define BOUNDED2(lsb) \
	UBFX  $lsb, R1, $4, R3; \
	MULW  R6, R3, R4; \
	ASRW  $6, R4, R4; \
	MULW  R7, R4, R4; \
	SUBW  R4, R3, R4; \
	SUBW  R4, R8, R4; \
	MOVW  R4, (R0)(R2<<2); \
	SUBW  $15, R3, R5; \
	LSRW  $31, R5, R5; \
	ADD   R5, R2, R2

// BOUNDED4(lsb) is BOUNDED2 for η = 4: 4 − b stored, b < 9 added.
#define BOUNDED4(lsb) \
	UBFX  $lsb, R1, $4, R3; \
	SUBW  R3, R8, R4; \
	MOVW  R4, (R0)(R2<<2); \
	SUBW  $9, R3, R5; \
	LSRW  $31, R5, R5; \
	ADD   R5, R2, R2

// func rejBounded2ARM64(out *[16]int32, w uint64) int
TEXT ·rejBounded2ARM64(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD w+8(FP), R1
	MOVD ZR, R2
	MOVW $13, R6
	MOVW $5, R7
	MOVW $2, R8
	BOUNDED2(0)
	BOUNDED2(4)
	BOUNDED2(8)
	BOUNDED2(12)
	BOUNDED2(16)
	BOUNDED2(20)
	BOUNDED2(24)
	BOUNDED2(28)
	BOUNDED2(32)
	BOUNDED2(36)
	BOUNDED2(40)
	BOUNDED2(44)
	BOUNDED2(48)
	BOUNDED2(52)
	BOUNDED2(56)
	BOUNDED2(60)
	MOVD R2, ret+16(FP)
	RET


// func rejBounded4ARM64(out *[16]int32, w uint64) int
TEXT ·rejBounded4ARM64(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD w+8(FP), R1
	MOVD ZR, R2
	MOVW $13, R6
	MOVW $5, R7
	MOVW $4, R8
	BOUNDED4(0)
	BOUNDED4(4)
	BOUNDED4(8)
	BOUNDED4(12)
	BOUNDED4(16)
	BOUNDED4(20)
	BOUNDED4(24)
	BOUNDED4(28)
	BOUNDED4(32)
	BOUNDED4(36)
	BOUNDED4(40)
	BOUNDED4(44)
	BOUNDED4(48)
	BOUNDED4(52)
	BOUNDED4(56)
	BOUNDED4(60)
	MOVD R2, ret+16(FP)
	RET


// The uniform sampler's step (spec.RejUniform), as sample_amd64.s.
// Registers: R1 = the block, R0 = out, R2 = c, R9 = q.

// UNIFORM23 stores R3's low 23 bits at out[c] and adds (they are < q) to c.
#define UNIFORM23 \
	ANDW $0x7fffff, R3, R3; \
	MOVW R3, (R0)(R2<<2); \
	SUBW R9, R3, R5; \
	LSRW $31, R5, R5; \
	ADD  R5, R2, R2

// UNIFORM(off) is candidate k < 55 at off = 3k: the bytes 3k … 3k+3, the last masked off.
#define UNIFORM(off) \
	MOVWU off(R1), R3; \
	UNIFORM23

// func rejUniformARM64(out *[56]int32, a *[21]uint64) int
TEXT ·rejUniformARM64(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD ZR, R2
	MOVW $8380417, R9
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
	// candidate 55 ends the block: its bytes are the top three of 164(R1)
	MOVWU 164(R1), R3
	LSRW  $8, R3, R3
	UNIFORM23
	MOVD  R2, ret+16(FP)
	RET

// func packHintARM64(out *[256]byte, h *Poly) int
// HintBitPack's positions (spec.PackHint), as packHintAMD64.
TEXT ·packHintARM64(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD h+8(FP), R1
	MOVD ZR, R2
	MOVD ZR, R3
hint:
	MOVB  R3, (R0)(R2)
	MOVWU (R1)(R3<<2), R4
	NEGW  R4, R5
	ORRW  R4, R5, R5
	LSRW  $31, R5, R5
	ADD   R5, R2, R2
	ADD   $1, R3, R3
	CMP   $256, R3
	BLT   hint
	MOVD  R2, ret+16(FP)
	RET

// func sampleInBallARM64(c *Poly, js *[60]byte, signs uint64, tau int)
// SampleInBall's swaps (spec.SampleInBallSwaps), as sampleInBallAMD64.
TEXT ·sampleInBallARM64(SB), NOSPLIT, $0-32
	MOVD c+0(FP), R0
	MOVD js+8(FP), R1
	MOVD signs+16(FP), R2
	MOVD tau+24(FP), R3
	MOVD ZR, R4
zero:
	MOVD ZR, (R0)(R4<<3)
	ADD  $1, R4, R4
	CMP  $128, R4
	BLT  zero
	MOVD $256, R5
	SUB  R3, R5, R5
	MOVD ZR, R4
	MOVW $1, R9
swap:
	CMP   R3, R4
	BGE   done
	MOVBU (R1)(R4), R6
	MOVWU (R0)(R6<<2), R7
	MOVW  R7, (R0)(R5<<2)
	LSR   R4, R2, R7
	AND   $1, R7, R7
	SUBW  R7<<1, R9, R7
	MOVW  R7, (R0)(R6<<2)
	ADD   $1, R4, R4
	ADD   $1, R5, R5
	B     swap
done:
	RET

// func unpackHintARM64(h *Poly, y *[80]byte, first, end int) uint32
// HintBitUnpack for one polynomial (spec.UnpackHint), as unpackHintAMD64.
TEXT ·unpackHintARM64(SB), NOSPLIT, $0-36
	MOVD h+0(FP), R0
	MOVD y+8(FP), R1
	MOVD first+16(FP), R2
	MOVD end+24(FP), R3
	MOVD ZR, R4
hzero:
	MOVD ZR, (R0)(R4<<3)
	ADD  $1, R4, R4
	CMP  $128, R4
	BLT  hzero
	MOVD $1, R10
	MOVD ZR, R4
	MOVD ZR, R11
hpos:
	SUB   R2, R4, R5
	LSR   $63, R5, R5
	EOR   $1, R5, R5
	SUB   R3, R4, R6
	LSR   $63, R6, R6
	AND   R6, R5, R5
	MOVBU (R1)(R4), R7
	MOVWU (R0)(R7<<2), R8
	ORRW  R5, R8, R8
	MOVW  R8, (R0)(R7<<2)
	SUB   R4, R2, R6
	LSR   $63, R6, R6
	AND   R5, R6, R6
	SUB   R7, R11, R8
	LSR   $63, R8, R8
	EOR   $1, R8, R8
	AND   R8, R6, R6
	BIC   R6, R10, R10
	MOVD  R7, R11
	ADD   $1, R4, R4
	CMP   $80, R4
	BLT   hpos
	MOVW  R10, ret+32(FP)
	RET
