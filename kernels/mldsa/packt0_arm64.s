//go:build arm64 && !purego

#include "textflag.h"
#include "mldsa_arm64.h"

// func packT0ARM64(b *[416]byte, p *Poly)
// func unpackT0ARM64(p *Poly, b *[416]byte)
//
// The spec's PackT0 and UnpackT0 on eight coefficients (13 bytes) per
// iteration. Unpacking reads the group as two overlapping 64-bit loads,
// bytes 0…7 and 5…12 (no load passes the end of b), takes each field
// with UBFX and subtracts it from 2¹² with SUBW; packing computes each
// field with SUBW and ANDW, gathers bits 0…63 in R2 and 64…103 in R3 with
// shifted ORRs and stores 8, 4 and 1 bytes. Addresses depend on the loop
// counter only.
//
// Registers: R0 = p or b (output), R1 = b or p (input), R5 = 2¹², R6
// counts iterations, R7…R14 the fields.

TEXT ·unpackT0ARM64(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD b+8(FP), R1
	MOVW $0x1000, R5
	MOVD $32, R6

unpack:
	MOVD (R1), R2
	MOVD 5(R1), R3
	UBFX $0, R2, $13, R7
	UBFX $13, R2, $13, R8
	UBFX $26, R2, $13, R9
	UBFX $39, R2, $13, R10
	UBFX $12, R3, $13, R11
	UBFX $25, R3, $13, R12
	UBFX $38, R3, $13, R13
	LSR  $51, R3, R14
	FROMBASE8
	STORE8
	ADD  $13, R1
	ADD  $32, R0
	SUBS $1, R6, R6
	BNE  unpack
	RET

TEXT ·packT0ARM64(SB), NOSPLIT, $0-16
	MOVD b+0(FP), R0
	MOVD p+8(FP), R1
	MOVW $0x1000, R5
	MOVD $32, R6

pack:
	LOAD8
	FROMBASE8
	MASK8(0x1FFF)
	ORR  R8<<13, R7, R2
	ORR  R9<<26, R2, R2
	ORR  R10<<39, R2, R2
	ORR  R11<<52, R2, R2
	LSR  $12, R11, R3
	ORR  R12<<1, R3, R3
	ORR  R13<<14, R3, R3
	ORR  R14<<27, R3, R3
	MOVD R2, (R0)
	MOVW R3, 8(R0)
	LSR  $32, R3, R3
	MOVB R3, 12(R0)
	ADD  $32, R1
	ADD  $13, R0
	SUBS $1, R6, R6
	BNE  pack
	RET
