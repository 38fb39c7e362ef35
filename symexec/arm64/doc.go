// Package arm64 lifts arm64 (A64) machine code to bit-vector terms by
// symbolic execution: Run executes a function's decoded instructions
// (package decode) from a symbolic entry state and returns, for each
// control path, its path condition, final registers and final memory, plus
// the events the constant-time checker needs. Arch describes it to the
// prover.
//
// This package is part of the trusted base: a proof is only as good as the
// semantics written here. The semantics follow the Arm Architecture
// Reference Manual's pseudocode for each encoding class (a Form: mask and
// value of the 32-bit word), reading the fields of the word itself; the
// decoder (arm64asm) only names the instruction, and a word whose decoded
// mnemonic is not one of its form's is not executed. Each instruction
// family is in its own file and registers its forms in a table, so the set
// of modelled instructions is data (Modelled, Mnemonics). Every form is
// tested against a Go reference model of the Arm ARM, and, on an arm64
// host or under qemu-aarch64, against the processor (TestNative:
// GOARCH=arm64 go test -exec qemu-aarch64 ./symexec/arm64/).
//
// # Machine state
//
// X0..X30 and SP are 64-bit terms. A W (32-bit) result is zero-extended
// into its X register. Register number 31 is ZR or SP as each form says.
// Writing R18, the platform register, is an error. The flags N, Z, C and V
// are width-1 terms, undefined at function entry (reading them then is an
// error, ErrUndefinedFlags); no modelled instruction leaves a flag
// undefined. The SIMD&FP registers are not modelled.
//
// ABI0 entry: X0..X29 are the variables entry.R0 ... entry.R29 (R28 is g,
// R29 the frame pointer), X30 is the variable retaddr. SP is the entry SP
// of a stack region of StackBelow bytes below it, the caller's saved-LR
// slot at 0(RSP), and the argument frame from 8(RSP) (Path.ArgOff). The
// final RET must branch to retaddr with SP at its entry value. By the
// ABI's frame-pointer convention R29 at entry is SP − 8; a leaf with a
// frame restores R29 by recomputing that value, which the final state
// reports as entry.R29.
//
// The stack-growth prologue the assembler puts at the start of a function
// that is not NOSPLIT has its fast path run, under the assumption that the
// stack suffices, which the path lists (prologue.go); any other access
// through g (R28) is not modelled.
//
// Memory is package mem: every access must resolve to a constant offset
// inside one region (an argument's pointee, the stack, a data symbol), or
// to an argument's pointee or read-only data plus a symbolic offset (an
// ite over its places, its in-bounds condition on the event and assumed
// by the path: machine/symidx.go), else the access is an error after its
// event is recorded. ADR and ADRP
// compute absolute addresses; ADR, and an ADRP page completed by an ADD
// (immediate) or a load/store offset (the linker's ADRP + lo12 pair), give
// a data symbol's address as its region's symbolic base plus the offset.
// A PC-relative literal is read from the binary (through the resolver) or
// from the function's own words. Alignment is not checked (unaligned
// accesses to normal memory do not fault on arm64, except SP-relative
// ones with SP misaligned, which the ABI excludes); accesses are single
// copy, little-endian.
//
// Path.Regs names the final X0..X30 "R0".."R30" (the Go assembler's
// names) and SP "RSP".
//
// Where the Arm ARM leaves a choice of equivalent terms, the lifter picks
// the shape the Go spec interpreter (package gossa) gives math/bits, so
// that equal values are often the same hash-consed term: a 64-bit MUL is
// the low half of the 128-bit product UMULH takes the high half of (as
// bits.Mul64), the carry of ADDS/ADCS is bit w of the (w+1)-bit sum (as
// bits.Add64) and the C flag of SUBS/SBCS is NOT of bit w of the (w+1)-bit
// difference (as bits.Sub64's borrow).
//
// # Control flow
//
// B.cond, CBZ, CBNZ, TBZ and TBNZ with a constant condition follow one
// side; with a symbolic one both sides are explored (each with its own
// copy of the memory), unless the path condition makes one side
// syntactically false. Branch conditions on secrets fork too; the Branch
// event records them. B, BL, BR and BLR follow constant targets, inside
// the function or (through Config.Prog) into other functions of the
// binary: callees are executed, not trusted. BL and BLR write the return
// address to X30; the RET that ends a call must branch to it with SP as
// it was at the call. An indirect target that is not a constant is an
// error.
//
// # Modelled instructions
//
//   - arith.go: ADD, ADDS, SUB, SUBS (immediate with optional LSL #12,
//     shifted register, extended register UXTB/H/W/X and SXTB/H/W/X with
//     shift 0-4), ADC, ADCS, SBC, SBCS, and the aliases MOV (to/from SP),
//     CMP, CMN, NEG, NEGS, NGC, NGCS.
//   - logic.go: AND, ANDS, ORR, EOR (bitmask immediate), AND, BIC, ORR,
//     ORN, EOR, EON, ANDS, BICS (shifted register, LSL/LSR/ASR/ROR), and
//     the aliases MOV (register, bitmask immediate), MVN, TST.
//   - bitfield.go: SBFM, BFM, UBFM and their aliases ASR, LSL, LSR
//     (immediate), SBFIZ, SBFX, UBFIZ, UBFX, BFI, BFXIL, SXTB, SXTH,
//     SXTW, UXTB, UXTH; EXTR and ROR (immediate); LSLV, LSRV, ASRV, RORV
//     (LSL, LSR, ASR, ROR register; amount modulo the width).
//   - mul.go: MADD, MSUB, MUL, MNEG, SMADDL, SMSUBL, UMADDL, UMSUBL,
//     SMULL, UMULL, SMNEGL, UMNEGL, SMULH, UMULH; UDIV and SDIV
//     (division by zero gives zero; variable time, see VarTimePolicy).
//   - cond.go: CSEL, CSINC, CSINV, CSNEG and the aliases CSET, CSETM,
//     CINC, CINV, CNEG; CCMP and CCMN (register and immediate). flags.go:
//     the conditions EQ NE CS CC MI PL VS VC HI LS GE LT GT LE AL NV.
//   - mov.go: MOVZ, MOVN, MOVK, MOV (wide immediate), ADR, ADRP, NOP.
//   - loadstore.go: LDR, LDRB, LDRH, LDRSB, LDRSH, LDRSW, STR, STRB, STRH
//     (unsigned offset, pre-index, post-index, register offset with
//     UXTW/LSL/SXTW/SXTX and optional scaling), LDUR, LDURB, LDURH,
//     LDURSB, LDURSH, LDURSW, STUR, STURB, STURH, LDR and LDRSW (literal),
//     LDP, STP, LDPSW, LDNP, STNP (offset, pre-index, post-index); PRFM
//     and PRFUM (hints: nothing moves).
//   - flow.go: B, BL, B.cond, CBZ, CBNZ, TBZ, TBNZ, BR, BLR, RET; the
//     run loop.
//   - bits.go: RBIT, REV16, REV32, REV, CLZ, CLS.
//   - neon*.go: the AdvSIMD integer forms of NeonModelled, among them
//     neon_crypto.go: AESE, AESD, AESMC, AESIMC, SHA1C/P/M/H/SU0/SU1,
//     SHA256H/H2/SU0/SU1, PMULL/PMULL2 (bytes and doublewords),
//     REV16/32/64 (vector), TBL/TBX, ADDP, UADDLV/SADDLV; LDR/STR of B,
//     H, S, D and Q registers; LD1/ST1 (multiple structures) and
//     LD1R-LD4R (neon_ldst.go); DUP (scalar); ADD/SUB (scalar);
//     neon_sha3.go: EOR3, BCAX, RAX1, XAR; neon_sha512.go: SHA512H,
//     SHA512H2, SHA512SU0, SHA512SU1 (decoded by package decode).
//
// # Not modelled
//
// Any other instruction, and any reserved or CONSTRAINED UNPREDICTABLE
// encoding of a listed one (e.g. a load pair with Rt = Rt2, write-back
// with Rn = Rt), is an UnsupportedError naming mnemonic, pc and file:line;
// nothing is skipped. In particular: floating point, and the SIMD forms
// not listed;
// the other one-source operations; CRC32; system instructions (MRS, MSR, barriers,
// hints other than NOP, SVC, BRK, UDF); exclusive, acquire/release,
// atomic and unprivileged memory operations (a prefetch, PRFM or PRFUM,
// moves nothing: its address is held to a load's constant-time rule, and
// no region is checked, since nothing is read); pointer
// authentication, MTE and other extensions. Exceptions are not modelled:
// an access outside every region is an error, and execution is
// single-threaded. A word marked Data by package decode (padding or a
// literal pool) is never executed. The decoder (arm64asm) is trusted only
// to name instructions.
package arm64
