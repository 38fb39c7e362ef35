//go:build amd64 && !purego

#include "textflag.h"

// func packEta2AMD64(b *[96]byte, p *Poly)
// func unpackEta2AMD64(p *Poly, b *[96]byte)
// func packEta4AMD64(b *[128]byte, p *Poly)
// func unpackEta4AMD64(p *Poly, b *[128]byte)
//
// The spec's η packings on eight coefficients per iteration (3 bytes for
// η = 2, 4 for η = 4), in general-purpose registers: unpacking loads the
// group (a word and a byte for η = 2, so no load passes the end of b),
// takes each field with SHRL and ANDL and subtracts it from η; packing
// computes each field η − p[i] with SUBL and ANDL and ORs it into AX at
// its offset. Addresses depend on the loop counter only.
//
// Registers: DI = output, SI = input, CX counts iterations, AX the group.

TEXT ·unpackEta2AMD64(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ $32, CX

unpackEta2loop:
	MOVWLZX (SI), AX
	MOVBLZX 2(SI), BX
	SHLL $16, BX
	ORL  BX, AX
	MOVL AX, DX
	ANDL $7, DX
	MOVL $2, R8
	SUBL DX, R8
	MOVL R8, 0(DI)
	MOVL AX, DX
	SHRL $3, DX
	ANDL $7, DX
	MOVL $2, R8
	SUBL DX, R8
	MOVL R8, 4(DI)
	MOVL AX, DX
	SHRL $6, DX
	ANDL $7, DX
	MOVL $2, R8
	SUBL DX, R8
	MOVL R8, 8(DI)
	MOVL AX, DX
	SHRL $9, DX
	ANDL $7, DX
	MOVL $2, R8
	SUBL DX, R8
	MOVL R8, 12(DI)
	MOVL AX, DX
	SHRL $12, DX
	ANDL $7, DX
	MOVL $2, R8
	SUBL DX, R8
	MOVL R8, 16(DI)
	MOVL AX, DX
	SHRL $15, DX
	ANDL $7, DX
	MOVL $2, R8
	SUBL DX, R8
	MOVL R8, 20(DI)
	MOVL AX, DX
	SHRL $18, DX
	ANDL $7, DX
	MOVL $2, R8
	SUBL DX, R8
	MOVL R8, 24(DI)
	MOVL AX, DX
	SHRL $21, DX
	ANDL $7, DX
	MOVL $2, R8
	SUBL DX, R8
	MOVL R8, 28(DI)
	ADDQ $3, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  unpackEta2loop
	RET

TEXT ·packEta2AMD64(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ $32, CX

packEta2loop:
	MOVL $2, AX
	SUBL 0(SI), AX
	ANDL $7, AX
	MOVL $2, DX
	SUBL 4(SI), DX
	ANDL $7, DX
	SHLL $3, DX
	ORL  DX, AX
	MOVL $2, DX
	SUBL 8(SI), DX
	ANDL $7, DX
	SHLL $6, DX
	ORL  DX, AX
	MOVL $2, DX
	SUBL 12(SI), DX
	ANDL $7, DX
	SHLL $9, DX
	ORL  DX, AX
	MOVL $2, DX
	SUBL 16(SI), DX
	ANDL $7, DX
	SHLL $12, DX
	ORL  DX, AX
	MOVL $2, DX
	SUBL 20(SI), DX
	ANDL $7, DX
	SHLL $15, DX
	ORL  DX, AX
	MOVL $2, DX
	SUBL 24(SI), DX
	ANDL $7, DX
	SHLL $18, DX
	ORL  DX, AX
	MOVL $2, DX
	SUBL 28(SI), DX
	ANDL $7, DX
	SHLL $21, DX
	ORL  DX, AX
	MOVW AX, (DI)
	SHRL $16, AX
	MOVB AX, 2(DI)
	ADDQ $32, SI
	ADDQ $3, DI
	DECQ CX
	JNZ  packEta2loop
	RET

TEXT ·unpackEta4AMD64(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ $32, CX

unpackEta4loop:
	MOVL (SI), AX
	MOVL AX, DX
	ANDL $15, DX
	MOVL $4, R8
	SUBL DX, R8
	MOVL R8, 0(DI)
	MOVL AX, DX
	SHRL $4, DX
	ANDL $15, DX
	MOVL $4, R8
	SUBL DX, R8
	MOVL R8, 4(DI)
	MOVL AX, DX
	SHRL $8, DX
	ANDL $15, DX
	MOVL $4, R8
	SUBL DX, R8
	MOVL R8, 8(DI)
	MOVL AX, DX
	SHRL $12, DX
	ANDL $15, DX
	MOVL $4, R8
	SUBL DX, R8
	MOVL R8, 12(DI)
	MOVL AX, DX
	SHRL $16, DX
	ANDL $15, DX
	MOVL $4, R8
	SUBL DX, R8
	MOVL R8, 16(DI)
	MOVL AX, DX
	SHRL $20, DX
	ANDL $15, DX
	MOVL $4, R8
	SUBL DX, R8
	MOVL R8, 20(DI)
	MOVL AX, DX
	SHRL $24, DX
	ANDL $15, DX
	MOVL $4, R8
	SUBL DX, R8
	MOVL R8, 24(DI)
	MOVL AX, DX
	SHRL $28, DX
	ANDL $15, DX
	MOVL $4, R8
	SUBL DX, R8
	MOVL R8, 28(DI)
	ADDQ $4, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  unpackEta4loop
	RET

TEXT ·packEta4AMD64(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ $32, CX

packEta4loop:
	MOVL $4, AX
	SUBL 0(SI), AX
	ANDL $15, AX
	MOVL $4, DX
	SUBL 4(SI), DX
	ANDL $15, DX
	SHLL $4, DX
	ORL  DX, AX
	MOVL $4, DX
	SUBL 8(SI), DX
	ANDL $15, DX
	SHLL $8, DX
	ORL  DX, AX
	MOVL $4, DX
	SUBL 12(SI), DX
	ANDL $15, DX
	SHLL $12, DX
	ORL  DX, AX
	MOVL $4, DX
	SUBL 16(SI), DX
	ANDL $15, DX
	SHLL $16, DX
	ORL  DX, AX
	MOVL $4, DX
	SUBL 20(SI), DX
	ANDL $15, DX
	SHLL $20, DX
	ORL  DX, AX
	MOVL $4, DX
	SUBL 24(SI), DX
	ANDL $15, DX
	SHLL $24, DX
	ORL  DX, AX
	MOVL $4, DX
	SUBL 28(SI), DX
	ANDL $15, DX
	SHLL $28, DX
	ORL  DX, AX
	MOVL AX, (DI)
	ADDQ $32, SI
	ADDQ $4, DI
	DECQ CX
	JNZ  packEta4loop
	RET
