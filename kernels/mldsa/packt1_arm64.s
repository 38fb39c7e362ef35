//go:build arm64 && !purego

#include "textflag.h"
#include "mldsa_arm64.h"

// func packT1ARM64(b *[320]byte, p *Poly)
// func unpackT1ARM64(p *Poly, b *[320]byte)
//
// The spec's t₁ packings on eight coefficients per iteration, two groups
// of four (5 bytes each). Packing takes each field p[i] & 0x3FF with ANDW,
// gathers each group in R2 or R3 with shifted ORRs and stores 4 bytes and
// 1; unpacking loads each group as 4 bytes and 1 (so no load passes the
// end of b) and takes each field with UBFX. Addresses depend on the loop
// counter only.
//
// Registers: R0 = output, R1 = input, R6 counts iterations, R2 and R3
// the groups, R4 a byte, R7…R14 the fields.

TEXT ·packT1ARM64(SB), NOSPLIT, $0-16
	MOVD b+0(FP), R0
	MOVD p+8(FP), R1
	MOVD $32, R6

pack:
	LOAD8
	MASK8(0x3FF)
	ORR  R8<<10, R7, R2
	ORR  R9<<20, R2, R2
	ORR  R10<<30, R2, R2
	ORR  R12<<10, R11, R3
	ORR  R13<<20, R3, R3
	ORR  R14<<30, R3, R3
	MOVW R2, (R0)
	LSR  $32, R2, R2
	MOVB R2, 4(R0)
	MOVW R3, 5(R0)
	LSR  $32, R3, R3
	MOVB R3, 9(R0)
	ADD  $32, R1
	ADD  $10, R0
	SUBS $1, R6, R6
	BNE  pack
	RET

TEXT ·unpackT1ARM64(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD b+8(FP), R1
	MOVD $32, R6

unpack:
	MOVWU (R1), R2
	MOVBU 4(R1), R4
	ORR   R4<<32, R2, R2
	MOVWU 5(R1), R3
	MOVBU 9(R1), R4
	ORR   R4<<32, R3, R3
	UBFX  $0, R2, $10, R7
	UBFX  $10, R2, $10, R8
	UBFX  $20, R2, $10, R9
	UBFX  $30, R2, $10, R10
	UBFX  $0, R3, $10, R11
	UBFX  $10, R3, $10, R12
	UBFX  $20, R3, $10, R13
	UBFX  $30, R3, $10, R14
	STORE8
	ADD   $10, R1
	ADD   $32, R0
	SUBS  $1, R6, R6
	BNE   unpack
	RET
