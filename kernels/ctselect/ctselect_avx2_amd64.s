//go:build amd64 && !purego

#include "textflag.h"

// Constant-time selection with AVX2, proved equal to
// vg.dev/spec/ctselect.Select under i < 16.
//
// Rules the kernel keeps, for constant time:
//   - All 2048 bytes of the table are loaded, always, 32 bytes at a time at
//     constant offsets from t (128·j + 32·k for entry j, quarter k): no
//     address depends on i or on the table's contents.
//   - Each entry's mask comes from VPCMPEQD of i, broadcast to every
//     doubleword of Y15, against the constant j in every doubleword of the
//     32 bytes of selectAVX2Index at offset 32·j: all ones when i = j (for
//     i < 16, the low doubleword of i is i), zero otherwise. The address of
//     that constant depends only on j. No branch, no flag is read.
//   - out is stored once, four 32-byte stores, after the table is read.
//
// Design. The 128 bytes of an entry are four YMM words; four accumulators
// Y0–Y3 collect acc |= word & mask (VPAND with the table word as a memory
// operand, then VPOR). Entry 0 starts them with VPAND alone. Per entry:
// one VPCMPEQD (with its constant as a memory operand), four VPAND (each
// with a load) and four VPOR: nine instructions, five loads. The masks
// alternate between Y14 and Y13 and the products between Y4–Y7 and
// Y8–Y11, so consecutive entries share no register but the accumulators.
// A counter incremented with VPADDD instead of the constant table would
// trade the comparison's load for one more vector instruction per entry,
// and the vector ports, not the loads, bound the scan.
//
// Registers: SI = t, DI = out (at the end); Y15 = i in every doubleword.
// VZEROUPPER before RET, so that the caller's SSE code pays no transition.

// selectAVX2Index holds j in all eight doublewords of its 32 bytes at offset
// 32·j, for j = 0 … 15.
// 0 in all eight doublewords.
DATA ·selectAVX2Index+0x000(SB)/8, $0x0000000000000000
DATA ·selectAVX2Index+0x008(SB)/8, $0x0000000000000000
DATA ·selectAVX2Index+0x010(SB)/8, $0x0000000000000000
DATA ·selectAVX2Index+0x018(SB)/8, $0x0000000000000000
DATA ·selectAVX2Index+0x020(SB)/8, $0x0000000100000001
DATA ·selectAVX2Index+0x028(SB)/8, $0x0000000100000001
DATA ·selectAVX2Index+0x030(SB)/8, $0x0000000100000001
DATA ·selectAVX2Index+0x038(SB)/8, $0x0000000100000001
DATA ·selectAVX2Index+0x040(SB)/8, $0x0000000200000002
DATA ·selectAVX2Index+0x048(SB)/8, $0x0000000200000002
DATA ·selectAVX2Index+0x050(SB)/8, $0x0000000200000002
DATA ·selectAVX2Index+0x058(SB)/8, $0x0000000200000002
DATA ·selectAVX2Index+0x060(SB)/8, $0x0000000300000003
DATA ·selectAVX2Index+0x068(SB)/8, $0x0000000300000003
DATA ·selectAVX2Index+0x070(SB)/8, $0x0000000300000003
DATA ·selectAVX2Index+0x078(SB)/8, $0x0000000300000003
DATA ·selectAVX2Index+0x080(SB)/8, $0x0000000400000004
DATA ·selectAVX2Index+0x088(SB)/8, $0x0000000400000004
DATA ·selectAVX2Index+0x090(SB)/8, $0x0000000400000004
DATA ·selectAVX2Index+0x098(SB)/8, $0x0000000400000004
DATA ·selectAVX2Index+0x0a0(SB)/8, $0x0000000500000005
DATA ·selectAVX2Index+0x0a8(SB)/8, $0x0000000500000005
DATA ·selectAVX2Index+0x0b0(SB)/8, $0x0000000500000005
DATA ·selectAVX2Index+0x0b8(SB)/8, $0x0000000500000005
DATA ·selectAVX2Index+0x0c0(SB)/8, $0x0000000600000006
DATA ·selectAVX2Index+0x0c8(SB)/8, $0x0000000600000006
DATA ·selectAVX2Index+0x0d0(SB)/8, $0x0000000600000006
DATA ·selectAVX2Index+0x0d8(SB)/8, $0x0000000600000006
DATA ·selectAVX2Index+0x0e0(SB)/8, $0x0000000700000007
DATA ·selectAVX2Index+0x0e8(SB)/8, $0x0000000700000007
DATA ·selectAVX2Index+0x0f0(SB)/8, $0x0000000700000007
DATA ·selectAVX2Index+0x0f8(SB)/8, $0x0000000700000007
DATA ·selectAVX2Index+0x100(SB)/8, $0x0000000800000008
DATA ·selectAVX2Index+0x108(SB)/8, $0x0000000800000008
DATA ·selectAVX2Index+0x110(SB)/8, $0x0000000800000008
DATA ·selectAVX2Index+0x118(SB)/8, $0x0000000800000008
DATA ·selectAVX2Index+0x120(SB)/8, $0x0000000900000009
DATA ·selectAVX2Index+0x128(SB)/8, $0x0000000900000009
DATA ·selectAVX2Index+0x130(SB)/8, $0x0000000900000009
DATA ·selectAVX2Index+0x138(SB)/8, $0x0000000900000009
DATA ·selectAVX2Index+0x140(SB)/8, $0x0000000a0000000a
DATA ·selectAVX2Index+0x148(SB)/8, $0x0000000a0000000a
DATA ·selectAVX2Index+0x150(SB)/8, $0x0000000a0000000a
DATA ·selectAVX2Index+0x158(SB)/8, $0x0000000a0000000a
DATA ·selectAVX2Index+0x160(SB)/8, $0x0000000b0000000b
DATA ·selectAVX2Index+0x168(SB)/8, $0x0000000b0000000b
DATA ·selectAVX2Index+0x170(SB)/8, $0x0000000b0000000b
DATA ·selectAVX2Index+0x178(SB)/8, $0x0000000b0000000b
DATA ·selectAVX2Index+0x180(SB)/8, $0x0000000c0000000c
DATA ·selectAVX2Index+0x188(SB)/8, $0x0000000c0000000c
DATA ·selectAVX2Index+0x190(SB)/8, $0x0000000c0000000c
DATA ·selectAVX2Index+0x198(SB)/8, $0x0000000c0000000c
DATA ·selectAVX2Index+0x1a0(SB)/8, $0x0000000d0000000d
DATA ·selectAVX2Index+0x1a8(SB)/8, $0x0000000d0000000d
DATA ·selectAVX2Index+0x1b0(SB)/8, $0x0000000d0000000d
DATA ·selectAVX2Index+0x1b8(SB)/8, $0x0000000d0000000d
DATA ·selectAVX2Index+0x1c0(SB)/8, $0x0000000e0000000e
DATA ·selectAVX2Index+0x1c8(SB)/8, $0x0000000e0000000e
DATA ·selectAVX2Index+0x1d0(SB)/8, $0x0000000e0000000e
DATA ·selectAVX2Index+0x1d8(SB)/8, $0x0000000e0000000e
DATA ·selectAVX2Index+0x1e0(SB)/8, $0x0000000f0000000f
DATA ·selectAVX2Index+0x1e8(SB)/8, $0x0000000f0000000f
DATA ·selectAVX2Index+0x1f0(SB)/8, $0x0000000f0000000f
DATA ·selectAVX2Index+0x1f8(SB)/8, $0x0000000f0000000f
GLOBL ·selectAVX2Index(SB), RODATA|NOPTR, $512

// FIRST0 starts the accumulators with entry 0 under its mask.
#define FIRST0 \
	VPCMPEQD ·selectAVX2Index+0(SB), Y15, Y14; \
	VPAND    0(SI), Y14, Y0; \
	VPAND    32(SI), Y14, Y1; \
	VPAND    64(SI), Y14, Y2; \
	VPAND    96(SI), Y14, Y3

// ENTRY ors entry j, under its mask m, into the accumulators, with the
// temporaries t0 … t3.
#define ENTRY(j, m, t0, t1, t2, t3) \
	VPCMPEQD ·selectAVX2Index+(j*32)(SB), Y15, m; \
	VPAND    (j*128+0)(SI), m, t0; \
	VPAND    (j*128+32)(SI), m, t1; \
	VPAND    (j*128+64)(SI), m, t2; \
	VPAND    (j*128+96)(SI), m, t3; \
	VPOR     t0, Y0, Y0; \
	VPOR     t1, Y1, Y1; \
	VPOR     t2, Y2, Y2; \
	VPOR     t3, Y3, Y3

#define ODD(j) ENTRY(j, Y13, Y4, Y5, Y6, Y7)
#define EVEN(j) ENTRY(j, Y14, Y8, Y9, Y10, Y11)

// func selectAVX2(out *Entry, t *Table, i uint64)
TEXT ·selectAVX2(SB), NOSPLIT, $0-24
	MOVQ         t+8(FP), SI
	VPBROADCASTD i+16(FP), Y15

	FIRST0
	ODD(1)
	EVEN(2)
	ODD(3)
	EVEN(4)
	ODD(5)
	EVEN(6)
	ODD(7)
	EVEN(8)
	ODD(9)
	EVEN(10)
	ODD(11)
	EVEN(12)
	ODD(13)
	EVEN(14)
	ODD(15)

	MOVQ    out+0(FP), DI
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VZEROUPPER
	RET
