#include "textflag.h"

DATA tab<>+0(SB)/8, $3
DATA tab<>+8(SB)/8, $5
GLOBL tab<>(SB), RODATA, $16

#define BODY \
	MOVD $tab<>(SB), R1; \
	MOVD (R1), R1; \
	MOVD x+0(FP), R0; \
	ADD  R1, R0, R0; \
	MOVD R0, ret+8(FP); \
	RET

#define N4 NOOP; NOOP; NOOP; NOOP
#define N64 N4; N4; N4; N4; N4; N4; N4; N4; N4; N4; N4; N4; N4; N4; N4; N4
#define N1024 N64; N64; N64; N64; N64; N64; N64; N64; N64; N64; N64; N64; N64; N64; N64; N64

TEXT ·addFirst1(SB), NOSPLIT, $0-16
	BODY

TEXT ·pad(SB), NOSPLIT, $0-0
	N1024
	RET

TEXT ·addFirst2(SB), NOSPLIT, $0-16
	BODY

// addSecond is the body on the table's second word.
TEXT ·addSecond(SB), NOSPLIT, $0-16
	MOVD $tab<>+8(SB), R1
	MOVD (R1), R1
	MOVD x+0(FP), R0
	ADD  R1, R0, R0
	MOVD R0, ret+8(FP)
	RET
