// Field arithmetic in radix 2⁵² on four lanes with AVX-512 IFMA on YMM
// registers, shared by the kernels of this package (point_ifma_amd64.s,
// pow_ifma_amd64.s): register names, constants, the product round MUL and
// the squaring round SQR, each the spec's (vg.dev/spec/fe25519.Mul52x4,
// vg.dev/spec/edwards's sqr52x4) instruction for instruction.

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

// Constants: the masks of 52 and 47 bits and the rows of 2p, in every lane
// (the rows of 2p for the point kernels only).
#define M52 Y26
#define M47 Y27
#define P2LO Y28
#define P2MID Y29
#define P2TOP Y30

// MASKS52 sets M52 and M47.
#define MASKS52 \
	MOVQ         $0x000fffffffffffff, CX; \
	VPBROADCASTQ CX, M52; \
	MOVQ         $0x00007fffffffffff, CX; \
	VPBROADCASTQ CX, M47

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
// carry pass. A0 … A4, B0 … B4 and H2 … H6 are scratch. The instructions
// are ordered by the longest path they are on (column 9's fold into limb
// 4, whose top starts the carry pass, first; each fold just before the
// carry that needs it): the core runs the oldest ready instruction
// first, and this order is about 9 % faster per round than the folds in
// column order.
#define REDUCE \
	FOLD608(L9, L4, H4, H5, H6); \
	VPSRLQ $52, L5, A0; \
	VPANDQ M52, L5, L5; \
	VPADDQ A0, L6, L6; \
	VPSRLQ $47, L4, A2; \
	VPANDQ M47, L4, L4; \
	VPSLLQ $1, A2, A3; \
	VPSLLQ $4, A2, A4; \
	VPADDQ A2, L0, L0; \
	VPADDQ A3, L0, L0; \
	VPADDQ A4, L0, L0; \
	FOLD608(L5, L0, A2, A3, A4); \
	VPSRLQ $52, L6, A1; \
	VPANDQ M52, L6, L6; \
	VPADDQ A1, L7, L7; \
	FOLD608(L6, L1, B0, B1, B2); \
	CARRY(L0, L1, B0); \
	FOLD608(L7, L2, B3, B4, A0); \
	CARRY(L1, L2, B1); \
	FOLD608(L8, L3, A1, H2, H3); \
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

