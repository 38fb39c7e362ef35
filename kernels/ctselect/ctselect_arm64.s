//go:build arm64 && !purego

#include "textflag.h"

// Constant-time selection of one entry of a 16 × 16-word table, proved equal
// to vg.dev/spec/ctselect.Select under i < 16.
//
// Rules the kernel keeps, for constant time:
//   - All 256 words of the table are loaded, always, with LDP at constant
//     offsets from a pointer that starts at t and moves by the constant 512
//     every four entries: no address depends on i or on the table's
//     contents.
//   - i is only compared with constants (CMP $j, i), and those flags are
//     only read by CSEL: no branch, no secret-dependent address. CSEL's
//     timing does not depend on its operands or the condition.
//   - Each word of out is stored exactly once, after the table is read.
//
// Design. The whole entry is accumulated in one pass: sixteen accumulators
// R0…R15 start as entry 0 (the default, kept when no j ≥ 1 equals i), and
// for each entry j = 1…15 one CMP $j, i sets the flags that sixteen
// CSEL EQ read, eight words at a time: four LDPs fill the temporaries
// R19…R26, eight CSELs keep them where i = j, then the other half.
//
// Registers: R16 = the table pointer, R17 = i, R0…R15 accumulators,
// R19…R26 loaded words. Not written: R18 (platform), R27 (the assembler's
// temporary), g, FP, LR. The frame is the argument frame only.

// HALF(o, a0, …, a7) keeps the eight words at o(R16) … o+56(R16) in the
// accumulators a0 … a7 where the flags say EQ.
#define HALF(o, a0, a1, a2, a3, a4, a5, a6, a7) \
	LDP  (o+0)(R16), (R19, R20); \
	LDP  (o+16)(R16), (R21, R22); \
	LDP  (o+32)(R16), (R23, R24); \
	LDP  (o+48)(R16), (R25, R26); \
	CSEL EQ, R19, a0, a0; \
	CSEL EQ, R20, a1, a1; \
	CSEL EQ, R21, a2, a2; \
	CSEL EQ, R22, a3, a3; \
	CSEL EQ, R23, a4, a4; \
	CSEL EQ, R24, a5, a5; \
	CSEL EQ, R25, a6, a6; \
	CSEL EQ, R26, a7, a7

// ENTRY(j, o) keeps entry j, at o(R16), where i = j.
#define ENTRY(j, o) \
	CMP  $j, R17; \
	HALF(o, R0, R1, R2, R3, R4, R5, R6, R7); \
	HALF(o+64, R8, R9, R10, R11, R12, R13, R14, R15)

// func selectCSEL(out *Entry, t *Table, i uint64)
TEXT ·selectCSEL(SB), NOSPLIT, $0-24
	MOVD t+8(FP), R16
	MOVD i+16(FP), R17

	// Entry 0 is the default.
	LDP  0(R16), (R0, R1)
	LDP  16(R16), (R2, R3)
	LDP  32(R16), (R4, R5)
	LDP  48(R16), (R6, R7)
	LDP  64(R16), (R8, R9)
	LDP  80(R16), (R10, R11)
	LDP  96(R16), (R12, R13)
	LDP  112(R16), (R14, R15)
	ENTRY(1, 128)
	ENTRY(2, 256)
	ENTRY(3, 384)

	// Entries 4…7, 512 bytes further.
	ADD  $512, R16, R16
	ENTRY(4, 0)
	ENTRY(5, 128)
	ENTRY(6, 256)
	ENTRY(7, 384)

	// Entries 8…11, 512 bytes further.
	ADD  $512, R16, R16
	ENTRY(8, 0)
	ENTRY(9, 128)
	ENTRY(10, 256)
	ENTRY(11, 384)

	// Entries 12…15, 512 bytes further.
	ADD  $512, R16, R16
	ENTRY(12, 0)
	ENTRY(13, 128)
	ENTRY(14, 256)
	ENTRY(15, 384)

	MOVD out+0(FP), R16
	STP  (R0, R1), 0(R16)
	STP  (R2, R3), 16(R16)
	STP  (R4, R5), 32(R16)
	STP  (R6, R7), 48(R16)
	STP  (R8, R9), 64(R16)
	STP  (R10, R11), 80(R16)
	STP  (R12, R13), 96(R16)
	STP  (R14, R15), 112(R16)
	RET
