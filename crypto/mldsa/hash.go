package mldsa

import "crypto/sha3"

// The hash functions of FIPS 204 §3.7: H is SHAKE256 and G is SHAKE128.

// shake256 writes SHAKE256(in[0] ‖ in[1] ‖ …) into out.
func shake256(out []byte, in ...[]byte) {
	h := sha3.NewSHAKE256()
	for _, b := range in {
		h.Write(b)
	}
	h.Read(out)
}

// xof is an extendable-output function being squeezed.
type xof interface {
	Read([]byte) (int, error)
}

// newShake128 returns SHAKE128 with in absorbed, ready to squeeze.
func newShake128(in ...[]byte) xof {
	h := sha3.NewSHAKE128()
	for _, b := range in {
		h.Write(b)
	}
	return h
}

// newShake256 returns SHAKE256 with in absorbed, ready to squeeze.
func newShake256(in ...[]byte) xof {
	h := sha3.NewSHAKE256()
	for _, b := range in {
		h.Write(b)
	}
	return h
}

// Rates in bytes: a squeeze of one block of G or H.
const (
	rate128 = 168
	rate256 = 136
)
