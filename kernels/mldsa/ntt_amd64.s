//go:build amd64 && !purego

#include "textflag.h"
#include "mldsa_amd64.h"

// func nttAVX2(p *Poly)
//
// The spec's NTT (FIPS 204 Algorithm 41) on eight coefficients per register,
// with the same butterflies in the same order for each coefficient, so the
// result is the spec's bit for bit on every input.
//
// First loop (4 iterations, i = 0…3): layers 1 to 3 (len 128, 64, 32) on the
// eight registers of coefficients 8i + 32k (k = 0…7); every butterfly of a
// layer has its partner in another register at the same lane, and the eight
// lanes of a register share the factor (broadcast).
//
// Second loop (4 iterations, j = 0…3): layers 4 to 8 on the 64 coefficients
// 64j … 64j+63 in Y0…Y7. Layers 4 and 5 (len 16, 8) pair registers. For
// layers 6 to 8 (len 4, 2, 1) the partners are in the same register, so each
// pair of registers (a = coefficients c…c+7, b = c+8…c+15) is regrouped
// so that the partners are at the same lane of two registers X and Y. Writing
// a coefficient's offset in the pair as 8·r + 4·b2 + 2·b1 + b0, and the
// position of a doubleword in a register as 4·L2 + 2·L1 + L0, X holds the
// coefficients with the butterfly's bit 0, Y those with bit 1, and:
//
//	VPERM2I128 $0x20/$0x31   X, Y by b2; L2 = r, L1 = b1, L0 = b0   layer 6
//	VPUNPCK{L,H}DQ           X, Y by b1; L2 = r, L1 = b0, L0 = b2   layer 7
//	VPUNPCK{L,H}DQ           X, Y by b0; L2 = r, L1 = b2, L0 = b1   layer 8
//	VPUNPCK{L,H}DQ           X, Y by b2; L2 = r, L1 = b1, L0 = b0
//
// (each VPUNPCK{L,H}DQ moves L0 to L1, L1 to the register choice and that to
// L0). After the last one, each 128-bit half holds four consecutive
// coefficients in order, and the four halves are stored where they belong
// (VMOVDQU of the XMM half, VEXTRACTI128 to memory). The factors of layers 6
// to 8 differ between lanes: they are vectors of ·nttZetas, made by
// gen_tables.go for exactly these positions. The four register pairs run
// two at a time, interleaved, so that independent work is close by.
//
// Per butterfly vector (8 butterflies): 6 VPMULDQ, 2 VPSHUFD, 1 VPBLENDD,
// 2 VPSUBQ, 1 VPADDD, 1 VPSUBD; layers 6 to 8 add 8 shuffles per register
// pair. 2054 instructions are executed, 768 of them VPMULDQ.
//
// Registers: first loop Y0…Y7 data, Y8…Y11 scratch, Y15 = q; second loop
// Y0…Y7 data; Y8…Y11 scratch and Y12…Y15 broadcast factors in layers 4
// and 5; in layers 6 to 8 Y8…Y15 scratch, two per register pair, and q is
// read from memory (R8). DI walks p, SI the table, CX counts iterations;
// all addresses depend on the counters only.

// Layers 6 to 8 of one register pair (a, b) go through the states above
// with the registers X, Y = r, b; a, b; r, b; a, b, and scratch T; the
// register not holding X is scratch too. The macros below do one step for
// two pairs, (a, b, r, T, factors at z(SI)) and (c, d, s, U, at w(SI)).

// P6 regroups by b2 (VPERM2I128) and runs layer 6.
#define P6(a, b, r, T, z, c, d, s, U, w) \
	VPERM2I128 $0x20, b, a, r; \
	VPERM2I128 $0x20, d, c, s; \
	VPERM2I128 $0x31, b, a, b; \
	VPERM2I128 $0x31, d, c, d; \
	CT2(r, b, z(SI), z+32(SI), z(SI), z+32(SI), a, T, s, d, w(SI), w+32(SI), w(SI), w+32(SI), c, U, (R8))

// P7 regroups by b1 (VPUNPCK{L,H}DQ) and runs layer 7.
#define P7(a, b, r, T, z, c, d, s, U, w) \
	VPUNPCKLDQ b, r, a; \
	VPUNPCKLDQ d, s, c; \
	VPUNPCKHDQ b, r, b; \
	VPUNPCKHDQ d, s, d; \
	CT2(a, b, z+64(SI), z+96(SI), z+128(SI), z+160(SI), r, T, c, d, w+64(SI), w+96(SI), w+128(SI), w+160(SI), s, U, (R8))

// P8 regroups by b0 and runs layer 8.
#define P8(a, b, r, T, z, c, d, s, U, w) \
	VPUNPCKLDQ b, a, r; \
	VPUNPCKLDQ d, c, s; \
	VPUNPCKHDQ b, a, b; \
	VPUNPCKHDQ d, c, d; \
	CT2(r, b, z+192(SI), z+224(SI), z+256(SI), z+288(SI), a, T, s, d, w+192(SI), w+224(SI), w+256(SI), w+288(SI), c, U, (R8))

// PST regroups by b2 again and stores the four 128-bit halves of the pair
// (a, b), coefficients at oa(DI) and ob(DI); xa, xb are the XMM halves.
#define PST(a, b, r, xa, xb, oa, ob) \
	VPUNPCKLDQ b, r, a; \
	VPUNPCKHDQ b, r, b; \
	VMOVDQU     xa, oa(DI); \
	VMOVDQU     xb, oa+16(DI); \
	VEXTRACTI128 $1, a, ob(DI); \
	VEXTRACTI128 $1, b, ob+16(DI)

// CTM is CT2 on (x, y) and (a, b) with the factors in vector entries at
// z(SI) and w(SI), scratch Y8…Y11.
#define CTM(x, y, z, a, b, w) \
	CT2(x, y, z(SI), z+32(SI), z(SI), z+32(SI), Y8, Y9, a, b, w(SI), w+32(SI), w(SI), w+32(SI), Y10, Y11, Y15)

// CTB is CT2 on (x, y), factor in Y12, Y13, and (a, b), factor in Y14, Y15,
// scratch Y8…Y11.
#define CTB(x, y, a, b) \
	CT2(x, y, Y12, Y13, Y12, Y13, Y8, Y9, a, b, Y14, Y15, Y14, Y15, Y10, Y11, (R8))

TEXT ·nttAVX2(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	LEAQ ·nttZetas(SB), R8
	LEAQ 32(R8), SI
	VMOVDQU (R8), Y15
	MOVQ $4, CX

layers123:
	VMOVDQU 0(DI), Y0
	VMOVDQU 128(DI), Y1
	VMOVDQU 256(DI), Y2
	VMOVDQU 384(DI), Y3
	VMOVDQU 512(DI), Y4
	VMOVDQU 640(DI), Y5
	VMOVDQU 768(DI), Y6
	VMOVDQU 896(DI), Y7

	// Layer 1: len 128, ζ₁.
	CTM(Y0, Y4, 0, Y2, Y6, 0)
	CTM(Y1, Y5, 0, Y3, Y7, 0)

	// Layer 2: len 64, ζ₂ and ζ₃. Grouped so that each half of layer 3
	// waits for one half of layer 2 only.
	CTM(Y0, Y2, 64, Y1, Y3, 64)
	CTM(Y4, Y6, 128, Y5, Y7, 128)

	// Layer 3: len 32, ζ₄ … ζ₇.
	CTM(Y0, Y1, 192, Y2, Y3, 256)
	CTM(Y4, Y5, 320, Y6, Y7, 384)

	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 128(DI)
	VMOVDQU Y2, 256(DI)
	VMOVDQU Y3, 384(DI)
	VMOVDQU Y4, 512(DI)
	VMOVDQU Y5, 640(DI)
	VMOVDQU Y6, 768(DI)
	VMOVDQU Y7, 896(DI)
	ADDQ    $32, DI
	SUBQ    $1, CX
	JNE     layers123

	MOVQ p+0(FP), DI
	ADDQ $448, SI
	MOVQ $4, CX

layers45678:
	VMOVDQU 0(DI), Y0
	VMOVDQU 32(DI), Y1
	VMOVDQU 64(DI), Y2
	VMOVDQU 96(DI), Y3
	VMOVDQU 128(DI), Y4
	VMOVDQU 160(DI), Y5
	VMOVDQU 192(DI), Y6
	VMOVDQU 224(DI), Y7

	// Layer 4: len 16, one factor for each 32 coefficients.
	ZETAS(0, 0)
	CTB(Y0, Y2, Y1, Y3)
	ZETAS(8, 8)
	CTB(Y4, Y6, Y5, Y7)

	// Layer 5: len 8, one factor for each 16 coefficients.
	ZETAS(16, 24)
	CTB(Y0, Y1, Y2, Y3)
	ZETAS(32, 40)
	CTB(Y4, Y5, Y6, Y7)

	// Layers 6 to 8 on the four register pairs, two at a time interleaved.
	P6(Y0, Y1, Y8, Y9, 64, Y2, Y3, Y10, Y11, 384)
	P6(Y4, Y5, Y12, Y13, 704, Y6, Y7, Y14, Y15, 1024)
	P7(Y0, Y1, Y8, Y9, 64, Y2, Y3, Y10, Y11, 384)
	P7(Y4, Y5, Y12, Y13, 704, Y6, Y7, Y14, Y15, 1024)
	P8(Y0, Y1, Y8, Y9, 64, Y2, Y3, Y10, Y11, 384)
	P8(Y4, Y5, Y12, Y13, 704, Y6, Y7, Y14, Y15, 1024)
	PST(Y0, Y1, Y8, X0, X1, 0, 32)
	PST(Y2, Y3, Y10, X2, X3, 64, 96)
	PST(Y4, Y5, Y12, X4, X5, 128, 160)
	PST(Y6, Y7, Y14, X6, X7, 192, 224)

	ADDQ $256, DI
	ADDQ $1344, SI
	SUBQ $1, CX
	JNE  layers45678

	VZEROUPPER
	RET
