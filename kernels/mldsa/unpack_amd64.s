//go:build amd64 && !purego

#include "textflag.h"

// func unpackZ17AVX2(p *Poly, b *[576]byte)
// func unpackZ19AVX2(p *Poly, b *[640]byte)
//
// The spec's UnpackZ17 and UnpackZ19 (γ₁ minus each 18- or 20-bit field
// of b) on eight coefficients per iteration. The two 128-bit lanes of Y0
// are loaded from b at the iteration's offset and a few bytes further
// (so that no load passes the end of b), VPSHUFB gathers the three bytes
// of each field into its doubleword (zeros above), VPSRLD and VPBLENDD
// shift each by its field's offset within its first byte, VPAND keeps the
// field and VPSUBD subtracts it from γ₁. Addresses depend on the loop
// counter only. The shuffle table is loaded through LEAQ: a RIP-relative
// VEX operand would disassemble, and enter the proof record's hash, as a
// displacement that moves with the binary's layout.

// Byte indices for VPSHUFB (0x80: zero), per 128-bit lane.
DATA unpackZ19Shuf<>+0x00(SB)/8, $0x8004030280020100
DATA unpackZ19Shuf<>+0x08(SB)/8, $0x8009080780070605
DATA unpackZ19Shuf<>+0x10(SB)/8, $0x800a090880080706
DATA unpackZ19Shuf<>+0x18(SB)/8, $0x800f0e0d800d0c0b
GLOBL unpackZ19Shuf<>(SB), RODATA|NOPTR, $32

DATA unpackZ17Shuf<>+0x00(SB)/8, $0x8004030280020100
DATA unpackZ17Shuf<>+0x08(SB)/8, $0x8008070680060504
DATA unpackZ17Shuf<>+0x10(SB)/8, $0x800b0a0980090807
DATA unpackZ17Shuf<>+0x18(SB)/8, $0x800f0e0d800d0c0b
GLOBL unpackZ17Shuf<>(SB), RODATA|NOPTR, $32

// Registers: DI = p, SI = b, CX counts iterations, Y15 = shuffle, Y14 =
// field mask, Y13 = γ₁.
TEXT ·unpackZ19AVX2(SB), NOSPLIT, $0-16
	MOVQ    p+0(FP), DI
	MOVQ    b+8(FP), SI
	LEAQ    unpackZ19Shuf<>(SB), AX
	VMOVDQU (AX), Y15
	MOVL    $0xFFFFF, AX
	VMOVD   AX, X14
	VPBROADCASTD X14, Y14
	MOVL    $0x80000, AX
	VMOVD   AX, X13
	VPBROADCASTD X13, Y13
	MOVQ    $32, CX

loop19:
	VMOVDQU     (SI), X0
	VINSERTI128 $1, 4(SI), Y0, Y0
	VPSHUFB     Y15, Y0, Y0
	VPSRLD      $4, Y0, Y1
	VPBLENDD    $0xAA, Y1, Y0, Y0
	VPAND       Y14, Y0, Y0
	VPSUBD      Y0, Y13, Y0
	VMOVDQU     Y0, (DI)
	ADDQ        $20, SI
	ADDQ        $32, DI
	DECQ        CX
	JNZ         loop19
	VZEROUPPER
	RET

TEXT ·unpackZ17AVX2(SB), NOSPLIT, $0-16
	MOVQ    p+0(FP), DI
	MOVQ    b+8(FP), SI
	LEAQ    unpackZ17Shuf<>(SB), AX
	VMOVDQU (AX), Y15
	MOVL    $0x3FFFF, AX
	VMOVD   AX, X14
	VPBROADCASTD X14, Y14
	MOVL    $0x20000, AX
	VMOVD   AX, X13
	VPBROADCASTD X13, Y13
	MOVQ    $32, CX

loop17:
	VMOVDQU     (SI), X0
	VINSERTI128 $1, 2(SI), Y0, Y0
	VPSHUFB     Y15, Y0, Y0
	VPSRLD      $2, Y0, Y1
	VPSRLD      $4, Y0, Y2
	VPSRLD      $6, Y0, Y3
	VPBLENDD    $0x22, Y1, Y0, Y0
	VPBLENDD    $0x44, Y2, Y0, Y0
	VPBLENDD    $0x88, Y3, Y0, Y0
	VPAND       Y14, Y0, Y0
	VPSUBD      Y0, Y13, Y0
	VMOVDQU     Y0, (DI)
	ADDQ        $18, SI
	ADDQ        $32, DI
	DECQ        CX
	JNZ         loop17
	VZEROUPPER
	RET
