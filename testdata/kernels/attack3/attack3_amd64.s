#include "textflag.h"

// func compressMerge(out, a, d *[16]uint32, m uint16)
TEXT ·compressMerge(SB), NOSPLIT, $0-26
	MOVQ        out+0(FP), DI
	MOVQ        a+8(FP), SI
	MOVQ        d+16(FP), DX
	MOVWLZX     m+24(FP), AX
	KMOVW       AX, K1
	VMOVDQU32   (SI), Z1
	VMOVDQU32   (DX), Z2
	VPCOMPRESSD Z1, K1, Z2
	VMOVDQU32   Z2, (DI)
	VZEROUPPER
	RET

// func compressMergeZ(out, a, d *[16]uint32, m uint16)
TEXT ·compressMergeZ(SB), NOSPLIT, $0-26
	MOVQ        out+0(FP), DI
	MOVQ        a+8(FP), SI
	MOVQ        d+16(FP), DX
	MOVWLZX     m+24(FP), AX
	KMOVW       AX, K1
	VMOVDQU32   (SI), Z1
	VMOVDQU32   (DX), Z2
	VPCOMPRESSD Z1, K1, Z2
	VMOVDQU32   Z2, (DI)
	VZEROUPPER
	RET

// func compressMergeSecret(out, a, d *[16]uint32, m uint16)
TEXT ·compressMergeSecret(SB), NOSPLIT, $0-26
	MOVQ        out+0(FP), DI
	MOVQ        a+8(FP), SI
	MOVQ        d+16(FP), DX
	MOVWLZX     m+24(FP), AX
	KMOVW       AX, K1
	VMOVDQU32   (SI), Z1
	VMOVDQU32   (DX), Z2
	VPCOMPRESSD Z1, K1, Z2
	VMOVDQU32   Z2, (DI)
	VZEROUPPER
	RET

// func compressX(out, a *[4]uint32, m uint16)
TEXT ·compressX(SB), NOSPLIT, $0-18
	MOVQ          out+0(FP), DI
	MOVQ          a+8(FP), SI
	MOVWLZX       m+16(FP), AX
	KMOVW         AX, K1
	VMOVDQU32     (SI), X1
	VPCOMPRESSD.Z X1, K1, X2
	VMOVDQU32     X2, (DI)
	VZEROUPPER
	RET

// func compressXWrong(out, a *[4]uint32, m uint16)
TEXT ·compressXWrong(SB), NOSPLIT, $0-18
	MOVQ          out+0(FP), DI
	MOVQ          a+8(FP), SI
	MOVWLZX       m+16(FP), AX
	KMOVW         AX, K1
	VMOVDQU32     (SI), X1
	VPCOMPRESSD.Z X1, K1, X2
	VMOVDQU32     X2, (DI)
	VZEROUPPER
	RET

// func compressQY(out, a *[4]uint64, m uint16)
TEXT ·compressQY(SB), NOSPLIT, $0-18
	MOVQ          out+0(FP), DI
	MOVQ          a+8(FP), SI
	MOVWLZX       m+16(FP), AX
	KMOVW         AX, K1
	VMOVDQU64     (SI), Y1
	VPCOMPRESSQ.Z Y1, K1, Y2
	VMOVDQU64     Y2, (DI)
	VZEROUPPER
	RET

// func cmpMasked(a, b *[16]uint32, m uint16) uint16
TEXT ·cmpMasked(SB), NOSPLIT, $0-26
	MOVQ      a+0(FP), SI
	MOVQ      b+8(FP), DX
	MOVWLZX   m+16(FP), AX
	KMOVW     AX, K2
	VMOVDQU32 (SI), Z1
	VMOVDQU32 (DX), Z2
	VPCMPUD   $1, Z2, Z1, K2, K1
	KMOVW     K1, AX
	MOVW      AX, ret+24(FP)
	VZEROUPPER
	RET

// func cmpMaskedWrong(a, b *[16]uint32, m uint16) uint16
TEXT ·cmpMaskedWrong(SB), NOSPLIT, $0-26
	MOVQ      a+0(FP), SI
	MOVQ      b+8(FP), DX
	MOVWLZX   m+16(FP), AX
	KMOVW     AX, K2
	VMOVDQU32 (SI), Z1
	VMOVDQU32 (DX), Z2
	VPCMPUD   $1, Z2, Z1, K2, K1
	KMOVW     K1, AX
	MOVW      AX, ret+24(FP)
	VZEROUPPER
	RET

// func cmpSignedLE(a, b *[16]uint32) uint16
TEXT ·cmpSignedLE(SB), NOSPLIT, $0-18
	MOVQ      a+0(FP), SI
	MOVQ      b+8(FP), DX
	VMOVDQU32 (SI), Z1
	VPCMPD    $2, (DX), Z1, K1
	KMOVW     K1, AX
	MOVW      AX, ret+16(FP)
	VZEROUPPER
	RET

// func cmpSignedLEWrong(a, b *[16]uint32) uint16
TEXT ·cmpSignedLEWrong(SB), NOSPLIT, $0-18
	MOVQ      a+0(FP), SI
	MOVQ      b+8(FP), DX
	VMOVDQU32 (SI), Z1
	VPCMPD    $2, (DX), Z1, K1
	KMOVW     K1, AX
	MOVW      AX, ret+16(FP)
	VZEROUPPER
	RET

// func cmpQX(a, b *[2]uint64) uint64
TEXT ·cmpQX(SB), NOSPLIT, $0-24
	MOVQ      a+0(FP), SI
	MOVQ      b+8(FP), DX
	VMOVDQU64 (SI), X1
	VMOVDQU64 (DX), X2
	VPCMPUQ   $6, X2, X1, K1
	KMOVQ     K1, AX
	MOVQ      AX, ret+16(FP)
	VZEROUPPER
	RET

// func permb(out, idx, tbl *[64]byte)
TEXT ·permb(SB), NOSPLIT, $0-24
	MOVQ      out+0(FP), DI
	MOVQ      idx+8(FP), SI
	MOVQ      tbl+16(FP), DX
	VMOVDQU64 (SI), Z1
	VPERMB    (DX), Z1, Z2
	VMOVDQU64 Z2, (DI)
	VZEROUPPER
	RET

// func permbWrong(out, idx, tbl *[64]byte)
TEXT ·permbWrong(SB), NOSPLIT, $0-24
	MOVQ      out+0(FP), DI
	MOVQ      idx+8(FP), SI
	MOVQ      tbl+16(FP), DX
	VMOVDQU64 (SI), Z1
	VPERMB    (DX), Z1, Z2
	VMOVDQU64 Z2, (DI)
	VZEROUPPER
	RET

// func permbY(out, idx, tbl *[32]byte)
TEXT ·permbY(SB), NOSPLIT, $0-24
	MOVQ      out+0(FP), DI
	MOVQ      idx+8(FP), SI
	MOVQ      tbl+16(FP), DX
	VMOVDQU64 (SI), Y1
	VMOVDQU64 (DX), Y3
	VPERMB    Y3, Y1, Y2
	VMOVDQU64 Y2, (DI)
	VZEROUPPER
	RET

// func permbYWrong(out, idx, tbl *[32]byte)
TEXT ·permbYWrong(SB), NOSPLIT, $0-24
	MOVQ      out+0(FP), DI
	MOVQ      idx+8(FP), SI
	MOVQ      tbl+16(FP), DX
	VMOVDQU64 (SI), Y1
	VMOVDQU64 (DX), Y3
	VPERMB    Y3, Y1, Y2
	VMOVDQU64 Y2, (DI)
	VZEROUPPER
	RET

// func permbMerge(out, idx, tbl *[64]byte, m uint64)
TEXT ·permbMerge(SB), NOSPLIT, $0-32
	MOVQ      out+0(FP), DI
	MOVQ      idx+8(FP), SI
	MOVQ      tbl+16(FP), DX
	MOVQ      m+24(FP), AX
	KMOVQ     AX, K3
	VMOVDQU64 (SI), Z1
	VMOVDQU64 (DI), Z2
	VPERMB    (DX), Z1, K3, Z2
	VMOVDQU64 Z2, (DI)
	VZEROUPPER
	RET

// func permbMergeWrong(out, idx, tbl *[64]byte, m uint64)
TEXT ·permbMergeWrong(SB), NOSPLIT, $0-32
	MOVQ      out+0(FP), DI
	MOVQ      idx+8(FP), SI
	MOVQ      tbl+16(FP), DX
	MOVQ      m+24(FP), AX
	KMOVQ     AX, K3
	VMOVDQU64 (SI), Z1
	VMOVDQU64 (DI), Z2
	VPERMB    (DX), Z1, K3, Z2
	VMOVDQU64 Z2, (DI)
	VZEROUPPER
	RET

// func movd2mY(a *[8]uint32) uint64
TEXT ·movd2mY(SB), NOSPLIT, $0-16
	MOVQ      a+0(FP), SI
	MOVQ      $-1, AX
	KMOVQ     AX, K1
	VMOVDQU32 (SI), Y1
	VPMOVD2M  Y1, K1
	KMOVQ     K1, AX
	MOVQ      AX, ret+8(FP)
	VZEROUPPER
	RET

// func movd2mYWrong(a *[8]uint32) uint64
TEXT ·movd2mYWrong(SB), NOSPLIT, $0-16
	MOVQ      a+0(FP), SI
	MOVQ      $-1, AX
	KMOVQ     AX, K1
	VMOVDQU32 (SI), Y1
	VPMOVD2M  Y1, K1
	KMOVQ     K1, AX
	MOVQ      AX, ret+8(FP)
	VZEROUPPER
	RET

// func storeSym(out *[24]uint32, a *[16]uint32, m uint16)
TEXT ·storeSym(SB), NOSPLIT, $0-18
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	ANDQ      $0xff, AX
	POPCNTQ   AX, AX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 Z1, (DI)(AX*4)
	VZEROUPPER
	RET

// func storeSymWrong(out *[24]uint32, a *[16]uint32, m uint16)
TEXT ·storeSymWrong(SB), NOSPLIT, $0-18
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	ANDQ      $0xff, AX
	POPCNTQ   AX, AX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 Z1, (DI)(AX*4)
	VZEROUPPER
	RET

// func storeSymOOB(out *[24]uint32, a *[16]uint32, m uint16)
TEXT ·storeSymOOB(SB), NOSPLIT, $0-18
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	ANDQ      $0x1ff, AX
	POPCNTQ   AX, AX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 Z1, (DI)(AX*4)
	VZEROUPPER
	RET

// func storeSymBytes(out *[80]byte, a *[64]byte, m uint16)
TEXT ·storeSymBytes(SB), NOSPLIT, $0-18
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	ANDQ      $0xff, AX
	POPCNTQ   AX, AX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 Z1, (DI)(AX*1)
	VZEROUPPER
	RET

// func storeSymBytesWrong(out *[80]byte, a *[64]byte, m uint16)
TEXT ·storeSymBytesWrong(SB), NOSPLIT, $0-18
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	ANDQ      $0xff, AX
	POPCNTQ   AX, AX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 Z1, (DI)(AX*1)
	VZEROUPPER
	RET

// func storeSymTwice(out *[40]uint32, a, b *[16]uint32, m uint16)
// out[c1:] = a then out[c2:] = b with c1 = popcnt(m&0xff), c2 = popcnt(m>>8).
TEXT ·storeSymTwice(SB), NOSPLIT, $0-26
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVQ      b+16(FP), DX
	MOVWLZX   m+24(FP), AX
	MOVQ      AX, BX
	ANDQ      $0xff, AX
	SHRQ      $8, BX
	POPCNTQ   AX, AX
	POPCNTQ   BX, BX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 (DX), Z2
	VMOVDQU32 Z1, (DI)(AX*4)
	VMOVDQU32 Z2, (DI)(BX*4)
	VZEROUPPER
	RET

// func storeSymTwiceWrong(out *[40]uint32, a, b *[16]uint32, m uint16)
// out[c1:] = a then out[c2:] = b with c1 = popcnt(m&0xff), c2 = popcnt(m>>8).
TEXT ·storeSymTwiceWrong(SB), NOSPLIT, $0-26
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVQ      b+16(FP), DX
	MOVWLZX   m+24(FP), AX
	MOVQ      AX, BX
	ANDQ      $0xff, AX
	SHRQ      $8, BX
	POPCNTQ   AX, AX
	POPCNTQ   BX, BX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 (DX), Z2
	VMOVDQU32 Z1, (DI)(AX*4)
	VMOVDQU32 Z2, (DI)(BX*4)
	VZEROUPPER
	RET

// func storeSymMasked(out *[24]uint32, a *[16]uint32, m uint16, k uint16)
TEXT ·storeSymMasked(SB), NOSPLIT, $0-20
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	MOVWLZX   k+18(FP), BX
	KMOVW     BX, K1
	ANDQ      $0xff, AX
	POPCNTQ   AX, AX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 Z1, K1, (DI)(AX*4)
	VZEROUPPER
	RET

// func storeSymMaskedWrong(out *[24]uint32, a *[16]uint32, m uint16, k uint16)
TEXT ·storeSymMaskedWrong(SB), NOSPLIT, $0-20
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	MOVWLZX   k+18(FP), BX
	KMOVW     BX, K1
	ANDQ      $0xff, AX
	POPCNTQ   AX, AX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 Z1, K1, (DI)(AX*4)
	VZEROUPPER
	RET

// func storeSymY(out *[16]uint64, a *[4]uint64, m uint16)
TEXT ·storeSymY(SB), NOSPLIT, $0-18
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	POPCNTQ   AX, AX
	SHRQ      $1, AX
	VMOVDQU64 (SI), Y1
	VMOVDQU64 Y1, (DI)(AX*8)
	VZEROUPPER
	RET

DATA a3ro<>+0x00(SB)/8, $0
DATA a3ro<>+0x08(SB)/8, $0
DATA a3ro<>+0x10(SB)/8, $0
DATA a3ro<>+0x18(SB)/8, $0
DATA a3ro<>+0x20(SB)/8, $0
DATA a3ro<>+0x28(SB)/8, $0
DATA a3ro<>+0x30(SB)/8, $0
DATA a3ro<>+0x38(SB)/8, $0
DATA a3ro<>+0x40(SB)/8, $0
DATA a3ro<>+0x48(SB)/8, $0
DATA a3ro<>+0x50(SB)/8, $0
DATA a3ro<>+0x58(SB)/8, $0
GLOBL a3ro<>(SB), RODATA|NOPTR, $96

// func storeRO(a *[16]uint32, m uint16)
// stores a into read-only data at a symbolic offset.
TEXT ·storeRO(SB), NOSPLIT, $0-10
	MOVQ      a+0(FP), SI
	MOVWLZX   m+8(FP), AX
	ANDQ      $0xff, AX
	POPCNTQ   AX, AX
	LEAQ      a3ro<>(SB), BX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 Z1, (BX)(AX*4)
	VZEROUPPER
	RET

// func compressXBytes(out, a *[4]uint32, m uint16)
// compressX with VPCOMPRESSD.Z X1, K1, X2 as bytes (EVEX.vvvv = 1111).
TEXT ·compressXBytes(SB), NOSPLIT, $0-18
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	KMOVW     AX, K1
	VMOVDQU32 (SI), X1
	BYTE $0x62; BYTE $0xF2; BYTE $0x7D; BYTE $0x89; BYTE $0x8B; BYTE $0xCA
	VMOVDQU32 X2, (DI)
	VZEROUPPER
	RET

// func compressXBadV(out, a *[4]uint32, m uint16)
// the same with EVEX.vvvv = 0000, which the SDM says is #UD.
TEXT ·compressXBadV(SB), NOSPLIT, $0-18
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	MOVWLZX   m+16(FP), AX
	KMOVW     AX, K1
	VMOVDQU32 (SI), X1
	BYTE $0x62; BYTE $0xF2; BYTE $0x05; BYTE $0x89; BYTE $0x8B; BYTE $0xCA
	VMOVDQU32 X2, (DI)
	VZEROUPPER
	RET

// func movBadV(out, a *[4]uint32)
// VMOVDQU32 X2, (DI) with EVEX.vvvv = 0000 (pre-existing form, #UD).
TEXT ·movBadV(SB), NOSPLIT, $0-16
	MOVQ      out+0(FP), DI
	MOVQ      a+8(FP), SI
	VMOVDQU32 (SI), X2
	BYTE $0x62; BYTE $0xF1; BYTE $0x06; BYTE $0x08; BYTE $0x7F; BYTE $0x17
	VZEROUPPER
	RET

// func movd2mBadV(a *[8]uint32) uint64
// VPMOVD2M Y1, K1 with EVEX.vvvv = 0000 (#UD).
TEXT ·movd2mBadV(SB), NOSPLIT, $0-16
	MOVQ      a+0(FP), SI
	VMOVDQU32 (SI), Y1
	BYTE $0x62; BYTE $0xF2; BYTE $0x06; BYTE $0x28; BYTE $0x39; BYTE $0xC9
	KMOVQ     K1, AX
	MOVQ      AX, ret+8(FP)
	VZEROUPPER
	RET

// func cmpBytesOK(a, b *[16]uint32) uint16
TEXT ·cmpBytesOK(SB), NOSPLIT, $0-18
	MOVQ      a+0(FP), SI
	MOVQ      b+8(FP), DX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 (DX), Z2
	XORL      AX, AX
	KMOVW     AX, K1
	BYTE $0x62; BYTE $0xF3; BYTE $0x75; BYTE $0x48; BYTE $0x1E; BYTE $0xCA; BYTE $0x01
	KMOVW     K1, AX
	MOVW      AX, ret+16(FP)
	VZEROUPPER
	RET

// func cmpBytesR0(a, b *[16]uint32) uint16
TEXT ·cmpBytesR0(SB), NOSPLIT, $0-18
	MOVQ      a+0(FP), SI
	MOVQ      b+8(FP), DX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 (DX), Z2
	XORL      AX, AX
	KMOVW     AX, K1
	BYTE $0x62; BYTE $0x73; BYTE $0x75; BYTE $0x48; BYTE $0x1E; BYTE $0xCA; BYTE $0x01
	KMOVW     K1, AX
	MOVW      AX, ret+16(FP)
	VZEROUPPER
	RET

// func cmpBytesRp0(a, b *[16]uint32) uint16
TEXT ·cmpBytesRp0(SB), NOSPLIT, $0-18
	MOVQ      a+0(FP), SI
	MOVQ      b+8(FP), DX
	VMOVDQU32 (SI), Z1
	VMOVDQU32 (DX), Z2
	XORL      AX, AX
	KMOVW     AX, K1
	BYTE $0x62; BYTE $0xE3; BYTE $0x75; BYTE $0x48; BYTE $0x1E; BYTE $0xCA; BYTE $0x01
	KMOVW     K1, AX
	MOVW      AX, ret+16(FP)
	VZEROUPPER
	RET
