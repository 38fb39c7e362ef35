// Macros shared by the amd64 comb kernels (comb_amd64.s, ADX selection;
// comb_avx2_amd64.s, AVX2 selection): the frame, the field arithmetic of
// mulADX and squareADX on frame slots, the mixed addition and the doubling
// of vg.dev/spec/ed25519, the recoding of the scalar into signed digits,
// and the sign applied to a selected entry with masks. Included by both
// files; it assembles to nothing on its own.

#define MASK51 $0x0007ffffffffffff

// Frame offsets: the point's copy, the selected entry, the temporaries of
// the addition, the comb's counter and digits (the sign stays in R14).
// A selection's own slots share the temporaries' (the frame of a NOSPLIT
// function is limited): they are dead before the addition starts.
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

// SIGN applies the digit's sign, all ones or zero in R14, to the selected
// entry in QYPX, QYMX, QT2D: y + x and y − x exchanged, 2d·x·y negated
// (2p − it), each under the mask.
#define SIGN \
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

// RECODE stores the 51 signed digits of the scalar s (the third argument)
// at DG(SP), one byte each.
#define RECODE \
	MOVQ s+16(FP), AX; \
	MOVQ (AX), R8; \
	MOVQ 8(AX), R9; \
	MOVQ 16(AX), R10; \
	MOVQ 24(AX), R11; \
	XORL R12, R12; \
	DIGIT0(0, R8); \
	DIGIT(1, R8, 5); \
	DIGIT(2, R8, 10); \
	DIGIT(3, R8, 15); \
	DIGIT(4, R8, 20); \
	DIGIT(5, R8, 25); \
	DIGIT(6, R8, 30); \
	DIGIT(7, R8, 35); \
	DIGIT(8, R8, 40); \
	DIGIT(9, R8, 45); \
	DIGIT(10, R8, 50); \
	DIGIT(11, R8, 55); \
	DIGIT2(12, R8, 60, R9, 4); \
	DIGIT(13, R9, 1); \
	DIGIT(14, R9, 6); \
	DIGIT(15, R9, 11); \
	DIGIT(16, R9, 16); \
	DIGIT(17, R9, 21); \
	DIGIT(18, R9, 26); \
	DIGIT(19, R9, 31); \
	DIGIT(20, R9, 36); \
	DIGIT(21, R9, 41); \
	DIGIT(22, R9, 46); \
	DIGIT(23, R9, 51); \
	DIGIT(24, R9, 56); \
	DIGIT2(25, R9, 61, R10, 3); \
	DIGIT(26, R10, 2); \
	DIGIT(27, R10, 7); \
	DIGIT(28, R10, 12); \
	DIGIT(29, R10, 17); \
	DIGIT(30, R10, 22); \
	DIGIT(31, R10, 27); \
	DIGIT(32, R10, 32); \
	DIGIT(33, R10, 37); \
	DIGIT(34, R10, 42); \
	DIGIT(35, R10, 47); \
	DIGIT(36, R10, 52); \
	DIGIT(37, R10, 57); \
	DIGIT2(38, R10, 62, R11, 2); \
	DIGIT(39, R11, 3); \
	DIGIT(40, R11, 8); \
	DIGIT(41, R11, 13); \
	DIGIT(42, R11, 18); \
	DIGIT(43, R11, 23); \
	DIGIT(44, R11, 28); \
	DIGIT(45, R11, 33); \
	DIGIT(46, R11, 38); \
	DIGIT(47, R11, 43); \
	DIGIT(48, R11, 48); \
	DIGIT(49, R11, 53); \
	DIGIT(50, R11, 58)

// IDENTITY sets the frame's point to the identity (0 : 1 : 1 : 0); AX is
// left zero.
#define IDENTITY \
	XORL AX, AX; \
	MOVQ $1, BX; \
	MOVQ AX, PX+0(SP); \
	MOVQ AX, PX+8(SP); \
	MOVQ AX, PX+16(SP); \
	MOVQ AX, PX+24(SP); \
	MOVQ AX, PX+32(SP); \
	MOVQ BX, PY+0(SP); \
	MOVQ AX, PY+8(SP); \
	MOVQ AX, PY+16(SP); \
	MOVQ AX, PY+24(SP); \
	MOVQ AX, PY+32(SP); \
	MOVQ BX, PZ+0(SP); \
	MOVQ AX, PZ+8(SP); \
	MOVQ AX, PZ+16(SP); \
	MOVQ AX, PZ+24(SP); \
	MOVQ AX, PZ+32(SP); \
	MOVQ AX, PT+0(SP); \
	MOVQ AX, PT+8(SP); \
	MOVQ AX, PT+16(SP); \
	MOVQ AX, PT+24(SP); \
	MOVQ AX, PT+32(SP)
