// Package amd64 lifts amd64 machine code to bit-vector terms by symbolic
// execution: Run executes a function's decoded instructions (package
// decode) from a symbolic entry state and returns, for each control path,
// its path condition, final registers and final memory, plus the events
// the constant-time checker needs.
//
// This package is part of the trusted base: a proof is only as good as the
// semantics written here. Each instruction family is in its own file and
// registers its operations in a table, so the set of modelled operations is
// data (Modelled). Every case is tested against a Go reference model of the
// Intel SDM and, on an amd64 host, against the CPU itself (TestNative).
//
// # Machine state
//
// The sixteen general registers are 64-bit terms. Writes to 32-bit
// registers zero the upper half; 8- and 16-bit writes keep the other bits;
// AH, CH, DH and BH are bits 15..8. The status flags CF, PF, AF, ZF, SF and
// OF are width-1 terms, or undefined: every instruction leaves exactly the
// flags the SDM says it does undefined (with the reason), and reading an
// undefined flag is an UndefinedFlagError naming the reader and the
// instruction that left it undefined. A shift or rotate by a non-constant
// count leaves the flags it may write undefined. The flags are undefined at
// entry.
//
// Memory is package mem: every access must resolve to a constant offset
// inside one region (an argument's pointee, the stack, a data symbol), or
// to an argument's pointee or read-only data plus a symbolic offset, an
// ite over the places it may take whose in-bounds condition the event
// carries and the path assumes (machine/symidx.go).
// RIP-relative addresses are absolute constants. The stack is a region of
// StackBelow bytes below the return address (the variable retaddr) and the
// ABI0 argument frame above it; SP is its base plus a constant. The final
// RET must find SP at its entry value and pop retaddr.
//
// # Control flow
//
// Jcc, JECXZ and JRCXZ with a constant condition follow one side; with
// a symbolic one both sides are explored (each with its own copy of the
// memory), unless the path condition makes one side syntactically false.
// Branch conditions on secrets fork too; the Branch event records them.
// JMP and CALL follow constant targets, inside the function or (through
// Config.Prog) into other functions of the binary: callees are executed,
// not trusted. RET inside a CALL must pop the address that CALL pushed. An
// indirect target that is not a constant is an error.
//
// # Modelled instructions
//
//   - mov.go: MOV (all widths, immediates, MOVABS, absolute addresses),
//     MOVZX, MOVSX, MOVSXD, LEA, XCHG.
//   - arith.go: ADD, ADC, SUB, SBB, CMP, NEG, INC, DEC, ADCX, ADOX, CLC,
//     STC, CMC.
//   - mul.go: MUL, IMUL (one, two and three operands), MULX, DIV and IDIV
//     (only when the divide-error exception provably cannot occur).
//   - logic.go: AND, OR, XOR, TEST, NOT, ANDN, BT.
//   - bits.go: BTS, BTR, BTC, BSF, BSR (a zero source leaves the
//     destination a fresh variable: the SDM says undefined), POPCNT,
//     LZCNT, TZCNT, MOVBE, PDEP, PEXT.
//   - shift.go: SHL, SHR, SAR, ROL, ROR, SHLD, SHRD, SHLX, SHRX, SARX,
//     RORX, BSWAP.
//   - cond.go: CMOVcc and SETcc for the 16 conditions.
//   - flow.go: JMP, Jcc, JECXZ, JRCXZ, CALL, RET (not with an operand-size
//     prefix, whose meaning differs between Intel and AMD); the run loop.
//     JCXZ is not encodable in 64-bit mode.
//   - stack.go: PUSH, POP (64-bit).
//   - misc.go: NOP (all forms), PAUSE, CBW, CWDE, CDQE, CWD, CDQ, CQO.
//
// # Vector state and instructions
//
// ZMM0–31 are 512-bit terms (XMMn and YMMn their low 128 and 256 bits),
// K0–K7 64-bit terms; they start as the variables entry.Z0 … entry.Z31 and
// entry.K0 … entry.K7. Lane-wise results are concatenations of per-lane
// terms, so a lane extracts back to its own term. Legacy SSE writes bits
// 127..0 and keeps 511..128; VEX and EVEX writes zero the bits above the
// vector length; VZEROUPPER zeroes bits 511..128 of ZMM0–15. EVEX merging
// ({k}) and zeroing ({z}) masking apply at the element size; embedded
// broadcast ({1toN}) from memory is modelled where listed.
//
// Each vector operation lists its encoding forms in SDM notation
// (vec_form.go; VecForms): an instruction whose encoding (legacy/VEX/EVEX,
// vector length, W, register or memory operand, masking, broadcast)
// matches none is an UnsupportedError. The co-simulation test
// (TestVecNative) generates every listed form from that table and runs it
// on the CPU.
//
//   - vec_move.go: MOVDQU, MOVDQA, MOVUPS, MOVAPS, VMOVDQU, VMOVDQA (VEX 128/256),
//     VMOVDQU32/64 and VMOVDQA32/64 (EVEX 128/256/512, {k}{z}; masked
//     stores), MOVD, MOVQ, VMOVD, VMOVQ (to and from XMM, general registers
//     and memory), (V)PMOVMSKB, VZEROUPPER.
//   - vec_lane.go: (V)PINSRB/D/Q, (V)PEXTRB/D/Q, (V)PMOVZX* and
//     (V)PMOVSX*, (V)MOVSLDUP, (V)MOVSHDUP.
//   - vec_crypto.go: (V)AESENC, (V)AESENCLAST, (V)AESDEC, (V)AESDECLAST,
//     (V)AESIMC, (V)AESKEYGENASSIST (VEX.128), (V)PCLMULQDQ, SHA1RNDS4,
//     SHA1NEXTE, SHA1MSG1, SHA1MSG2, SHA256RNDS2, SHA256MSG1, SHA256MSG2.
//   - vec_int.go: (V)PADDB/W/D/Q, (V)PSUBB/W/D/Q, (V)PMULUDQ, VPMULDQ, VPMULLD,
//     VPMULLW, VPMULHW, VPMULHUW, (V)PCMPEQB/W/D, VPCMPEQQ, VPCMPGTD, VPMINUD,
//     VPMAXUD, VPMINSD, VPMAXSD, VPABSD.
//   - vec_logic.go: (V)PAND, (V)PANDN, (V)POR, (V)PXOR, (V)ANDPS,
//     (V)ANDNPS, (V)ORPS, (V)XORPS; EVEX VPANDD/Q, VPANDND/Q, VPORD/Q,
//     VPXORD/Q; (V)PTEST (ZF and CF).
//   - vec_shift.go: (V)PSLLD/Q, (V)PSRLD/Q, (V)PSRAD, (V)PSRAW by an
//     immediate or an XMM/m128 count (counts beyond the width give 0 or the
//     sign fill), (V)PSLLDQ, (V)PSRLDQ.
//   - vec_shuffle.go: (V)PSHUFD, (V)PSHUFB, (V)PUNPCKL/H BW/WD/DQ/QDQ,
//     VPERM2I128, VPERM2F128, VPERMQ, VPERMD, VPERMB, (V)PALIGNR, (V)SHUFPS,
//     VPBLENDD, (V)PBLENDW, VPBROADCASTB/W/D/Q (from XMM, memory, and EVEX
//     from a general register), VEXTRACTI128, VINSERTI128.
//   - vec_string.go: PCMPESTRI, every immediate (the SSE4.2 string compare
//     with explicit lengths and an index result; variable time).
//   - vec_avx512.go: VPMADD52LUQ, VPMADD52HUQ, VPERMI2Q, KMOVB/W/D/Q.
//   - vec_compress.go: VPCMPD/UD/Q/UQ into an opmask (under a write mask),
//     VPMOVD2M, VPMOVQ2M, VPCOMPRESSD/Q into a register ({k}, {z}; a
//     secret mask is variable time). An unmasked EVEX store with an element
//     width (VMOVDQU32, …) at a symbolic offset is written element by
//     element over the places, in the terms the spec interpreter gives an
//     array store.
//
// Most VEX forms have an EVEX form too (see VecForms). The SIMD multiplies
// record VarTime events with their sources (VarTimePolicy: warnings under
// Intel's MCDT guidance). A product is built as one Mul of the extended
// lanes, so equal multiplications are one term (VPMADD52LUQ and
// VPMADD52HUQ on the same operands share their 104-bit product).
//
// Not modelled among the vector instructions: floating point and MXCSR;
// the EVEX compares of bytes and words and every other instruction writing
// opmask registers besides KMOV, VPCMP[U]D/Q and VPMOV{D,Q}2M; the compress
// to memory and the expands; mask logic (KAND, KOR, KSHIFT, KORTEST, …); gathers and
// scatters; VEX.W1 encodings of WIG instructions (x86asm does not decode
// them); EVEX rounding/SAE (EVEX.b on registers); {z} without a mask.
// A masked load reads (and bounds-checks) the whole operand: fault
// suppression of masked-off elements is not modelled. Vector registers are
// not part of Path.Regs.
//
// Alignment: an instruction that faults on a misaligned memory operand
// (the aligned moves at their operand's size; every other legacy-SSE
// operand of 16 bytes, AES-NI, PCLMULQDQ, SHA-NI and PALIGNR among them,
// but MOVDQU, MOVUPS, MOVUPD and LDDQU) is proved aligned at lift time or
// reported as mem.ErrMisaligned (align.go); VEX forms need none.
//
// # Not modelled
//
// Any other instruction, and any unsupported form of a listed one, is an
// UnsupportedError naming mnemonic, pc and file:line; nothing is skipped.
// In particular: floating-point and x87 state and instructions, and the
// vector instructions not listed above;
// the SSE4.2 string compares but PCMPESTRI (PCMPESTRM, PCMPISTRI,
// PCMPISTRM, and the VEX forms); RCL, RCR, flag transfers (LAHF, SAHF, PUSHF, POPF); the
// direction flag and the other RFLAGS bits; INT3 and other traps;
// FS/GS-relative (TLS) accesses but MOVQ FS:-8, R (g's address, a public
// value, as the stack-growth prologue and the ABI0 wrappers of Go
// functions load it; nothing is read through it but the prologue's
// stack bound, whose fast path is run under a listed assumption:
// prologue.go) and 32-bit addressing; memory accesses at
// a non-constant offset into the stack, a writable global or code, or
// from a register's entry value; 16-bit PUSH and POP; forms whose result the SDM
// leaves undefined (BSWAP of 16 bits, 16-bit SHLD/SHRD by more than 16,
// 16-bit BSF/BSR). Faults are not modelled: an access outside every region
// is an error, alignment is recorded for the checker but not checked here,
// and DIV/IDIV must be provably safe. Execution
// is single-threaded (LOCK and XCHG's atomicity are irrelevant). The
// decoder (x86asm, and package decode for ADCX/ADOX) is trusted.
package amd64
