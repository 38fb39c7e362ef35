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
// rules the prover relies on): A0 … A4 times B0 … B4 into L0 … L4,
// clobbering Y0 … Y25 (field52_amd64.h). Between the rounds lanes move
// with VPERMQ (and VPBROADCASTQ of lane 0), sums and differences are
// taken under merging masks (DBLMASKS, ADDMASKS), and CARRY52 brings
// every limb below 2⁵² for the next round.
//
// No branch, no flag, no address but constant offsets from the arguments;
// every input is read before the output is written, so the arguments may
// be the same memory.

#include "field52_amd64.h"

// CONSTANTS sets M52, M47 and the rows of 2p.
#define CONSTANTS \
	MASKS52; \
	MOVQ         $0x001fffffffffffda, CX; \
	VPBROADCASTQ CX, P2LO; \
	MOVQ         $0x001ffffffffffffe, CX; \
	VPBROADCASTQ CX, P2MID; \
	MOVQ         $0x0000fffffffffffe, CX; \
	VPBROADCASTQ CX, P2TOP

// ADDMASKS sets the merging masks of the additions and of cachedIFMA:
// K3 = {0}, K5 = {0, 1}, K6 = {1}, K7 = {0, 2}.
#define ADDMASKS \
	MOVL  $0x01, CX; \
	KMOVW CX, K3; \
	MOVL  $0x03, CX; \
	KMOVW CX, K5; \
	MOVL  $0x02, CX; \
	KMOVW CX, K6; \
	MOVL  $0x05, CX; \
	KMOVW CX, K7

// DBLMASKS sets the merging masks of the doubling: K1 = {3},
// K2 = {2, 3}, K3 = {1, 2, 3}, K4 = {0, 3}.
#define DBLMASKS \
	MOVL  $0x08, CX; \
	KMOVW CX, K1; \
	MOVL  $0x0c, CX; \
	KMOVW CX, K2; \
	MOVL  $0x0e, CX; \
	KMOVW CX, K3; \
	MOVL  $0x09, CX; \
	KMOVW CX, K4

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

// DBLROW(l, p2, a, b) is one row of the doubling's linear lanes
// [E, H, G, F] from l = [XX, YY, ZZ, XY]: [XY, YY, YY, ZZ] doubled in
// lanes 0 and 3, plus [XX, XX, 2p − XX, 2p − YY] in lanes 1 … 3, plus XX
// in lane 3 (b is scratch).
#define DBLROW(l, p2, a, b) \
	VPERMQ $0x97, l, a; \
	VPADDQ a, a, K4, a; \
	VPERMQ $0x40, l, b; \
	VPSUBQ b, p2, K2, b; \
	VPADDQ b, a, K3, a; \
	VPERMQ $0x00, l, b; \
	VPADDQ b, a, K1, a

// ROUND1(off) loads row off of the point at DI as [X, Y, Z, X] into A
// and [X, Y, Z, Y] into B.
#define ROUND1(off, a, b) \
	VPERMQ $0x24, off(DI), a; \
	VPERMQ $0x64, off(DI), b

// func doubleIFMA(p *Element52x4)
TEXT ·doubleIFMA(SB), NOSPLIT, $0-8
	CONSTANTS
	DBLMASKS
	MOVQ p+0(FP), DI

	// [X, Y, Z, X] · [X, Y, Z, Y] = [XX, YY, ZZ, XY].
	ROUND1(0, A0, B0)
	ROUND1(32, A1, B1)
	ROUND1(64, A2, B2)
	ROUND1(96, A3, B3)
	ROUND1(128, A4, B4)
	MUL

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
	ADDMASKS
	MOVQ p+0(FP), DI
	MOVQ q+8(FP), SI
	ADDSUB(K3, 0x7D, 0x28, K5)
	VZEROUPPER
	RET

// func subCachedIFMA(p, q *Element52x4)
TEXT ·subCachedIFMA(SB), NOSPLIT, $0-16
	CONSTANTS
	ADDMASKS
	MOVQ p+0(FP), DI
	MOVQ q+8(FP), SI
	ADDSUB(K6, 0x3C, 0x69, K7)
	VZEROUPPER
	RET

// func cachedIFMA(out, p, k *Element52x4)
TEXT ·cachedIFMA(SB), NOSPLIT, $0-24
	CONSTANTS
	ADDMASKS
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
