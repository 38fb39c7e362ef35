// Macros shared by the scalar packing kernels of package mldsa on arm64.
//
// Eight coefficients travel in R7…R14 (coefficient i of the group in
// R(7+i)); R0 is the output pointer, R1 the input pointer and R5 the base
// the fields are taken from.

// LOAD8 loads the eight int32 coefficients at R1 into R7…R14.
#define LOAD8 \
	LDPW (R1), (R7, R8); \
	LDPW 8(R1), (R9, R10); \
	LDPW 16(R1), (R11, R12); \
	LDPW 24(R1), (R13, R14)

// FROMBASE8 sets each of R7…R14 to R5 minus itself (32 bits).
#define FROMBASE8 \
	SUBW R7, R5, R7; \
	SUBW R8, R5, R8; \
	SUBW R9, R5, R9; \
	SUBW R10, R5, R10; \
	SUBW R11, R5, R11; \
	SUBW R12, R5, R12; \
	SUBW R13, R5, R13; \
	SUBW R14, R5, R14

// MASK8 keeps the bits of the logical immediate m in each of R7…R14.
#define MASK8(m) \
	ANDW $m, R7; \
	ANDW $m, R8; \
	ANDW $m, R9; \
	ANDW $m, R10; \
	ANDW $m, R11; \
	ANDW $m, R12; \
	ANDW $m, R13; \
	ANDW $m, R14

// STORE8 stores R7…R14 as eight int32 coefficients at R0.
#define STORE8 \
	STPW (R7, R8), (R0); \
	STPW (R9, R10), 8(R0); \
	STPW (R11, R12), 16(R0); \
	STPW (R13, R14), 24(R0)

// PACK4x8 stores R7…R14, 4 bits each, as one 32-bit word at R0 (R7 in the
// low bits), and advances R1 past the eight coefficients and R0 past the
// word.
#define PACK4x8 \
	ORR  R8<<4, R7, R2; \
	ORR  R9<<8, R2, R2; \
	ORR  R10<<12, R2, R2; \
	ORR  R11<<16, R2, R2; \
	ORR  R12<<20, R2, R2; \
	ORR  R13<<24, R2, R2; \
	ORR  R14<<28, R2, R2; \
	MOVW R2, (R0); \
	ADD  $32, R1; \
	ADD  $4, R0
