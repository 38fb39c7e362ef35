// Package ed25519 runs the step of Ed25519's fixed-base comb as a proved
// kernel: CombAdd selects a signed digit's entry from a table of sixteen
// affine points in constant time (every entry read, each word kept under
// a mask), negates it under the digit's sign and adds it to an extended
// point, equal to vg.dev/spec/ed25519.CombAdd (equivalence, constant time
// and frame safety on the machine code):
//
//   - "adx": combAddADX, with the field products of mulADX (MULX, ADCX,
//     ADOX); needs bmi2 and adx.
//   - "generic": the specification itself elsewhere, with -tags purego,
//     or when VG_CPU_FEATURES hides bmi2 or adx; callers with faster
//     field kernels (vg.dev/crypto/internal/edwards) use their own step
//     when Available reports false.
//
// Not covered: the whole fixed-base multiplication as one kernel (the
// digits' recoding and the five doublings between the comb's halves are
// Go over the field kernels), AVX2 or IFMA selection, and arm64.
package ed25519
