// Package edwards runs the point arithmetic of Ed25519 verification on
// edwards25519 four coordinates at a time, with proved AVX-512 IFMA
// kernels (equivalence, constant time and frame safety on the machine
// code): a point is one Element52x4 whose lanes are its extended
// coordinates (X, Y, Z, T) in radix 2⁵², and the point operations make
// their field products in rounds of four side by side (VPMADD52LUQ/HUQ on
// YMM registers), the parallel formulas of Hisil, Wong, Carter and Dawson
// that vg.dev/spec/edwards specifies and documents (lanes, bounds).
//
//   - Double: p = 2p, two rounds of four products (doubleIFMA).
//   - AddCached, SubCached: p = p ± q for a cached q = (Y − X, Y + X,
//     2d·T, 2·Z) (addCachedIFMA, subCachedIFMA).
//   - Cached: a point's cached form, with the constant (1, 1, 2d, 2) as an
//     input (cachedIFMA).
//   - Pow22523: a^((p−5)/8) on four lanes, the exponentiation of a point
//     decoding's square root, 251 squarings (15 products each, the
//     symmetric ones once) and 11 products as one kernel (pow22523IFMA):
//     verification decodes the public key and R with one call.
//
// Variants: "ifma" where the CPU has avx512ifma and avx512vl (and
// VG_CPU_FEATURES allows both); "generic", the specification itself,
// elsewhere, with -tags purego, and on arm64. Callers with faster scalar
// field kernels (vg.dev/crypto/internal/edwards) keep their own point
// arithmetic when Available reports false.
//
// The kernels are for public data: their directives mark every input
// public (//vg:public), so constant time is proved about nothing secret,
// and their multiply-adds raise no MCDT warning. They are nonetheless
// branch-free, with no address but constant offsets from the arguments.
// Every kernel reads all its inputs before it writes, so its arguments
// may be the same memory (proved for each way they may be equal).
//
// Not covered: the double-scalar multiplication's loop, its digit
// recoding and table lookups are Go (vg.dev/crypto/internal/edwards),
// on public data.
package edwards
