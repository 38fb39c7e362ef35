// Package ed25519 runs Ed25519's fixed-base multiplication as one proved
// kernel: ScalarBaseMult recodes a scalar into 51 signed radix-32 digits,
// and for each selects the digit's entry from a table of sixteen affine
// points in constant time (every entry read, each word kept where the
// digit's magnitude is the entry's number: under a mask that is all ones
// exactly then, or with CSEL), negates it under the digit's sign, and adds
// it to an extended point, with the comb's five doublings between its odd
// and even digits. It equals vg.dev/spec/ed25519.ScalarBaseMult
// (equivalence, constant time and frame safety on the machine code).
// CombAdd is one such step, proved on its own (the unit the whole kernel
// loops over, and quick to mutate).
//
//   - "avx2": scalarBaseAVX2, scalarBaseADX with the selection of the
//     seeds: the magnitude in every doubleword of a Y register, one
//     VPCMPEQD per entry against the magnitudes stored after the code
//     (combMagnitudes: m in all eight doublewords of 32 bytes), the
//     entry's quarters kept with VPAND and gathered with VPOR; needs avx2,
//     bmi2 and adx. CombAdd runs combAddADX: the step's digit is a 64-bit
//     word, whose magnitude a doubleword comparison does not determine (the
//     comb's digits are sign-extended bytes, below 2⁸, where it does).
//   - "adx": scalarBaseADX and combAddADX, with the field products of
//     mulADX (MULX, ADCX, ADOX) and masks from XOR, NEG, OR and a shift;
//     need bmi2 and adx.
//   - "arm64": scalarBaseARM64 and combAddARM64, with the field products
//     of the arm64 ladder kernel (MUL/UMULH, ADDS/ADC); the selection in
//     general registers as the seeds do it: one CMP of the magnitude with
//     each entry's number, then CSEL EQ of every word LDP loads; the sign
//     with CSEL MI (y ± x exchanged, 2d·x·y negated); no CPU feature.
//   - "generic": the specification itself elsewhere, with -tags purego,
//     or when VG_CPU_FEATURES hides bmi2 or adx; callers with faster
//     field kernels (vg.dev/crypto/internal/edwards) run their own comb
//     when Available reports false.
//
// The three selections compute the words of the specification's masks;
// the prover's normaliser brings them to one term (vg.dev/symexec/term,
// select.go), so every kernel closes by hash-consing.
//
// Not covered: IFMA selection; an AVX2 comb step (see "avx2").
package ed25519
