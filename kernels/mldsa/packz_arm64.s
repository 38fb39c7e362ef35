//go:build arm64 && !purego

#include "textflag.h"
#include "mldsa_arm64.h"

// func packZ17ARM64(b *[576]byte, p *Poly)
// func packZ19ARM64(b *[640]byte, p *Poly)
//
// The spec's z packings on eight coefficients per iteration, two groups
// of four (9 bytes each for 18-bit fields, 10 for 20-bit ones): each field
// (γ₁ − p[i]) & m is computed with SUBW and ANDW; a group's bits 0…63 are
// gathered in R2 with shifted ORRs and the rest of its last field is
// taken with LSR into R3. Each group is stored as 8 bytes and 1 or 2.
// Addresses depend on the loop counter only.
//
// Registers: R0 = b, R1 = p, R5 = γ₁, R6 counts iterations, R7…R14 the
// fields.

TEXT ·packZ17ARM64(SB), NOSPLIT, $0-16
	MOVD b+0(FP), R0
	MOVD p+8(FP), R1
	MOVW $0x20000, R5
	MOVD $32, R6

pack17:
	LOAD8
	FROMBASE8
	MASK8(0x3FFFF)
	ORR  R8<<18, R7, R2
	ORR  R9<<36, R2, R2
	ORR  R10<<54, R2, R2
	LSR  $10, R10, R3
	MOVD R2, (R0)
	MOVB R3, 8(R0)
	ORR  R12<<18, R11, R2
	ORR  R13<<36, R2, R2
	ORR  R14<<54, R2, R2
	LSR  $10, R14, R3
	MOVD R2, 9(R0)
	MOVB R3, 17(R0)
	ADD  $32, R1
	ADD  $18, R0
	SUBS $1, R6, R6
	BNE  pack17
	RET

TEXT ·packZ19ARM64(SB), NOSPLIT, $0-16
	MOVD b+0(FP), R0
	MOVD p+8(FP), R1
	MOVW $0x80000, R5
	MOVD $32, R6

pack19:
	LOAD8
	FROMBASE8
	MASK8(0xFFFFF)
	ORR  R8<<20, R7, R2
	ORR  R9<<40, R2, R2
	ORR  R10<<60, R2, R2
	LSR  $4, R10, R3
	MOVD R2, (R0)
	MOVH R3, 8(R0)
	ORR  R12<<20, R11, R2
	ORR  R13<<40, R2, R2
	ORR  R14<<60, R2, R2
	LSR  $4, R14, R3
	MOVD R2, 10(R0)
	MOVH R3, 18(R0)
	ADD  $32, R1
	ADD  $20, R0
	SUBS $1, R6, R6
	BNE  pack19
	RET
