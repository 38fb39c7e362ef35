//go:build amd64 && !purego

#include "textflag.h"

// One step of Ed25519's fixed-base comb, proved equal to
// vg.dev/spec/ed25519.CombAdd: the constant-time selection of a signed
// digit's entry from a table of sixteen affine points, its negation under
// the sign, and the mixed addition to an extended point. The products are
// those of vg.dev/kernels/fe25519's mulADX (MULX, ADCX, ADOX) with 19·aᵢ by
// IMUL3Q, as in the X25519 ladder kernel.
//
// Every entry of the table is read, at addresses that depend only on the
// table's address; each word is kept under a mask (all ones exactly where
// the digit's magnitude is the entry's) computed with XOR, NEG, OR and a
// shift; the sign is applied with masks. No branch. The state lives in the
// frame at fixed offsets from SP; p is read before it is written.

#define MASK51 $0x0007ffffffffffff

// Frame offsets: the point's copy, the selected entry, the temporaries of
// the addition, the comb's counter and digits (the sign stays in R14). The masks M0 … M16 share the temporaries' slots:
// they are dead before the addition starts (the frame of a NOSPLIT
// function is limited).
#define PX 0
#define PY 40
#define PZ 80
#define PT 120
#define QYPX 160
#define QYMX 200
#define QT2D 240
#define YPX 280
#define YMX 320
#define Z2 360
#define PP 400
#define MM 440
#define TT 480
#define KX 520
#define KY 560
#define KZ 600
#define KT 640
#define MSK 280
#define DG 688
#define KK 680

// Slots of the doubling, shared with the addition's temporaries.
#define XX 280
#define YY 320
#define ZZ 360
#define ZZ2 400
#define SQ 440
#define EY 480
#define EZ 520
#define EX 560
#define ET 600

// Limbs of 4p.
#define FOURP0 $0x1fffffffffffb4
#define FOURPI $0x1ffffffffffffc

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

// EQMASK(c) stores at MSK+8c(SP) the mask of the spec's eqMask(mag, c),
// mag in R15: v = mag ⊕ c, ((v | −v) >> 63) − 1.
#define EQMASK(c) \
	MOVQ R15, AX;     \
	XORQ $c, AX;      \
	MOVQ AX, BX;      \
	NEGQ BX;          \
	ORQ  AX, BX;      \
	SHRQ $63, BX;     \
	SUBQ $1, BX;      \
	MOVQ BX, (MSK+8*c)(SP)

// KEEP(j, w) ORs the five words w … w+4 of entry j − 1 (SI = table), each
// under mask j, into R8 … R12.
#define KEEP(j, w) \
	MOVQ (MSK+8*j)(SP), AX; \
	MOVQ (128*(j-1)+8*w)(SI), BX;   \
	ANDQ AX, BX;                  \
	ORQ  BX, R8;                  \
	MOVQ (128*(j-1)+8*w+8)(SI), BX;  \
	ANDQ AX, BX;                  \
	ORQ  BX, R9;                  \
	MOVQ (128*(j-1)+8*w+16)(SI), BX; \
	ANDQ AX, BX;                  \
	ORQ  BX, R10;                 \
	MOVQ (128*(j-1)+8*w+24)(SI), BX; \
	ANDQ AX, BX;                  \
	ORQ  BX, R11;                 \
	MOVQ (128*(j-1)+8*w+32)(SI), BX; \
	ANDQ AX, BX;                  \
	ORQ  BX, R12

// SCAN(w) sets R8 … R12 to words w … w+4 of the selected entry.
#define SCAN(w) \
	XORL R8, R8;   \
	XORL R9, R9;   \
	XORL R10, R10; \
	XORL R11, R11; \
	XORL R12, R12; \
	KEEP(1, w);  \
	KEEP(2, w);  \
	KEEP(3, w);  \
	KEEP(4, w);  \
	KEEP(5, w);  \
	KEEP(6, w);  \
	KEEP(7, w);  \
	KEEP(8, w);  \
	KEEP(9, w);  \
	KEEP(10, w); \
	KEEP(11, w); \
	KEEP(12, w); \
	KEEP(13, w); \
	KEEP(14, w); \
	KEEP(15, w); \
	KEEP(16, w)

// STORE5(slot) stores R8 … R12 to the frame slot.
#define STORE5(slot) \
	MOVQ R8, slot+0(SP);   \
	MOVQ R9, slot+8(SP);   \
	MOVQ R10, slot+16(SP); \
	MOVQ R11, slot+24(SP); \
	MOVQ R12, slot+32(SP)

// SWAPLIMB(x, y) exchanges the words x(SP) and y(SP) under the mask in
// R15: t = R15 ∧ (x ⊕ y).
#define SWAPLIMB(x, y) \
	MOVQ x(SP), R8; \
	MOVQ y(SP), R9; \
	MOVQ R8, AX;    \
	XORQ R9, AX;    \
	ANDQ R15, AX;   \
	XORQ AX, R8;    \
	XORQ AX, R9;    \
	MOVQ R8, x(SP); \
	MOVQ R9, y(SP)

// NEGLIMB(x, c) sets the word x(SP) to c − x where R15 is all ones: x ⊕
// (R15 ∧ ((c − x) ⊕ x)).
#define NEGLIMB(x, c) \
	MOVQ x(SP), R8; \
	MOVQ c, AX;     \
	SUBQ R8, AX;    \
	XORQ R8, AX;    \
	ANDQ R15, AX;   \
	XORQ AX, R8;    \
	MOVQ R8, x(SP)

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

// SELECT sets the frame's QYPX, QYMX, QT2D to d·(entry) for the digit d
// in R15 and the table at SI: the sign and magnitude, the masks M0 … M16,
// the scan of every word of every entry, magnitude 0's identity, and the
// sign applied with masks.
#define SELECT \
	MOVQ R15, CX; \
	SARQ $63, CX; \
	MOVQ CX, R14; \
	XORQ CX, R15; \
	SUBQ CX, R15; \
	EQMASK(0); \
	EQMASK(1); \
	EQMASK(2); \
	EQMASK(3); \
	EQMASK(4); \
	EQMASK(5); \
	EQMASK(6); \
	EQMASK(7); \
	EQMASK(8); \
	EQMASK(9); \
	EQMASK(10); \
	EQMASK(11); \
	EQMASK(12); \
	EQMASK(13); \
	EQMASK(14); \
	EQMASK(15); \
	EQMASK(16); \
	SCAN(0); \
	MOVQ MSK(SP), AX; \
	ANDQ $1, AX; \
	ORQ  AX, R8; \
	STORE5(QYPX); \
	SCAN(5); \
	MOVQ MSK(SP), AX; \
	ANDQ $1, AX; \
	ORQ  AX, R8; \
	STORE5(QYMX); \
	SCAN(10); \
	STORE5(QT2D); \
	MOVQ R14, R15; \
	SWAPLIMB(QYPX+0, QYMX+0); \
	SWAPLIMB(QYPX+8, QYMX+8); \
	SWAPLIMB(QYPX+16, QYMX+16); \
	SWAPLIMB(QYPX+24, QYMX+24); \
	SWAPLIMB(QYPX+32, QYMX+32); \
	NEGLIMB(QT2D+0, TWOP0); \
	NEGLIMB(QT2D+8, TWOPI); \
	NEGLIMB(QT2D+16, TWOPI); \
	NEGLIMB(QT2D+24, TWOPI); \
	NEGLIMB(QT2D+32, TWOPI)

// MADD sets the frame's point (PX, PY, PZ, PT) to itself plus the
// selected entry: the mixed addition, ordered by dependency.
#define MADD \
	ADD5(PY, PX, YPX); \
	SUB5(PY, PX, YMX); \
	ADD5(PZ, PZ, Z2); \
	FMUL(YPX, QYPX, PP); \
	FMUL(YMX, QYMX, MM); \
	FMUL(PT, QT2D, TT); \
	SUB5(PP, MM, KX); \
	ADD5(PP, MM, KY); \
	ADD5(Z2, TT, KZ); \
	SUB5(Z2, TT, KT); \
	FMUL(KX, KT, PX); \
	FMUL(KY, KZ, PY); \
	FMUL(KZ, KT, PZ); \
	FMUL(KX, KY, PT)

// func combAddADX(p *[4]Element, t *ctselect.Table, d uint64)
TEXT ·combAddADX(SB), NOSPLIT, $680-24
	MOVQ p+0(FP), DI
	COPYIN(0, PX)
	COPYIN(40, PY)
	COPYIN(80, PZ)
	COPYIN(120, PT)
	MOVQ d+16(FP), R15
	MOVQ t+8(FP), SI
	SELECT
	MADD
	MOVQ p+0(FP), DI
	COPYOUT(PX, 0)
	COPYOUT(PY, 40)
	COPYOUT(PZ, 80)
	COPYOUT(PT, 120)
	RET

// SUB4P(x, y, out) sets out = x + 4p − y limb by limb (no carry).
#define SUB4P(x, y, out) \
	MOVQ FOURP0, R8;    \
	MOVQ FOURPI, R9;    \
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

// DBL doubles the frame's point from PX, PY, PZ (the spec's double):
// XX = X², YY = Y², ZZ2 = 2Z², SQ = (X + Y)², the completed point
// (EX, EY, EZ, ET) and its products back to PX, PY, PZ.
#define DBL \
	FSQR(PX, XX);       \
	FSQR(PY, YY);       \
	FSQR(PZ, ZZ);       \
	ADD5(ZZ, ZZ, ZZ2);  \
	ADD5(PX, PY, SQ);   \
	FSQR(SQ, SQ);       \
	ADD5(YY, XX, EY);   \
	SUB5(YY, XX, EZ);   \
	SUB4P(SQ, EY, EX);  \
	SUB4P(ZZ2, EZ, ET); \
	FMUL(EX, ET, PX);   \
	FMUL(EY, EZ, PY);   \
	FMUL(EZ, ET, PZ)

// DIGIT(i, w, off) is digit i of the recoding (the spec's Recode): the
// 5-bit window at bit off of the word w, plus the carry in R12; a window
// past 16 takes 32 off and carries 1. DIGIT2(i, w, off, next, up) also
// ORs in the low bits of the next word, shifted up by 64 − off.
#define DIGITTAIL(i) \
	ANDQ $31, AX;      \
	ADDQ R12, AX;      \
	MOVQ $16, R12;     \
	SUBQ AX, R12;      \
	SHRQ $63, R12;     \
	MOVQ R12, BX;      \
	SHLQ $5, BX;       \
	SUBQ BX, AX;       \
	MOVB AX, (DG+i)(SP)

#define DIGIT0(i, w) \
	MOVQ w, AX; \
	DIGITTAIL(i)

#define DIGIT(i, w, off) \
	MOVQ w, AX;      \
	SHRQ $off, AX;   \
	DIGITTAIL(i)

#define DIGIT2(i, w, off, next, up) \
	MOVQ w, AX;      \
	SHRQ $off, AX;   \
	MOVQ next, BX;   \
	SHLQ $up, BX;    \
	ORQ  BX, AX;     \
	DIGITTAIL(i)

// func scalarBaseADX(out *[4]Element, t *[26]ctselect.Table, s *[32]byte)
//
// The whole fixed-base multiplication (the spec's ScalarBaseMult): the
// signed radix-32 digits of s into the frame (DG), the identity, 25
// steps over the odd digits (SELECT and MADD of combAddADX, table k at
// t + 2048·k, digit 2k + 1, k a public counter in KK), four projective
// doublings and one to extended coordinates, 26 steps over the even
// digits, then out.
TEXT ·scalarBaseADX(SB), NOSPLIT, $744-24
	MOVQ s+16(FP), AX
	MOVQ (AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	XORL R12, R12
	DIGIT0(0, R8)
	DIGIT(1, R8, 5)
	DIGIT(2, R8, 10)
	DIGIT(3, R8, 15)
	DIGIT(4, R8, 20)
	DIGIT(5, R8, 25)
	DIGIT(6, R8, 30)
	DIGIT(7, R8, 35)
	DIGIT(8, R8, 40)
	DIGIT(9, R8, 45)
	DIGIT(10, R8, 50)
	DIGIT(11, R8, 55)
	DIGIT2(12, R8, 60, R9, 4)
	DIGIT(13, R9, 1)
	DIGIT(14, R9, 6)
	DIGIT(15, R9, 11)
	DIGIT(16, R9, 16)
	DIGIT(17, R9, 21)
	DIGIT(18, R9, 26)
	DIGIT(19, R9, 31)
	DIGIT(20, R9, 36)
	DIGIT(21, R9, 41)
	DIGIT(22, R9, 46)
	DIGIT(23, R9, 51)
	DIGIT(24, R9, 56)
	DIGIT2(25, R9, 61, R10, 3)
	DIGIT(26, R10, 2)
	DIGIT(27, R10, 7)
	DIGIT(28, R10, 12)
	DIGIT(29, R10, 17)
	DIGIT(30, R10, 22)
	DIGIT(31, R10, 27)
	DIGIT(32, R10, 32)
	DIGIT(33, R10, 37)
	DIGIT(34, R10, 42)
	DIGIT(35, R10, 47)
	DIGIT(36, R10, 52)
	DIGIT(37, R10, 57)
	DIGIT2(38, R10, 62, R11, 2)
	DIGIT(39, R11, 3)
	DIGIT(40, R11, 8)
	DIGIT(41, R11, 13)
	DIGIT(42, R11, 18)
	DIGIT(43, R11, 23)
	DIGIT(44, R11, 28)
	DIGIT(45, R11, 33)
	DIGIT(46, R11, 38)
	DIGIT(47, R11, 43)
	DIGIT(48, R11, 48)
	DIGIT(49, R11, 53)
	DIGIT(50, R11, 58)

	// The identity (0 : 1 : 1 : 0).
	XORL AX, AX
	MOVQ $1, BX
	MOVQ AX, PX+0(SP)
	MOVQ AX, PX+8(SP)
	MOVQ AX, PX+16(SP)
	MOVQ AX, PX+24(SP)
	MOVQ AX, PX+32(SP)
	MOVQ BX, PY+0(SP)
	MOVQ AX, PY+8(SP)
	MOVQ AX, PY+16(SP)
	MOVQ AX, PY+24(SP)
	MOVQ AX, PY+32(SP)
	MOVQ BX, PZ+0(SP)
	MOVQ AX, PZ+8(SP)
	MOVQ AX, PZ+16(SP)
	MOVQ AX, PZ+24(SP)
	MOVQ AX, PZ+32(SP)
	MOVQ AX, PT+0(SP)
	MOVQ AX, PT+8(SP)
	MOVQ AX, PT+16(SP)
	MOVQ AX, PT+24(SP)
	MOVQ AX, PT+32(SP)

	MOVQ AX, KK(SP)
odd:
	MOVQ    KK(SP), AX
	MOVBQSX (DG+1)(SP)(AX*2), R15
	MOVQ    AX, SI
	SHLQ    $11, SI
	ADDQ    t+8(FP), SI
	SELECT
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
	SELECT
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
	RET
