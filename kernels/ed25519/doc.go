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
// ScalarBaseMult52 is the same multiplication as the eight-lane comb of
// vg.dev/spec/ed25519.ScalarBaseMult52x8, where the CPU has AVX-512 IFMA
// (Available52; callers try it first):
//
//   - "ifma": scalarBaseIFMA, eight points at a time in radix 2⁵² on ZMM
//     registers (VPMADD52LUQ/HUQ): 64 signed radix-16 digits, lane j of
//     round r adding the entry of digit 8r + j from its own table (a table
//     per digit position, so no doubling), each lane's entry selected by
//     reading all eight under lane masks (VPANDQ, VPTERNLOGQ), the sign
//     applied by exchanges under a mask (y + x with y − x before the
//     products, F with G after), then three levels of additions summing
//     the lanes and the result converted to radix 2⁵¹; needs avx512f and
//     avx512ifma. Its frame (3904 bytes) is too large for NOSPLIT: the
//     assembler's stack-growth prologue is proved on its fast path, with
//     "the stack suffices" listed as an assumption. The multiply-adds are
//     reported as variable-time warnings (Intel's MCDT guidance).
//
// The variants of ScalarBaseMult and CombAdd:
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
// Not covered: an AVX2 comb step (see "avx2"); an IFMA comb step (the
// whole eight-lane comb is the only IFMA kernel).
package ed25519
