#include "textflag.h"

DATA table<>+0(SB)/8, $1
DATA table<>+8(SB)/8, $2
DATA table<>+16(SB)/8, $3
DATA table<>+24(SB)/8, $4
GLOBL table<>(SB), RODATA, $32

// func add128(out *[2]uint64, a, b uint64)
TEXT ·add128(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	ADDS R1, R2, R3
	ADC  ZR, ZR, R4
	STP  (R3, R4), (R0)
	RET

// func add128Ptr(out, x, y *[2]uint64)
TEXT ·add128Ptr(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD x+8(FP), R1
	MOVD y+16(FP), R2
	LDP  (R1), (R3, R4)
	LDP  (R2), (R5, R6)
	ADDS R5, R3, R3
	ADC  R6, R4, R4
	STP  (R3, R4), (R0)
	RET

// func sub128Ptr(out, x, y *[2]uint64)
TEXT ·sub128Ptr(SB), NOSPLIT, $0-24
	MOVD out+0(FP), R0
	MOVD x+8(FP), R1
	MOVD y+16(FP), R2
	LDP  (R1), (R3, R4)
	LDP  (R2), (R5, R6)
	SUBS R5, R3, R3
	SBC  R6, R4, R4
	STP  (R3, R4), (R0)
	RET

// func selectCSEL(c, a, b uint64) uint64
TEXT ·selectCSEL(SB), NOSPLIT, $0-32
	MOVD c+0(FP), R0
	MOVD a+8(FP), R1
	MOVD b+16(FP), R2
	CMP  $0, R0
	CSEL NE, R1, R2, R3
	MOVD R3, ret+24(FP)
	RET

// func sum8(p *[8]uint64) uint64
TEXT ·sum8(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD $8, R1
	MOVD ZR, R2
loop:
	MOVD.P 8(R0), R3
	ADD  R3, R2, R2
	SUBS $1, R1, R1
	BNE  loop
	MOVD R2, ret+8(FP)
	RET

// func mul128(a, b uint64) (hi, lo uint64)
TEXT ·mul128(SB), NOSPLIT, $0-32
	MOVD  a+0(FP), R0
	MOVD  b+8(FP), R1
	UMULH R0, R1, R2
	MUL   R0, R1, R3
	MOVD  R2, hi+16(FP)
	MOVD  R3, lo+24(FP)
	RET

// func twice(x uint64) uint64
TEXT ·twice(SB), NOSPLIT, $16-16
	MOVD x+0(FP), R0
	MOVD R0, 8(RSP)
	BL   ·twiceHelper(SB)
	MOVD 16(RSP), R0
	MOVD R0, ret+8(FP)
	RET

// func twiceHelper(x uint64) uint64
TEXT ·twiceHelper(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	LSL  $1, R0, R0
	ORR  $1, R0, R0
	MOVD R0, ret+8(FP)
	RET

// func bitfield(x uint64) uint64
TEXT ·bitfield(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	UBFX $8, R0, $16, R1
	ORR  R0<<56, R1, R1
	MOVD R1, ret+8(FP)
	RET

// func tableMul(x uint64) uint64
TEXT ·tableMul(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	MOVD $table<>(SB), R1
	MOVD 8(R1), R2
	MOVD table<>+24(SB), R3
	MUL  R2, R0, R0
	ADD  R3, R0, R0
	MOVD R0, ret+8(FP)
	RET

// func maxPublic(a, b uint64) uint64
TEXT ·maxPublic(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	CMP  R1, R0
	BHS  done
	MOVD R1, R0
done:
	MOVD R0, ret+16(FP)
	RET

// func both(a, b uint64) uint64
TEXT ·both(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	CMP  $0, R0
	CCMP NE, R1, $0, $4 // if a != 0 compare b with 0, else Z = 1
	CSET NE, R2
	MOVD R2, ret+16(FP)
	RET

// func clobberG(a, b uint64) uint64
TEXT ·clobberG(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVD b+8(FP), g
	SUB  g, R0, R0
	MOVD R0, ret+16(FP)
	RET // want "register-clobbered"

// func leakSP(a, b uint64) uint64
TEXT ·leakSP(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	SUB  R1, R0, R0
	MOVD R0, ret+16(FP)
	SUB  $16, RSP, RSP
	RET // want "sp-not-restored"

// func addWrong(a, b uint64) uint64
TEXT ·addWrong(SB), NOSPLIT, $0-24
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	ADD  R1, R0, R0
	MOVD R0, ret+16(FP)
	RET

// func selectBranch(c, a, b uint64) uint64
TEXT ·selectBranch(SB), NOSPLIT, $0-32
	MOVD c+0(FP), R0
	MOVD a+8(FP), R1
	CBNZ R0, done // want "secret-branch"
	MOVD b+16(FP), R1
done:
	MOVD R1, ret+24(FP)
	RET

// func lookupSecret(i uint64) uint64
TEXT ·lookupSecret(SB), NOSPLIT, $0-16
	MOVD i+0(FP), R0
	AND  $3, R0, R0
	MOVD $table<>(SB), R1
	MOVD (R1)(R0<<3), R2 // want "secret-address"
	MOVD R2, ret+8(FP)
	RET

// func divSecret(x, y uint64) uint64
TEXT ·divSecret(SB), NOSPLIT, $0-24
	MOVD x+0(FP), R0
	MOVD y+8(FP), R1
	UDIV R1, R0, R2 // want "variable-time"
	MOVD R2, ret+16(FP)
	RET

// func clearPast(out *[4]uint64)
TEXT ·clearPast(SB), NOSPLIT, $0-8
	MOVD out+0(FP), R0
	STP  (ZR, ZR), (R0)
	STP  (ZR, ZR), 16(R0)
	MOVD ZR, 32(R0) // want "store-out-of-bounds"
	RET

// func spinForever(x uint64) uint64
TEXT ·spinForever(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	MOVD $4, R1
again:
	MOVD R0, ret+8(FP)
	CBNZ R1, again
	RET
