// Package x25519 runs the whole X25519 Montgomery ladder (RFC 7748,
// section 5: 255 steps with their conditional swaps) with proved assembly
// kernels (equivalence, constant time and frame safety on the machine
// code):
//
//   - "ifma": four field elements at a time in radix 2⁵² with AVX-512 IFMA
//     on YMM registers (needs avx512ifma and avx512vl; picked first):
//     ladderIFMA, the whole ladder as one kernel proved equal to
//     vg.dev/spec/x25519.Ladder52x4; the input is converted to radix 2⁵²
//     and the result back.
//   - "adx": ladderADX, the whole ladder as one kernel proved equal to
//     vg.dev/spec/x25519.Ladder, the field arithmetic of
//     vg.dev/kernels/fe25519's mulADX and squareADX inlined (MULX, ADCX,
//     ADOX); needs bmi2 and adx.
//   - "arm64": ladderARM64, the arithmetic of mulARM64 and squareARM64
//     inlined (MUL/UMULH, ADDS/ADC); no CPU feature needed.
//   - "generic": the specification itself, on other CPUs and
//     architectures, with -tags purego, or when VG_CPU_FEATURES hides the
//     features. It is constant time by construction but slow; callers
//     that have faster field kernels (vg.dev/crypto/x25519) use their own
//     ladder when Available reports false.
//
// Ladder returns the projective result (X : Z); the final inversion is
// the caller's. stepADX, stepIFMA and stepARM64 are one ladder step each,
// proved on their own (quick to mutate, and where a failing change to the
// step shows first).
//
// Not covered: the conversions to and from radix 2⁵² around ladderIFMA
// and the final inversion are Go. The IFMA multiply-adds are reported as
// variable-time warnings (Intel's MCDT guidance for SIMD multiplies).
package x25519
