#include "textflag.h"

// Each kernel counts the CX bytes at SI equal to BL into AX, with SETEQ
// and an add per byte (no data-dependent branch).

// func countRight(s string, c byte) int
TEXT ·countRight(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVB c+16(FP), BL
	XORQ AX, AX
	TESTQ CX, CX
	JZ countRight_done
countRight_loop:
	MOVBLZX 0(SI), DX
	CMPB DL, BL
	SETEQ DL
	MOVBLZX DL, DX
	ADDQ DX, AX
	INCQ SI
	DECQ CX
	JNZ countRight_loop
countRight_done:
	MOVQ AX, ret+24(FP)
	RET

// func countTail(s string, c byte) int
TEXT ·countTail(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVB c+16(FP), BL
	XORQ AX, AX
	INCQ SI
	DECQ CX
	TESTQ CX, CX
	JZ countTail_done
countTail_loop:
	MOVBLZX 0(SI), DX
	CMPB DL, BL
	SETEQ DL
	MOVBLZX DL, DX
	ADDQ DX, AX
	INCQ SI
	DECQ CX
	JNZ countTail_loop
countTail_done:
	MOVQ AX, ret+24(FP)
	RET

// func countWrong(s string, c byte) int
TEXT ·countWrong(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVB c+16(FP), BL
	XORQ AX, AX
	DECQ CX
	TESTQ CX, CX
	JZ countWrong_done
countWrong_loop:
	MOVBLZX 0(SI), DX
	CMPB DL, BL
	SETEQ DL
	MOVBLZX DL, DX
	ADDQ DX, AX
	INCQ SI
	DECQ CX
	JNZ countWrong_loop
countWrong_done:
	MOVQ AX, ret+24(FP)
	RET

// func countPast(s string, c byte) int
TEXT ·countPast(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVB c+16(FP), BL
	XORQ AX, AX
	TESTQ CX, CX
	JZ countPast_done
countPast_loop:
	MOVBLZX 0(SI), DX
	CMPB DL, BL
	SETEQ DL
	MOVBLZX DL, DX
	ADDQ DX, AX
	INCQ SI
	DECQ CX
	JNZ countPast_loop
countPast_done:
	MOVBLZX 0(SI), DX
	ANDQ $0, DX
	ADDQ DX, AX
	MOVQ AX, ret+24(FP)
	RET

// func countStore(s string, c byte) int
TEXT ·countStore(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVB c+16(FP), BL
	MOVB $0, DX
	MOVB DX, 0(SI)
	XORQ AX, AX
	TESTQ CX, CX
	JZ countStore_done
countStore_loop:
	MOVBLZX 0(SI), DX
	CMPB DL, BL
	SETEQ DL
	MOVBLZX DL, DX
	ADDQ DX, AX
	INCQ SI
	DECQ CX
	JNZ countStore_loop
countStore_done:
	MOVQ AX, ret+24(FP)
	RET
