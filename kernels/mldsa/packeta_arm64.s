//go:build arm64 && !purego

#include "textflag.h"
#include "mldsa_arm64.h"

// func packEta2ARM64(b *[96]byte, p *Poly)
// func unpackEta2ARM64(p *Poly, b *[96]byte)
// func packEta4ARM64(b *[128]byte, p *Poly)
// func unpackEta4ARM64(p *Poly, b *[128]byte)
//
// The spec's η packings on eight coefficients per iteration (3 bytes for
// η = 2, 4 for η = 4): unpacking loads the group (a halfword and a byte
// for η = 2, so no load passes the end of b), takes each field with UBFX
// and subtracts it from η with SUBW; packing computes each field η − p[i]
// with SUBW and ANDW and gathers them with shifted ORRs. Addresses depend
// on the loop counter only.
//
// Registers: R0 = output, R1 = input, R5 = η, R6 counts iterations, R2
// the group, R7…R14 the fields.

TEXT ·unpackEta2ARM64(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD b+8(FP), R1
	MOVW $2, R5
	MOVD $32, R6

unpackEta2loop:
	MOVHU (R1), R2
	MOVBU 2(R1), R3
	ORR  R3<<16, R2, R2
	UBFX $0, R2, $3, R7
	UBFX $3, R2, $3, R8
	UBFX $6, R2, $3, R9
	UBFX $9, R2, $3, R10
	UBFX $12, R2, $3, R11
	UBFX $15, R2, $3, R12
	UBFX $18, R2, $3, R13
	UBFX $21, R2, $3, R14
	FROMBASE8
	STORE8
	ADD  $3, R1
	ADD  $32, R0
	SUBS $1, R6, R6
	BNE  unpackEta2loop
	RET

TEXT ·packEta2ARM64(SB), NOSPLIT, $0-16
	MOVD b+0(FP), R0
	MOVD p+8(FP), R1
	MOVW $2, R5
	MOVD $32, R6

packEta2loop:
	LOAD8
	FROMBASE8
	MASK8(7)
	ORR  R8<<3, R7, R2
	ORR  R9<<6, R2, R2
	ORR  R10<<9, R2, R2
	ORR  R11<<12, R2, R2
	ORR  R12<<15, R2, R2
	ORR  R13<<18, R2, R2
	ORR  R14<<21, R2, R2
	MOVH R2, (R0)
	LSR  $16, R2, R2
	MOVB R2, 2(R0)
	ADD  $32, R1
	ADD  $3, R0
	SUBS $1, R6, R6
	BNE  packEta2loop
	RET

TEXT ·unpackEta4ARM64(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD b+8(FP), R1
	MOVW $4, R5
	MOVD $32, R6

unpackEta4loop:
	MOVWU (R1), R2
	UBFX $0, R2, $4, R7
	UBFX $4, R2, $4, R8
	UBFX $8, R2, $4, R9
	UBFX $12, R2, $4, R10
	UBFX $16, R2, $4, R11
	UBFX $20, R2, $4, R12
	UBFX $24, R2, $4, R13
	UBFX $28, R2, $4, R14
	FROMBASE8
	STORE8
	ADD  $4, R1
	ADD  $32, R0
	SUBS $1, R6, R6
	BNE  unpackEta4loop
	RET

TEXT ·packEta4ARM64(SB), NOSPLIT, $0-16
	MOVD b+0(FP), R0
	MOVD p+8(FP), R1
	MOVW $4, R5
	MOVD $32, R6

packEta4loop:
	LOAD8
	FROMBASE8
	MASK8(15)
	PACK4x8
	SUBS $1, R6, R6
	BNE  packEta4loop
	RET
