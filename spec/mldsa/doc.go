// Package mldsa is the specification of the polynomial arithmetic of ML-DSA
// (FIPS 204): the number-theoretic transform and its inverse (Algorithms 41
// and 42), Montgomery multiplication, coefficient-wise addition, subtraction
// and reduction, the infinity-norm check, and the rounding functions
// Power2Round, Decompose, HighBits, LowBits, MakeHint and UseHint
// (Algorithms 35 to 40), for both values of γ₂, and the bit packings of
// pack.go (Algorithms 16 to 19 as the encodings use them): BitUnpack of the
// mask y and the signature's z and BitPack of z for both values of γ₁,
// BitPack and BitUnpack of s₁, s₂ (η = 2, 4) and t₀, the w₁ encoding for
// both values of γ₂, and SimpleBitPack and SimpleBitUnpack of t₁; and the
// rejection samplers' steps of sample.go (Algorithms 14, 15 over one block
// or word, with what each reveals for //vg:leaks), SampleInBall's swaps
// (Algorithm 29 given the drawn positions) and the hint's packing and
// unpacking per polynomial (Algorithms 20, 21), branch-free.
//
// The functions here are the reference that assembly kernels (AVX2, NEON)
// are proved equal to: the prover interprets this code symbolically (package
// vg.dev/symexec/gossa) and compares its outputs, bit for bit, with the
// lifted machine code. So the exported functions have the kernels'
// signatures, and the code keeps to what the interpreter models: integer
// arithmetic, arrays and pointers, loops with constant trip counts, if/else
// (branches on data are merged, not enumerated) and calls. There are no
// package-level variables (the interpreter does not run package
// initialisation: the twiddle factors are returned by a function, generated
// by make_tables.go), maps, interfaces, floats, append or defer.
//
// # Representation
//
// A Poly holds the 256 coefficients of a polynomial in Z_q[X]/(X²⁵⁶ + 1),
// q = 8380417, as int32. A coefficient stands for its residue mod q; which
// representative each function accepts and returns is documented with the
// function, as a range. Outside the documented input ranges the functions
// still compute something definite (int32 arithmetic wraps as Go defines
// it), but not necessarily the documented result. The functions named
// ...Requires (requires.go) state each input range as a Go predicate over
// the function's parameters, which //vg:requires can name.
//
// The NTT works in the standard domain with Montgomery multiplication
// (R = 2³²): the twiddle factors are stored times 2³², so NTT maps
// coefficients to NTT coefficients with no extra factor. A pointwise product
// PointwiseMontgomery carries a factor 2⁻³², which InvNTT removes: InvNTT
// multiplies by 256⁻¹·2³², so
//
//	InvNTT(PointwiseMontgomery(NTT(a), NTT(b))) ≡ a·b   (mod q, in Z_q[X]/(X²⁵⁶+1))
//
// and InvNTT(NTT(a)) ≡ 2³²·a.
//
// # Reductions
//
// Nothing reduces unless documented: NTT, Add, Sub and PointwiseAccMontgomery
// let coefficients grow (the standard's "mod q" after each operation is
// deferred, as implementations do), and Reduce or Freeze bring them back. The bounds are
// derived at each function and checked by the tests on worst-case inputs.
//
// # Rounding
//
// The scalar functions power2Round, decompose, highBits, lowBits, makeHint
// and useHint are transcriptions of Algorithms 35 to 40 using the standard's
// mod⁺ and mod± (modPlus, modPM). They take r ∈ [0, q), where the first step
// of the algorithms, r⁺ ← r mod q, is the identity; the Poly functions apply
// them to every coefficient with γ₂ = (q−1)/88 (ML-DSA-44, suffix 88) or
// γ₂ = (q−1)/32 (ML-DSA-65 and -87, suffix 32).
//
// # Aliasing
//
// Every function reads coefficient i of its inputs before it writes
// coefficient i of its outputs, and touches no other coefficient of them, so
// an output may be the same Poly as an input (NTT and InvNTT work in place by
// design). In the two-output functions a1 = a0 leaves a0's values. The
// prover runs the spec and the kernel on the same memory for every way the
// Poly arguments may be equal, so the kernels are proved for each.
package mldsa
