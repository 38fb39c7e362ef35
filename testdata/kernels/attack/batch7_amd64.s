#include "textflag.h"

DATA alignTab<>+0(SB)/8, $1
DATA alignTab<>+8(SB)/8, $2
DATA alignTab<>+16(SB)/8, $3
GLOBL alignTab<>(SB), RODATA|NOPTR, $24

// func textReadRIP(x uint64) uint64
TEXT ·textReadRIP(SB), NOSPLIT, $0-16
	MOVL ·callGo+0x12(SB), AX
	MOVQ AX, ret+8(FP)
	RET

// func alignedRIP() uint64
TEXT ·alignedRIP(SB), NOSPLIT, $0-8
	MOVOA alignTab<>+8(SB), X0
	MOVQ X0, AX
	MOVQ AX, ret+0(FP)
	RET

// func alignedRIP0() uint64
TEXT ·alignedRIP0(SB), NOSPLIT, $0-8
	MOVOA alignTab<>+0(SB), X0
	MOVQ X0, AX
	MOVQ AX, ret+0(FP)
	RET

// func unalignedRIP() uint64
TEXT ·unalignedRIP(SB), NOSPLIT, $0-8
	MOVOU alignTab<>+8(SB), X0
	MOVQ X0, AX
	MOVQ AX, ret+0(FP)
	RET
