//go:build amd64 && !purego

#include "textflag.h"
#include "mldsa_amd64.h"

// func invNTTAVX2(p *Poly)
//
// The spec's InvNTT (FIPS 204 Algorithm 42 with Montgomery products, then
// the factor 256⁻¹·2⁶⁴) on eight coefficients per register, with the same
// butterflies in the same order for each coefficient, so the result is the
// spec's bit for bit on every input.
//
// First loop (4 iterations, j = 0…3): the layers with len 1, 2, 4, 8 and 16
// on the 64 coefficients 64j … 64j+63 in Y0…Y7. For len 1, 2 and 4 the
// partners share a register, so each pair of registers a (coefficients
// c…c+7) and b (c+16…c+23) is regrouped; with a coefficient's offset in the
// pair written 16·r + 4·b2 + 2·b1 + b0 and a doubleword's position
// 4·L2 + 2·L1 + L0, X holding the butterflies' first and Y their second
// coefficients:
//
//	VPERMD (on load)          a, b with L2 = b0, L1 = b1, L0 = b2
//	VPERM2I128 $0x20/$0x31    X, Y by b0; L2 = r, L1 = b1, L0 = b2   len 1
//	VPUNPCK{L,H}DQ            X, Y by b1; L2 = r, L1 = b2, L0 = b0   len 2
//	VPUNPCK{L,H}QDQ           X, Y by b2; L2 = r, L1 = b1, L0 = b0   len 4
//
// Then X = [a[0:4], b[0:4]] and Y = [a[4:8], b[4:8]]: every 128-bit half
// holds four consecutive coefficients. The pair c…c+7 / c+16…c+23 and the
// pair c+8…c+15 / c+24…c+31 line up for len 8 (their X with X, Y with Y);
// VPERM2I128 then rebuilds the four natural registers for len 16.
//
// Second loop (4 iterations, i = 0…3): len 32, 64 and 128 on the eight
// registers of coefficients 8i + 32k (k = 0…7), then MontMul by 256⁻¹·2⁶⁴
// of every coefficient.
//
// The factors are vectors and scalars of ·invNTTZetas, made by
// gen_tables.go for exactly these positions; q in every lane is read from
// ·nttZetas. DI walks p, SI the table, CX counts iterations; all addresses
// depend on the counters only.

// The len 1, 2 and 4 steps for two register pairs at once, (a, b) with
// scratch r, T and factors at z(SI), and (c, d) with s, U, w(SI). The
// registers holding X and Y: r, b (len 1); a, b (len 2); r, b (len 4).
#define I1(a, b, r, T, z, c, d, s, U, w) \
	VPERM2I128 $0x20, b, a, r; \
	VPERM2I128 $0x20, d, c, s; \
	VPERM2I128 $0x31, b, a, b; \
	VPERM2I128 $0x31, d, c, d; \
	GS2(r, b, z(SI), z+32(SI), z+64(SI), z+96(SI), a, T, s, d, w(SI), w+32(SI), w+64(SI), w+96(SI), c, U, (R8))

#define I2(a, b, r, T, z, c, d, s, U, w) \
	VPUNPCKLDQ b, r, a; \
	VPUNPCKLDQ d, s, c; \
	VPUNPCKHDQ b, r, b; \
	VPUNPCKHDQ d, s, d; \
	GS2(a, b, z+128(SI), z+160(SI), z+192(SI), z+224(SI), r, T, c, d, w+128(SI), w+160(SI), w+192(SI), w+224(SI), s, U, (R8))

#define I4(a, b, r, T, z, c, d, s, U, w) \
	VPUNPCKLQDQ b, a, r; \
	VPUNPCKLQDQ d, c, s; \
	VPUNPCKHQDQ b, a, b; \
	VPUNPCKHQDQ d, c, d; \
	GS2(r, b, z+256(SI), z+288(SI), z+256(SI), z+288(SI), a, T, s, d, w+256(SI), w+288(SI), w+256(SI), w+288(SI), c, U, (R8))

// GSV is GS2 on (x, y) and (a, b), both with the vector entry at z(SI),
// scratch t0, t1 and u0, u1.
#define GSV(x, y, a, b, z, t0, t1, u0, u1) \
	GS2(x, y, z(SI), z+32(SI), z(SI), z+32(SI), t0, t1, a, b, z(SI), z+32(SI), z(SI), z+32(SI), u0, u1, (R8))

// GSB is GS2 on (x, y), factor in Y12, Y13, and (a, b), factor in Y14, Y15,
// scratch Y8…Y11.
#define GSB(x, y, a, b) \
	GS2(x, y, Y12, Y13, Y12, Y13, Y8, Y9, a, b, Y14, Y15, Y14, Y15, Y10, Y11, (R8))

// FIN multiplies x and y by the factor in Y12, Y13 and stores the products
// at ox(DI) and oy(DI).
#define FIN(x, y, ox, oy) \
	MONT2(x, Y12, Y13, Y12, Y13, Y8, Y9, y, Y12, Y13, Y12, Y13, Y10, Y11, (R8)); \
	VMOVDQU Y8, ox(DI); \
	VMOVDQU Y10, oy(DI)

TEXT ·invNTTAVX2(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	LEAQ ·nttZetas(SB), R8
	LEAQ ·invNTTZetas(SB), R9
	LEAQ 32(R9), SI
	MOVQ $4, CX

len1to16:
	VMOVDQU (R9), Y8
	VPERMD  0(DI), Y8, Y0
	VPERMD  32(DI), Y8, Y1
	VPERMD  64(DI), Y8, Y2
	VPERMD  96(DI), Y8, Y3
	VPERMD  128(DI), Y8, Y4
	VPERMD  160(DI), Y8, Y5
	VPERMD  192(DI), Y8, Y6
	VPERMD  224(DI), Y8, Y7

	// len 1, 2, 4 on the pairs (Y0, Y2), (Y1, Y3), (Y4, Y6), (Y5, Y7).
	I1(Y0, Y2, Y8, Y9, 0, Y1, Y3, Y10, Y11, 320)
	I1(Y4, Y6, Y12, Y13, 640, Y5, Y7, Y14, Y15, 960)
	I2(Y0, Y2, Y8, Y9, 0, Y1, Y3, Y10, Y11, 320)
	I2(Y4, Y6, Y12, Y13, 640, Y5, Y7, Y14, Y15, 960)
	I4(Y0, Y2, Y8, Y9, 0, Y1, Y3, Y10, Y11, 320)
	I4(Y4, Y6, Y12, Y13, 640, Y5, Y7, Y14, Y15, 960)

	// len 8: X of the first pair with X of the second, Y with Y.
	GSV(Y8, Y10, Y2, Y3, 1280, Y0, Y9, Y1, Y11)
	GSV(Y12, Y14, Y6, Y7, 1344, Y4, Y13, Y5, Y15)

	// len 16: back to natural registers, one factor for each 32
	// coefficients.
	VPERM2I128 $0x20, Y2, Y8, Y0
	VPERM2I128 $0x31, Y2, Y8, Y2
	VPERM2I128 $0x20, Y3, Y10, Y1
	VPERM2I128 $0x31, Y3, Y10, Y3
	VPERM2I128 $0x20, Y6, Y12, Y4
	VPERM2I128 $0x31, Y6, Y12, Y6
	VPERM2I128 $0x20, Y7, Y14, Y5
	VPERM2I128 $0x31, Y7, Y14, Y7
	ZETAS(1408, 1408)
	GSB(Y0, Y2, Y1, Y3)
	ZETAS(1416, 1416)
	GSB(Y4, Y6, Y5, Y7)

	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VMOVDQU Y4, 128(DI)
	VMOVDQU Y5, 160(DI)
	VMOVDQU Y6, 192(DI)
	VMOVDQU Y7, 224(DI)
	ADDQ    $256, DI
	ADDQ    $1472, SI
	SUBQ    $1, CX
	JNE     len1to16

	MOVQ p+0(FP), DI
	MOVQ $4, CX

len32to128:
	VMOVDQU 0(DI), Y0
	VMOVDQU 128(DI), Y1
	VMOVDQU 256(DI), Y2
	VMOVDQU 384(DI), Y3
	VMOVDQU 512(DI), Y4
	VMOVDQU 640(DI), Y5
	VMOVDQU 768(DI), Y6
	VMOVDQU 896(DI), Y7

	// len 32: one factor for each 64 coefficients.
	ZETAS(0, 8)
	GSB(Y0, Y1, Y2, Y3)
	ZETAS(16, 24)
	GSB(Y4, Y5, Y6, Y7)

	// len 64: one factor for each 128 coefficients.
	ZETAS(32, 32)
	GSB(Y0, Y2, Y1, Y3)
	ZETAS(40, 40)
	GSB(Y4, Y6, Y5, Y7)

	// len 128.
	ZETAS(48, 48)
	GSB(Y0, Y4, Y1, Y5)
	GSB(Y2, Y6, Y3, Y7)

	// The factor 256⁻¹·2⁶⁴ mod± q.
	ZETAS(56, 56)
	FIN(Y0, Y1, 0, 128)
	FIN(Y2, Y3, 256, 384)
	FIN(Y4, Y5, 512, 640)
	FIN(Y6, Y7, 768, 896)

	ADDQ $32, DI
	SUBQ $1, CX
	JNE  len32to128

	VZEROUPPER
	RET
