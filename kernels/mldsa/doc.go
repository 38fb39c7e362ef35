// Package mldsa implements the polynomial arithmetic of ML-DSA (FIPS 204)
// with amd64 AVX2 kernels proved equal to the Go specification in
// vg.dev/spec/mldsa: the number-theoretic transform and its inverse,
// Montgomery products, addition, subtraction, reduction, the norm check and
// the rounding functions Power2Round, Decompose, HighBits, LowBits,
// MakeHint and UseHint for both values of γ₂.
//
// Every function chooses, once at package initialisation, the fastest
// variant the CPU supports:
//
//   - "avx2": the kernels of the *_amd64.s files, eight int32 coefficients
//     per YMM register (VEX-encoded AVX2 only); needs avx2.
//   - "generic": the specification itself, on other architectures, with the
//     purego build tag, or when VG_CPU_FEATURES hides avx2 (e.g.
//     VG_CPU_FEATURES=none).
//
// The environment variable VG_CPU_FEATURES (see vg.dev/kernels/internal/cpuid)
// restricts the features the choice may use.
//
// # Contracts
//
// Each function is the spec function of the same name, with the same
// signature and the same Poly type, and returns exactly the spec's result,
// bit for bit (the same representatives, not just the same residues), on
// every input its precondition in vg.dev/spec/mldsa/requires.go allows;
// the output ranges are the spec's. NTT, InvNTT, the pointwise products,
// Add, Sub, Reduce, Freeze and NormExceeds compute the spec's own int32
// arithmetic and equal it on all inputs; the rounding functions are equal on
// their domain r ∈ [0, q) (and h ∈ {0, 1} for UseHint).
//
// # Constant time
//
// The kernels do not branch on data or compute addresses from it: loops and
// table offsets depend only on counters. They multiply secret data with
// VPMULDQ and VPMULLD, whose timing Intel documents as data-independent only
// with DOITM set, and on arm64 with SMULL, SMLAL and MUL, data-independent
// with PSTATE.DIT set (the prover reports these as warnings).
//
// # Proofs
//
// Every AVX2 and NEON kernel is proved equal to its spec, constant time and
// frame safe by vgcheck (proofs/amd64/*.json, proofs/arm64/*.json; go run
// ./cmd/vgcheck prove [-arch arm64] ./kernels/mldsa).
//
// # Aliasing
//
// Every kernel is proved for every way its Poly arguments may be the same
// Poly (out = a, out = b, a = b, all three; a1 = a0 and the rest for the
// two-output functions, where a1 = a0 leaves a0's values), each time
// against the spec run on the same memory, as vgcheck proves aliasing by
// default. Partially overlapping arguments (a Poly made from the middle of
// another) are outside the proofs and must not be passed.
package mldsa
