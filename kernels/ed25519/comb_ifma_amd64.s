//go:build amd64 && !purego

#include "textflag.h"

// Ed25519's fixed-base multiplication eight points at a time in radix 2⁵²
// with AVX-512 IFMA on ZMM registers, computing
// vg.dev/spec/ed25519.ScalarBaseMult52x8, whose comment gives the lanes,
// the rounds, the lane sums and the bounds: scalarBaseIFMA.
//
// The scalar is recoded into 64 signed radix-16 digits (bytes in the
// frame). Round r (eight of them) loads digits 8r … 8r + 7 into the eight
// lanes, selects each lane's entry by reading all eight entries of the
// round's table under lane masks (VPANDQ, then VPTERNLOGQ: acc | mask ∧
// row), applies the sign with masks, and adds the entry to each lane's
// point with the mixed addition: three products, sums and differences,
// four products. Then three levels of additions sum the lanes (lanes
// j ⊕ 4 by VPERMD, j ⊕ 2 and j ⊕ 1 by VPERMQ), and lane 0 of the result
// is converted to radix 2⁵¹ into out.
//
// A product is MUL: the multiply-adds of vg.dev/kernels/fe25519's
// mul52x4IFMA on ZMM registers, its first operand loaded from the frame
// into A0 … A4, its second read from the frame by the multiply-adds, the
// result in L0 … L4. It clobbers Z0 … Z4 and Z10 … Z25; Z5 … Z9 and the
// constants in Z26 … Z31 survive it.
//
// The only addresses are SP plus constants, SP plus the public round and
// byte counters, the table plus constants (advanced by a constant each
// round) and the arguments; the only branches are the loops' on those
// counters. The frame is larger than a NOSPLIT function may have, so the
// function has the assembler's stack-growth prologue, whose fast path the
// prover runs with "the stack suffices" as a listed assumption.

// Frame offsets: the eight points (X, Y, Z, T), the selected entries, the
// temporaries (reused across a round as the comment at each use says) and
// the digits. Each element is 320 bytes: five rows of 64.
#define PX 0
#define PY 320
#define PZ 640
#define PT 960
#define QP 1280
#define QM 1600
#define QT 1920
#define S1 2240
#define D1 2560
#define PA 2880
#define PB 3200
#define PC 3520
#define DIG 3840

// MUL's registers.
#define A0 Z0
#define A1 Z1
#define A2 Z2
#define A3 Z3
#define A4 Z4
#define L0 Z10
#define L1 Z11
#define L2 Z12
#define L3 Z13
#define L4 Z14
#define L5 Z15
#define L6 Z16
#define L7 Z17
#define L8 Z18
#define L9 Z19
#define H2 Z20
#define H3 Z21
#define H4 Z22
#define H5 Z23
#define H6 Z24
#define H7 Z25

// Registers that survive MUL: the round's sign mask, zero, temporaries.
#define T0 Z5
#define T1 Z6
#define T2 Z7
#define ZERO Z8
#define SIGN Z9

// Constants kept across the whole kernel.
#define M52 Z26
#define M47 Z27
#define P2LO Z28
#define P2MID Z29
#define P2TOP Z30
#define ONE Z31

#define PROD(x, m, lo, hi) \
	VPMADD52LUQ m, x, lo; \
	VPMADD52HUQ m, x, hi

#define FOLD608(x, r) \
	VPSLLQ $9, x, A2; \
	VPSLLQ $6, x, A3; \
	VPSLLQ $5, x, A4; \
	VPADDQ A3, A2, A2; \
	VPADDQ A4, r, r; \
	VPADDQ A2, r, r

#define CARRY(r, next, t) \
	VPSRLQ $52, r, t; \
	VPADDQ t, next, next; \
	VPANDQ M52, r, r

// CARRY52(r0, …, r4) is the spec's carry52x8 (T0 and T1 clobbered).
#define CARRY52(r0, r1, r2, r3, r4) \
	VPSRLQ $47, r4, T0; \
	VPANDQ M47, r4, r4; \
	VPSLLQ $4, T0, T1; \
	VPADDQ T0, r0, r0; \
	VPADDQ T1, r0, r0; \
	VPSLLQ $1, T0, T1; \
	VPADDQ T1, r0, r0; \
	CARRY(r0, r1, T0); \
	CARRY(r1, r2, T0); \
	CARRY(r2, r3, T0); \
	CARRY(r3, r4, T0)

// LOAD5 and STORE5 move an element between the frame at offset o and
// five registers.
#define LOAD5(o, r0, r1, r2, r3, r4) \
	VMOVDQU64 o+0(SP), r0; \
	VMOVDQU64 o+64(SP), r1; \
	VMOVDQU64 o+128(SP), r2; \
	VMOVDQU64 o+192(SP), r3; \
	VMOVDQU64 o+256(SP), r4

#define STORE5(o, r0, r1, r2, r3, r4) \
	VMOVDQU64 r0, o+0(SP); \
	VMOVDQU64 r1, o+64(SP); \
	VMOVDQU64 r2, o+128(SP); \
	VMOVDQU64 r3, o+192(SP); \
	VMOVDQU64 r4, o+256(SP)

// MUL(a, b) sets L0 … L4 to the lanes' products of the elements at frame
// offsets a and b (the spec's mul52x8, fe.Mul52 in each lane).
#define MUL(a, b) \
	LOAD5(a, A0, A1, A2, A3, A4); \
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
	PROD(A0, b+0(SP), L0, L1); \
	PROD(A0, b+64(SP), L1, H2); \
	PROD(A0, b+128(SP), L2, H3); \
	PROD(A0, b+192(SP), L3, H4); \
	PROD(A0, b+256(SP), L4, H5); \
	PROD(A1, b+0(SP), L1, H2); \
	PROD(A1, b+64(SP), L2, H3); \
	PROD(A1, b+128(SP), L3, H4); \
	PROD(A1, b+192(SP), L4, H5); \
	PROD(A1, b+256(SP), L5, H6); \
	PROD(A2, b+0(SP), L2, H3); \
	PROD(A2, b+64(SP), L3, H4); \
	PROD(A2, b+128(SP), L4, H5); \
	PROD(A2, b+192(SP), L5, H6); \
	PROD(A2, b+256(SP), L6, H7); \
	PROD(A3, b+0(SP), L3, H4); \
	PROD(A3, b+64(SP), L4, H5); \
	PROD(A3, b+128(SP), L5, H6); \
	PROD(A3, b+192(SP), L6, H7); \
	PROD(A3, b+256(SP), L7, L8); \
	PROD(A4, b+0(SP), L4, H5); \
	PROD(A4, b+64(SP), L5, H6); \
	PROD(A4, b+128(SP), L6, H7); \
	PROD(A4, b+192(SP), L7, L8); \
	PROD(A4, b+256(SP), L8, L9); \
	VPADDQ H5, L5, L5; \
	VPSRLQ $52, L5, A0; \
	VPANDQ M52, L5, L5; \
	VPADDQ H6, L6, L6; \
	VPADDQ A0, L6, L6; \
	VPSRLQ $52, L6, A1; \
	VPANDQ M52, L6, L6; \
	VPADDQ H7, L7, L7; \
	VPADDQ A1, L7, L7; \
	VPADDQ H2, L2, L2; \
	VPADDQ H3, L3, L3; \
	VPADDQ H4, L4, L4; \
	FOLD608(L5, L0); \
	FOLD608(L6, L1); \
	FOLD608(L7, L2); \
	FOLD608(L8, L3); \
	FOLD608(L9, L4); \
	VPSRLQ $47, L4, A2; \
	VPANDQ M47, L4, L4; \
	VPSLLQ $1, A2, A3; \
	VPSLLQ $4, A2, A4; \
	VPADDQ A2, L0, L0; \
	VPADDQ A3, L0, L0; \
	VPADDQ A4, L0, L0; \
	CARRY(L0, L1, A0); \
	CARRY(L1, L2, A0); \
	CARRY(L2, L3, A0); \
	CARRY(L3, L4, A0)

// MULTO(a, b, o) stores the product of a and b at o.
#define MULTO(a, b, o) \
	MUL(a, b); \
	STORE5(o, L0, L1, L2, L3, L4)

// SUMDIFF sets the frame's S1 to Y + X and D1 to Y + (2p − X) of the
// points, carried; the rows stay in L0 … L4 (S1) and L5 … L9 (D1).
#define SUMDIFF \
	LOAD5(PY, L0, L1, L2, L3, L4); \
	VPADDQ PX+0(SP), L0, L0; \
	VPADDQ PX+64(SP), L1, L1; \
	VPADDQ PX+128(SP), L2, L2; \
	VPADDQ PX+192(SP), L3, L3; \
	VPADDQ PX+256(SP), L4, L4; \
	CARRY52(L0, L1, L2, L3, L4); \
	STORE5(S1, L0, L1, L2, L3, L4); \
	VPSUBQ PX+0(SP), P2LO, L5; \
	VPSUBQ PX+64(SP), P2MID, L6; \
	VPSUBQ PX+128(SP), P2MID, L7; \
	VPSUBQ PX+192(SP), P2MID, L8; \
	VPSUBQ PX+256(SP), P2TOP, L9; \
	VPADDQ PY+0(SP), L5, L5; \
	VPADDQ PY+64(SP), L6, L6; \
	VPADDQ PY+128(SP), L7, L7; \
	VPADDQ PY+192(SP), L8, L8; \
	VPADDQ PY+256(SP), L9, L9; \
	CARRY52(L5, L6, L7, L8, L9); \
	STORE5(D1, L5, L6, L7, L8, L9)

// EFGHROW(i, p2, a, b, c, z, e, h, f, g) computes row i of the completed
// point from the rows of the products A, B, C (frame offsets a, b, c) and
// of D = z + z (z a frame offset, doubled here): E = B + (2p − A),
// H = B + A, F = D + (2p − C), G = D + C, into registers e, h, f, g.
#define EFGHROW(i, p2, a, b, c, z, e, h, f, g) \
	VMOVDQU64 z+i(SP), T2; \
	VPADDQ    T2, T2, T2; \
	VPSUBQ    a+i(SP), p2, e; \
	VPADDQ    b+i(SP), e, e; \
	VMOVDQU64 b+i(SP), h; \
	VPADDQ    a+i(SP), h, h; \
	VPSUBQ    c+i(SP), p2, f; \
	VPADDQ    T2, f, f; \
	VMOVDQU64 c+i(SP), g; \
	VPADDQ    T2, g, g

// EFGH(a, b, c, z) leaves E in L0 … L4, H in L5 … L9, F in H2 … H6 and
// G in A0 … A4, not yet carried.
#define EFGH(a, b, c, z) \
	EFGHROW(0, P2LO, a, b, c, z, L0, L5, H2, A0); \
	EFGHROW(64, P2MID, a, b, c, z, L1, L6, H3, A1); \
	EFGHROW(128, P2MID, a, b, c, z, L2, L7, H4, A2); \
	EFGHROW(192, P2MID, a, b, c, z, L3, L8, H5, A3); \
	EFGHROW(256, P2TOP, a, b, c, z, L4, L9, H6, A4)

// SWAPROW(x, y) exchanges x and y in the lanes where SIGN is all ones.
#define SWAPROW(x, y) \
	VPXORQ x, y, T0; \
	VPANDQ SIGN, T0, T0; \
	VPXORQ T0, x, x; \
	VPXORQ T0, y, y

// CARRYEFGH carries E, H, F and G and stores them at the given offsets.
#define CARRYEFGH(e, f, g, h) \
	CARRY52(L0, L1, L2, L3, L4); \
	CARRY52(L5, L6, L7, L8, L9); \
	CARRY52(H2, H3, H4, H5, H6); \
	CARRY52(A0, A1, A2, A3, A4); \
	STORE5(e, L0, L1, L2, L3, L4); \
	STORE5(h, L5, L6, L7, L8, L9); \
	STORE5(f, H2, H3, H4, H5, H6); \
	STORE5(g, A0, A1, A2, A3, A4)

// EQMASK(c) sets T1 to all ones in the lanes where T2 (a magnitude)
// equals the broadcast c, zero elsewhere: v = T2 ⊕ c,
// ((v ∨ −v) >> 63) − 1. T0 clobbered.
#define EQMASK(c) \
	VPXORQ  c, T2, T1; \
	VPSUBQ  T1, ZERO, T0; \
	VPORQ   T0, T1, T1; \
	VPSRLQ  $63, T1, T1; \
	VPSUBQ  ONE, T1, T1

// The accumulators of the selection: rows 0 … 14 of the entry.
#define Q0 L0
#define Q1 L1
#define Q2 L2
#define Q3 L3
#define Q4 L4
#define Q5 L5
#define Q6 L6
#define Q7 L7
#define Q8 L8
#define Q9 L9
#define Q10 H2
#define Q11 H3
#define Q12 H4
#define Q13 H5
#define Q14 H6

// FIRST(o) sets the accumulators to entry 1's rows (table offset o) under
// T1; KEEP(o) ORs in entry m's rows under T1 (VPTERNLOGQ $0xf8:
// acc ∨ (mask ∧ row)).
#define FIRST(o) \
	VPANDQ o+0(DI), T1, Q0; \
	VPANDQ o+64(DI), T1, Q1; \
	VPANDQ o+128(DI), T1, Q2; \
	VPANDQ o+192(DI), T1, Q3; \
	VPANDQ o+256(DI), T1, Q4; \
	VPANDQ o+320(DI), T1, Q5; \
	VPANDQ o+384(DI), T1, Q6; \
	VPANDQ o+448(DI), T1, Q7; \
	VPANDQ o+512(DI), T1, Q8; \
	VPANDQ o+576(DI), T1, Q9; \
	VPANDQ o+640(DI), T1, Q10; \
	VPANDQ o+704(DI), T1, Q11; \
	VPANDQ o+768(DI), T1, Q12; \
	VPANDQ o+832(DI), T1, Q13; \
	VPANDQ o+896(DI), T1, Q14

#define KEEP(o) \
	VPTERNLOGQ $0xf8, o+0(DI), T1, Q0; \
	VPTERNLOGQ $0xf8, o+64(DI), T1, Q1; \
	VPTERNLOGQ $0xf8, o+128(DI), T1, Q2; \
	VPTERNLOGQ $0xf8, o+192(DI), T1, Q3; \
	VPTERNLOGQ $0xf8, o+256(DI), T1, Q4; \
	VPTERNLOGQ $0xf8, o+320(DI), T1, Q5; \
	VPTERNLOGQ $0xf8, o+384(DI), T1, Q6; \
	VPTERNLOGQ $0xf8, o+448(DI), T1, Q7; \
	VPTERNLOGQ $0xf8, o+512(DI), T1, Q8; \
	VPTERNLOGQ $0xf8, o+576(DI), T1, Q9; \
	VPTERNLOGQ $0xf8, o+640(DI), T1, Q10; \
	VPTERNLOGQ $0xf8, o+704(DI), T1, Q11; \
	VPTERNLOGQ $0xf8, o+768(DI), T1, Q12; \
	VPTERNLOGQ $0xf8, o+832(DI), T1, Q13; \
	VPTERNLOGQ $0xf8, o+896(DI), T1, Q14

// MAGNITUDE(m) broadcasts the constant m into A0.
#define MAGNITUDE(m) \
	MOVQ         $m, AX; \
	VPBROADCASTQ AX, A0

// PERMROWS(src, dst, op) sets the five rows at dst to the rows at src
// permuted by op (a VPERMQ immediate, or VPERMD with the index in A1).
#define PERMQ5(imm, src, dst) \
	VPERMQ    $imm, src+0(SP), T0; \
	VMOVDQU64 T0, dst+0(SP); \
	VPERMQ    $imm, src+64(SP), T0; \
	VMOVDQU64 T0, dst+64(SP); \
	VPERMQ    $imm, src+128(SP), T0; \
	VMOVDQU64 T0, dst+128(SP); \
	VPERMQ    $imm, src+192(SP), T0; \
	VMOVDQU64 T0, dst+192(SP); \
	VPERMQ    $imm, src+256(SP), T0; \
	VMOVDQU64 T0, dst+256(SP)

#define PERMD5(src, dst) \
	VPERMD    src+0(SP), T2, T0; \
	VMOVDQU64 T0, dst+0(SP); \
	VPERMD    src+64(SP), T2, T0; \
	VMOVDQU64 T0, dst+64(SP); \
	VPERMD    src+128(SP), T2, T0; \
	VMOVDQU64 T0, dst+128(SP); \
	VPERMD    src+192(SP), T2, T0; \
	VMOVDQU64 T0, dst+192(SP); \
	VPERMD    src+256(SP), T2, T0; \
	VMOVDQU64 T0, dst+256(SP)

// SUMLANES(perm) is the spec's sumLanes: each lane's point plus the point
// of the lane perm maps it to (perm(src, dst) writes the permuted rows).
// Slots: s₂ in QP, d₂ in QM, T₂ in QT, Z₂ in PC; then A in D1, B in S1,
// T₁·T₂ in QT, Z₁·Z₂ in PC, 2d in QP, C in QM; E, F, G, H in PA, PB, QP,
// QT.
#define SUMLANES(perm) \
	SUMDIFF; \
	perm(S1, QP); \
	perm(D1, QM); \
	perm(PT, QT); \
	perm(PZ, PC); \
	MULTO(D1, QM, D1); \
	MULTO(S1, QP, S1); \
	MULTO(PT, QT, QT); \
	MULTO(PZ, PC, PC); \
	VPBROADCASTQ 0(DX), T0; \
	VMOVDQU64    T0, QP+0(SP); \
	VPBROADCASTQ 8(DX), T0; \
	VMOVDQU64    T0, QP+64(SP); \
	VPBROADCASTQ 16(DX), T0; \
	VMOVDQU64    T0, QP+128(SP); \
	VPBROADCASTQ 24(DX), T0; \
	VMOVDQU64    T0, QP+192(SP); \
	VPBROADCASTQ 32(DX), T0; \
	VMOVDQU64    T0, QP+256(SP); \
	MULTO(QT, QP, QM); \
	EFGH(D1, S1, QM, PC); \
	CARRYEFGH(PA, PB, QP, QT); \
	MULTO(PA, PB, PX); \
	MULTO(QP, QT, PY); \
	MULTO(PB, QP, PZ); \
	MULTO(PA, QT, PT)

#define PERMHALVES(src, dst) PERMD5(src, dst)
#define PERMPAIRS(src, dst) PERMQ5(0x4e, src, dst)
#define PERMNEIGHBOURS(src, dst) PERMQ5(0xb1, src, dst)

// swapHalves is VPERMD's index exchanging the two 256-bit halves.
DATA swapHalves<>+0(SB)/8, $0x0000000900000008
DATA swapHalves<>+8(SB)/8, $0x0000000b0000000a
DATA swapHalves<>+16(SB)/8, $0x0000000d0000000c
DATA swapHalves<>+24(SB)/8, $0x0000000f0000000e
DATA swapHalves<>+32(SB)/8, $0x0000000100000000
DATA swapHalves<>+40(SB)/8, $0x0000000300000002
DATA swapHalves<>+48(SB)/8, $0x0000000500000004
DATA swapHalves<>+56(SB)/8, $0x0000000700000006
GLOBL swapHalves<>(SB), RODATA|NOPTR, $64

// func scalarBaseIFMA(out *[4]Element, t *spec.CombTable52, s *[32]byte, d2 *fe.Element52)
TEXT ·scalarBaseIFMA(SB), $3904-32
	MOVQ         $0x000fffffffffffff, AX
	VPBROADCASTQ AX, M52
	MOVQ         $0x00007fffffffffff, AX
	VPBROADCASTQ AX, M47
	MOVQ         $0x001fffffffffffda, AX
	VPBROADCASTQ AX, P2LO
	MOVQ         $0x001ffffffffffffe, AX
	VPBROADCASTQ AX, P2MID
	MOVQ         $0x0000fffffffffffe, AX
	VPBROADCASTQ AX, P2TOP
	MOVQ         $1, AX
	VPBROADCASTQ AX, ONE
	VPXORQ       ZERO, ZERO, ZERO

	// The digits (the spec's Recode16): for each byte its low and high
	// nibble plus the carry, minus 16 with a carry out from 8 up.
	MOVQ  s+16(FP), SI
	XORL  DX, DX
	XORL  CX, CX
recode:
	MOVBLZX (SI)(CX*1), AX
	MOVL    AX, BX
	ANDL    $15, BX
	ADDL    DX, BX
	MOVL    BX, DX
	ADDL    $8, DX
	SHRL    $4, DX
	MOVL    DX, R8
	SHLL    $4, R8
	SUBL    R8, BX
	MOVB    BX, DIG(SP)(CX*2)
	SHRL    $4, AX
	ADDL    DX, AX
	MOVL    AX, DX
	ADDL    $8, DX
	SHRL    $4, DX
	MOVL    DX, R8
	SHLL    $4, R8
	SUBL    R8, AX
	MOVB    AX, DIG+1(SP)(CX*2)
	INCQ    CX
	CMPQ    CX, $32
	JLT     recode

	// Every lane's point is the identity (0, 1, 1, 0).
	STORE5(PX, ZERO, ZERO, ZERO, ZERO, ZERO)
	STORE5(PY, ONE, ZERO, ZERO, ZERO, ZERO)
	STORE5(PZ, ONE, ZERO, ZERO, ZERO, ZERO)
	STORE5(PT, ZERO, ZERO, ZERO, ZERO, ZERO)

	MOVQ t+8(FP), DI
	XORL CX, CX
round:
	// The lanes' digits, their sign masks and magnitudes.
	VPMOVSXBQ DIG(SP)(CX*8), T2
	VPSRLQ    $63, T2, SIGN
	VPSUBQ    SIGN, ZERO, SIGN
	VPXORQ    SIGN, T2, T2
	VPSUBQ    SIGN, T2, T2

	// Entry m of every lane under its mask, then the identity's ones.
	MAGNITUDE(1)
	EQMASK(A0)
	FIRST(0)
	MAGNITUDE(2)
	EQMASK(A0)
	KEEP(960)
	MAGNITUDE(3)
	EQMASK(A0)
	KEEP(1920)
	MAGNITUDE(4)
	EQMASK(A0)
	KEEP(2880)
	MAGNITUDE(5)
	EQMASK(A0)
	KEEP(3840)
	MAGNITUDE(6)
	EQMASK(A0)
	KEEP(4800)
	MAGNITUDE(7)
	EQMASK(A0)
	KEEP(5760)
	MAGNITUDE(8)
	EQMASK(A0)
	KEEP(6720)
	VPSUBQ T2, ZERO, T0
	VPORQ  T0, T2, T1
	VPSRLQ $63, T1, T1
	VPSUBQ ONE, T1, T1
	VPANDQ ONE, T1, T1
	VPORQ  T1, Q0, Q0
	VPORQ  T1, Q5, Q5

	// A negative digit: y + x and y − x exchanged.
	SWAPROW(Q0, Q5)
	SWAPROW(Q1, Q6)
	SWAPROW(Q2, Q7)
	SWAPROW(Q3, Q8)
	SWAPROW(Q4, Q9)
	STORE5(QP, Q0, Q1, Q2, Q3, Q4)
	STORE5(QM, Q5, Q6, Q7, Q8, Q9)
	STORE5(QT, Q10, Q11, Q12, Q13, Q14)

	// The mixed addition: A = (Y − X)(y − x), B = (Y + X)(y + x),
	// C = T·2dxy; E, H, F, G (F and G exchanged for a negative digit),
	// carried into QP, S1, QM, QT; the four products.
	SUMDIFF
	MULTO(D1, QM, PA)
	MULTO(S1, QP, PB)
	MULTO(PT, QT, PC)
	EFGH(PA, PB, PC, PZ)
	SWAPROW(H2, A0)
	SWAPROW(H3, A1)
	SWAPROW(H4, A2)
	SWAPROW(H5, A3)
	SWAPROW(H6, A4)
	CARRYEFGH(QP, QM, QT, S1)
	MULTO(QP, QM, PX)
	MULTO(QT, S1, PY)
	MULTO(QM, QT, PZ)
	MULTO(QP, S1, PT)

	ADDQ $7680, DI
	INCQ CX
	CMPQ CX, $8
	JLT  round

	// The lane sums: j ⊕ 4, j ⊕ 2, j ⊕ 1.
	MOVQ      d2+24(FP), DX
	MOVQ      $swapHalves<>(SB), AX
	VMOVDQU64 (AX), T2
	SUMLANES(PERMHALVES)
	SUMLANES(PERMPAIRS)
	SUMLANES(PERMNEIGHBOURS)

	// Lane 0 of X, Y, Z, T to radix 2⁵¹ (the spec's to51).
	MOVQ out+0(FP), DI
	MOVQ $0x0007ffffffffffff, R9
	XORL CX, CX
convert:
	IMUL3Q  $320, CX, R10
	MOVQ    0(SP)(R10*1), AX
	MOVQ    64(SP)(R10*1), BX
	MOVQ    128(SP)(R10*1), SI
	MOVQ    192(SP)(R10*1), R8
	MOVQ    256(SP)(R10*1), R11
	MOVQ    AX, R12
	ANDQ    R9, R12
	MOVQ    R12, 0(DI)
	SHRQ    $51, AX
	MOVQ    BX, R12
	SHLQ    $1, R12
	ANDQ    R9, R12
	ORQ     AX, R12
	MOVQ    R12, 8(DI)
	SHRQ    $50, BX
	MOVQ    SI, R12
	SHLQ    $2, R12
	ANDQ    R9, R12
	ORQ     BX, R12
	MOVQ    R12, 16(DI)
	SHRQ    $49, SI
	MOVQ    R8, R12
	SHLQ    $3, R12
	ANDQ    R9, R12
	ORQ     SI, R12
	MOVQ    R12, 24(DI)
	SHRQ    $48, R8
	SHLQ    $4, R11
	ORQ     R8, R11
	MOVQ    R11, 32(DI)
	ADDQ    $40, DI
	INCQ    CX
	CMPQ    CX, $4
	JLT     convert
	VZEROUPPER
	RET
