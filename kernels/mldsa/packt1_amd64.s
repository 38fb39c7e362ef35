//go:build amd64 && !purego

#include "textflag.h"

// func packT1AMD64(b *[320]byte, p *Poly)
// func unpackT1AMD64(p *Poly, b *[320]byte)
//
// The spec's t₁ packings on four coefficients (5 bytes) per iteration, in
// general-purpose registers. Packing ORs each field p[i] & 0x3FF into AX
// at its offset and stores 4 bytes and 1; unpacking loads 4 bytes and 1
// (so no load passes the end of b) and takes each field with SHRQ and
// ANDL. Addresses depend on the loop counter only.
//
// Registers: DI = output, SI = input, CX counts iterations, AX the group,
// DX the field.

// T1FIELD ORs (off(SI) & 0x3FF) << sh into AX (64 bits).
#define T1FIELD(off, sh) \
	MOVL off(SI), DX; \
	ANDL $0x3FF, DX; \
	SHLQ $sh, DX; \
	ORQ  DX, AX

TEXT ·packT1AMD64(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ $64, CX

pack:
	MOVL 0(SI), AX
	ANDL $0x3FF, AX
	T1FIELD(4, 10)
	T1FIELD(8, 20)
	T1FIELD(12, 30)
	MOVL AX, (DI)
	SHRQ $32, AX
	MOVB AX, 4(DI)
	ADDQ $16, SI
	ADDQ $5, DI
	DECQ CX
	JNZ  pack
	RET

// T1UNPACK stores (AX >> sh) & 0x3FF at off(DI).
#define T1UNPACK(sh, off) \
	MOVQ AX, DX; \
	SHRQ $sh, DX; \
	ANDL $0x3FF, DX; \
	MOVL DX, off(DI)

TEXT ·unpackT1AMD64(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ $64, CX

unpack:
	MOVL    (SI), AX
	MOVBLZX 4(SI), DX
	SHLQ    $32, DX
	ORQ     DX, AX
	T1UNPACK(0, 0)
	T1UNPACK(10, 4)
	T1UNPACK(20, 8)
	T1UNPACK(30, 12)
	ADDQ $5, SI
	ADDQ $16, DI
	DECQ CX
	JNZ  unpack
	RET
