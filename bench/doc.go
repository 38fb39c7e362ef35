// Package bench compares vg.dev with peer implementations in one benchmark
// run: its ML-DSA kernels with Cloudflare's CIRCL, and vg.dev/crypto/ed25519
// and vg.dev/crypto/x25519 with the standard library, CIRCL and
// curve25519-voi (curve25519_test.go: key generation, signing 64 bytes,
// verification, the X25519 shared secret and public key, each
// sub-benchmark named impl=…, so `benchstat -col /impl` prints one table
// per operation; VG_CPU_FEATURES selects vg's variant). It is a separate
// module (vg.dev/bench) so that vg.dev itself does not depend on the peers.
//
// CIRCL v1.6.5 has AVX2 assembly for the ML-DSA NTT, its inverse and the
// pointwise product (package github.com/cloudflare/circl/sign/internal/dilithium,
// functions nttAVX2, invNttAVX2 and mulHatAVX2), but no public API exposes
// them: its exported ML-DSA packages (sign/mldsa/mldsa44, …65, …87) offer
// only key generation, signing and verification, whose cost is dominated
// by SHAKE. The benchmarks therefore call CIRCL's assembly functions
// directly, through //go:linkname (pulling an unexported symbol of a
// non-standard package, which the linker allows), importing the public
// package sign/mldsa/mldsa65 so that they are linked in. These are the
// routines CIRCL's Poly.NTT, Poly.InvNTT and Poly.MulHat call on AVX2
// machines.
//
// The transforms are not the same function: CIRCL's NTT takes uint32
// coefficients in [0, 2q) and returns them below 18q, ours takes |p[i]| < q
// and returns |p[i]| < 9q (signed), both in the natural order of FIPS 204.
// Both do the 8 layers of 128 butterflies with Montgomery products on
// 256-bit vectors, and both run in time independent of the data, so each
// is timed on the same buffer in a loop.
//
// Run
//
//	go test -run '^$' -bench . -count 8 | tee out.txt
//	go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da out.txt
//
// TestSameProduct checks that the linknamed functions are what they claim:
// a product through CIRCL's transforms equals one through vg's, mod q.
package bench
