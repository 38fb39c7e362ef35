#include "textflag.h"

// The bounded samplers' inner step (spec.RejBounded2, RejBounded4), as
// sample_amd64.s: each coefficient stored at out[c], the only place the
// acceptance reaches (//vg:leaks). MULW is data-independent in time (DIT).

// func rejBounded2ARM64(out *[16]int32, w uint64) int
TEXT ·rejBounded2ARM64(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD w+8(FP), R1
	MOVD ZR, R2
	MOVW $13, R6
	MOVW $5, R7
	MOVW $2, R8
	// half-byte 0
	UBFX $0, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 1
	UBFX $4, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 2
	UBFX $8, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 3
	UBFX $12, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 4
	UBFX $16, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 5
	UBFX $20, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 6
	UBFX $24, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 7
	UBFX $28, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 8
	UBFX $32, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 9
	UBFX $36, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 10
	UBFX $40, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 11
	UBFX $44, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 12
	UBFX $48, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 13
	UBFX $52, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 14
	UBFX $56, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 15
	UBFX $60, R1, $4, R3
	MULW R6, R3, R4
	ASRW $6, R4, R4
	MULW R7, R4, R4
	SUBW R4, R3, R4
	SUBW R4, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $15, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
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
	// half-byte 0
	UBFX $0, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 1
	UBFX $4, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 2
	UBFX $8, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 3
	UBFX $12, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 4
	UBFX $16, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 5
	UBFX $20, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 6
	UBFX $24, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 7
	UBFX $28, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 8
	UBFX $32, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 9
	UBFX $36, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 10
	UBFX $40, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 11
	UBFX $44, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 12
	UBFX $48, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 13
	UBFX $52, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 14
	UBFX $56, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	// half-byte 15
	UBFX $60, R1, $4, R3
	SUBW R3, R8, R4
	MOVW R4, (R0)(R2<<2)
	SUBW $9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVD R2, ret+16(FP)
	RET

// The uniform sampler's step (spec.RejUniform), as sample_amd64.s.

// func rejUniformARM64(out *[56]int32, a *[21]uint64) int
TEXT ·rejUniformARM64(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD ZR, R2
	MOVW $8380417, R9
	MOVWU 0(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 3(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 6(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 9(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 12(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 15(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 18(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 21(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 24(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 27(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 30(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 33(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 36(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 39(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 42(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 45(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 48(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 51(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 54(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 57(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 60(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 63(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 66(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 69(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 72(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 75(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 78(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 81(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 84(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 87(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 90(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 93(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 96(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 99(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 102(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 105(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 108(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 111(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 114(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 117(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 120(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 123(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 126(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 129(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 132(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 135(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 138(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 141(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 144(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 147(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 150(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 153(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 156(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 159(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 162(R1), R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVWU 164(R1), R3
	LSRW $8, R3, R3
	ANDW $0x7fffff, R3, R3
	MOVW R3, (R0)(R2<<2)
	SUBW R9, R3, R5
	LSRW $31, R5, R5
	ADD R5, R2, R2
	MOVD R2, ret+16(FP)
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
