#include "textflag.h"

// SETUP: SI = b, BX = len(b), X0 = c in every byte.
#define SETUP \
	MOVQ b_base+0(FP), SI; \
	MOVQ b_len+8(FP), BX; \
	MOVBLZX c+24(FP), AX; \
	MOVQ AX, X0; \
	PUNPCKLBW X0, X0; \
	PUNPCKLBW X0, X0; \
	PSHUFL $0, X0, X0

// COMPARE: DX = the comparison mask of the 16 bytes at addr.
#define COMPARE(addr) \
	MOVOU addr, X1; \
	PCMPEQB X0, X1; \
	PMOVMSKB X1, DX

// TAIL: the mask of the 16 bytes ending at b's end, shifted to b's start.
#define TAIL \
	COMPARE(-16(SI)(BX*1)); \
	MOVQ $16, CX; \
	SUBQ BX, CX; \
	SHRL CX, DX

// MASK: keep the low len(b) bits of DX and return them.
#define MASK \
	MOVQ $1, AX; \
	MOVQ BX, CX; \
	SHLQ CX, AX; \
	DECQ AX; \
	ANDQ AX, DX; \
	MOVQ DX, ret+32(FP); \
	RET

// func matchMask(b []byte, c byte) uint64
TEXT ·matchMask(SB), NOSPLIT, $0-40
	SETUP
	LEAQ 16(SI), DX
	TESTW $0xff0, DX
	JEQ matchMask_end
	COMPARE(0(SI))
	MASK
matchMask_end:
	TAIL
	MASK

// func matchMaskStrict(b []byte, c byte) uint64
TEXT ·matchMaskStrict(SB), NOSPLIT, $0-40
	SETUP
	LEAQ 16(SI), DX
	TESTW $0xff0, DX
	JEQ matchMaskStrict_end
	COMPARE(0(SI))
	MASK
matchMaskStrict_end:
	TAIL
	MASK

// func matchNoCheck(b []byte, c byte) uint64
TEXT ·matchNoCheck(SB), NOSPLIT, $0-40
	SETUP
	COMPARE(0(SI))
	MASK

// func matchWrongCheck(b []byte, c byte) uint64
TEXT ·matchWrongCheck(SB), NOSPLIT, $0-40
	SETUP
	TESTW $0xff0, SI
	JEQ matchWrongCheck_end
	COMPARE(0(SI))
	MASK
matchWrongCheck_end:
	TAIL
	MASK

// func matchJunk(b []byte, c byte) uint64
TEXT ·matchJunk(SB), NOSPLIT, $0-40
	SETUP
	LEAQ 16(SI), DX
	TESTW $0xff0, DX
	JEQ matchJunk_end
	COMPARE(0(SI))
	MOVQ DX, ret+32(FP)
	RET
matchJunk_end:
	TAIL
	MASK
