//go:build vgstdlib

// This file is not part of the bench module: bench_mldsa.sh adds it, by
// an overlay, to the standard library's crypto/internal/fips140/mldsa
// (the vgstdlib build tag keeps it out of every other build), so that the
// standard library runs BenchmarkMLDSA with the names, seeds and messages
// of ../scheme_bench_test.go.

package mldsa

import (
	"crypto/internal/fips140/sha3"
	"syscall"
	"testing"
)

// cpuLoop is ../cputime_test.go's: b.Loop with cpu-ns/op reported.
func cpuLoop(b *testing.B, f func()) {
	start := cpuNanos()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(cpuNanos()-start)/float64(b.N), "cpu-ns/op")
}

func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func vgBenchMessages() [][]byte {
	var ms [][]byte
	for i := range 64 {
		h := sha3.NewShake128()
		h.Write(append([]byte("vg ML-DSA bench"), byte(i)))
		m := make([]byte, 64)
		h.Read(m)
		ms = append(ms, m)
	}
	return ms
}

func BenchmarkMLDSA(b *testing.B) {
	msgs := vgBenchMessages()
	seed := make([]byte, 32)
	sets := []struct {
		name   string
		newKey func([]byte) (*PrivateKey, error)
		newPub func([]byte) (*PublicKey, error)
	}{
		{"ML-DSA-44", NewPrivateKey44, NewPublicKey44},
		{"ML-DSA-65", NewPrivateKey65, NewPublicKey65},
		{"ML-DSA-87", NewPrivateKey87, NewPublicKey87},
	}
	for _, s := range sets {
		b.Run(s.name, func(b *testing.B) {
			priv, err := s.newKey(seed)
			if err != nil {
				b.Fatal(err)
			}
			pub := priv.PublicKey()
			pkBytes := pub.Bytes()
			sig, _ := SignDeterministic(priv, msgs[0], "")
			b.Run("op=keygen/impl=stdlib", func(b *testing.B) {
				cpuLoop(b, func() { s.newKey(seed) })
			})
			b.Run("op=sign/impl=stdlib", func(b *testing.B) {
				i := 0
				cpuLoop(b, func() {
					SignDeterministic(priv, msgs[i%len(msgs)], "")
					i++
				})
			})
			b.Run("op=verify/impl=stdlib", func(b *testing.B) {
				cpuLoop(b, func() {
					if Verify(pub, msgs[0], sig, "") != nil {
						b.Fatal("rejected")
					}
				})
			})
			b.Run("op=verify-expand/impl=stdlib", func(b *testing.B) {
				cpuLoop(b, func() {
					pk, _ := s.newPub(pkBytes)
					if Verify(pk, msgs[0], sig, "") != nil {
						b.Fatal("rejected")
					}
				})
			})
		})
	}
}
