#include "textflag.h"

DATA table<>+0(SB)/8, $1
DATA table<>+8(SB)/8, $2
DATA table<>+16(SB)/8, $3
DATA table<>+24(SB)/8, $4
GLOBL table<>(SB), RODATA|NOPTR, $32

// func selectBranch(x, a, b uint64) uint64
TEXT ·selectBranch(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), AX
	MOVQ a+8(FP), BX
	TESTQ $1, AX
	JNE  done // want "secret-branch"
	MOVQ b+16(FP), BX
done:
	MOVQ BX, ret+24(FP)
	RET

// func selectMasked(x, a, b uint64) uint64
TEXT ·selectMasked(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), AX
	ANDQ $1, AX
	NEGQ AX
	MOVQ a+8(FP), BX
	MOVQ b+16(FP), CX
	ANDQ AX, BX
	NOTQ AX
	ANDQ AX, CX
	ORQ  CX, BX
	MOVQ BX, ret+24(FP)
	RET

// func lookupSecret(i uint64) uint64
TEXT ·lookupSecret(SB), NOSPLIT, $0-16
	MOVQ i+0(FP), AX
	ANDQ $3, AX
	LEAQ table<>(SB), BX
	MOVQ (BX)(AX*8), CX // want "secret-address"
	MOVQ CX, ret+8(FP)
	RET

// func divSecret(x, y uint64) uint64
TEXT ·divSecret(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), AX
	MOVQ y+8(FP), CX
	XORL DX, DX
	DIVQ CX // want "variable-time"
	MOVQ AX, ret+16(FP)
	RET

// func clearPast(out *[4]uint64)
TEXT ·clearPast(SB), NOSPLIT, $0-8
	MOVQ out+0(FP), DI
	MOVQ $0, 0(DI)
	MOVQ $0, 8(DI)
	MOVQ $0, 16(DI)
	MOVQ $0, 24(DI)
	MOVQ $0, 32(DI) // want "store-out-of-bounds"
	RET

// func loadPast() uint64
TEXT ·loadPast(SB), NOSPLIT, $0-8
	LEAQ table<>(SB), BX
	MOVQ 32(BX), AX // want "load-out-of-bounds"
	MOVQ AX, ret+0(FP)
	RET

// func clobberBP(x uint64) uint64
TEXT ·clobberBP(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), BP
	XORQ BP, BP
	MOVQ BP, ret+8(FP)
	RET // want "bp-clobbered"

// func xorIndex(p *[4]uint64, x uint64) uint64
TEXT ·xorIndex(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), DI
	MOVQ x+8(FP), AX
	XORQ AX, AX
	MOVQ (DI)(AX*8), AX
	MOVQ AX, ret+16(FP)
	RET

// func sumPublic(p []uint64) uint64
TEXT ·sumPublic(SB), NOSPLIT, $0-32
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	XORL AX, AX
	TESTQ CX, CX
	JEQ  end
loop:
	ADDQ (SI), AX
	ADDQ $8, SI
	DECQ CX
	JNE  loop
end:
	MOVQ AX, ret+24(FP)
	RET

// func readGarbage(p *[4]uint64) uint64
TEXT ·readGarbage(SB), NOSPLIT, $0-16
	MOVQ (SI), AX // want "undefined-register"
	MOVQ AX, ret+8(FP)
	RET

// func storeGarbage(out *[4]uint64)
TEXT ·storeGarbage(SB), NOSPLIT, $0-8
	MOVQ out+0(FP), DI
	MOVQ DX, 0(DI)
	RET // want "undefined-register"

// func indexGarbage(p *[4]uint64) uint64
TEXT ·indexGarbage(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ (SI)(CX*8), AX // want "undefined-register"
	MOVQ AX, ret+8(FP)
	RET
