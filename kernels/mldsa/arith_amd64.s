//go:build amd64 && !purego

#include "textflag.h"
#include "mldsa_amd64.h"

// Coefficient-wise kernels: each computes the spec's int32 arithmetic on
// eight lanes at once, so it equals the spec on every input (the
// preconditions only keep the spec's own arithmetic in its documented
// range). Each loop reads coefficients i before writing coefficients i and
// touches no others. CX is the byte offset, counting to 1024; all addresses
// depend on it only.

// func pointwiseAVX2(out, a, b *Poly)
//
// out = MontMul(a, b): MONTMUL on 16 coefficients per iteration.
TEXT ·pointwiseAVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	BCAST(QINV, AX, X14, Y14)
	BCAST(Q, AX, X15, Y15)
	XORQ CX, CX

pointwiseLoop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU (DX)(CX*1), Y1
	VMOVDQU 32(SI)(CX*1), Y2
	VMOVDQU 32(DX)(CX*1), Y3
	MONTMUL(Y0, Y1, Y14, Y15, Y4, Y5, Y6)
	MONTMUL(Y2, Y3, Y14, Y15, Y7, Y8, Y9)
	VMOVDQU Y4, (DI)(CX*1)
	VMOVDQU Y7, 32(DI)(CX*1)
	ADDQ    $64, CX
	CMPQ    CX, $1024
	JNE     pointwiseLoop

	VZEROUPPER
	RET

// func pointwiseAccAVX2(out, a, b *Poly)
//
// out += MontMul(a, b), the sum wrapping as int32.
TEXT ·pointwiseAccAVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	BCAST(QINV, AX, X14, Y14)
	BCAST(Q, AX, X15, Y15)
	XORQ CX, CX

pointwiseAccLoop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU (DX)(CX*1), Y1
	VMOVDQU 32(SI)(CX*1), Y2
	VMOVDQU 32(DX)(CX*1), Y3
	MONTMUL(Y0, Y1, Y14, Y15, Y4, Y5, Y6)
	MONTMUL(Y2, Y3, Y14, Y15, Y7, Y8, Y9)
	VPADDD  (DI)(CX*1), Y4, Y4
	VPADDD  32(DI)(CX*1), Y7, Y7
	VMOVDQU Y4, (DI)(CX*1)
	VMOVDQU Y7, 32(DI)(CX*1)
	ADDQ    $64, CX
	CMPQ    CX, $1024
	JNE     pointwiseAccLoop

	VZEROUPPER
	RET

// func addAVX2(out, a, b *Poly)
TEXT ·addAVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	XORQ CX, CX

addLoop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y1
	VMOVDQU 64(SI)(CX*1), Y2
	VMOVDQU 96(SI)(CX*1), Y3
	VPADDD  (DX)(CX*1), Y0, Y0
	VPADDD  32(DX)(CX*1), Y1, Y1
	VPADDD  64(DX)(CX*1), Y2, Y2
	VPADDD  96(DX)(CX*1), Y3, Y3
	VMOVDQU Y0, (DI)(CX*1)
	VMOVDQU Y1, 32(DI)(CX*1)
	VMOVDQU Y2, 64(DI)(CX*1)
	VMOVDQU Y3, 96(DI)(CX*1)
	ADDQ    $128, CX
	CMPQ    CX, $1024
	JNE     addLoop

	VZEROUPPER
	RET

// func subAVX2(out, a, b *Poly)
TEXT ·subAVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	XORQ CX, CX

subLoop:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y1
	VMOVDQU 64(SI)(CX*1), Y2
	VMOVDQU 96(SI)(CX*1), Y3
	VPSUBD  (DX)(CX*1), Y0, Y0
	VPSUBD  32(DX)(CX*1), Y1, Y1
	VPSUBD  64(DX)(CX*1), Y2, Y2
	VPSUBD  96(DX)(CX*1), Y3, Y3
	VMOVDQU Y0, (DI)(CX*1)
	VMOVDQU Y1, 32(DI)(CX*1)
	VMOVDQU Y2, 64(DI)(CX*1)
	VMOVDQU Y3, 96(DI)(CX*1)
	ADDQ    $128, CX
	CMPQ    CX, $1024
	JNE     subLoop

	VZEROUPPER
	RET

// REDUCE32 sets x = reduce32(x) = x − ⌊(x + 2²²)/2²³⌋·q as the spec does
// (arithmetic shift, wrapping int32 product), with 2²² in Y14 and q in Y15.
#define REDUCE32(x, t) \
	VPADDD  Y14, x, t; \
	VPSRAD  $23, t, t; \
	VPMULLD Y15, t, t; \
	VPSUBD  t, x, x

// CADDQ adds q (in Y15) to x where x is negative.
#define CADDQ(x, t) \
	VPSRAD $31, x, t; \
	VPAND  Y15, t, t; \
	VPADDD t, x, x

// func reduceAVX2(p *Poly)
TEXT ·reduceAVX2(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	BCAST($0x400000, AX, X14, Y14)
	BCAST(Q, AX, X15, Y15)
	XORQ CX, CX

reduceLoop:
	VMOVDQU (DI)(CX*1), Y0
	VMOVDQU 32(DI)(CX*1), Y1
	VMOVDQU 64(DI)(CX*1), Y2
	VMOVDQU 96(DI)(CX*1), Y3
	REDUCE32(Y0, Y4)
	REDUCE32(Y1, Y5)
	REDUCE32(Y2, Y6)
	REDUCE32(Y3, Y7)
	VMOVDQU Y0, (DI)(CX*1)
	VMOVDQU Y1, 32(DI)(CX*1)
	VMOVDQU Y2, 64(DI)(CX*1)
	VMOVDQU Y3, 96(DI)(CX*1)
	ADDQ    $128, CX
	CMPQ    CX, $1024
	JNE     reduceLoop

	VZEROUPPER
	RET

// func freezeAVX2(p *Poly)
TEXT ·freezeAVX2(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	BCAST($0x400000, AX, X14, Y14)
	BCAST(Q, AX, X15, Y15)
	XORQ CX, CX

freezeLoop:
	VMOVDQU (DI)(CX*1), Y0
	VMOVDQU 32(DI)(CX*1), Y1
	VMOVDQU 64(DI)(CX*1), Y2
	VMOVDQU 96(DI)(CX*1), Y3
	REDUCE32(Y0, Y4)
	REDUCE32(Y1, Y5)
	REDUCE32(Y2, Y6)
	REDUCE32(Y3, Y7)
	CADDQ(Y0, Y4)
	CADDQ(Y1, Y5)
	CADDQ(Y2, Y6)
	CADDQ(Y3, Y7)
	VMOVDQU Y0, (DI)(CX*1)
	VMOVDQU Y1, 32(DI)(CX*1)
	VMOVDQU Y2, 64(DI)(CX*1)
	VMOVDQU Y3, 96(DI)(CX*1)
	ADDQ    $128, CX
	CMPQ    CX, $1024
	JNE     freezeLoop

	VZEROUPPER
	RET

// func normExceedsAVX2(a *Poly, bound int32) uint32
//
// Y14 is the AND of (bound > |a[i]|) over all coefficients, lane by lane:
// all ones exactly when no |a[i]| ≥ bound (VPABSD equals abs32 except at
// −2³¹, which the precondition excludes). It is folded to one lane, and the
// result is that lane plus 1: 0 or 1. Every coefficient is read; nothing
// branches on them.
TEXT ·normExceedsAVX2(SB), NOSPLIT, $0-20
	MOVQ     a+0(FP), SI
	MOVL     bound+8(FP), AX
	VMOVD    AX, X15
	VPBROADCASTD X15, Y15
	VPCMPEQD Y14, Y14, Y14
	VPCMPEQD Y13, Y13, Y13
	XORQ     CX, CX

normLoop:
	VPABSD   (SI)(CX*1), Y0
	VPABSD   32(SI)(CX*1), Y1
	VPABSD   64(SI)(CX*1), Y2
	VPABSD   96(SI)(CX*1), Y3
	VPCMPGTD Y0, Y15, Y0
	VPCMPGTD Y1, Y15, Y1
	VPCMPGTD Y2, Y15, Y2
	VPCMPGTD Y3, Y15, Y3
	VPAND    Y0, Y14, Y14
	VPAND    Y1, Y13, Y13
	VPAND    Y2, Y14, Y14
	VPAND    Y3, Y13, Y13
	ADDQ     $128, CX
	CMPQ     CX, $1024
	JNE      normLoop

	VPAND        Y13, Y14, Y14
	VEXTRACTI128 $1, Y14, X0
	VPAND        X0, X14, X14
	VPSHUFD      $0x4E, X14, X0
	VPAND        X0, X14, X14
	VPSHUFD      $0xB1, X14, X0
	VPAND        X0, X14, X14
	VMOVD        X14, AX
	ADDL         $1, AX
	MOVL         AX, ret+16(FP)
	VZEROUPPER
	RET
