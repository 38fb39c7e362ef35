#include "textflag.h"

#define ADDER(name) \
TEXT name(SB), NOSPLIT, $0-24 \
	MOVQ x+0(FP), AX \
	ADDQ y+8(FP), AX \
	MOVQ AX, ret+16(FP) \
	RET

ADDER(·spaced)
ADDER(·detached)
ADDER(·trailing)
ADDER(·unverified)
ADDER(·proved)
