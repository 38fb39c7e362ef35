//go:build amd64 && !purego

#include "textflag.h"

// Point arithmetic on edwards25519 four coordinates at a time, in radix
// 2⁵² with AVX-512 IFMA on YMM registers (AVX-512VL), computing
// vg.dev/spec/edwards, whose comment gives the lane layout, the formulas
// and the bounds: doubleIFMA (Double52x4), addCachedIFMA (AddCached52x4),
// subCachedIFMA (SubCached52x4), cachedIFMA (Cached52x4).
//
// Row i of an Element52x4 (byte offset 32·i) is limb i of the four lanes,
// one YMM register. A product round is MUL (the body of
// vg.dev/kernels/fe25519.mul52x4IFMA on registers: the same multiply-adds
// of the same operand pairs, shifts and additions, see its header for the
// rules the prover relies on): A0 … A4 times B0 … B4 into L0 … L4. A
// squaring round is SQR, the spec's sqr52 lane by lane: A0 … A4 squared
// into L0 … L4, each of the ten products aᵢ·aⱼ (i < j) made once and its
// column doubled, then the five squares. Both clobber Y0 … Y25 and Y31.
// Between the rounds lanes move with VPERMQ (and VPBROADCASTQ of lane 0),
// sums and differences are taken under merging masks (K1 … K7), and
// CARRY52 brings every limb below 2⁵² for the next round.
//
// No branch, no flag, no address but constant offsets from the arguments;
// every input is read before the output is written, so the arguments may
// be the same memory.

// Multiplier inputs.
#define A0 Y0
#define A1 Y1
#define A2 Y2
#define A3 Y3
#define A4 Y4
#define B0 Y5
#define B1 Y6
#define B2 Y7
#define B3 Y8
#define B4 Y9

// Column accumulators; L0 … L4 also hold a round's result.
#define L0 Y10
#define L1 Y11
#define L2 Y12
#define L3 Y13
#define L4 Y14
#define L5 Y15
#define L6 Y16
#define L7 Y17
#define L8 Y18
#define L9 Y19
#define H2 Y20
#define H3 Y21
#define H4 Y22
#define H5 Y23
#define H6 Y24
#define H7 Y25
#define H8 Y31

// Constants: the masks of 52 and 47 bits and the rows of 2p, in every lane.
#define M52 Y26
#define M47 Y27
#define P2LO Y28
#define P2MID Y29
#define P2TOP Y30

// Lane sets of the merging masks.
//   K1 = {3}, K2 = {0, 2, 3}, K3 = {0}, K4 = {0, 3}, K5 = {0, 1},
//   K6 = {1}, K7 = {0, 2}.
#define CONSTANTS \
	MOVQ         $0x000fffffffffffff, CX; \
	VPBROADCASTQ CX, M52; \
	MOVQ         $0x00007fffffffffff, CX; \
	VPBROADCASTQ CX, M47; \
	MOVQ         $0x001fffffffffffda, CX; \
	VPBROADCASTQ CX, P2LO; \
	MOVQ         $0x001ffffffffffffe, CX; \
	VPBROADCASTQ CX, P2MID; \
	MOVQ         $0x0000fffffffffffe, CX; \
	VPBROADCASTQ CX, P2TOP; \
	MOVL         $0x08, CX; \
	KMOVW        CX, K1; \
	MOVL         $0x0d, CX; \
	KMOVW        CX, K2; \
	MOVL         $0x01, CX; \
	KMOVW        CX, K3; \
	MOVL         $0x09, CX; \
	KMOVW        CX, K4; \
	MOVL         $0x03, CX; \
	KMOVW        CX, K5; \
	MOVL         $0x02, CX; \
	KMOVW        CX, K6; \
	MOVL         $0x05, CX; \
	KMOVW        CX, K7

// PROD adds x·y: its low 52 bits to lo, its high 52 bits to hi.
#define PROD(x, y, lo, hi) \
	VPMADD52LUQ y, x, lo; \
	VPMADD52HUQ y, x, hi

// FOLD608 adds 608·x = 2⁹·x + 2⁶·x + 2⁵·x to r, with t0 … t2 as scratch.
#define FOLD608(x, r, t0, t1, t2) \
	VPSLLQ $9, x, t0; \
	VPSLLQ $6, x, t1; \
	VPSLLQ $5, x, t2; \
	VPADDQ t1, t0, t0; \
	VPADDQ t2, r, r; \
	VPADDQ t0, r, r

// CARRY moves the bits of r from 2⁵² up into next and clears them, with t
// as scratch.
#define CARRY(r, next, t) \
	VPSRLQ $52, r, t; \
	VPADDQ t, next, next; \
	VPANDQ M52, r, r

// CARRY52(r0, …, r4, t, u) is the spec's carry on one Element52x4: limb
// 4's bits from 2⁴⁷ up into limb 0 times 19 (t + 2⁴·t + 2·t), then one
// carry pass.
#define CARRY52(r0, r1, r2, r3, r4, t, u) \
	VPSRLQ $47, r4, t; \
	VPANDQ M47, r4, r4; \
	VPSLLQ $4, t, u; \
	VPADDQ t, r0, r0; \
	VPADDQ u, r0, r0; \
	VPSLLQ $1, t, u; \
	VPADDQ u, r0, r0; \
	CARRY(r0, r1, t); \
	CARRY(r1, r2, t); \
	CARRY(r2, r3, t); \
	CARRY(r3, r4, t)

// REDUCE is the spec's reduce52 of the ten columns in L0 … L9 into
// L0 … L4: columns 5 and 6 pass their tops up, columns 5 … 9 fold into
// 0 … 4 times 608, limb 4's bits from 2²⁵⁵ up into limb 0 times 19, one
// carry pass. A0 … A4, B0 … B4 and H2 … H6 are scratch.
#define REDUCE \
	VPSRLQ $52, L5, A0; \
	VPANDQ M52, L5, L5; \
	VPADDQ A0, L6, L6; \
	VPSRLQ $52, L6, A1; \
	VPANDQ M52, L6, L6; \
	VPADDQ A1, L7, L7; \
	FOLD608(L5, L0, A2, A3, A4); \
	FOLD608(L6, L1, B0, B1, B2); \
	FOLD608(L7, L2, B3, B4, A0); \
	FOLD608(L8, L3, A1, H2, H3); \
	FOLD608(L9, L4, H4, H5, H6); \
	VPSRLQ $47, L4, A2; \
	VPANDQ M47, L4, L4; \
	VPSLLQ $1, A2, A3; \
	VPSLLQ $4, A2, A4; \
	VPADDQ A2, L0, L0; \
	VPADDQ A3, L0, L0; \
	VPADDQ A4, L0, L0; \
	CARRY(L0, L1, B0); \
	CARRY(L1, L2, B1); \
	CARRY(L2, L3, B2); \
	CARRY(L3, L4, B3)

// MUL sets L0 … L4 to the four products of A and B (fe.Mul52x4): the 25
// products into the columns, low halves in Lk, high halves in Hk
// (k = 2 … 7) so that no chain of dependent multiply-adds is long, then
// the halves' sums and REDUCE.
#define MUL \
	VPXORQ L0, L0, L0; \
	VPXORQ L1, L1, L1; \
	VPXORQ L2, L2, L2; \
	VPXORQ L3, L3, L3; \
	VPXORQ L4, L4, L4; \
	VPXORQ L5, L5, L5; \
	VPXORQ L6, L6, L6; \
	VPXORQ L7, L7, L7; \
	VPXORQ L8, L8, L8; \
	VPXORQ L9, L9, L9; \
	VPXORQ H2, H2, H2; \
	VPXORQ H3, H3, H3; \
	VPXORQ H4, H4, H4; \
	VPXORQ H5, H5, H5; \
	VPXORQ H6, H6, H6; \
	VPXORQ H7, H7, H7; \
	PROD(A0, B0, L0, L1); \
	PROD(A0, B1, L1, H2); \
	PROD(A0, B2, L2, H3); \
	PROD(A0, B3, L3, H4); \
	PROD(A0, B4, L4, H5); \
	PROD(A1, B0, L1, H2); \
	PROD(A1, B1, L2, H3); \
	PROD(A1, B2, L3, H4); \
	PROD(A1, B3, L4, H5); \
	PROD(A1, B4, L5, H6); \
	PROD(A2, B0, L2, H3); \
	PROD(A2, B1, L3, H4); \
	PROD(A2, B2, L4, H5); \
	PROD(A2, B3, L5, H6); \
	PROD(A2, B4, L6, H7); \
	PROD(A3, B0, L3, H4); \
	PROD(A3, B1, L4, H5); \
	PROD(A3, B2, L5, H6); \
	PROD(A3, B3, L6, H7); \
	PROD(A3, B4, L7, L8); \
	PROD(A4, B0, L4, H5); \
	PROD(A4, B1, L5, H6); \
	PROD(A4, B2, L6, H7); \
	PROD(A4, B3, L7, L8); \
	PROD(A4, B4, L8, L9); \
	VPADDQ H2, L2, L2; \
	VPADDQ H3, L3, L3; \
	VPADDQ H4, L4, L4; \
	VPADDQ H5, L5, L5; \
	VPADDQ H6, L6, L6; \
	VPADDQ H7, L7, L7; \
	REDUCE

// SQR sets L0 … L4 to the four squares of A (the spec's sqr52x4): the ten
// products aᵢ·aⱼ, i < j, low halves into Lk and high halves into Hk
// (column i+j and i+j+1), each column's sum doubled, the five squares'
// halves added, then REDUCE.
#define SQR \
	VPXORQ L0, L0, L0; \
	VPXORQ L1, L1, L1; \
	VPXORQ L2, L2, L2; \
	VPXORQ L3, L3, L3; \
	VPXORQ L4, L4, L4; \
	VPXORQ L5, L5, L5; \
	VPXORQ L6, L6, L6; \
	VPXORQ L7, L7, L7; \
	VPXORQ L9, L9, L9; \
	VPXORQ H2, H2, H2; \
	VPXORQ H3, H3, H3; \
	VPXORQ H4, H4, H4; \
	VPXORQ H5, H5, H5; \
	VPXORQ H6, H6, H6; \
	VPXORQ H7, H7, H7; \
	VPXORQ H8, H8, H8; \
	PROD(A0, A1, L1, H2); \
	PROD(A0, A2, L2, H3); \
	PROD(A0, A3, L3, H4); \
	PROD(A0, A4, L4, H5); \
	PROD(A1, A2, L3, H4); \
	PROD(A1, A3, L4, H5); \
	PROD(A1, A4, L5, H6); \
	PROD(A2, A3, L5, H6); \
	PROD(A2, A4, L6, H7); \
	PROD(A3, A4, L7, H8); \
	VPADDQ H2, L2, L2; \
	VPADDQ H3, L3, L3; \
	VPADDQ H4, L4, L4; \
	VPADDQ H5, L5, L5; \
	VPADDQ H6, L6, L6; \
	VPADDQ H7, L7, L7; \
	VPADDQ L1, L1, L1; \
	VPADDQ L2, L2, L2; \
	VPADDQ L3, L3, L3; \
	VPADDQ L4, L4, L4; \
	VPADDQ L5, L5, L5; \
	VPADDQ L6, L6, L6; \
	VPADDQ L7, L7, L7; \
	VPADDQ H8, H8, L8; \
	PROD(A0, A0, L0, L1); \
	PROD(A1, A1, L2, L3); \
	PROD(A2, A2, L4, L5); \
	PROD(A3, A3, L6, L7); \
	PROD(A4, A4, L8, L9); \
	REDUCE

// SUMSDIFF(neg) sets A0 … A4 to the spec's sumsDiff of the point at DI:
// [Y, Y, T, Z] plus, in lanes 0 and 1 (K5), X with 2p − X in the lanes of
// neg (K3 for [Y − X, Y + X, T, Z], K6 for [Y + X, Y − X, T, Z]), carried.
#define SUMSDIFF(neg) \
	VPERMQ       $0xB5, 0(DI), A0; \
	VPBROADCASTQ 0(DI), B0; \
	VPSUBQ       B0, P2LO, neg, B0; \
	VPADDQ       B0, A0, K5, A0; \
	VPERMQ       $0xB5, 32(DI), A1; \
	VPBROADCASTQ 32(DI), B1; \
	VPSUBQ       B1, P2MID, neg, B1; \
	VPADDQ       B1, A1, K5, A1; \
	VPERMQ       $0xB5, 64(DI), A2; \
	VPBROADCASTQ 64(DI), B2; \
	VPSUBQ       B2, P2MID, neg, B2; \
	VPADDQ       B2, A2, K5, A2; \
	VPERMQ       $0xB5, 96(DI), A3; \
	VPBROADCASTQ 96(DI), B3; \
	VPSUBQ       B3, P2MID, neg, B3; \
	VPADDQ       B3, A3, K5, A3; \
	VPERMQ       $0xB5, 128(DI), A4; \
	VPBROADCASTQ 128(DI), B4; \
	VPSUBQ       B4, P2TOP, neg, B4; \
	VPADDQ       B4, A4, K5, A4; \
	CARRY52(A0, A1, A2, A3, A4, B0, B1)

// LINEAR(l, p2, a, b, ia, ib, neg) sets a to perm(l, ia) plus perm(l, ib)
// with 2p − · in the lanes of neg (b is scratch): one row of an addition's
// [E, F, G, H].
#define LINEAR(l, p2, a, b, ia, ib, neg) \
	VPERMQ $ia, l, a; \
	VPERMQ $ib, l, b; \
	VPSUBQ b, p2, neg, b; \
	VPADDQ b, a, a

// FINISH sets the point at DI to [E·F, G·H, F·G, E·H] from A0 … A4 =
// [E, F, G, H], carried: the second round.
#define FINISH \
	VPERMQ    $0xED, A0, B0; \
	VPERMQ    $0xED, A1, B1; \
	VPERMQ    $0xED, A2, B2; \
	VPERMQ    $0xED, A3, B3; \
	VPERMQ    $0xED, A4, B4; \
	VPERMQ    $0x18, A0, A0; \
	VPERMQ    $0x18, A1, A1; \
	VPERMQ    $0x18, A2, A2; \
	VPERMQ    $0x18, A3, A3; \
	VPERMQ    $0x18, A4, A4; \
	MUL; \
	VMOVDQU64 L0, 0(DI); \
	VMOVDQU64 L1, 32(DI); \
	VMOVDQU64 L2, 64(DI); \
	VMOVDQU64 L3, 96(DI); \
	VMOVDQU64 L4, 128(DI)

// ADDSUB(neg1, ia, ib, neg2) is an addition (K3, 0x7D, 0x28, K5) or a
// subtraction (K6, 0x3C, 0x69, K7) of the cached point at SI to the point
// at DI: the left operand of the first round, its product with q, the
// lanes [E, F, G, H] (perm(m, ia) plus perm(m, ib) negated in neg2),
// carried, and the second round.
#define ADDSUB(neg1, ia, ib, neg2) \
	SUMSDIFF(neg1); \
	VMOVDQU64 0(SI), B0; \
	VMOVDQU64 32(SI), B1; \
	VMOVDQU64 64(SI), B2; \
	VMOVDQU64 96(SI), B3; \
	VMOVDQU64 128(SI), B4; \
	MUL; \
	LINEAR(L0, P2LO, A0, B0, ia, ib, neg2); \
	LINEAR(L1, P2MID, A1, B1, ia, ib, neg2); \
	LINEAR(L2, P2MID, A2, B2, ia, ib, neg2); \
	LINEAR(L3, P2MID, A3, B3, ia, ib, neg2); \
	LINEAR(L4, P2TOP, A4, B4, ia, ib, neg2); \
	CARRY52(A0, A1, A2, A3, A4, B0, B1); \
	FINISH

// DBLROW(p, l, p2, a, b) is one row of the doubling's linear lanes
// [E, H, G, F] from l = [XX, YY, ZZ, SS]: [SS, YY, YY, 2ZZ] plus
// [2p − YY, XX, 2p − XX, 2p − YY] plus, in lanes 0 and 3, [2p − XX, ·, ·,
// XX] (b is scratch).
#define DBLROW(l, p2, a, b) \
	VPERMQ $0x97, l, a; \
	VPADDQ a, a, K1, a; \
	VPERMQ $0x41, l, b; \
	VPSUBQ b, p2, K2, b; \
	VPADDQ b, a, a; \
	VPERMQ $0x00, l, b; \
	VPSUBQ b, p2, K3, b; \
	VPADDQ b, a, K4, a

// S0ROW(off, a, b) is one row of the doubling's [X, Y, Z, X + Y] from the
// point at DI: [X, Y, Z, Y] plus X in lane 3.
#define S0ROW(off, a, b) \
	VPERMQ       $0x64, off(DI), a; \
	VPBROADCASTQ off(DI), b; \
	VPADDQ       b, a, K1, a

// func doubleIFMA(p *Element52x4)
TEXT ·doubleIFMA(SB), NOSPLIT, $0-8
	CONSTANTS
	MOVQ p+0(FP), DI

	// [X, Y, Z, X + Y], carried, squared: [XX, YY, ZZ, SS].
	S0ROW(0, A0, B0)
	S0ROW(32, A1, B1)
	S0ROW(64, A2, B2)
	S0ROW(96, A3, B3)
	S0ROW(128, A4, B4)
	CARRY52(A0, A1, A2, A3, A4, B0, B1)
	SQR

	// [E, H, G, F], carried; [E, H, G, E] · [F, G, F, H].
	DBLROW(L0, P2LO, A0, B0)
	DBLROW(L1, P2MID, A1, B1)
	DBLROW(L2, P2MID, A2, B2)
	DBLROW(L3, P2MID, A3, B3)
	DBLROW(L4, P2TOP, A4, B4)
	CARRY52(A0, A1, A2, A3, A4, B0, B1)
	VPERMQ    $0x7B, A0, B0
	VPERMQ    $0x7B, A1, B1
	VPERMQ    $0x7B, A2, B2
	VPERMQ    $0x7B, A3, B3
	VPERMQ    $0x7B, A4, B4
	VPERMQ    $0x24, A0, A0
	VPERMQ    $0x24, A1, A1
	VPERMQ    $0x24, A2, A2
	VPERMQ    $0x24, A3, A3
	VPERMQ    $0x24, A4, A4
	MUL
	VMOVDQU64 L0, 0(DI)
	VMOVDQU64 L1, 32(DI)
	VMOVDQU64 L2, 64(DI)
	VMOVDQU64 L3, 96(DI)
	VMOVDQU64 L4, 128(DI)
	VZEROUPPER
	RET

// func addCachedIFMA(p, q *Element52x4)
TEXT ·addCachedIFMA(SB), NOSPLIT, $0-16
	CONSTANTS
	MOVQ p+0(FP), DI
	MOVQ q+8(FP), SI
	ADDSUB(K3, 0x7D, 0x28, K5)
	VZEROUPPER
	RET

// func subCachedIFMA(p, q *Element52x4)
TEXT ·subCachedIFMA(SB), NOSPLIT, $0-16
	CONSTANTS
	MOVQ p+0(FP), DI
	MOVQ q+8(FP), SI
	ADDSUB(K6, 0x3C, 0x69, K7)
	VZEROUPPER
	RET

// func cachedIFMA(out, p, k *Element52x4)
TEXT ·cachedIFMA(SB), NOSPLIT, $0-24
	CONSTANTS
	MOVQ p+8(FP), DI
	MOVQ k+16(FP), SI
	SUMSDIFF(K3)
	VMOVDQU64 0(SI), B0
	VMOVDQU64 32(SI), B1
	VMOVDQU64 64(SI), B2
	VMOVDQU64 96(SI), B3
	VMOVDQU64 128(SI), B4
	MUL
	MOVQ      out+0(FP), DI
	VMOVDQU64 L0, 0(DI)
	VMOVDQU64 L1, 32(DI)
	VMOVDQU64 L2, 64(DI)
	VMOVDQU64 L3, 96(DI)
	VMOVDQU64 L4, 128(DI)
	VZEROUPPER
	RET
