#include "textflag.h"

// LOADA4 loads a (R1) into R4..R7 and doubles each word.
#define LOADA4 LDP (R1), (R4, R5); LDP 16(R1), (R6, R7); ADD R4, R4, R4; ADD R5, R5, R5; ADD R6, R6, R6; ADD R7, R7, R7

// func armStr(out, a *[2]uint64) uint64
TEXT ·armStr(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD $5, R2
	MOVD R2, 8(R0)
	MOVD 8(R1), R3
	MOVD R3, ret+16(FP)
	RET

// func armStp(out, a *[4]uint64) uint64
TEXT ·armStp(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	LOADA4
	STP  (R4, R5), (R0)
	STP  (R6, R7), 16(R0)
	LDP  16(R1), (R8, R9)
	MOVD R9, ret+16(FP)
	RET

// func armPost(out, a *[4]uint64) uint64
TEXT ·armPost(SB), NOSPLIT, $0-24
	MOVD   out+0(FP), R0
	MOVD   a+8(FP), R1
	LOADA4
	MOVD.P R4, 8(R0)
	MOVD.P R5, 8(R0)
	MOVD.P R6, 8(R0)
	MOVD.P R7, 8(R0)
	MOVD   24(R1), R9
	MOVD   R9, ret+16(FP)
	RET

// func armSt1(out, a *[4]uint64) uint64
TEXT ·armSt1(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	VLD1 (R1), [V0.D2, V1.D2]
	VADD V0.D2, V0.D2, V0.D2
	VADD V1.D2, V1.D2, V1.D2
	VST1 [V0.D2, V1.D2], (R0)
	MOVD 24(R1), R9
	MOVD R9, ret+16(FP)
	RET

// func armLd1(out, a *[4]uint64) uint64
TEXT ·armLd1(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	LOADA4
	STP  (R4, R5), (R0)
	STP  (R6, R7), 16(R0)
	VLD1 (R1), [V2.D2, V3.D2]
	VMOV V3.D[1], R9
	MOVD R9, ret+16(FP)
	RET

// func armStpQ(out, a *[4]uint64) uint64
TEXT ·armStpQ(SB), NOSPLIT, $0-24
	MOVD  out+0(FP), R0
	MOVD  a+8(FP), R1
	VLD1  (R1), [V0.D2, V1.D2]
	VADD  V0.D2, V0.D2, V0.D2
	VADD  V1.D2, V1.D2, V1.D2
	FSTPQ (F0, F1), (R0)
	MOVD  24(R1), R9
	MOVD  R9, ret+16(FP)
	RET

// func armRegOff(out, a *[2]uint64) uint64
TEXT ·armRegOff(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD $5, R2
	MOVD R2, 8(R0)
	MOVD $8, R5
	MOVD (R1)(R5), R3
	MOVD R3, ret+16(FP)
	RET
