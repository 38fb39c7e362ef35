package ed25519

import (
	"bytes"
	stded25519 "crypto/ed25519"
	"testing"
)

// FuzzVerify compares Verify with crypto/ed25519 on arbitrary public
// keys, messages and signatures; seeded with a valid signature so that
// mutations near it reach the point arithmetic.
func FuzzVerify(f *testing.F) {
	priv := NewKeyFromSeed(make([]byte, 32))
	sig := Sign(priv, []byte("fuzz"))
	f.Add([]byte(priv[32:]), []byte("fuzz"), sig)
	f.Add(make([]byte, 32), []byte{}, make([]byte, 64))
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		pub = fixed(pub, PublicKeySize)
		if got, want := Verify(pub, msg, sig), stded25519.Verify(pub, msg, sig); got != want {
			t.Fatalf("Verify(%x, %x, %x) = %v, crypto/ed25519 %v", pub, msg, sig, got, want)
		}
	})
}

// FuzzSign compares keys and signatures with crypto/ed25519.
func FuzzSign(f *testing.F) {
	f.Add(make([]byte, 32), []byte("fuzz"))
	f.Fuzz(func(t *testing.T, seed, msg []byte) {
		seed = fixed(seed, SeedSize)
		priv := NewKeyFromSeed(seed)
		want := stded25519.NewKeyFromSeed(seed)
		if !bytes.Equal(priv, want) {
			t.Fatalf("NewKeyFromSeed(%x) = %x, crypto/ed25519 %x", seed, priv, want)
		}
		if got, w := Sign(priv, msg), stded25519.Sign(want, msg); !bytes.Equal(got, w) {
			t.Fatalf("Sign(%x, %x) = %x, crypto/ed25519 %x", seed, msg, got, w)
		}
	})
}

// fixed returns b cut or zero-padded to n bytes, so that every input the
// fuzzer makes reaches the arithmetic.
func fixed(b []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}
