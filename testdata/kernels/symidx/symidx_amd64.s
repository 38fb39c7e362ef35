#include "textflag.h"

// func store(out *[8]uint64, i, v uint64)
TEXT ·store(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ i+8(FP), CX
	MOVQ v+16(FP), AX
	MOVQ AX, (DI)(CX*8)
	RET

// func storeMasked(out *[8]uint64, i, v uint64)
TEXT ·storeMasked(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ i+8(FP), CX
	ANDQ $7, CX
	MOVQ v+16(FP), AX
	MOVQ AX, (DI)(CX*8)
	RET

// func storePast(out *[8]uint64, i, v uint64)
TEXT ·storePast(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ i+8(FP), CX
	MOVQ v+16(FP), AX
	MOVQ AX, (DI)(CX*8)
	RET

// func storeNext(out *[8]uint64, i, v uint64)
TEXT ·storeNext(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ i+8(FP), CX
	MOVQ v+16(FP), AX
	MOVQ AX, (DI)(CX*8)
	RET

// func storeSecret(out *[8]uint64, i, v uint64)
TEXT ·storeSecret(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ i+8(FP), CX
	MOVQ v+16(FP), AX
	MOVQ AX, (DI)(CX*8)
	RET

// func load(a *[8]uint64, i uint64) uint64
TEXT ·load(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), SI
	MOVQ i+8(FP), CX
	MOVQ (SI)(CX*8), AX
	MOVQ AX, ret+16(FP)
	RET

// func storeThenLoad(out, a *[8]uint64, i uint64) uint64
TEXT ·storeThenLoad(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ i+16(FP), CX
	MOVQ $7, (DI)(CX*8)
	MOVQ 0(SI), AX
	MOVQ AX, ret+24(FP)
	RET

// func loadThenStore(out, a *[8]uint64, i uint64) uint64
TEXT ·loadThenStore(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ i+16(FP), CX
	MOVQ 0(SI), AX
	MOVQ $7, (DI)(CX*8)
	MOVQ AX, ret+24(FP)
	RET

// func bytePut(out *[32]byte, i uint64, v uint32)
TEXT ·bytePut(SB), NOSPLIT, $0-20
	MOVQ out+0(FP), DI
	MOVQ i+8(FP), CX
	MOVL v+16(FP), AX
	MOVL AX, (DI)(CX*1)
	RET
