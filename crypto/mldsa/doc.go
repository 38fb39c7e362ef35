// Package mldsa implements ML-DSA, the module-lattice digital signature
// algorithm of FIPS 204, for the parameter sets ML-DSA-44, ML-DSA-65 and
// ML-DSA-87, on the proved kernels of vg.dev/kernels/mldsa.
//
// Keys are made from a 32-byte seed (NewPrivateKey, or GenerateKey from a
// reader such as crypto/rand), or decoded from the FIPS 204 encodings
// (NewPublicKey, NewPrivateKeyFromExpanded). Signing is hedged by default
// (PrivateKey.Sign, which makes *PrivateKey a crypto.Signer), deterministic
// on request (SignDeterministic), takes the FIPS 204 context string in
// Options, and is also offered on an externally computed message
// representative μ (SignExternalMu, VerifyExternalMu, ExternalMu).
// HashML-DSA (signing a pre-hashed message) is not implemented.
//
// # Secrets
//
// Secret: the seed, the expanded private key encoding and everything
// derived from them (K, s₁, s₂, t₀), the random bytes of hedged signing and
// the per-signature values (ρ″, y, w, c·s₁, c·s₂, c·t₀). Public: the
// public key (ρ, t₁, Â, tr), messages, contexts, μ and signatures.
//
// The polynomial arithmetic on secrets runs in the proved kernels of
// vg.dev/kernels/mldsa (constant time: see that package). The Go code
// between kernel calls is written so that secrets never reach a branch or
// a memory index, with these exceptions, each allowed by FIPS 204 and the
// Dilithium analysis it rests on, and each documented where it is made:
// the rejection pattern of the secret samplers (rejBoundedLanes; declared
// with //vg:leaks on its kernels), the c̃ of every signing attempt
// (SampleInBall branches on it), and whether and by which check an attempt
// is rejected. Malformed private keys are reported
// by an error, which says only that the key is malformed.
//
// SHAKE128 and SHAKE256 run on the proved Keccak-f[1600] kernels of
// vg.dev/kernels/keccak (vg.dev/crypto/internal/shake: the sponge's byte
// handling is Go, at positions that depend only on lengths).
//
// Not covered: the Go code between kernels is constant time by
// construction and review, not by proof; the Go runtime may copy secrets
// (stack growth, garbage collection) and nothing is zeroed after use.
//
// # Keys cache the expanded matrix
//
// A PublicKey or PrivateKey holds the matrix Â (k·l polynomials, up to
// 56 KiB for ML-DSA-87) and the NTT-domain vectors, computed once when the
// key is made, so signing and verification do not expand them again.
package mldsa
