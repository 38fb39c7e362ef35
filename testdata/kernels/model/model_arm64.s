#include "textflag.h"

// func zeroCap(p []uint64)
TEXT ·zeroCap(SB), NOSPLIT, $0-24
	MOVD p_base+0(FP), R0
	MOVD p_cap+16(FP), R1
	CBZ R1, done
loop:
	MOVD ZR, (R0) // want "store-out-of-bounds"
	ADD $8, R0
	SUBS $1, R1
	BNE loop
done:
	RET

// func sumCap(p []uint64) uint64
TEXT ·firstEmpty(SB), NOSPLIT, $0-25
	MOVD p_base+0(FP), R0
	MOVBU (R0), R1 // want "load-out-of-bounds"
	MOVB R1, ret+24(FP)
	RET

TEXT ·sumCap(SB), NOSPLIT, $0-32
	MOVD p_base+0(FP), R0
	MOVD p_cap+16(FP), R1
	MOVD ZR, R2
	CBZ R1, done
loop:
	MOVD (R0), R3 // want "load-out-of-bounds"
	ADD R3, R2
	ADD $8, R0
	SUBS $1, R1
	BNE loop
done:
	MOVD R2, ret+24(FP)
	RET

// func storeFar(x uint64) uint64
TEXT ·storeFar(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	MOVD $-60000, R1
	MOVD R0, (RSP)(R1) // want "store-out-of-bounds"
	MOVD R0, ret+8(FP)
	RET

// func storeBelowFrame(x uint64) uint64
TEXT ·storeBelowFrame(SB), NOSPLIT, $16-16
	MOVD x+0(FP), R0
	MOVD R0, 8(RSP)
	MOVD R0, -16(RSP) // want "store-out-of-bounds"
	MOVD R0, ret+8(FP)
	RET

// func storeHandSub(x uint64) uint64
TEXT ·storeHandSub(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	SUB $32, RSP
	MOVD R0, 16(RSP) // counted: the arm64 assembler records the SUB in the frame
	ADD $32, RSP
	MOVD R0, ret+8(FP)
	RET

// func storeInFrame(x uint64) uint64
TEXT ·storeInFrame(SB), NOSPLIT, $16-16
	MOVD x+0(FP), R0
	MOVD R0, 16(RSP)
	MOVD 16(RSP), R1
	MOVD R1, ret+8(FP)
	RET

// func writeSavedLR(x uint64) uint64
TEXT ·writeSavedLR(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	MOVD R0, 0(RSP) // want "store-out-of-bounds"
	MOVD R0, ret+8(FP)
	RET

// func writeSavedFP(x uint64) uint64
TEXT ·writeSavedFP(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	MOVD R0, -8(RSP) // want "store-out-of-bounds"
	MOVD R0, ret+8(FP)
	RET

// func spMisaligned(x uint64) uint64
TEXT ·spMisaligned(SB), NOSPLIT, $32-16
	MOVD x+0(FP), R0
	ADD $8, RSP
	MOVD R0, 8(RSP) // want "misaligned-access"
	SUB $8, RSP
	MOVD R0, ret+8(FP)
	RET

// func rot(out, a *[4]uint64)
TEXT ·rot(SB), NOSPLIT, $0-16
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	LDP 0(R1), (R2, R3)
	LDP 16(R1), (R4, R5)
	MOVD R5, 0(R0)
	MOVD R2, 8(R0)
	MOVD 8(R1), R3 // a[1] again: out[1] if out is a
	MOVD R3, 16(R0)
	MOVD R4, 24(R0)
	RET

// func rotSafe(out, a *[4]uint64)
TEXT ·rotSafe(SB), NOSPLIT, $0-16
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	LDP 0(R1), (R2, R3)
	LDP 16(R1), (R4, R5)
	MOVD R5, 0(R0)
	MOVD R2, 8(R0)
	MOVD R3, 16(R0)
	MOVD R4, 24(R0)
	RET

// func rotNoAlias(out, a *[4]uint64)
TEXT ·rotNoAlias(SB), NOSPLIT, $0-16
	MOVD out+0(FP), R0
	MOVD a+8(FP), R1
	MOVD 0(R1), R2
	MOVD 24(R1), R5
	MOVD R5, 0(R0)
	MOVD R2, 8(R0)
	MOVD 8(R1), R3
	MOVD R3, 16(R0)
	MOVD 16(R1), R4
	MOVD R4, 24(R0)
	RET

// func branchEntry(x uint64) uint64
TEXT ·branchEntry(SB), NOSPLIT, $0-16
	CBZ R0, zero // want "secret-branch"
	NOP
zero:
	MOVD x+0(FP), R0
	ADD $1, R0
	MOVD R0, ret+8(FP)
	RET

// func loopSecret(n uint64) uint64
TEXT ·loopSecret(SB), NOSPLIT, $0-16
	MOVD n+0(FP), R1
	MOVD ZR, R0
	CBZ R1, done // want "secret-branch"
loop:
	ADD $1, R0
	SUBS $1, R1
	BNE loop // want "secret-branch"
done:
	MOVD R0, ret+8(FP)
	RET

// double doubles R0 (a helper with no Go declaration).
TEXT double<>(SB), NOSPLIT|NOFRAME, $0
	ADD R0, R0
	RET

// func callTwice(x uint64) uint64
TEXT ·callTwice(SB), NOSPLIT, $16-16
	MOVD x+0(FP), R0
	BL double<>(SB)
	MOVD R0, ret+8(FP)
	RET

// func addSplitARM(a, b uint64) uint64
TEXT ·addSplitARM(SB), 0, $256-24
	MOVD a+0(FP), R0
	MOVD R0, 8(RSP)
	MOVD b+8(FP), R1
	MOVD 8(RSP), R2
	ADD R2, R1
	MOVD R1, ret+16(FP)
	RET

// nothing<> returns (a call makes addSplitSmallARM no leaf, which the
// assembler would mark NOSPLIT).
TEXT nothing<>(SB), NOSPLIT|NOFRAME, $0
	RET

// func addSplitSmallARM(a, b uint64) uint64
TEXT ·addSplitSmallARM(SB), 0, $16-24
	MOVD a+0(FP), R0
	MOVD R0, 8(RSP)
	BL nothing<>(SB)
	MOVD b+8(FP), R1
	MOVD 8(RSP), R2
	ADD R2, R1
	MOVD R1, ret+16(FP)
	RET

// func storeBelowSplitARM(a, b uint64) uint64
TEXT ·storeBelowSplitARM(SB), 0, $256-24
	MOVD a+0(FP), R0
	MOVD R0, -32(RSP) // want "store-out-of-bounds"
	MOVD b+8(FP), R1
	ADD R0, R1
	MOVD R1, ret+16(FP)
	RET

// func addFakeSplitARM(a, b uint64) uint64
TEXT ·addFakeSplitARM(SB), NOSPLIT, $0-24
	MOVD 16(g), R16
	CMP R16, RSP
	BLS slow
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	ADD R0, R1
	MOVD R1, ret+16(FP)
	RET
slow:
	MOVD ZR, ret+16(FP)
	RET

// func addFakeCmpARM(a, b uint64) uint64
TEXT ·addFakeCmpARM(SB), NOSPLIT|NOFRAME, $0-24
entry:
	MOVD 16(g), R16
	CMP R1, RSP
	BLS slow
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	ADD R0, R1
	MOVD R1, ret+16(FP)
	RET
slow:
	MOVD R30, R3
	CALL runtime·morestack_noctxt(SB)
	JMP entry

// func sumPtrARM(p *uint64, n int) uint64
TEXT ·sumPtrARM(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD n+8(FP), R1
	MOVD ZR, R2
	CBZ R1, done
loop:
	MOVD (R0), R3
	ADD R3, R2
	ADD $8, R0
	SUBS $1, R1
	BNE loop
done:
	MOVD R2, ret+16(FP)
	RET

// func sumPtrPastARM(p *uint64, n int) uint64
TEXT ·sumPtrPastARM(SB), NOSPLIT, $0-24
	MOVD p+0(FP), R0
	MOVD n+8(FP), R1
	ADD $1, R1
	MOVD ZR, R2
loop:
	MOVD (R0), R3 // want "load-out-of-bounds"
	ADD R3, R2
	ADD $8, R0
	SUBS $1, R1
	BNE loop
	MOVD R2, ret+16(FP)
	RET

// func ptrDiff(a, b []byte) int
TEXT ·ptrDiff(SB), NOSPLIT, $0-56
	MOVD a_base+0(FP), R0
	MOVD b_base+24(FP), R1
	MOVD $0, R2
	CMP R0, R1
	BEQ done
	MOVBU (R0), R2
	MOVBU (R1), R3
	SUB R3, R2
done:
	MOVD R2, ret+48(FP)
	RET

// func ptrDiffWrong(a, b []byte) int
TEXT ·ptrDiffWrong(SB), NOSPLIT, $0-56
	MOVD a_base+0(FP), R0
	MOVD b_base+24(FP), R1
	MOVD $1, R2
	CMP R0, R1
	BEQ same
	MOVBU (R0), R2
	MOVBU (R1), R3
	SUB R3, R2
same:
	MOVD R2, ret+48(FP)
	RET

// func derefOrZeroARM(p *uint64) uint64
TEXT ·derefOrZeroARM(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD ZR, R1
	CBZ R0, nil
	MOVD (R0), R1
nil:
	MOVD R1, ret+8(FP)
	RET

// func firstViaBufARM(p *[2]uint64) uint64
TEXT ·firstViaBufARM(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD (R0), R1
	MOVD R1, ret+8(FP)
	RET
