// Package mutate measures how well vgcheck's proofs catch bugs: it applies
// single-instruction mutations to the assembly source of each kernel,
// rebuilds, proves each mutant, and scores the outcome.
//
// The mutants of a kernel are those of its TEXT block and of the body of
// every macro the block expands, directly or through other macros, whether
// the macro is defined in the .s file or in a header of the package that
// the file includes. A macro-body mutant changes every expansion of the
// macro at once and is proved once for each kernel that expands it. Each
// statement of a line (statements are separated by semicolons) is mutated
// on its own; the rest of the line, backslash continuation included, is
// kept. A macro that spells one instruction as data (N_ADD(m, n, d) is a
// WORD) is mutated where it is invoked instead: an argument plus one, the
// first two arguments swapped, a sibling macro (N_SMULL for N_SMULL2).
//
// The operators: a mnemonic swap from the architecture's table (ADC↔ADD,
// VPADDD↔VPADDQ, VEOR↔VORR, …), skipped where the target has no form for
// the operands; immediate+1; a register substitution of the first register
// operand (a NEON register list moves as a whole); an operand swap of the
// first two adjacent register operands of one class (macro parameters
// count as registers of any class here, but are never substituted: they
// are not registers); on
// arm64 a lane-width change of every arranged operand (V1.S4→V1.H8) and a
// lane index+1; and a dropped statement.
//
// A mutant is killed when it is refuted with a counterexample that the
// replay on the real kernel confirms, when it violates constant time or the
// frame, or when the prover rejects it for a defect of its own; it survives
// when it proves equal to the spec (an equivalent mutant, whose reason the
// report names). A mutant the assembler rejects is invalid (not a program);
// anything else, including a build that fails after assembling, is
// unknown.
//
// Not covered: macros invoked through other preprocessor constructs
// (#ifdef branches are all treated as live), #undef, and headers outside the
// package directory.
package mutate
