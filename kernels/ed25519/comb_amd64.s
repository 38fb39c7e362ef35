//go:build amd64 && !purego

#include "textflag.h"

#include "comb_amd64.h"

// One step of Ed25519's fixed-base comb, proved equal to
// vg.dev/spec/ed25519.CombAdd, and the whole fixed-base multiplication,
// proved equal to vg.dev/spec/ed25519.ScalarBaseMult: the constant-time
// selection of a signed digit's entry from a table of sixteen affine
// points, its negation under the sign, and the mixed addition to an
// extended point. The products are those of vg.dev/kernels/fe25519's
// mulADX (MULX, ADCX, ADOX) with 19·aᵢ by IMUL3Q, as in the X25519 ladder
// kernel; they, the addition, the doubling and the recoding are macros of
// comb_amd64.h, which comb_avx2_amd64.s shares.
//
// Every entry of the table is read, at addresses that depend only on the
// table's address; each word is kept under a mask (all ones exactly where
// the digit's magnitude is the entry's) computed with XOR, NEG, OR and a
// shift; the sign is applied with masks. No branch. The state lives in the
// frame at fixed offsets from SP; p is read before it is written.

// The masks M0 … M16 of the selection share the addition's temporaries
// (comb_amd64.h): they are dead before the addition starts.
#define MSK 280

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
	SIGN

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

// func scalarBaseADX(out *[4]Element, t *[26]ctselect.Table, s *[32]byte)
//
// The whole fixed-base multiplication (the spec's ScalarBaseMult): the
// signed radix-32 digits of s into the frame (DG), the identity, 25
// steps over the odd digits (SELECT and MADD of combAddADX, table k at
// t + 2048·k, digit 2k + 1, k a public counter in KK), four projective
// doublings and one to extended coordinates, 26 steps over the even
// digits, then out.
TEXT ·scalarBaseADX(SB), NOSPLIT, $744-24
	RECODE
	IDENTITY

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
