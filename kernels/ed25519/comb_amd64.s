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
// the addition, the sign. The masks M0 … M16 share the temporaries' slots:
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
#define SGN 680

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

// func combAddADX(p *[4]Element, t *ctselect.Table, d uint64)
TEXT ·combAddADX(SB), NOSPLIT, $688-24
	// sign (all ones for d < 0) and magnitude |d|.
	MOVQ d+16(FP), R15
	MOVQ R15, CX
	SARQ $63, CX
	MOVQ CX, SGN(SP)
	XORQ CX, R15
	SUBQ CX, R15

	EQMASK(0)
	EQMASK(1)
	EQMASK(2)
	EQMASK(3)
	EQMASK(4)
	EQMASK(5)
	EQMASK(6)
	EQMASK(7)
	EQMASK(8)
	EQMASK(9)
	EQMASK(10)
	EQMASK(11)
	EQMASK(12)
	EQMASK(13)
	EQMASK(14)
	EQMASK(15)
	EQMASK(16)

	// The entry: every word of every entry read; magnitude 0 adds the
	// identity's 1 to y + x and y − x.
	MOVQ t+8(FP), SI
	SCAN(0)
	MOVQ MSK(SP), AX
	ANDQ $1, AX
	ORQ  AX, R8
	STORE5(QYPX)
	SCAN(5)
	MOVQ MSK(SP), AX
	ANDQ $1, AX
	ORQ  AX, R8
	STORE5(QYMX)
	SCAN(10)
	STORE5(QT2D)

	// The sign: exchange y + x and y − x, 2d·x·y = 2p − 2d·x·y.
	MOVQ SGN(SP), R15
	SWAPLIMB(QYPX+0, QYMX+0)
	SWAPLIMB(QYPX+8, QYMX+8)
	SWAPLIMB(QYPX+16, QYMX+16)
	SWAPLIMB(QYPX+24, QYMX+24)
	SWAPLIMB(QYPX+32, QYMX+32)
	NEGLIMB(QT2D+0, TWOP0)
	NEGLIMB(QT2D+8, TWOPI)
	NEGLIMB(QT2D+16, TWOPI)
	NEGLIMB(QT2D+24, TWOPI)
	NEGLIMB(QT2D+32, TWOPI)

	MOVQ p+0(FP), DI
	COPYIN(0, PX)
	COPYIN(40, PY)
	COPYIN(80, PZ)
	COPYIN(120, PT)

	// The mixed addition.
	ADD5(PY, PX, YPX)
	SUB5(PY, PX, YMX)
	ADD5(PZ, PZ, Z2)
	FMUL(YPX, QYPX, PP)
	FMUL(YMX, QYMX, MM)
	FMUL(PT, QT2D, TT)
	SUB5(PP, MM, KX)
	ADD5(PP, MM, KY)
	ADD5(Z2, TT, KZ)
	SUB5(Z2, TT, KT)
	FMUL(KX, KT, PX)
	FMUL(KY, KZ, PY)
	FMUL(KZ, KT, PZ)
	FMUL(KX, KY, PT)

	MOVQ p+0(FP), DI
	COPYOUT(PX, 0)
	COPYOUT(PY, 40)
	COPYOUT(PZ, 80)
	COPYOUT(PT, 120)
	RET
