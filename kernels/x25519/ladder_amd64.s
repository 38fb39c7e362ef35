//go:build amd64 && !purego

#include "textflag.h"

// The X25519 Montgomery ladder as one kernel (RFC 7748, section 5): 255
// steps with their conditional swaps, proved equal to
// vg.dev/spec/x25519.Ladder. The field arithmetic is that of
// vg.dev/kernels/fe25519's mulADX and squareADX (MULX with the ADCX/ADOX
// chains; needs bmi2 and adx), with one change: 19·aᵢ is formed by
// IMUL3Q $19 instead of two LEAQs, the form whose terms meet the
// specification's at any depth (issue 19); the products, sums and carries
// are otherwise the same, instruction for instruction.
//
// The state lives in the kernel's frame, at fixed offsets from SP: x₁, the
// ladder's (x₂ : z₂) and (x₃ : z₃), the step's temporaries, the clamped
// copy of the scalar, the bit counter and the pending swap. The only
// addresses are SP plus constants, the scalar byte indexed by the public
// counter, and the three arguments; there is no branch but the loop's on
// the counter. The swaps are masks (t = m ∧ (x ⊕ y)), the bits are read
// with shifts. Every input is read (u into the frame, k into its copy)
// before out is written, at the very end.

#define MASK51 $0x0007ffffffffffff

// Frame offsets of the field elements (40 bytes each) and the rest.
#define X1 0
#define X2 40
#define Z2 80
#define X3 120
#define Z3 160
#define TA 200
#define TB 240
#define TC 280
#define TD 320
#define AA 360
#define BB 400
#define DA 440
#define CB 480
#define TE 520
#define TT 560
#define SC 600
#define CNT 632
#define SWP 640

// Limbs of 2p.
#define TWOP0 $0xfffffffffffda
#define TWOPI $0xffffffffffffe

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

// M121665(a, out) sets out = 121665·a: the five products aᵢ × 121665 by
// MULX into the columns, then REDUCE.
#define M121665(a, out) \
	MOVQ   $121665, DX;     \
	MULXQ  a+0(SP), R8, R9;   \
	MULXQ  a+8(SP), R10, R11; \
	MULXQ  a+16(SP), R12, R13; \
	MULXQ  a+24(SP), R14, R15; \
	MULXQ  a+32(SP), BX, CX;  \
	REDUCE(out)

// ADD5(x, y, out) sets out = x + y limb by limb (no carry).
#define ADD5(x, y, out) \
	MOVQ x+0(SP), R8;   \
	MOVQ x+8(SP), R9;   \
	MOVQ x+16(SP), R10; \
	MOVQ x+24(SP), R11; \
	MOVQ x+32(SP), R12; \
	ADDQ y+0(SP), R8;   \
	ADDQ y+8(SP), R9;   \
	ADDQ y+16(SP), R10; \
	ADDQ y+24(SP), R11; \
	ADDQ y+32(SP), R12; \
	MOVQ R8, out+0(SP);   \
	MOVQ R9, out+8(SP);   \
	MOVQ R10, out+16(SP); \
	MOVQ R11, out+24(SP); \
	MOVQ R12, out+32(SP)

// SUB5(x, y, out) sets out = x + 2p − y limb by limb (no carry).
#define SUB5(x, y, out) \
	MOVQ TWOP0, R8;     \
	MOVQ TWOPI, R9;     \
	MOVQ R9, R10;       \
	MOVQ R9, R11;       \
	MOVQ R9, R12;       \
	ADDQ x+0(SP), R8;   \
	ADDQ x+8(SP), R9;   \
	ADDQ x+16(SP), R10; \
	ADDQ x+24(SP), R11; \
	ADDQ x+32(SP), R12; \
	SUBQ y+0(SP), R8;   \
	SUBQ y+8(SP), R9;   \
	SUBQ y+16(SP), R10; \
	SUBQ y+24(SP), R11; \
	SUBQ y+32(SP), R12; \
	MOVQ R8, out+0(SP);   \
	MOVQ R9, out+8(SP);   \
	MOVQ R10, out+16(SP); \
	MOVQ R11, out+24(SP); \
	MOVQ R12, out+32(SP)

// SWAPLIMB(x, y) exchanges the words x(SP) and y(SP) under the mask in SI.
#define SWAPLIMB(x, y) \
	MOVQ x(SP), R8; \
	MOVQ y(SP), R9; \
	MOVQ R8, AX;    \
	XORQ R9, AX;    \
	ANDQ SI, AX;    \
	XORQ AX, R8;    \
	XORQ AX, R9;    \
	MOVQ R8, x(SP); \
	MOVQ R9, y(SP)

// CSWAP(x, y) exchanges the elements x and y under the mask in SI.
#define CSWAP(x, y) \
	SWAPLIMB(x+0, y+0);   \
	SWAPLIMB(x+8, y+8);   \
	SWAPLIMB(x+16, y+16); \
	SWAPLIMB(x+24, y+24); \
	SWAPLIMB(x+32, y+32)

// STEP is the spec's Step on the frame's state.
#define STEP \
	ADD5(X2, Z2, TA);   \
	SUB5(X2, Z2, TB);   \
	ADD5(X3, Z3, TC);   \
	SUB5(X3, Z3, TD);   \
	FSQR(TA, AA);       \
	FSQR(TB, BB);       \
	FMUL(TD, TA, DA);   \
	FMUL(TC, TB, CB);   \
	ADD5(DA, CB, X3);   \
	FSQR(X3, X3);       \
	SUB5(DA, CB, Z3);   \
	FSQR(Z3, Z3);       \
	FMUL(Z3, X1, Z3);   \
	FMUL(AA, BB, X2);   \
	SUB5(AA, BB, TE);   \
	M121665(TE, TT);    \
	ADD5(TT, AA, TT);   \
	FMUL(TE, TT, Z2)

// COPYIN(off, slot) copies the element at off(DI) into the frame slot.
#define COPYIN(off, slot) \
	MOVQ off+0(DI), AX;   \
	MOVQ AX, slot+0(SP);  \
	MOVQ off+8(DI), AX;   \
	MOVQ AX, slot+8(SP);  \
	MOVQ off+16(DI), AX;  \
	MOVQ AX, slot+16(SP); \
	MOVQ off+24(DI), AX;  \
	MOVQ AX, slot+24(SP); \
	MOVQ off+32(DI), AX;  \
	MOVQ AX, slot+32(SP)

// COPYOUT(slot, off) copies the frame slot to the element at off(DI).
#define COPYOUT(slot, off) \
	MOVQ slot+0(SP), AX;  \
	MOVQ AX, off+0(DI);   \
	MOVQ slot+8(SP), AX;  \
	MOVQ AX, off+8(DI);   \
	MOVQ slot+16(SP), AX; \
	MOVQ AX, off+16(DI);  \
	MOVQ slot+24(SP), AX; \
	MOVQ AX, off+24(DI);  \
	MOVQ slot+32(SP), AX; \
	MOVQ AX, off+32(DI)

// func ladderADX(out *[2]Element, k *[32]byte, u *Element)
TEXT ·ladderADX(SB), NOSPLIT, $648-24
	// x₁ = x₃ = u, x₂ = 1, z₂ = 0, z₃ = 1.
	MOVQ u+16(FP), AX
	MOVQ (AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ 32(AX), R12
	MOVQ R8, X1+0(SP)
	MOVQ R9, X1+8(SP)
	MOVQ R10, X1+16(SP)
	MOVQ R11, X1+24(SP)
	MOVQ R12, X1+32(SP)
	MOVQ R8, X3+0(SP)
	MOVQ R9, X3+8(SP)
	MOVQ R10, X3+16(SP)
	MOVQ R11, X3+24(SP)
	MOVQ R12, X3+32(SP)
	MOVQ $1, AX
	MOVQ AX, X2+0(SP)
	MOVQ AX, Z3+0(SP)
	XORL AX, AX
	MOVQ AX, X2+8(SP)
	MOVQ AX, X2+16(SP)
	MOVQ AX, X2+24(SP)
	MOVQ AX, X2+32(SP)
	MOVQ AX, Z2+0(SP)
	MOVQ AX, Z2+8(SP)
	MOVQ AX, Z2+16(SP)
	MOVQ AX, Z2+24(SP)
	MOVQ AX, Z2+32(SP)
	MOVQ AX, Z3+8(SP)
	MOVQ AX, Z3+16(SP)
	MOVQ AX, Z3+24(SP)
	MOVQ AX, Z3+32(SP)
	MOVQ AX, SWP(SP)

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

	MOVQ $254, CNT(SP)

loop:
	// bit = scalar bit CNT; the pending swap ^ bit swaps, bit is pending.
	MOVQ    CNT(SP), CX
	MOVQ    CX, AX
	SHRQ    $3, AX
	MOVBQZX SC(SP)(AX*1), BX
	ANDQ    $7, CX
	SHRQ    CX, BX
	ANDQ    $1, BX
	MOVQ    SWP(SP), SI
	XORQ    BX, SI
	MOVQ    BX, SWP(SP)
	ANDQ    $1, SI
	NEGQ    SI
	CSWAP(X2, X3)
	CSWAP(Z2, Z3)

	STEP

	MOVQ CNT(SP), CX
	DECQ CX
	MOVQ CX, CNT(SP)
	JGE  loop

	// The last pending swap, then out = (x₂, z₂).
	MOVQ SWP(SP), SI
	ANDQ $1, SI
	NEGQ SI
	CSWAP(X2, X3)
	CSWAP(Z2, Z3)
	MOVQ out+0(FP), DI
	MOVQ X2+0(SP), AX
	MOVQ AX, 0(DI)
	MOVQ X2+8(SP), AX
	MOVQ AX, 8(DI)
	MOVQ X2+16(SP), AX
	MOVQ AX, 16(DI)
	MOVQ X2+24(SP), AX
	MOVQ AX, 24(DI)
	MOVQ X2+32(SP), AX
	MOVQ AX, 32(DI)
	MOVQ Z2+0(SP), AX
	MOVQ AX, 40(DI)
	MOVQ Z2+8(SP), AX
	MOVQ AX, 48(DI)
	MOVQ Z2+16(SP), AX
	MOVQ AX, 56(DI)
	MOVQ Z2+24(SP), AX
	MOVQ AX, 64(DI)
	MOVQ Z2+32(SP), AX
	MOVQ AX, 72(DI)
	RET

// func stepADX(s *[5]Element)
//
// One ladder step (no swap) on s = (x₂, z₂, x₃, z₃, x₁), through the same
// frame layout: the fallback unit of the ladder, proved on its own.
TEXT ·stepADX(SB), NOSPLIT, $648-8
	MOVQ s+0(FP), DI
	COPYIN(0, X2)
	COPYIN(40, Z2)
	COPYIN(80, X3)
	COPYIN(120, Z3)
	COPYIN(160, X1)
	STEP
	MOVQ s+0(FP), DI
	COPYOUT(X2, 0)
	COPYOUT(Z2, 40)
	COPYOUT(X3, 80)
	COPYOUT(Z3, 120)
	RET
