#include "textflag.h"

// func store(out *[8]uint64, i, v uint64)
TEXT ·store(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD i+8(FP), R1
	MOVD v+16(FP), R2
	MOVD R2, (R0)(R1<<3)
	RET

// func storeMasked(out *[8]uint64, i, v uint64)
TEXT ·storeMasked(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD i+8(FP), R1
	AND  $7, R1
	MOVD v+16(FP), R2
	MOVD R2, (R0)(R1<<3)
	RET

// func storePast(out *[8]uint64, i, v uint64)
TEXT ·storePast(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD i+8(FP), R1
	MOVD v+16(FP), R2
	MOVD R2, (R0)(R1<<3)
	RET

// func storeNext(out *[8]uint64, i, v uint64)
TEXT ·storeNext(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD i+8(FP), R1
	MOVD v+16(FP), R2
	MOVD R2, (R0)(R1<<3)
	RET

// func storeSecret(out *[8]uint64, i, v uint64)
TEXT ·storeSecret(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD i+8(FP), R1
	MOVD v+16(FP), R2
	MOVD R2, (R0)(R1<<3)
	RET

// func load(a *[8]uint64, i uint64) uint64
TEXT ·load(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVD i+8(FP), R1
	MOVD (R0)(R1<<3), R2
	MOVD R2, ret+16(FP)
	RET

// func storeThenLoad(out, a *[8]uint64, i uint64) uint64
TEXT ·storeThenLoad(SB), NOSPLIT, $0-32
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD i+16(FP), R2
	MOVD $7, R3
	MOVD R3, (R0)(R2<<3)
	MOVD 0(R1), R4
	MOVD R4, ret+24(FP)
	RET

// func loadThenStore(out, a *[8]uint64, i uint64) uint64
TEXT ·loadThenStore(SB), NOSPLIT, $0-32
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD i+16(FP), R2
	MOVD 0(R1), R4
	MOVD $7, R3
	MOVD R3, (R0)(R2<<3)
	MOVD R4, ret+24(FP)
	RET

// func bytePut(out *[32]byte, i uint64, v uint32)
TEXT ·bytePut(SB), NOSPLIT, $0-20
	MOVD out+0(FP), R0
	MOVD i+8(FP), R1
	MOVWU v+16(FP), R2
	MOVW R2, (R0)(R1)
	RET
