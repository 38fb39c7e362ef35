package mldsa

import "vg.dev/crypto/internal/shake"

// The hash functions of FIPS 204 §3.7: H is SHAKE256 and G is SHAKE128,
// on the proved Keccak kernels (vg.dev/crypto/internal/shake).

// shake256 writes SHAKE256(in[0] ‖ in[1] ‖ …) into out.
func shake256(out []byte, in ...[]byte) { shake.Sum256(out, in...) }

// Rates in bytes: a squeeze of one block of G or H.
const (
	rate128 = shake.Rate128
	rate256 = shake.Rate256
)
