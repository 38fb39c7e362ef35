#include "textflag.h"

DATA ptrdataARM<>+0(SB)/8, $·tbl(SB)
GLOBL ptrdataARM<>(SB), RODATA, $8

// func retOther(x uint64) uint64
TEXT ·retOther(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	MOVD R0, ret+8(FP)
	ADD $4, R30, R1
	WORD $0xd65f0020 // RET X1

// func ldarMisaligned(p *[16]byte) uint32
TEXT ·ldarMisaligned(SB), NOSPLIT, $0-12
	MOVD p+0(FP), R0
	ADD $1, R0
	LDARW (R0), R1
	MOVW R1, ret+8(FP)
	RET

// func ldaxpPair(p *[2]uint64) uint64
TEXT ·ldaxpPair(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	LDAXP (R0), (R1, R2)
	MOVD R1, ret+8(FP)
	RET

// func blNoFrame(x uint64) uint64
TEXT ·blNoFrame(SB), NOSPLIT|NOFRAME, $0-16
	MOVD x+0(FP), R0
	BL sub
	MOVD R0, ret+8(FP)
	RET
sub:
	RET

// func ownSavedLR(x uint64) uint64
TEXT ·ownSavedLR(SB), NOSPLIT, $16-16
	MOVD x+0(FP), R0
	MOVD R0, ret+8(FP)
	MOVD R0, 0(RSP)
	RET

// func insStale(x uint64) uint64
TEXT ·insStale(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	VMOV R0, V0.D[0]
	VMOV V0.D[1], R1
	MOVD R1, ret+8(FP)
	RET

// func udivwSecret(x, y uint32) uint32
TEXT ·udivwSecret(SB), NOSPLIT, $0-12
	MOVWU x+0(FP), R0
	MOVWU y+4(FP), R1
	UDIVW R1, R0, R2
	MOVW R2, ret+8(FP)
	RET

// func prfmSecret(t *[4]uint64, k uint64) uint64
TEXT ·prfmSecret(SB), NOSPLIT, $0-24
	MOVD t+0(FP), R0
	MOVD k+8(FP), R1
	AND $3, R1
	ADD R1<<3, R0, R2
	PRFM (R2), PLDL1KEEP
	MOVD (R0), R3
	MOVD R3, ret+16(FP)
	RET

// func ldpPast(p *[2]uint64) uint64
TEXT ·ldpPast(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	LDP 8(R0), (R1, R2)
	MOVD R1, ret+8(FP)
	RET

// func literalFar() uint64
TEXT ·literalFar(SB), NOSPLIT, $0-8
	WORD $0x58000400 // LDR X0, .+128
	MOVD R0, ret+0(FP)
	RET

// func addrBitsARM() uint64
TEXT ·addrBitsARM(SB), NOSPLIT, $0-8
	MOVD ptrdataARM<>(SB), R0
	AND $0xfff, R0
	MOVD R0, ret+0(FP)
	RET

// func argPaddingARM(x uint32) uint64
TEXT ·argPaddingARM(SB), NOSPLIT, $0-16
	MOVD $x+0(FP), R1
	MOVD (R1), R0 // x and the 4 bytes of padding after it
	MOVD R0, ret+8(FP)
	RET

// func globalSecretARM(x uint64) uint64
TEXT ·globalSecretARM(SB), NOSPLIT, $0-16
	MOVD ·key(SB), R0
	CBZ R0, zero
	NOP
zero:
	MOVD x+0(FP), R0
	MOVD R0, ret+8(FP)
	RET

// func rotNamedARM(out *named, a *[4]uint64)
TEXT ·rotNamedARM(SB), NOSPLIT, $0-16
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	LDP 0(R1), (R2, R3)
	LDP 16(R1), (R4, R5)
	MOVD R5, 0(R0)
	MOVD R2, 8(R0)
	MOVD 8(R1), R3
	MOVD R3, 16(R0)
	MOVD R4, 24(R0)
	RET

// func dczva(p *[8]uint64)
TEXT ·dczva(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	DC ZVA, R0
	RET

// func tailB(x uint64) uint64
TEXT ·tailB(SB), NOSPLIT, $0-16
	B ·tailHelperARM(SB)

// func tailHelperARM(x uint64) uint64
TEXT ·tailHelperARM(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	ADD $1, R0
	MOVD R0, ret+8(FP)
	RET

// func fpcr(x uint64) uint64
TEXT ·fpcr(SB), NOSPLIT, $0-16
	MOVD $(3<<22), R1
	MSR R1, FPCR
	MOVD x+0(FP), R0
	MOVD R0, ret+8(FP)
	RET

// func writeAbove(x uint64) uint64
TEXT ·writeAbove(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	MOVD R0, ret+8(FP)
	MOVD $ret+8(FP), R1
	MOVD R0, 8(R1)
	RET

// func spPreIndex(x uint64) uint64
TEXT ·spPreIndex(SB), NOSPLIT, $32-16
	MOVD x+0(FP), R0
	MOVD.W R0, -8(RSP)
	MOVD 0(RSP), R1
	MOVD.P 8(RSP), R2
	MOVD R1, ret+8(FP)
	RET

// func levelLSE(x uint64) uint64
TEXT ·levelLSE(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
#ifdef GOARM64_LSE
	ADD $1, R0
#endif
	MOVD R0, ret+8(FP)
	RET

// func globalSecretSlowARM(x uint64) uint64
TEXT ·globalSecretSlowARM(SB), NOSPLIT, $0-16
	MOVD ·key(SB), R0
	MOVD $3, R2
	CBZ R0, zero
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
	MUL R2, R2, R2
zero:
	MOVD x+0(FP), R0
	MOVD R0, ret+8(FP)
	RET

// func globalAliasARM(p *uint64, x uint64) uint64
TEXT ·globalAliasARM(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD x+8(FP), R1
	MOVD ·gw(SB), R2
	MOVD R1, (R0)
	MOVD ·gw(SB), R3
	SUB R3, R2, R2
	MOVD R2, ret+16(FP)
	RET

// func prefetchSecretARM(p *[64]byte, x uint64) uint64
TEXT ·prefetchSecretARM(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD x+8(FP), R1
	AND  $63, R1, R2
	ADD  R2, R0, R3
	PRFM (R3), PLDL1KEEP
	MOVD R1, ret+16(FP)
	RET

// func prefetchFixedARM(p *[64]byte, x uint64) uint64
TEXT ·prefetchFixedARM(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD x+8(FP), R1
	PRFM 8(R0), PLDL1KEEP
	MOVD R1, ret+16(FP)
	RET
