//go:build amd64 && !purego

#include "textflag.h"

// func packW1_32AMD64(b *[128]byte, p *Poly)
// func packW1_88AMD64(b *[192]byte, p *Poly)
//
// The spec's w₁ encodings on eight coefficients per iteration (4 bytes
// for 4-bit fields, 6 for 6-bit ones), in general-purpose registers: each
// field p[i] & m is ORed into AX at its offset, and the group is stored
// with one or two moves. Addresses depend on the loop counter only.
//
// Registers: DI = b, SI = p, CX counts iterations, AX the group, DX the
// field.

// W1FIELD ORs (off(SI) & m) << sh into AX (64 bits).
#define W1FIELD(off, m, sh) \
	MOVL off(SI), DX; \
	ANDL $m, DX; \
	SHLQ $sh, DX; \
	ORQ  DX, AX

TEXT ·packW1_32AMD64(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ $32, CX

pack32:
	MOVL 0(SI), AX
	ANDL $15, AX
	W1FIELD(4, 15, 4)
	W1FIELD(8, 15, 8)
	W1FIELD(12, 15, 12)
	W1FIELD(16, 15, 16)
	W1FIELD(20, 15, 20)
	W1FIELD(24, 15, 24)
	W1FIELD(28, 15, 28)
	MOVL AX, (DI)
	ADDQ $32, SI
	ADDQ $4, DI
	DECQ CX
	JNZ  pack32
	RET

TEXT ·packW1_88AMD64(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ $32, CX

pack88:
	MOVL 0(SI), AX
	ANDL $63, AX
	W1FIELD(4, 63, 6)
	W1FIELD(8, 63, 12)
	W1FIELD(12, 63, 18)
	W1FIELD(16, 63, 24)
	W1FIELD(20, 63, 30)
	W1FIELD(24, 63, 36)
	W1FIELD(28, 63, 42)
	MOVL AX, (DI)
	SHRQ $32, AX
	MOVW AX, 4(DI)
	ADDQ $32, SI
	ADDQ $6, DI
	DECQ CX
	JNZ  pack88
	RET
