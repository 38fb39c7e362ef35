package bench

import (
	"bytes"
	"crypto/ecdh"
	stded25519 "crypto/ed25519"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"

	circlx25519 "github.com/cloudflare/circl/dh/x25519"
	circled25519 "github.com/cloudflare/circl/sign/ed25519"
	voied25519 "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"

	vged25519 "vg.dev/crypto/ed25519"
	vgx25519 "vg.dev/crypto/x25519"
)

// The Ed25519 and X25519 comparisons: vg.dev/crypto/ed25519 and
// vg.dev/crypto/x25519 against the standard library, CIRCL and
// curve25519-voi, each sub-benchmark named impl=… so that
//
//	go test -run '^$' -bench 'Ed25519|X25519' -count 8 | tee out.txt
//	benchstat -col /impl out.txt
//
// prints one table per operation and unit. TestSameResults checks first
// that the implementations agree on the inputs used.
//
// Besides sec/op each benchmark reports cpu-ns/op, the CPU time of the
// benchmark's thread per operation (getrusage RUSAGE_THREAD, the goroutine
// locked to its thread): on a machine shared with other work, wall time
// includes the time spent waiting for a core, CPU time does not.

var (
	seed = bytes.Repeat([]byte{7}, 32)
	msg  = bytes.Repeat([]byte{'m'}, 64)
	peer = bytes.Repeat([]byte{9}, 32) // an X25519 public key (u < p)
)

func TestSameResults(t *testing.T) {
	vg := vged25519.NewKeyFromSeed(seed)
	std := stded25519.NewKeyFromSeed(seed)
	circl := circled25519.NewKeyFromSeed(seed)
	voi := voied25519.NewKeyFromSeed(seed)
	if !bytes.Equal(vg, std) || !bytes.Equal(vg, circl) || !bytes.Equal(vg, voi) {
		t.Fatal("keys differ")
	}
	sig := vged25519.Sign(vg, msg)
	if !bytes.Equal(sig, stded25519.Sign(std, msg)) || !bytes.Equal(sig, circled25519.Sign(circl, msg)) || !bytes.Equal(sig, voied25519.Sign(voi, msg)) {
		t.Fatal("signatures differ")
	}
	k, _ := vgx25519.NewPrivateKey(seed)
	p, _ := vgx25519.NewPublicKey(peer)
	got, err := k.ECDH(p)
	if err != nil {
		t.Fatal(err)
	}
	var cs, csec, cpub circlx25519.Key
	copy(csec[:], seed)
	copy(cpub[:], peer)
	circlx25519.Shared(&cs, &csec, &cpub)
	if !bytes.Equal(got, cs[:]) {
		t.Fatal("shared secrets differ")
	}
}

// loop runs f in b.Loop and reports the thread's CPU time per call.
func loop(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var r0, r1 unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &r0); err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &r1); err != nil {
		b.Fatal(err)
	}
	ns := func(r *unix.Rusage) int64 { return r.Utime.Nano() + r.Stime.Nano() }
	b.ReportMetric(float64(ns(&r1)-ns(&r0))/float64(n), "cpu-ns/op")
}

func BenchmarkEd25519Keygen(b *testing.B) {
	b.Run("impl=vg", func(b *testing.B) {
		loop(b, func() {
			vged25519.NewKeyFromSeed(seed)
		})
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		loop(b, func() {
			stded25519.NewKeyFromSeed(seed)
		})
	})
	b.Run("impl=circl", func(b *testing.B) {
		loop(b, func() {
			circled25519.NewKeyFromSeed(seed)
		})
	})
	b.Run("impl=voi", func(b *testing.B) {
		loop(b, func() {
			voied25519.NewKeyFromSeed(seed)
		})
	})
}

func BenchmarkEd25519Sign(b *testing.B) {
	vg := vged25519.NewKeyFromSeed(seed)
	std := stded25519.NewKeyFromSeed(seed)
	circl := circled25519.NewKeyFromSeed(seed)
	voi := voied25519.NewKeyFromSeed(seed)
	b.Run("impl=vg", func(b *testing.B) {
		loop(b, func() {
			vged25519.Sign(vg, msg)
		})
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		loop(b, func() {
			stded25519.Sign(std, msg)
		})
	})
	b.Run("impl=circl", func(b *testing.B) {
		loop(b, func() {
			circled25519.Sign(circl, msg)
		})
	})
	b.Run("impl=voi", func(b *testing.B) {
		loop(b, func() {
			voied25519.Sign(voi, msg)
		})
	})
}

func BenchmarkEd25519Verify(b *testing.B) {
	priv := stded25519.NewKeyFromSeed(seed)
	pub := []byte(priv[32:])
	sig := stded25519.Sign(priv, msg)
	b.Run("impl=vg", func(b *testing.B) {
		loop(b, func() {
			vged25519.Verify(pub, msg, sig)
		})
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		loop(b, func() {
			stded25519.Verify(pub, msg, sig)
		})
	})
	b.Run("impl=circl", func(b *testing.B) {
		loop(b, func() {
			circled25519.Verify(circled25519.PublicKey(pub), msg, sig)
		})
	})
	b.Run("impl=voi", func(b *testing.B) {
		loop(b, func() {
			voied25519.Verify(voied25519.PublicKey(pub), msg, sig)
		})
	})
}

func BenchmarkX25519Shared(b *testing.B) {
	b.Run("impl=vg", func(b *testing.B) {
		k, _ := vgx25519.NewPrivateKey(seed)
		p, _ := vgx25519.NewPublicKey(peer)
		loop(b, func() {
			k.ECDH(p)
		})
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		k, _ := ecdh.X25519().NewPrivateKey(seed)
		p, _ := ecdh.X25519().NewPublicKey(peer)
		loop(b, func() {
			k.ECDH(p)
		})
	})
	b.Run("impl=circl", func(b *testing.B) {
		var out, sec, pub circlx25519.Key
		copy(sec[:], seed)
		copy(pub[:], peer)
		loop(b, func() {
			circlx25519.Shared(&out, &sec, &pub)
		})
	})
}

func BenchmarkX25519PublicKey(b *testing.B) {
	b.Run("impl=vg", func(b *testing.B) {
		loop(b, func() {
			k, _ := vgx25519.NewPrivateKey(seed)
			k.PublicKey()
		})
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		loop(b, func() {
			k, _ := ecdh.X25519().NewPrivateKey(seed)
			k.PublicKey()
		})
	})
	b.Run("impl=circl", func(b *testing.B) {
		var pub, sec circlx25519.Key
		copy(sec[:], seed)
		loop(b, func() {
			circlx25519.KeyGen(&pub, &sec)
		})
	})
}
