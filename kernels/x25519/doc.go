// Package x25519 runs the whole X25519 Montgomery ladder (RFC 7748,
// section 5: 255 steps with their conditional swaps) as one assembly
// kernel, proved equal to vg.dev/spec/x25519.Ladder (equivalence,
// constant time and frame safety on the machine code):
//
//   - "adx": ladderADX, the field arithmetic of vg.dev/kernels/fe25519's
//     mulADX and squareADX inlined (MULX, ADCX, ADOX); needs bmi2 and adx.
//   - "arm64": ladderARM64, the arithmetic of mulARM64 and squareARM64
//     inlined (MUL/UMULH, ADDS/ADC); no CPU feature needed.
//   - "generic": the specification itself, on other CPUs and
//     architectures, with -tags purego, or when VG_CPU_FEATURES hides
//     bmi2 or adx. It is constant time by construction but slow; callers
//     that have faster field kernels (vg.dev/crypto/x25519) use their own
//     ladder when Available reports false.
//
// Ladder returns the projective result (X : Z); the final inversion is
// the caller's. stepADX and stepARM64 are one ladder step each, proved on
// their own (the fallback unit, and quick to mutate). Not covered: an
// AVX-512 IFMA ladder kernel.
package x25519
