#include "textflag.h"

// func addCarryIn(x, y uint64) uint64
TEXT ·addCarryIn(SB), NOSPLIT, $0-24
	MOVD x+0(FP), R0
	MOVD y+8(FP), R1
	ADC  R1, R0, R0
	MOVD R0, ret+16(FP)
	RET

// func addStaleReg(x, y uint64) uint64
TEXT ·addStaleReg(SB), NOSPLIT, $0-24
	MOVD x+0(FP), R0
	ADD  R9, R0, R0
	MOVD R0, ret+16(FP)
	RET

// func addStaleVec(p *[4]uint64)
TEXT ·addStaleVec(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	VLD1 (R0), [V0.D2, V1.D2]
	VADD V7.D2, V0.D2, V0.D2
	VADD V7.D2, V1.D2, V1.D2
	VST1 [V0.D2, V1.D2], (R0)
	RET

// func zeroAtStale(x uint64) uint64
TEXT ·zeroAtStale(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	CMP  R9, R0
	CSEL EQ, ZR, R0, R0
	MOVD R0, ret+8(FP)
	RET
