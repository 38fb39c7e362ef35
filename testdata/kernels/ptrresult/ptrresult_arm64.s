#include "textflag.h"

// func elem(p *[4]uint64) *uint64
TEXT ·elem(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	ADD $16, R0
	MOVD R0, ret+8(FP)
	RET

// func elemWrong(p *[4]uint64) *uint64
TEXT ·elemWrong(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	ADD $8, R0
	MOVD R0, ret+8(FP)
	RET

// func nilPtr() *uint64
TEXT ·nilPtr(SB), NOSPLIT, $0-8
	MOVD ZR, ret+0(FP)
	RET

// func nilWrong() *uint64
TEXT ·nilWrong(SB), NOSPLIT, $0-8
	MOVD $·tab+0(SB), R0
	MOVD R0, ret+0(FP)
	RET

// func newPtr() *uint64
TEXT ·newPtr(SB), NOSPLIT, $0-8
	MOVD $·tab+0(SB), R0
	MOVD R0, ret+0(FP)
	RET

// func idx(p *[4]uint64, c uint64) *uint64
TEXT ·idx(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD c+8(FP), R1
	AND $3, R1
	ADD R1<<3, R0
	MOVD R0, ret+16(FP)
	RET

// func idxWrong(p *[4]uint64, c uint64) *uint64
TEXT ·idxWrong(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD c+8(FP), R1
	AND $1, R1
	ADD R1<<3, R0
	MOVD R0, ret+16(FP)
	RET
