#include "textflag.h"

// func incAll(p *[32]uint64)
TEXT ·incAll(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	XORQ CX, CX
next:
	MOVQ (DI)(CX*8), AX
	INCQ AX
	MOVQ AX, (DI)(CX*8)
	INCQ CX
	CMPQ CX, $32
	JNE  next
	RET

// func incForever(p *[4]uint64)
TEXT ·incForever(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	XORQ CX, CX
again:
	MOVQ (DI)(CX*8), AX
	INCQ AX
	MOVQ AX, (DI)(CX*8)
	INCQ DX // should be CX
	CMPQ CX, $4
	JNE  again
	RET

// func countDown(p *[4]uint64)
TEXT ·countDown(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
down:
	MOVQ (DI), AX
	TESTQ AX, AX
	JEQ  done
	DECQ AX
	MOVQ AX, (DI)
	JMP  down
done:
	RET
