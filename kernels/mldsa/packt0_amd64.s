//go:build amd64 && !purego

#include "textflag.h"

// func packT0AMD64(b *[416]byte, p *Poly)
// func unpackT0AMD64(p *Poly, b *[416]byte)
//
// The spec's PackT0 and UnpackT0 on eight coefficients (13 bytes) per
// iteration, in general-purpose registers. Unpacking reads the group as
// two overlapping 64-bit loads, bytes 0…7 and 5…12 (so no load passes the
// end of b), and takes each field with SHRQ and ANDL; packing computes
// each field with SUBL and ANDL, gathers bits 0…63 in AX and 64…103 in BX
// and stores 8, 4 and 1 bytes. Addresses depend on the loop counter only.

// UNPACK1 stores 2¹² − ((src >> sh) & 0x1FFF) at off(DI).
#define UNPACK1(src, sh, off) \
	MOVQ src, DX       \
	SHRQ $sh, DX       \
	ANDL $0x1FFF, DX   \
	MOVL $0x1000, R8   \
	SUBL DX, R8        \
	MOVL R8, off(DI)

// Registers: DI = p, SI = b, CX counts iterations, AX and BX the loads.
TEXT ·unpackT0AMD64(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ $32, CX

unpack:
	MOVQ (SI), AX
	MOVQ 5(SI), BX
	UNPACK1(AX, 0, 0)
	UNPACK1(AX, 13, 4)
	UNPACK1(AX, 26, 8)
	UNPACK1(AX, 39, 12)
	UNPACK1(BX, 12, 16)
	UNPACK1(BX, 25, 20)
	UNPACK1(BX, 38, 24)
	UNPACK1(BX, 51, 28)
	ADDQ $13, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  unpack
	RET

// FIELD sets DX = (2¹² − off(SI)) & 0x1FFF, zero-extended.
#define FIELD(off) \
	MOVL $0x1000, DX   \
	SUBL off(SI), DX   \
	ANDL $0x1FFF, DX

// Registers: DI = b, SI = p, CX counts iterations, AX = bits 0…63 of the
// group, BX = bits 64…103.
TEXT ·packT0AMD64(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ $32, CX

pack:
	FIELD(0)
	MOVQ DX, AX
	FIELD(4)
	SHLQ $13, DX
	ORQ  DX, AX
	FIELD(8)
	SHLQ $26, DX
	ORQ  DX, AX
	FIELD(12)
	SHLQ $39, DX
	ORQ  DX, AX
	FIELD(16)
	MOVQ DX, BX
	SHRQ $12, BX
	SHLQ $52, DX
	ORQ  DX, AX
	FIELD(20)
	SHLQ $1, DX
	ORQ  DX, BX
	FIELD(24)
	SHLQ $14, DX
	ORQ  DX, BX
	FIELD(28)
	SHLQ $27, DX
	ORQ  DX, BX
	MOVQ AX, (DI)
	MOVL BX, 8(DI)
	SHRQ $32, BX
	MOVB BX, 12(DI)
	ADDQ $32, SI
	ADDQ $13, DI
	DECQ CX
	JNZ  pack
	RET
