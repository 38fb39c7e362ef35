//go:build arm64 && !purego

#include "textflag.h"
#include "mldsa_arm64.h"

// func packW1_32ARM64(b *[128]byte, p *Poly)
// func packW1_88ARM64(b *[192]byte, p *Poly)
//
// The spec's w₁ encodings on eight coefficients per iteration (4 bytes
// for 4-bit fields, 6 for 6-bit ones): each field p[i] & m is taken with
// ANDW and gathered in R2 with shifted ORRs. Addresses depend on the loop
// counter only.
//
// Registers: R0 = b, R1 = p, R6 counts iterations, R2 the group, R7…R14
// the fields.

TEXT ·packW1_32ARM64(SB), NOSPLIT, $0-16
	MOVD b+0(FP), R0
	MOVD p+8(FP), R1
	MOVD $32, R6

pack32:
	LOAD8
	MASK8(15)
	PACK4x8
	SUBS $1, R6, R6
	BNE  pack32
	RET

TEXT ·packW1_88ARM64(SB), NOSPLIT, $0-16
	MOVD b+0(FP), R0
	MOVD p+8(FP), R1
	MOVD $32, R6

pack88:
	LOAD8
	MASK8(63)
	ORR  R8<<6, R7, R2
	ORR  R9<<12, R2, R2
	ORR  R10<<18, R2, R2
	ORR  R11<<24, R2, R2
	ORR  R12<<30, R2, R2
	ORR  R13<<36, R2, R2
	ORR  R14<<42, R2, R2
	MOVW R2, (R0)
	LSR  $32, R2, R2
	MOVH R2, 4(R0)
	ADD  $32, R1
	ADD  $6, R0
	SUBS $1, R6, R6
	BNE  pack88
	RET
