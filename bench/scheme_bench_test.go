package bench

import (
	"crypto/sha3"
	"testing"

	"github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"

	"vg.dev/crypto/mldsa"
)

// Whole-scheme benchmarks: key generation from a seed, signing of 64-byte
// messages and verification, for vg.dev/crypto/mldsa and CIRCL; the
// standard library's crypto/internal/fips140/mldsa runs the same
// benchmarks, with the same names, seeds and messages, from
// stdlib/zz_vg_bench_test.go (bench_mldsa.sh puts it into GOROOT's
// package with an overlay).
//
// Signing is deterministic and cycles through 64 fixed messages: the three
// libraries compute the same signatures, so they reject the same attempts,
// and the mean over the messages is the mean over signatures. Verification
// is timed with the public key decoded once (verify: CIRCL's public key
// holds the expanded matrix Â, as vg's does) and decoded on every call
// (verify-expand). Each also reports its CPU time per operation
// (cpu-ns/op, cputime_test.go), the steadier measure on a shared machine.

// benchMessages are SHAKE128("vg ML-DSA bench" ‖ i), 64 bytes each.
func benchMessages() [][]byte {
	var ms [][]byte
	for i := range 64 {
		ms = append(ms, sha3.SumSHAKE128(append([]byte("vg ML-DSA bench"), byte(i)), 64))
	}
	return ms
}

var benchSeed = make([]byte, 32) // the seed of the benchmark keys: zeros

type circlScheme struct {
	params *mldsa.Parameters
	scheme sign.Scheme
	// sign signs deterministically into sig.
	sign func(sk sign.PrivateKey, msg, sig []byte)
	// verify verifies with the empty context.
	verify func(pk sign.PublicKey, msg, sig []byte) bool
	// unpack decodes a public key.
	unpack func(b []byte) sign.PublicKey
}

var circlSchemes = []circlScheme{
	{mldsa.MLDSA44(), mldsa44.Scheme(),
		func(sk sign.PrivateKey, msg, sig []byte) {
			mldsa44.SignTo(sk.(*mldsa44.PrivateKey), msg, nil, false, sig)
		},
		func(pk sign.PublicKey, msg, sig []byte) bool {
			return mldsa44.Verify(pk.(*mldsa44.PublicKey), msg, nil, sig)
		},
		func(b []byte) sign.PublicKey {
			var pk mldsa44.PublicKey
			pk.Unpack((*[mldsa44.PublicKeySize]byte)(b))
			return &pk
		}},
	{mldsa.MLDSA65(), mldsa65.Scheme(),
		func(sk sign.PrivateKey, msg, sig []byte) {
			mldsa65.SignTo(sk.(*mldsa65.PrivateKey), msg, nil, false, sig)
		},
		func(pk sign.PublicKey, msg, sig []byte) bool {
			return mldsa65.Verify(pk.(*mldsa65.PublicKey), msg, nil, sig)
		},
		func(b []byte) sign.PublicKey {
			var pk mldsa65.PublicKey
			pk.Unpack((*[mldsa65.PublicKeySize]byte)(b))
			return &pk
		}},
	{mldsa.MLDSA87(), mldsa87.Scheme(),
		func(sk sign.PrivateKey, msg, sig []byte) {
			mldsa87.SignTo(sk.(*mldsa87.PrivateKey), msg, nil, false, sig)
		},
		func(pk sign.PublicKey, msg, sig []byte) bool {
			return mldsa87.Verify(pk.(*mldsa87.PublicKey), msg, nil, sig)
		},
		func(b []byte) sign.PublicKey {
			var pk mldsa87.PublicKey
			pk.Unpack((*[mldsa87.PublicKeySize]byte)(b))
			return &pk
		}},
}

func BenchmarkMLDSA(b *testing.B) {
	msgs := benchMessages()
	for _, cs := range circlSchemes {
		p := cs.params
		b.Run(p.String(), func(b *testing.B) {
			priv, err := mldsa.NewPrivateKey(p, benchSeed)
			if err != nil {
				b.Fatal(err)
			}
			pub := priv.PublicKey()
			cpk, csk := cs.scheme.DeriveKey(benchSeed)
			sig, _ := priv.SignDeterministic(msgs[0], nil)
			pkBytes := pub.Bytes()

			b.Run("op=keygen/impl=vg", func(b *testing.B) {
				cpuLoop(b, func() { mldsa.NewPrivateKey(p, benchSeed) })
			})
			b.Run("op=keygen/impl=circl", func(b *testing.B) {
				cpuLoop(b, func() { cs.scheme.DeriveKey(benchSeed) })
			})
			b.Run("op=sign/impl=vg", func(b *testing.B) {
				i := 0
				cpuLoop(b, func() {
					priv.SignDeterministic(msgs[i%len(msgs)], nil)
					i++
				})
			})
			b.Run("op=sign/impl=circl", func(b *testing.B) {
				s := make([]byte, p.SignatureSize())
				i := 0
				cpuLoop(b, func() {
					cs.sign(csk, msgs[i%len(msgs)], s)
					i++
				})
			})
			b.Run("op=verify/impl=vg", func(b *testing.B) {
				cpuLoop(b, func() {
					if mldsa.Verify(pub, msgs[0], sig, nil) != nil {
						b.Fatal("rejected")
					}
				})
			})
			b.Run("op=verify/impl=circl", func(b *testing.B) {
				cpuLoop(b, func() {
					if !cs.verify(cpk, msgs[0], sig) {
						b.Fatal("rejected")
					}
				})
			})
			b.Run("op=verify-expand/impl=vg", func(b *testing.B) {
				cpuLoop(b, func() {
					pk, _ := mldsa.NewPublicKey(p, pkBytes)
					if mldsa.Verify(pk, msgs[0], sig, nil) != nil {
						b.Fatal("rejected")
					}
				})
			})
			b.Run("op=verify-expand/impl=circl", func(b *testing.B) {
				cpuLoop(b, func() {
					if !cs.verify(cs.unpack(pkBytes), msgs[0], sig) {
						b.Fatal("rejected")
					}
				})
			})
		})
	}
}
