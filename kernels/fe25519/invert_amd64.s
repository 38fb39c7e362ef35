//go:build amd64 && !purego

#include "textflag.h"

// invertADX: the inversion's addition chain (254 squarings, 11 products)
// as one kernel, proved equal to vg.dev/spec/fe25519.Invert. Its products
// are those of the X25519 ladder kernel (vg.dev/kernels/x25519), copied
// here as macros: mulADX's and squareADX's products with 19·aᵢ and 38·aᵢ by
// IMUL3Q and the square's columns in the specification's order, so that
// the chain's terms meet the specification's at every depth. (The shipped
// squareADX sums two columns in another order and doubles 19·a₃ for
// 38·a₃: equal, but not the same term, which the solver then has to show
// at every one of the 254 squarings.)
//
// The chain's values live in the frame at fixed offsets from SP; the
// repeated squarings loop on a public counter; a is read into the frame
// before out is written, at the end.

#define MASK51 $0x0007ffffffffffff

#define SA 0
#define A2 40
#define A9 80
#define A11 120
#define T0 160
#define T1 200
#define TT 240
#define CNT 280

// REDUCE(out) is the reduction of mulADX on the columns c₀ = R9:R8 …
// c₄ = CX:BX: cₖ = cₖ >> 51 by SHLQ (SHLD), lₖ = cₖ mod 2⁵¹ + cₖ₋₁ with
// 19·c₄ into l₀, one carry step; the limbs are stored at out(SP).
#define REDUCE(out) \
	MOVQ    MASK51, AX; \
	SHLQ    $13, R8, R9; \
	SHLQ    $13, R10, R11; \
	SHLQ    $13, R12, R13; \
	SHLQ    $13, R14, R15; \
	SHLQ    $13, BX, CX; \
	ANDQ    AX, R8; \
	ANDQ    AX, R10; \
	ANDQ    AX, R12; \
	ANDQ    AX, R14; \
	ANDQ    AX, BX; \
	IMUL3Q  $19, CX, CX; \
	ADDQ    CX, R8; \
	ADDQ    R9, R10; \
	ADDQ    R11, R12; \
	ADDQ    R13, R14; \
	ADDQ    R15, BX; \
	MOVL    $51, DX; \
	SHRXQ   DX, R8, R9; \
	SHRXQ   DX, R10, R11; \
	SHRXQ   DX, R12, R13; \
	SHRXQ   DX, R14, R15; \
	SHRXQ   DX, BX, CX; \
	ANDQ    AX, R8; \
	ANDQ    AX, R10; \
	ANDQ    AX, R12; \
	ANDQ    AX, R14; \
	ANDQ    AX, BX; \
	IMUL3Q  $19, CX, CX; \
	ADDQ    CX, R8; \
	ADDQ    R9, R10; \
	ADDQ    R11, R12; \
	ADDQ    R13, R14; \
	ADDQ    R15, BX; \
	MOVQ    R8, out+0(SP); \
	MOVQ    R10, out+8(SP); \
	MOVQ    R12, out+16(SP); \
	MOVQ    R14, out+24(SP); \
	MOVQ    BX, out+32(SP)

// FMUL(a, b, out) sets out = a·b (the body of mulADX on frame slots, with
// IMUL3Q $19): row by row, DX = aᵢ or 19·aᵢ times the limbs of b (SI),
// one product of each pair in the CF chain and one in the OF chain.
#define FMUL(a, b, out) \
	LEAQ    b(SP), SI; \
	LEAQ    a(SP), DX; \
	MOVQ    (DX), DX; \
	MULXQ   (SI), R8, R9; \
	MULXQ   8(SI), R10, R11; \
	MULXQ   16(SI), R12, R13; \
	MULXQ   24(SI), R14, R15; \
	MULXQ   32(SI), BX, CX; \
	LEAQ   a(SP), DX; \
	MOVQ    8(DX), DX; \
	XORL    AX, AX; \
	MULXQ   (SI), AX, DI; \
	ADCXQ   AX, R10; \
	ADCXQ   DI, R11; \
	MULXQ   8(SI), AX, DI; \
	ADOXQ   AX, R12; \
	ADOXQ   DI, R13; \
	XORL    AX, AX; \
	MULXQ   16(SI), AX, DI; \
	ADCXQ   AX, R14; \
	ADCXQ   DI, R15; \
	MULXQ   24(SI), AX, DI; \
	ADOXQ   AX, BX; \
	ADOXQ   DI, CX; \
	IMUL3Q  $19, DX, DX; \
	XORL    AX, AX; \
	MULXQ   32(SI), AX, DI; \
	ADCXQ   AX, R8; \
	ADCXQ   DI, R9; \
	LEAQ   a(SP), DX; \
	MOVQ    16(DX), DX; \
	MULXQ   (SI), AX, DI; \
	ADOXQ   AX, R12; \
	ADOXQ   DI, R13; \
	XORL    AX, AX; \
	MULXQ   8(SI), AX, DI; \
	ADCXQ   AX, R14; \
	ADCXQ   DI, R15; \
	MULXQ   16(SI), AX, DI; \
	ADOXQ   AX, BX; \
	ADOXQ   DI, CX; \
	IMUL3Q  $19, DX, DX; \
	XORL    AX, AX; \
	MULXQ   24(SI), AX, DI; \
	ADCXQ   AX, R8; \
	ADCXQ   DI, R9; \
	MULXQ   32(SI), AX, DI; \
	ADOXQ   AX, R10; \
	ADOXQ   DI, R11; \
	LEAQ   a(SP), DX; \
	MOVQ    24(DX), DX; \
	XORL    AX, AX; \
	MULXQ   (SI), AX, DI; \
	ADCXQ   AX, R14; \
	ADCXQ   DI, R15; \
	MULXQ   8(SI), AX, DI; \
	ADOXQ   AX, BX; \
	ADOXQ   DI, CX; \
	IMUL3Q  $19, DX, DX; \
	XORL    AX, AX; \
	MULXQ   16(SI), AX, DI; \
	ADCXQ   AX, R8; \
	ADCXQ   DI, R9; \
	MULXQ   24(SI), AX, DI; \
	ADOXQ   AX, R10; \
	ADOXQ   DI, R11; \
	XORL    AX, AX; \
	MULXQ   32(SI), AX, DI; \
	ADCXQ   AX, R12; \
	ADCXQ   DI, R13; \
	LEAQ   a(SP), DX; \
	MOVQ    32(DX), DX; \
	MULXQ   (SI), AX, DI; \
	ADOXQ   AX, BX; \
	ADOXQ   DI, CX; \
	IMUL3Q  $19, DX, DX; \
	XORL    AX, AX; \
	MULXQ   8(SI), AX, DI; \
	ADCXQ   AX, R8; \
	ADCXQ   DI, R9; \
	MULXQ   16(SI), AX, DI; \
	ADOXQ   AX, R10; \
	ADOXQ   DI, R11; \
	XORL    AX, AX; \
	MULXQ   24(SI), AX, DI; \
	ADCXQ   AX, R12; \
	ADCXQ   DI, R13; \
	MULXQ   32(SI), AX, DI; \
	ADOXQ   AX, R14; \
	ADOXQ   DI, R15; \
	REDUCE(out)

// FSQR(a, out) sets out = a² on a frame slot: the products of squareADX
// (aᵢ×aⱼ with the 2, 19 or 38 folded into one operand, by ADDQ and
// IMUL3Q as the specification's aᵢ*2, aᵢ*19, aᵢ*38), each column summed in
// the specification's order. Two ways of adding the same three 128-bit
// products, or 2·(19·a₃) for 38·a₃, are equal but not the same term, and
// at depth the difference falls to the solver; so here each product pair
// starts its own ADCX/ADOX chains where the order needs it.
#define FSQR(a, out) \
	LEAQ    a(SP), SI; \
	MOVQ    (SI), DX; \
	MULXQ   (SI), R8, R9; \
	ADDQ    DX, DX; \
	MULXQ   8(SI), R10, R11; \
	MULXQ   16(SI), R12, R13; \
	MULXQ   24(SI), R14, R15; \
	MULXQ   32(SI), BX, CX; \
	IMUL3Q  $38, 8(SI), DX; \
	XORL    AX, AX; \
	MULXQ   32(SI), AX, DI; \
	ADCXQ   AX, R8; \
	ADCXQ   DI, R9; \
	MOVQ    8(SI), DX; \
	MULXQ   8(SI), AX, DI; \
	ADOXQ   AX, R12; \
	ADOXQ   DI, R13; \
	IMUL3Q  $38, 16(SI), DX; \
	XORL    AX, AX; \
	MULXQ   24(SI), AX, DI; \
	ADCXQ   AX, R8; \
	ADCXQ   DI, R9; \
	MULXQ   32(SI), AX, DI; \
	ADOXQ   AX, R10; \
	ADOXQ   DI, R11; \
	IMUL3Q  $19, 24(SI), DX; \
	XORL    AX, AX; \
	MULXQ   24(SI), AX, DI; \
	ADCXQ   AX, R10; \
	ADCXQ   DI, R11; \
	IMUL3Q  $38, 24(SI), DX; \
	XORL    AX, AX; \
	MULXQ   32(SI), AX, DI; \
	ADOXQ   AX, R12; \
	ADOXQ   DI, R13; \
	MOVQ    8(SI), DX; \
	ADDQ    DX, DX; \
	XORL    AX, AX; \
	MULXQ   16(SI), AX, DI; \
	ADCXQ   AX, R14; \
	ADCXQ   DI, R15; \
	MULXQ   24(SI), AX, DI; \
	ADOXQ   AX, BX; \
	ADOXQ   DI, CX; \
	IMUL3Q  $19, 32(SI), DX; \
	XORL    AX, AX; \
	MULXQ   32(SI), AX, DI; \
	ADCXQ   AX, R14; \
	ADCXQ   DI, R15; \
	MOVQ    16(SI), DX; \
	MULXQ   16(SI), AX, DI; \
	ADOXQ   AX, BX; \
	ADOXQ   DI, CX; \
	REDUCE(out)


// func invertADX(out, a *Element)
TEXT ·invertADX(SB), NOSPLIT, $288-16
	MOVQ a+8(FP), DI
	MOVQ 0(DI), AX
	MOVQ AX, SA+0(SP)
	MOVQ 8(DI), AX
	MOVQ AX, SA+8(SP)
	MOVQ 16(DI), AX
	MOVQ AX, SA+16(SP)
	MOVQ 24(DI), AX
	MOVQ AX, SA+24(SP)
	MOVQ 32(DI), AX
	MOVQ AX, SA+32(SP)

	FSQR(SA, A2)
	FSQR(A2, T0)
	FSQR(T0, T0)
	FMUL(T0, SA, A9)
	FMUL(A9, A2, A11)
	FSQR(A11, T0)
	FMUL(T0, A9, T0)
	FSQR(T0, T1)
	FSQR(T1, T1)
	FSQR(T1, T1)
	FSQR(T1, T1)
	FSQR(T1, T1)
	FMUL(T1, T0, T0)
	FSQR(T0, T1)
	MOVQ $9, CNT(SP)
sq10a:
	FSQR(T1, T1)
	MOVQ CNT(SP), CX
	DECQ CX
	MOVQ CX, CNT(SP)
	JNZ  sq10a
	FMUL(T1, T0, T1)
	FSQR(T1, TT)
	MOVQ $19, CNT(SP)
sq20:
	FSQR(TT, TT)
	MOVQ CNT(SP), CX
	DECQ CX
	MOVQ CX, CNT(SP)
	JNZ  sq20
	FMUL(TT, T1, T1)
	FSQR(T1, T1)
	MOVQ $9, CNT(SP)
sq10b:
	FSQR(T1, T1)
	MOVQ CNT(SP), CX
	DECQ CX
	MOVQ CX, CNT(SP)
	JNZ  sq10b
	FMUL(T1, T0, T0)
	FSQR(T0, T1)
	MOVQ $49, CNT(SP)
sq50a:
	FSQR(T1, T1)
	MOVQ CNT(SP), CX
	DECQ CX
	MOVQ CX, CNT(SP)
	JNZ  sq50a
	FMUL(T1, T0, T1)
	FSQR(T1, TT)
	MOVQ $99, CNT(SP)
sq100:
	FSQR(TT, TT)
	MOVQ CNT(SP), CX
	DECQ CX
	MOVQ CX, CNT(SP)
	JNZ  sq100
	FMUL(TT, T1, T1)
	FSQR(T1, T1)
	MOVQ $49, CNT(SP)
sq50b:
	FSQR(T1, T1)
	MOVQ CNT(SP), CX
	DECQ CX
	MOVQ CX, CNT(SP)
	JNZ  sq50b
	FMUL(T1, T0, TT)
	FSQR(TT, TT)
	FSQR(TT, TT)
	FSQR(TT, TT)
	FSQR(TT, TT)
	FSQR(TT, TT)
	FMUL(TT, A11, T0)

	MOVQ out+0(FP), DI
	MOVQ T0+0(SP), AX
	MOVQ AX, 0(DI)
	MOVQ T0+8(SP), AX
	MOVQ AX, 8(DI)
	MOVQ T0+16(SP), AX
	MOVQ AX, 16(DI)
	MOVQ T0+24(SP), AX
	MOVQ AX, 24(DI)
	MOVQ T0+32(SP), AX
	MOVQ AX, 32(DI)
	RET
