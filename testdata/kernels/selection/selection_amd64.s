#include "textflag.h"

// pickIndex holds j in the four doublewords of its 16 bytes at 16·j.
DATA ·pickIndex+0x00(SB)/8, $0x0000000000000000
DATA ·pickIndex+0x08(SB)/8, $0x0000000000000000
DATA ·pickIndex+0x10(SB)/8, $0x0000000100000001
DATA ·pickIndex+0x18(SB)/8, $0x0000000100000001
DATA ·pickIndex+0x20(SB)/8, $0x0000000200000002
DATA ·pickIndex+0x28(SB)/8, $0x0000000200000002
DATA ·pickIndex+0x30(SB)/8, $0x0000000300000003
DATA ·pickIndex+0x38(SB)/8, $0x0000000300000003
GLOBL ·pickIndex(SB), RODATA|NOPTR, $64

// LANE(j) ORs t[j] (SI), under the mask of X1 = j in every doubleword,
// into X0.
#define LANE(j) \
	VPCMPEQD ·pickIndex+(16*j)(SB), X1, X2; \
	VMOVQ    (8*j)(SI), X3; \
	VPAND    X3, X2, X3; \
	VPOR     X3, X0, X0

#define SCAN \
	VPXOR X0, X0, X0; \
	LANE(0); \
	LANE(1); \
	LANE(2); \
	LANE(3); \
	VMOVQ X0, AX

// func pickLanes(t *[4]uint64, d uint64) uint64
TEXT ·pickLanes(SB), NOSPLIT, $0-24
	MOVQ         t+0(FP), SI
	VPBROADCASTD d+8(FP), X1
	SCAN
	MOVQ         AX, ret+16(FP)
	RET

// func pickLanesByte(t *[4]uint64, d uint8) uint64
TEXT ·pickLanesByte(SB), NOSPLIT, $0-24
	MOVQ         t+0(FP), SI
	MOVBQZX      d+8(FP), AX
	VMOVQ        AX, X1
	VPBROADCASTD X1, X1
	SCAN
	MOVQ         AX, ret+16(FP)
	RET

// func pickCMOV(t *[4]uint64, d uint64) uint64
TEXT ·pickCMOV(SB), NOSPLIT, $0-24
	MOVQ    t+0(FP), SI
	MOVQ    d+8(FP), CX
	XORL    AX, AX
	CMPQ    CX, $0
	CMOVQEQ 0(SI), AX
	CMPQ    CX, $1
	CMOVQEQ 8(SI), AX
	CMPQ    CX, $2
	CMOVQEQ 16(SI), AX
	CMPQ    CX, $3
	CMOVQEQ 24(SI), AX
	MOVQ    AX, ret+16(FP)
	RET

// func pickCMOVTwice(t *[4]uint64, d uint64) uint64
TEXT ·pickCMOVTwice(SB), NOSPLIT, $0-24
	MOVQ    t+0(FP), SI
	MOVQ    d+8(FP), CX
	XORL    AX, AX
	CMPQ    CX, $0
	CMOVQEQ 0(SI), AX
	CMPQ    CX, $1
	CMOVQEQ 8(SI), AX
	CMPQ    CX, $2
	CMOVQEQ 16(SI), AX
	CMPQ    CX, $2
	CMOVQEQ 24(SI), AX
	MOVQ    AX, ret+16(FP)
	RET
