// Package x25519 runs the whole X25519 Montgomery ladder (RFC 7748,
// section 5: 255 steps with their conditional swaps) with proved assembly
// kernels (equivalence, constant time and frame safety on the machine
// code):
//
//   - "ifma": four field elements at a time in radix 2⁵² with AVX-512 IFMA
//     on YMM registers (needs avx512ifma and avx512vl; picked first). The
//     ladder is ladderSteps52, a Go loop (clamping, bits at public
//     positions, swaps under masks, as spec.Ladder52x4 writes them) over
//     stepIFMA, one step proved equal to spec.StepState52x4; the input is
//     converted to radix 2⁵² and the result back.
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
// the caller's. stepADX and stepARM64 are one ladder step each, proved on
// their own (the fallback unit, and quick to mutate).
//
// Not covered: ladderIFMA, the whole four-lane ladder as one kernel, is
// tested against spec.Ladder52x4 on this CPU but not proved (its
// obligation does not finish within 5 minutes), so it is not used; the
// Go loop of the "ifma" variant is not machine-checked (it is plain Go,
// constant time by construction, and tested against the specification).
// The IFMA multiply-adds are reported as variable-time warnings (Intel's
// MCDT guidance for SIMD multiplies).
package x25519
