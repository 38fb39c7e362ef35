//go:build amd64 && !purego

#include "textflag.h"

// func packZ17AMD64(b *[576]byte, p *Poly)
// func packZ19AMD64(b *[640]byte, p *Poly)
//
// The spec's z packings on four coefficients per iteration (9 bytes for
// 18-bit fields, 10 for 20-bit ones), in general-purpose registers: each
// field (γ₁ − p[i]) & m is computed with SUBL and ANDL and ORed into AX
// at its offset; the bits of the last field beyond bit 63 go to BX. The
// group is stored as 8 bytes and 1 or 2. Addresses depend on the loop
// counter only.
//
// Registers: DI = b, SI = p, CX counts iterations, AX bits 0…63 of the
// group, BX the rest, DX the field.

// ZFIELD sets DX = (g − off(SI)) & m, zero-extended.
#define ZFIELD(g, m, off) \
	MOVL $g, DX; \
	SUBL off(SI), DX; \
	ANDL $m, DX

// ZOR ORs DX << sh into AX.
#define ZOR(sh) \
	SHLQ $sh, DX; \
	ORQ  DX, AX

TEXT ·packZ17AMD64(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ $64, CX

pack17:
	ZFIELD(0x20000, 0x3FFFF, 0)
	MOVQ DX, AX
	ZFIELD(0x20000, 0x3FFFF, 4)
	ZOR(18)
	ZFIELD(0x20000, 0x3FFFF, 8)
	ZOR(36)
	ZFIELD(0x20000, 0x3FFFF, 12)
	MOVQ DX, BX
	SHRQ $10, BX
	ZOR(54)
	MOVQ AX, (DI)
	MOVB BX, 8(DI)
	ADDQ $16, SI
	ADDQ $9, DI
	DECQ CX
	JNZ  pack17
	RET

TEXT ·packZ19AMD64(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ $64, CX

pack19:
	ZFIELD(0x80000, 0xFFFFF, 0)
	MOVQ DX, AX
	ZFIELD(0x80000, 0xFFFFF, 4)
	ZOR(20)
	ZFIELD(0x80000, 0xFFFFF, 8)
	ZOR(40)
	ZFIELD(0x80000, 0xFFFFF, 12)
	MOVQ DX, BX
	SHRQ $4, BX
	ZOR(60)
	MOVQ AX, (DI)
	MOVW BX, 8(DI)
	ADDQ $16, SI
	ADDQ $10, DI
	DECQ CX
	JNZ  pack19
	RET
