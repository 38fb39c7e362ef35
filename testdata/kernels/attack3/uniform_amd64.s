#include "textflag.h"

// The uniform sampler's step with AVX-512 (spec.RejUniformPacked): the 56
// three-byte candidates of one SHAKE128 block in groups of 16 (the last of
// 8). VPERMB spreads each group's 48 bytes to sixteen dwords, VPANDD keeps
// their low 23 bits, VPSUBD and VPMOVD2M mark those below q in K1,
// VPCOMPRESSD packs them (zeroing the rest) and one store puts the group
// at out[c], c the count accepted before it. The block is public, and so
// is the mask.
//
// The compress goes to a register: the memory form is microcoded on AMD
// Zen 4 and Zen 5 and ten times slower. Before group g, c ≤ 16g, so every
// store ends within out (at most 32 + 16 = 48, then 48 + 8 = 56 entries).

// uniformIdx16 takes bytes 3i, 3i+1, 3i+2 of a group to dword i (its top
// byte repeats 3i+2: VPANDD clears it).
DATA a3Idx16<>+0x00(SB)/8, $0x0505040302020100
DATA a3Idx16<>+0x08(SB)/8, $0x0b0b0a0908080706
DATA a3Idx16<>+0x10(SB)/8, $0x1111100f0e0e0d0c
DATA a3Idx16<>+0x18(SB)/8, $0x1717161514141312
DATA a3Idx16<>+0x20(SB)/8, $0x1d1d1c1b1a1a1918
DATA a3Idx16<>+0x28(SB)/8, $0x2323222120201f1e
DATA a3Idx16<>+0x30(SB)/8, $0x2929282726262524
DATA a3Idx16<>+0x38(SB)/8, $0x2f2f2e2d2c2c2b2a
GLOBL a3Idx16<>(SB), RODATA|NOPTR, $64

// uniformIdx8 is the same for the last 8 candidates, bytes 144 to 167 of
// the block, from a 32-byte load at byte 136.
DATA a3Idx8<>+0x00(SB)/8, $0x0d0d0c0b0a0a0908
DATA a3Idx8<>+0x08(SB)/8, $0x1313121110100f0e
DATA a3Idx8<>+0x10(SB)/8, $0x1919181716161514
DATA a3Idx8<>+0x18(SB)/8, $0x1f1f1e1d1c1c1b1a
GLOBL a3Idx8<>(SB), RODATA|NOPTR, $32

DATA a3Mask23<>+0x00(SB)/4, $0x7fffff
GLOBL a3Mask23<>(SB), RODATA|NOPTR, $4
DATA a3Q<>+0x00(SB)/4, $8380417
GLOBL a3Q<>(SB), RODATA|NOPTR, $4

// UNIFORM16(off) is the group of candidates at byte off of the block (SI):
// packed to out[c] (DI, R8 = c); c grows by their count. A candidate z is
// accepted when z − q is negative (VPMOVD2M takes the sign bits). Z4 = the
// index, Z5 = 2²³ − 1, Z6 = q.
#define UNIFORM16(off) \
	VPERMB        off(SI), Z4, Z1; \
	VPANDD        Z5, Z1, Z1; \
	VPSUBD        Z6, Z1, Z3; \
	VPMOVD2M      Z3, K1; \
	VPCOMPRESSD.Z Z1, K1, Z2; \
	KMOVW         K1, AX; \
	POPCNTQ       AX, AX; \
	VMOVDQU32     Z2, (DI)(R8*4); \
	ADDQ          AX, R8

#define UNIFORM16M(off) \
	VPERMB        off(SI), Z4, Z1; \
	VPANDD        Z5, Z1, Z1; \
	VPSUBD        Z6, Z1, Z3; \
	VPMOVD2M      Z3, K1; \
	VPCOMPRESSD   Z1, K1, Z2; \
	KMOVW         K1, AX; \
	POPCNTQ       AX, AX; \
	VMOVDQU32     Z2, (DI)(R8*4); \
	ADDQ          AX, R8

// func uniOK(out *[56]int32, a *[21]uint64) int
TEXT ·uniOK(SB), NOSPLIT, $0-24
	MOVQ         out+0(FP), DI
	MOVQ         a+8(FP), SI
	XORL         R8, R8
	VMOVDQU64    a3Idx16<>(SB), Z4
	VPBROADCASTD a3Mask23<>(SB), Z5
	VPBROADCASTD a3Q<>(SB), Z6
	UNIFORM16(0)
	UNIFORM16(48)
	UNIFORM16(96)
	VMOVDQU32     a3Idx8<>(SB), Y4
	VPERMB        136(SI), Y4, Y1
	VPANDD        Y5, Y1, Y1
	VPSUBD        Y6, Y1, Y3
	VPMOVD2M      Y3, K1
	VPCOMPRESSD.Z Y1, K1, Y2
	KMOVW         K1, AX
	POPCNTQ       AX, AX
	VMOVDQU32     Y2, (DI)(R8*4)
	ADDQ          AX, R8
	MOVQ          R8, ret+16(FP)
	VZEROUPPER
	RET

// func uniWideStore(out *[56]int32, a *[21]uint64) int
TEXT ·uniWideStore(SB), NOSPLIT, $0-24
	MOVQ         out+0(FP), DI
	MOVQ         a+8(FP), SI
	XORL         R8, R8
	VMOVDQU64    a3Idx16<>(SB), Z4
	VPBROADCASTD a3Mask23<>(SB), Z5
	VPBROADCASTD a3Q<>(SB), Z6
	UNIFORM16(0)
	UNIFORM16(48)
	UNIFORM16(96)
	VMOVDQU32     a3Idx8<>(SB), Y4
	VPERMB        136(SI), Y4, Y1
	VPANDD        Y5, Y1, Y1
	VPSUBD        Y6, Y1, Y3
	VPMOVD2M      Y3, K1
	VPCOMPRESSD.Z Y1, K1, Y2
	KMOVW         K1, AX
	POPCNTQ       AX, AX
	VMOVDQU32     Z2, (DI)(R8*4)
	ADDQ          AX, R8
	MOVQ          R8, ret+16(FP)
	VZEROUPPER
	RET

// func uniMerge(out *[56]int32, a *[21]uint64) int
TEXT ·uniMerge(SB), NOSPLIT, $0-24
	MOVQ         out+0(FP), DI
	MOVQ         a+8(FP), SI
	XORL         R8, R8
	VMOVDQU64    a3Idx16<>(SB), Z4
	VPBROADCASTD a3Mask23<>(SB), Z5
	VPBROADCASTD a3Q<>(SB), Z6
	UNIFORM16M(0)
	UNIFORM16M(48)
	UNIFORM16M(96)
	VMOVDQU32     a3Idx8<>(SB), Y4
	VPERMB        136(SI), Y4, Y1
	VPANDD        Y5, Y1, Y1
	VPSUBD        Y6, Y1, Y3
	VPMOVD2M      Y3, K1
	VPCOMPRESSD.Z Y1, K1, Y2
	KMOVW         K1, AX
	POPCNTQ       AX, AX
	VMOVDQU32     Y2, (DI)(R8*4)
	ADDQ          AX, R8
	MOVQ          R8, ret+16(FP)
	VZEROUPPER
	RET

// func uniMergeLast(out *[56]int32, a *[21]uint64) int
TEXT ·uniMergeLast(SB), NOSPLIT, $0-24
	MOVQ         out+0(FP), DI
	MOVQ         a+8(FP), SI
	XORL         R8, R8
	VMOVDQU64    a3Idx16<>(SB), Z4
	VPBROADCASTD a3Mask23<>(SB), Z5
	VPBROADCASTD a3Q<>(SB), Z6
	UNIFORM16(0)
	UNIFORM16(48)
	UNIFORM16(96)
	VMOVDQU32     a3Idx8<>(SB), Y4
	VPERMB        136(SI), Y4, Y1
	VPANDD        Y5, Y1, Y1
	VPSUBD        Y6, Y1, Y3
	VPMOVD2M      Y3, K1
	VPCOMPRESSD   Y1, K1, Y2
	KMOVW         K1, AX
	POPCNTQ       AX, AX
	VMOVDQU32     Y2, (DI)(R8*4)
	ADDQ          AX, R8
	MOVQ          R8, ret+16(FP)
	VZEROUPPER
	RET

// func uniNoLastCount(out *[56]int32, a *[21]uint64) int
TEXT ·uniNoLastCount(SB), NOSPLIT, $0-24
	MOVQ         out+0(FP), DI
	MOVQ         a+8(FP), SI
	XORL         R8, R8
	VMOVDQU64    a3Idx16<>(SB), Z4
	VPBROADCASTD a3Mask23<>(SB), Z5
	VPBROADCASTD a3Q<>(SB), Z6
	UNIFORM16(0)
	UNIFORM16(48)
	UNIFORM16(96)
	VMOVDQU32     a3Idx8<>(SB), Y4
	VPERMB        136(SI), Y4, Y1
	VPANDD        Y5, Y1, Y1
	VPSUBD        Y6, Y1, Y3
	VPMOVD2M      Y3, K1
	VPCOMPRESSD.Z Y1, K1, Y2
	KMOVW         K1, AX
	POPCNTQ       AX, AX
	VMOVDQU32     Y2, (DI)(R8*4)
	MOVQ          R8, ret+16(FP)
	VZEROUPPER
	RET

