// Package keccak is the specification of the Keccak-f[1600] permutation
// (FIPS 202 §3), the permutation under SHA-3 and SHAKE, which the Keccak
// kernels (vg.dev/kernels/keccak) are proved equal to.
//
// F1600 permutes one state: 25 lanes of 64 bits, lane (x, y) at index
// x + 5y, bit z of a lane its bit z (FIPS 202 §3.1.2: the state string's
// byte 8(x + 5y) + i is byte i of the lane, little-endian). F1600x4 permutes
// four states held interleaved, lane i of state s at index 4i + s: the
// layout of the four-way vector kernels, where one 256-bit register holds
// lane i of all four states. F1600x8 is the same for eight states (one
// 512-bit register per lane), lane i of state s at 8i + s.
//
// The code keeps to what the prover's Go interpreter (vg.dev/symexec/gossa)
// models: loops with constant trip counts, arrays, math/bits, no
// package-level variables (the round constants and rotation offsets are
// returned by functions). Each round is written as FIPS 202 Algorithm 7
// (Rnd = ι ∘ χ ∘ π ∘ ρ ∘ θ) with the step mappings of Algorithms 1 to 4
// and 6 on lanes: θ computes the column parities C[x] and D[x] = C[x−1] ⊕
// rot(C[x+1], 1); ρ rotates lane (x, y) left by its offset; π moves lane
// (x, y) to (y, 2x + 3y); χ sets A[x] = B[x] ⊕ (¬B[x+1] ∧ B[x+2]) in each
// row; ι adds the round constant to lane (0, 0). The tables are checked
// against FIPS 202 Algorithms 2 (the offsets) and 5 (rc) in the tests.
package keccak
