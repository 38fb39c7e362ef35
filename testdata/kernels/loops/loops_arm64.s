#include "textflag.h"

// func incAll(p *[32]uint64)
TEXT ·incAll(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	MOVD $0, R1
next:
	MOVD (R0)(R1<<3), R2
	ADD  $1, R2
	MOVD R2, (R0)(R1<<3)
	ADD  $1, R1
	CMP  $32, R1
	BNE  next
	RET

// func incForever(p *[4]uint64)
TEXT ·incForever(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	MOVD $0, R1
again:
	MOVD (R0)(R1<<3), R2
	ADD  $1, R2
	MOVD R2, (R0)(R1<<3)
	ADD  $1, R3 // should be R1
	CMP  $4, R1
	BNE  again
	RET

// func countDown(p *[4]uint64)
TEXT ·countDown(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
down:
	MOVD (R0), R2
	CBZ  R2, done
	SUB  $1, R2
	MOVD R2, (R0)
	B    down
done:
	RET
