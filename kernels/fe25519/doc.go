// Package fe25519 implements arithmetic modulo 2²⁵⁵ − 19 in radix 2⁵¹ (five
// uint64 limbs), with amd64 and arm64 assembly kernels proved equal to the
// Go specification in vg.dev/spec/fe25519.
//
// Mul, Square and Carry choose, once at package initialisation, the fastest
// variant the CPU supports:
//
//   - "adx": mulADX and squareADX, with MULX (BMI2) and two independent
//     carry chains in ADCX/ADOX (ADX); needs bmi2 and adx.
//   - "mulq": mulMULQ and squareMULQ, with MULQ and ADD/ADC; any amd64.
//   - "arm64": mulARM64, squareARM64 and carryARM64, with MUL/UMULH and
//     ADDS/ADC chains.
//   - "generic": the specification itself, on other architectures, with the
//     purego build tag, or when VG_CPU_FEATURES hides everything else.
//
// Carry uses carryAMD64 in both amd64 variants.
//
// Add, Sub, Neg, Select, Swap, Reduce, ToBytes and FromBytes (ops.go) run
// one kernel per architecture (addAMD64 …, addARM64 …): they have no
// products, so MULQ and ADX share them. Invert runs the whole addition
// chain of the inversion as one kernel (invertADX with bmi2 and adx,
// invertARM64), elsewhere the chain over Mul and Square.
//
// Mul52x4 multiplies four elements at once in radix 2⁵² (Element52x4, limb
// major) with AVX-512 IFMA (mul52x4IFMA, VPMADD52LUQ/HUQ on YMM registers)
// where the CPU has avx512ifma and avx512vl, else with its specification.
//
// The environment variable VG_CPU_FEATURES (see vg.dev/kernels/internal/cpuid)
// restricts the features the choice may use, e.g. VG_CPU_FEATURES=none
// selects "mulq" on amd64.
//
// Every kernel computes exactly the function of its specification for all
// inputs, bit for bit, including the wrap-around of out-of-bound inputs; the
// result is the right field element under the specification's preconditions
// (input limbs < 2⁵⁴ for Mul and Square, anything for Carry). Outputs have
// limbs < 2⁵¹ + 2¹⁵ (Mul, Square) and < 2⁵¹ + 19·2¹³ (Carry). out may be
// the same Element as any input: vgcheck proves every kernel for each way
// its arguments may be equal (out = a, out = b, a = b, all three), against
// the spec on the same memory. Partially overlapping Elements are outside
// the proofs. The kernels run in time independent of the limb values.
package fe25519
