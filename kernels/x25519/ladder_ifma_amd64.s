//go:build amd64 && !purego

#include "textflag.h"

// The X25519 Montgomery ladder four lanes at a time in radix 2⁵² with
// AVX-512 IFMA on YMM registers (AVX-512VL), computing
// vg.dev/spec/x25519.Ladder52x4, whose comment gives the lane layout, the
// three products of four per step and the bounds: stepIFMA, one step,
// proved equal to spec.StepState52x4; ladderIFMA, 255 steps with their
// conditional swaps in one kernel, proved equal to spec.Ladder52x4.
//
// The state [x₂, z₂, x₃, z₃] lives in S0 … S4 (row i is limb i of the four
// coordinates, lane j coordinate j) across the whole loop. A product is
// MUL, the body of vg.dev/kernels/fe25519.mul52x4IFMA on registers (the
// same multiply-adds, shifts and additions; see its header for the rules
// the prover relies on): its inputs in A0 … A4 and B0 … B4, its result in
// S0 … S4's registers, Y0 … Y25 clobbered. Between the products the lanes
// move with VPERMQ and with merging masked moves (K1 … K6 hold the lane
// sets), and sums are carried (CARRY52) so that every multiplier input
// limb is below 2⁵².
//
// The constant a24 is an input (in[1], or s[2] for the step), not an
// immediate, as in spec.Ladder52x4: the kernel is proved for every a24.
//
// The frame holds x₁ and a24 in all four lanes, two spilled Element52x4 (the step's
// first product and its sums, read again by the third product), the
// clamped scalar, the bit counter and the pending swap. The only addresses
// are SP plus constants, the scalar byte indexed by the public counter,
// and the three arguments; there is no branch but the loop's on the
// counter. The swap is a mask (s ⊕ (m ∧ (s ⊕ s'))); the bits are read with
// shifts. u is read and k copied before out is written, at the very end.

// Frame offsets.
#define X1B 0
#define TA 160
#define TB 320
#define SC 480
#define CNT 512
#define SWP 520
#define A24B 528

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

// The product's result, also the state between steps.
#define L0 Y10
#define L1 Y11
#define L2 Y12
#define L3 Y13
#define L4 Y14

// MUL's other accumulators; free between products.
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

// Constants kept across the loop.
#define M52 Y26
#define M47 Y27
#define P2LO Y28
#define P2MID Y29
#define P2TOP Y30

#define PROD(x, y, lo, hi) \
	VPMADD52LUQ y, x, lo; \
	VPMADD52HUQ y, x, hi

#define FOLD608(x, r, t0, t1, t2) \
	VPSLLQ $9, x, t0; \
	VPSLLQ $6, x, t1; \
	VPSLLQ $5, x, t2; \
	VPADDQ t1, t0, t0; \
	VPADDQ t2, r, r; \
	VPADDQ t0, r, r

#define CARRY(r, next, t) \
	VPSRLQ $52, r, t; \
	VPADDQ t, next, next; \
	VPANDQ M52, r, r

// CARRY52(r0, …, r4, t, u) is the spec's carry52 on one Element52x4:
// limb 4's bits from 2⁴⁷ up into limb 0 times 19 (t + 2⁴·t + 2·t), then
// one carry pass.
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

// MUL sets L0 … L4 to the four products of A and B (fe.Mul52x4), as
// mul52x4IFMA does.
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

// REDUCE folds the ten columns in L0 … L9 into L0 … L4 as mul52x4IFMA
// does (columns 5 and 6 pass their tops up, 5 … 9 fold in times 608,
// limb 4's bits from 2²⁵⁵ up into limb 0 times 19, one carry pass), its
// instructions ordered by the longest path they are on (column 9's fold,
// whose limb starts the carry pass, first; each fold just before the
// carry that needs it), which the core then runs first.
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

// SUMDIFF(x, p2, out, t) sets out to the spec's sumDiff lanes of limb x
// before the carry: [x₀ + x₁, x₀ + (2p − x₁), x₂ + x₃, x₂ + (2p − x₃)],
// the subtraction masked to lanes 1 and 3 (K1).
#define SUMDIFF(x, p2, out, t) \
	VPERMQ $0xA0, x, out; \
	VPERMQ $0xF5, x, t; \
	VPSUBQ t, p2, K1, t; \
	VPADDQ t, out, out

// SWAP(s, t) is the spec's swap52 on one row, the mask in Y15.
#define SWAP(s, t) \
	VPERMQ $0x4E, s, t; \
	VPXORQ s, t, t; \
	VPANDQ Y15, t, t; \
	VPXORQ t, s, s

// STEP is the spec's step52 on the state in L0 … L4.
#define STEP \
	SUMDIFF(L0, P2LO, L5, H2); \
	SUMDIFF(L1, P2MID, L6, H2); \
	SUMDIFF(L2, P2MID, L7, H2); \
	SUMDIFF(L3, P2MID, L8, H2); \
	SUMDIFF(L4, P2TOP, L9, H2); \
	CARRY52(L5, L6, L7, L8, L9, H2, H3); \
	VPERMQ $0x4B, L5, A0; \
	VPERMQ $0x4B, L6, A1; \
	VPERMQ $0x4B, L7, A2; \
	VPERMQ $0x4B, L8, A3; \
	VPERMQ $0x4B, L9, A4; \
	VPERMQ $0x44, L5, B0; \
	VPERMQ $0x44, L6, B1; \
	VPERMQ $0x44, L7, B2; \
	VPERMQ $0x44, L8, B3; \
	VPERMQ $0x44, L9, B4; \
	MUL; \
	VMOVDQU64 L0, TA+0(SP); \
	VMOVDQU64 L1, TA+32(SP); \
	VMOVDQU64 L2, TA+64(SP); \
	VMOVDQU64 L3, TA+96(SP); \
	VMOVDQU64 L4, TA+128(SP); \
	SUMDIFF(L0, P2LO, L5, H2); \
	SUMDIFF(L1, P2MID, L6, H2); \
	SUMDIFF(L2, P2MID, L7, H2); \
	SUMDIFF(L3, P2MID, L8, H2); \
	SUMDIFF(L4, P2TOP, L9, H2); \
	CARRY52(L5, L6, L7, L8, L9, H2, H3); \
	VMOVDQU64 L5, TB+0(SP); \
	VMOVDQU64 L6, TB+32(SP); \
	VMOVDQU64 L7, TB+64(SP); \
	VMOVDQU64 L8, TB+96(SP); \
	VMOVDQU64 L9, TB+128(SP); \
	VMOVDQA64 L5, A0; \
	VMOVDQA64 L6, A1; \
	VMOVDQA64 L7, A2; \
	VMOVDQA64 L8, A3; \
	VMOVDQA64 L9, A4; \
	VMOVDQA64 L0, K2, A0; \
	VMOVDQA64 L1, K2, A1; \
	VMOVDQA64 L2, K2, A2; \
	VMOVDQA64 L3, K2, A3; \
	VMOVDQA64 L4, K2, A4; \
	VMOVDQA64 L5, B0; \
	VMOVDQA64 L6, B1; \
	VMOVDQA64 L7, B2; \
	VMOVDQA64 L8, B3; \
	VMOVDQA64 L9, B4; \
	VPERMQ $0xF5, L0, H3; \
	VMOVDQU64 A24B+0(SP), K3, H3; \
	VMOVDQA64 H3, K4, B0; \
	VPERMQ $0xF5, L1, H3; \
	VMOVDQU64 A24B+32(SP), K3, H3; \
	VMOVDQA64 H3, K4, B1; \
	VPERMQ $0xF5, L2, H3; \
	VMOVDQU64 A24B+64(SP), K3, H3; \
	VMOVDQA64 H3, K4, B2; \
	VPERMQ $0xF5, L3, H3; \
	VMOVDQU64 A24B+96(SP), K3, H3; \
	VMOVDQA64 H3, K4, B3; \
	VPERMQ $0xF5, L4, H3; \
	VMOVDQU64 A24B+128(SP), K3, H3; \
	VMOVDQA64 H3, K4, B4; \
	MUL; \
	VPERMQ $0xAA, TA+0(SP), B0; \
	VPERMQ $0xAA, TA+32(SP), B1; \
	VPERMQ $0xAA, TA+64(SP), B2; \
	VPERMQ $0xAA, TA+96(SP), B3; \
	VPERMQ $0xAA, TA+128(SP), B4; \
	VPERMQ $0xFF, L0, H2; \
	VPADDQ H2, B0, B0; \
	VPERMQ $0xFF, L1, H2; \
	VPADDQ H2, B1, B1; \
	VPERMQ $0xFF, L2, H2; \
	VPADDQ H2, B2, B2; \
	VPERMQ $0xFF, L3, H2; \
	VPADDQ H2, B3, B3; \
	VPERMQ $0xFF, L4, H2; \
	VPADDQ H2, B4, B4; \
	CARRY52(B0, B1, B2, B3, B4, H2, H3); \
	VPERMQ $0x55, L0, H2; \
	VMOVDQA64 H2, K4, B0; \
	VPERMQ $0x55, L1, H2; \
	VMOVDQA64 H2, K4, B1; \
	VPERMQ $0x55, L2, H2; \
	VMOVDQA64 H2, K4, B2; \
	VPERMQ $0x55, L3, H2; \
	VMOVDQA64 H2, K4, B3; \
	VPERMQ $0x55, L4, H2; \
	VMOVDQA64 H2, K4, B4; \
	VPERMQ $0xFF, TB+0(SP), A0; \
	VPERMQ $0xFF, TB+32(SP), A1; \
	VPERMQ $0xFF, TB+64(SP), A2; \
	VPERMQ $0xFF, TB+96(SP), A3; \
	VPERMQ $0xFF, TB+128(SP), A4; \
	VMOVDQU64 X1B+0(SP), K4, A0; \
	VMOVDQU64 X1B+32(SP), K4, A1; \
	VMOVDQU64 X1B+64(SP), K4, A2; \
	VMOVDQU64 X1B+96(SP), K4, A3; \
	VMOVDQU64 X1B+128(SP), K4, A4; \
	VPERMQ $0x02, L0, H2; \
	VMOVDQU64 H2, TA+0(SP); \
	VPERMQ $0x02, L1, H2; \
	VMOVDQU64 H2, TA+32(SP); \
	VPERMQ $0x02, L2, H2; \
	VMOVDQU64 H2, TA+64(SP); \
	VPERMQ $0x02, L3, H2; \
	VMOVDQU64 H2, TA+96(SP); \
	VPERMQ $0x02, L4, H2; \
	VMOVDQU64 H2, TA+128(SP); \
	MUL; \
	VMOVDQU64 TA+0(SP), K5, L0; \
	VMOVDQU64 TA+32(SP), K5, L1; \
	VMOVDQU64 TA+64(SP), K5, L2; \
	VMOVDQU64 TA+96(SP), K5, L3; \
	VMOVDQU64 TA+128(SP), K5, L4

// CONSTANTS sets the registers and masks that stay across the loop.
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
	MOVL         $0x0a, CX; \
	KMOVW        CX, K1; \
	MOVL         $0x04, CX; \
	KMOVW        CX, K2; \
	MOVL         $0x08, CX; \
	KMOVW        CX, K3; \
	MOVL         $0x0c, CX; \
	KMOVW        CX, K4; \
	MOVL         $0x05, CX; \
	KMOVW        CX, K5; \
	MOVL         $0x09, CX; \
	KMOVW        CX, K6

// func ladderIFMA(out *[2]Element52, k *[32]byte, in *[2]Element52)
//
// Lane sets: K1 = {1, 3}, K2 = {2}, K3 = {3}, K4 = {2, 3}, K5 = {0, 2},
// K6 = {0, 3}.
TEXT ·ladderIFMA(SB), NOSPLIT, $688-24
	CONSTANTS

	// x₁ = in[0] and a24 = in[1] in every lane of the frame's X1B and
	// A24B; the state [1, 0, u, 1].
	MOVQ         in+16(FP), AX
	VPBROADCASTQ 40(AX), H2
	VMOVDQU64    H2, A24B+0(SP)
	VPBROADCASTQ 48(AX), H2
	VMOVDQU64    H2, A24B+32(SP)
	VPBROADCASTQ 56(AX), H2
	VMOVDQU64    H2, A24B+64(SP)
	VPBROADCASTQ 64(AX), H2
	VMOVDQU64    H2, A24B+96(SP)
	VPBROADCASTQ 72(AX), H2
	VMOVDQU64    H2, A24B+128(SP)
	VPBROADCASTQ 0(AX), H2
	VMOVDQU64      H2, X1B+0(SP)
	VPBROADCASTQ 8(AX), H2
	VMOVDQU64      H2, X1B+32(SP)
	VPBROADCASTQ 16(AX), H2
	VMOVDQU64      H2, X1B+64(SP)
	VPBROADCASTQ 24(AX), H2
	VMOVDQU64      H2, X1B+96(SP)
	VPBROADCASTQ 32(AX), H2
	VMOVDQU64      H2, X1B+128(SP)
	VPXORQ       L0, L0, L0
	VPXORQ       L1, L1, L1
	VPXORQ       L2, L2, L2
	VPXORQ       L3, L3, L3
	VPXORQ       L4, L4, L4
	VMOVDQU64    X1B+0(SP), K2, L0
	VMOVDQU64    X1B+32(SP), K2, L1
	VMOVDQU64    X1B+64(SP), K2, L2
	VMOVDQU64    X1B+96(SP), K2, L3
	VMOVDQU64    X1B+128(SP), K2, L4
	MOVQ         $1, CX
	VPBROADCASTQ CX, K6, L0

	// The clamped scalar: bits 0–2 and 255 cleared, bit 254 set.
	MOVQ k+8(FP), AX
	MOVQ (AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	ANDQ $-8, R8
	MOVQ $0x7fffffffffffffff, R12
	ANDQ R12, R11
	MOVQ $0x4000000000000000, R12
	ORQ  R12, R11
	MOVQ R8, SC+0(SP)
	MOVQ R9, SC+8(SP)
	MOVQ R10, SC+16(SP)
	MOVQ R11, SC+24(SP)

	XORL AX, AX
	MOVQ AX, SWP(SP)
	MOVQ $254, CNT(SP)

loop:
	// bit = scalar bit CNT; the pending swap ^ bit swaps, bit is pending.
	MOVQ         CNT(SP), CX
	MOVQ         CX, AX
	SHRQ         $3, AX
	MOVBQZX      SC(SP)(AX*1), BX
	ANDQ         $7, CX
	SHRQ         CX, BX
	ANDQ         $1, BX
	MOVQ         SWP(SP), SI
	XORQ         BX, SI
	MOVQ         BX, SWP(SP)
	ANDQ         $1, SI
	NEGQ         SI
	VPBROADCASTQ SI, Y15
	SWAP(L0, H2)
	SWAP(L1, H2)
	SWAP(L2, H2)
	SWAP(L3, H2)
	SWAP(L4, H2)

	STEP

	MOVQ CNT(SP), CX
	DECQ CX
	MOVQ CX, CNT(SP)
	JGE  loop

	// The last pending swap, then out = (lane 0, lane 1).
	MOVQ         SWP(SP), SI
	ANDQ         $1, SI
	NEGQ         SI
	VPBROADCASTQ SI, Y15
	SWAP(L0, H2)
	SWAP(L1, H2)
	SWAP(L2, H2)
	SWAP(L3, H2)
	SWAP(L4, H2)
	VMOVDQU64      L0, TA+0(SP)
	VMOVDQU64      L1, TA+32(SP)
	VMOVDQU64      L2, TA+64(SP)
	VMOVDQU64      L3, TA+96(SP)
	VMOVDQU64      L4, TA+128(SP)
	MOVQ         out+0(FP), DI
	MOVQ         TA+0(SP), AX
	MOVQ         AX, 0(DI)
	MOVQ         TA+8(SP), AX
	MOVQ         AX, 40(DI)
	MOVQ         TA+32(SP), AX
	MOVQ         AX, 8(DI)
	MOVQ         TA+40(SP), AX
	MOVQ         AX, 48(DI)
	MOVQ         TA+64(SP), AX
	MOVQ         AX, 16(DI)
	MOVQ         TA+72(SP), AX
	MOVQ         AX, 56(DI)
	MOVQ         TA+96(SP), AX
	MOVQ         AX, 24(DI)
	MOVQ         TA+104(SP), AX
	MOVQ         AX, 64(DI)
	MOVQ         TA+128(SP), AX
	MOVQ         AX, 32(DI)
	MOVQ         TA+136(SP), AX
	MOVQ         AX, 40+32(DI)
	VZEROUPPER
	RET

// func stepIFMA(s *[3]Element52x4)
//
// One step (no swap) on s[0] = [x₂, z₂, x₃, z₃] with x₁ in s[1] and a24
// in s[2], through the same registers and frame (s[1] copied to X1B, s[2]
// to A24B): the unit proved on its own, quick to mutate.
TEXT ·stepIFMA(SB), NOSPLIT, $688-8
	CONSTANTS
	MOVQ      s+0(FP), DI
	VMOVDQU64 320(DI), H2
	VMOVDQU64 H2, A24B+0(SP)
	VMOVDQU64 352(DI), H2
	VMOVDQU64 H2, A24B+32(SP)
	VMOVDQU64 384(DI), H2
	VMOVDQU64 H2, A24B+64(SP)
	VMOVDQU64 416(DI), H2
	VMOVDQU64 H2, A24B+96(SP)
	VMOVDQU64 448(DI), H2
	VMOVDQU64 H2, A24B+128(SP)
	VMOVDQU64 160(DI), H2
	VMOVDQU64 H2, X1B+0(SP)
	VMOVDQU64 192(DI), H2
	VMOVDQU64 H2, X1B+32(SP)
	VMOVDQU64 224(DI), H2
	VMOVDQU64 H2, X1B+64(SP)
	VMOVDQU64 256(DI), H2
	VMOVDQU64 H2, X1B+96(SP)
	VMOVDQU64 288(DI), H2
	VMOVDQU64 H2, X1B+128(SP)
	VMOVDQU64 0(DI), L0
	VMOVDQU64 32(DI), L1
	VMOVDQU64 64(DI), L2
	VMOVDQU64 96(DI), L3
	VMOVDQU64 128(DI), L4

	STEP

	MOVQ      s+0(FP), DI
	VMOVDQU64 L0, 0(DI)
	VMOVDQU64 L1, 32(DI)
	VMOVDQU64 L2, 64(DI)
	VMOVDQU64 L3, 96(DI)
	VMOVDQU64 L4, 128(DI)
	VZEROUPPER
	RET
