//go:build amd64 && !purego

#include "textflag.h"
#include "comb_amd64.h"

// Ed25519's fixed-base multiplication with AVX2 selection, proved equal
// to vg.dev/spec/ed25519.ScalarBaseMult: scalarBaseADX (comb_amd64.s) with
// each digit's entry selected as the seeds do it. The digit's magnitude is
// broadcast to every doubleword of Y14; each entry's mask is one VPCMPEQD
// of Y14 against combMagnitudes, which holds the magnitude m in all eight
// doublewords of its 32 bytes at 32·m; the entry's four 32-byte quarters
// are kept under the mask (VPAND with the table word as a memory operand)
// and ORed into Y0 … Y3 (VPOR). Magnitude 0 keeps the identity's words
// (1, 1, 0) from combIdentity the same way. The field arithmetic, the
// sign (masks in general registers) and the recoding are scalarBaseADX's.
//
// Rules the kernel keeps, for constant time:
//   - All 2048 bytes of each table are loaded, always, at constant offsets
//     from the table's address (which depends on the loop's public
//     counter only); the masks' constants are at addresses that depend
//     only on the entry.
//   - The comparison is exact: the magnitude of a sign-extended byte is
//     below 2⁸, so its low doubleword is the magnitude (the prover sees it
//     from the recoded digit's range).
//   - No branch but the loops' on their counters; VPCMPEQD, VPAND and
//     VPOR take the same time for every operand.
//
// Per entry: one VPCMPEQD with its constant as a memory operand, four
// VPAND (each with a load) and four VPOR; the masks alternate between
// Y15 and Y13 and the products between Y4–Y7 and Y8–Y11, so consecutive
// entries share no register but the accumulators. The selected entry is
// stored to the frame (its unused word 15 on YPX's first word, written
// before it is read) for the general registers' sign and products.
// VZEROUPPER before RET.

// combMagnitudes holds m in all eight doublewords of its 32 bytes at
// offset 32·m, for m = 0 … 16.
DATA ·combMagnitudes+0x000(SB)/8, $0x0000000000000000
DATA ·combMagnitudes+0x008(SB)/8, $0x0000000000000000
DATA ·combMagnitudes+0x010(SB)/8, $0x0000000000000000
DATA ·combMagnitudes+0x018(SB)/8, $0x0000000000000000
DATA ·combMagnitudes+0x020(SB)/8, $0x0000000100000001
DATA ·combMagnitudes+0x028(SB)/8, $0x0000000100000001
DATA ·combMagnitudes+0x030(SB)/8, $0x0000000100000001
DATA ·combMagnitudes+0x038(SB)/8, $0x0000000100000001
DATA ·combMagnitudes+0x040(SB)/8, $0x0000000200000002
DATA ·combMagnitudes+0x048(SB)/8, $0x0000000200000002
DATA ·combMagnitudes+0x050(SB)/8, $0x0000000200000002
DATA ·combMagnitudes+0x058(SB)/8, $0x0000000200000002
DATA ·combMagnitudes+0x060(SB)/8, $0x0000000300000003
DATA ·combMagnitudes+0x068(SB)/8, $0x0000000300000003
DATA ·combMagnitudes+0x070(SB)/8, $0x0000000300000003
DATA ·combMagnitudes+0x078(SB)/8, $0x0000000300000003
DATA ·combMagnitudes+0x080(SB)/8, $0x0000000400000004
DATA ·combMagnitudes+0x088(SB)/8, $0x0000000400000004
DATA ·combMagnitudes+0x090(SB)/8, $0x0000000400000004
DATA ·combMagnitudes+0x098(SB)/8, $0x0000000400000004
DATA ·combMagnitudes+0x0a0(SB)/8, $0x0000000500000005
DATA ·combMagnitudes+0x0a8(SB)/8, $0x0000000500000005
DATA ·combMagnitudes+0x0b0(SB)/8, $0x0000000500000005
DATA ·combMagnitudes+0x0b8(SB)/8, $0x0000000500000005
DATA ·combMagnitudes+0x0c0(SB)/8, $0x0000000600000006
DATA ·combMagnitudes+0x0c8(SB)/8, $0x0000000600000006
DATA ·combMagnitudes+0x0d0(SB)/8, $0x0000000600000006
DATA ·combMagnitudes+0x0d8(SB)/8, $0x0000000600000006
DATA ·combMagnitudes+0x0e0(SB)/8, $0x0000000700000007
DATA ·combMagnitudes+0x0e8(SB)/8, $0x0000000700000007
DATA ·combMagnitudes+0x0f0(SB)/8, $0x0000000700000007
DATA ·combMagnitudes+0x0f8(SB)/8, $0x0000000700000007
DATA ·combMagnitudes+0x100(SB)/8, $0x0000000800000008
DATA ·combMagnitudes+0x108(SB)/8, $0x0000000800000008
DATA ·combMagnitudes+0x110(SB)/8, $0x0000000800000008
DATA ·combMagnitudes+0x118(SB)/8, $0x0000000800000008
DATA ·combMagnitudes+0x120(SB)/8, $0x0000000900000009
DATA ·combMagnitudes+0x128(SB)/8, $0x0000000900000009
DATA ·combMagnitudes+0x130(SB)/8, $0x0000000900000009
DATA ·combMagnitudes+0x138(SB)/8, $0x0000000900000009
DATA ·combMagnitudes+0x140(SB)/8, $0x0000000a0000000a
DATA ·combMagnitudes+0x148(SB)/8, $0x0000000a0000000a
DATA ·combMagnitudes+0x150(SB)/8, $0x0000000a0000000a
DATA ·combMagnitudes+0x158(SB)/8, $0x0000000a0000000a
DATA ·combMagnitudes+0x160(SB)/8, $0x0000000b0000000b
DATA ·combMagnitudes+0x168(SB)/8, $0x0000000b0000000b
DATA ·combMagnitudes+0x170(SB)/8, $0x0000000b0000000b
DATA ·combMagnitudes+0x178(SB)/8, $0x0000000b0000000b
DATA ·combMagnitudes+0x180(SB)/8, $0x0000000c0000000c
DATA ·combMagnitudes+0x188(SB)/8, $0x0000000c0000000c
DATA ·combMagnitudes+0x190(SB)/8, $0x0000000c0000000c
DATA ·combMagnitudes+0x198(SB)/8, $0x0000000c0000000c
DATA ·combMagnitudes+0x1a0(SB)/8, $0x0000000d0000000d
DATA ·combMagnitudes+0x1a8(SB)/8, $0x0000000d0000000d
DATA ·combMagnitudes+0x1b0(SB)/8, $0x0000000d0000000d
DATA ·combMagnitudes+0x1b8(SB)/8, $0x0000000d0000000d
DATA ·combMagnitudes+0x1c0(SB)/8, $0x0000000e0000000e
DATA ·combMagnitudes+0x1c8(SB)/8, $0x0000000e0000000e
DATA ·combMagnitudes+0x1d0(SB)/8, $0x0000000e0000000e
DATA ·combMagnitudes+0x1d8(SB)/8, $0x0000000e0000000e
DATA ·combMagnitudes+0x1e0(SB)/8, $0x0000000f0000000f
DATA ·combMagnitudes+0x1e8(SB)/8, $0x0000000f0000000f
DATA ·combMagnitudes+0x1f0(SB)/8, $0x0000000f0000000f
DATA ·combMagnitudes+0x1f8(SB)/8, $0x0000000f0000000f
DATA ·combMagnitudes+0x200(SB)/8, $0x0000001000000010
DATA ·combMagnitudes+0x208(SB)/8, $0x0000001000000010
DATA ·combMagnitudes+0x210(SB)/8, $0x0000001000000010
DATA ·combMagnitudes+0x218(SB)/8, $0x0000001000000010
GLOBL ·combMagnitudes(SB), RODATA|NOPTR, $544

// combIdentity is the identity's words 0 … 7 in the table's layout: 1
// as word 0 (y + x) and word 5 (y − x).
DATA ·combIdentity+0x000(SB)/8, $0x0000000000000001
DATA ·combIdentity+0x008(SB)/8, $0x0000000000000000
DATA ·combIdentity+0x010(SB)/8, $0x0000000000000000
DATA ·combIdentity+0x018(SB)/8, $0x0000000000000000
DATA ·combIdentity+0x020(SB)/8, $0x0000000000000000
DATA ·combIdentity+0x028(SB)/8, $0x0000000000000001
DATA ·combIdentity+0x030(SB)/8, $0x0000000000000000
DATA ·combIdentity+0x038(SB)/8, $0x0000000000000000
GLOBL ·combIdentity(SB), RODATA|NOPTR, $64

// FIRSTV starts Y0, Y1 with the identity under magnitude 0's mask and
// ORs in entry 1, whose last quarters start Y2, Y3.
#define FIRSTV \
	VPCMPEQD ·combMagnitudes+0(SB), Y14, Y15; \
	VPAND    ·combIdentity+0(SB), Y15, Y0; \
	VPAND    ·combIdentity+32(SB), Y15, Y1; \
	VPCMPEQD ·combMagnitudes+32(SB), Y14, Y13; \
	VPAND    0(SI), Y13, Y4; \
	VPAND    32(SI), Y13, Y5; \
	VPAND    64(SI), Y13, Y2; \
	VPAND    96(SI), Y13, Y3; \
	VPOR     Y4, Y0, Y0; \
	VPOR     Y5, Y1, Y1

// ENTRYV(m, k, t0, t1, t2, t3) ORs entry m − 1 of the table at SI, under
// the mask k of magnitude m, into Y0 … Y3, with the temporaries t0 … t3.
#define ENTRYV(m, k, t0, t1, t2, t3) \
	VPCMPEQD ·combMagnitudes+(m*32)(SB), Y14, k; \
	VPAND    ((m-1)*128+0)(SI), k, t0; \
	VPAND    ((m-1)*128+32)(SI), k, t1; \
	VPAND    ((m-1)*128+64)(SI), k, t2; \
	VPAND    ((m-1)*128+96)(SI), k, t3; \
	VPOR     t0, Y0, Y0; \
	VPOR     t1, Y1, Y1; \
	VPOR     t2, Y2, Y2; \
	VPOR     t3, Y3, Y3

#define EVENV(m) ENTRYV(m, Y15, Y4, Y5, Y6, Y7)
#define ODDV(m) ENTRYV(m, Y13, Y8, Y9, Y10, Y11)

// SELECTV sets QYPX, QYMX, QT2D to d·(entry) for the digit d in R15 and
// the table at SI: the sign (R14) and magnitude as SELECT computes them,
// the magnitude in every doubleword of Y14, the scan, the entry to the
// frame, the sign with masks.
#define SELECTV \
	MOVQ         R15, CX; \
	SARQ         $63, CX; \
	MOVQ         CX, R14; \
	XORQ         CX, R15; \
	SUBQ         CX, R15; \
	VMOVQ        R15, X14; \
	VPBROADCASTD X14, Y14; \
	FIRSTV; \
	EVENV(2); \
	ODDV(3); \
	EVENV(4); \
	ODDV(5); \
	EVENV(6); \
	ODDV(7); \
	EVENV(8); \
	ODDV(9); \
	EVENV(10); \
	ODDV(11); \
	EVENV(12); \
	ODDV(13); \
	EVENV(14); \
	ODDV(15); \
	EVENV(16); \
	VMOVDQU      Y0, (QYPX+0)(SP); \
	VMOVDQU      Y1, (QYPX+32)(SP); \
	VMOVDQU      Y2, (QYPX+64)(SP); \
	VMOVDQU      Y3, (QYPX+96)(SP); \
	SIGN

// func scalarBaseAVX2(out *[4]Element, t *[26]ctselect.Table, s *[32]byte)
//
// scalarBaseADX with SELECTV for SELECT.
TEXT ·scalarBaseAVX2(SB), NOSPLIT, $744-24
	RECODE
	IDENTITY

	MOVQ AX, KK(SP)
odd:
	MOVQ    KK(SP), AX
	MOVBQSX (DG+1)(SP)(AX*2), R15
	MOVQ    AX, SI
	SHLQ    $11, SI
	ADDQ    t+8(FP), SI
	SELECTV
	MADD
	MOVQ KK(SP), AX
	INCQ AX
	MOVQ AX, KK(SP)
	CMPQ AX, $25
	JLT  odd

	DBL
	DBL
	DBL
	DBL
	DBL
	FMUL(EX, EY, PT)

	MOVQ $0, KK(SP)
even:
	MOVQ    KK(SP), AX
	MOVBQSX DG(SP)(AX*2), R15
	MOVQ    AX, SI
	SHLQ    $11, SI
	ADDQ    t+8(FP), SI
	SELECTV
	MADD
	MOVQ KK(SP), AX
	INCQ AX
	MOVQ AX, KK(SP)
	CMPQ AX, $26
	JLT  even

	MOVQ out+0(FP), DI
	COPYOUT(PX, 0)
	COPYOUT(PY, 40)
	COPYOUT(PZ, 80)
	COPYOUT(PT, 120)
	VZEROUPPER
	RET
