package x25519

import (
	"bytes"
	"crypto/ecdh"
	"testing"
)

// FuzzX25519 compares X25519, the public key and ECDH with crypto/ecdh on
// arbitrary scalars and u-coordinates.
func FuzzX25519(f *testing.F) {
	f.Add(make([]byte, 32), Basepoint)
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{0xff}, 32))
	f.Fuzz(func(t *testing.T, k, u []byte) {
		k, u = fixed(k), fixed(u)
		priv, _ := NewPrivateKey(k)
		std, _ := ecdh.X25519().NewPrivateKey(k)
		if !bytes.Equal(priv.PublicKey().Bytes(), std.PublicKey().Bytes()) {
			t.Fatalf("public key of %x differs", k)
		}
		pub, _ := NewPublicKey(u)
		stdPub, _ := ecdh.X25519().NewPublicKey(u)
		got, err := priv.ECDH(pub)
		want, wantErr := std.ECDH(stdPub)
		if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
			t.Fatalf("ECDH(%x, %x) = %x, %v; crypto/ecdh %x, %v", k, u, got, err, want, wantErr)
		}
		raw, err := X25519(k, u)
		if (err == nil) != (wantErr == nil) || !bytes.Equal(raw, want) {
			t.Fatalf("X25519(%x, %x) = %x, %v; crypto/ecdh %x, %v", k, u, raw, err, want, wantErr)
		}
	})
}

// fixed returns b cut or zero-padded to 32 bytes, so that every input the
// fuzzer makes reaches the ladder.
func fixed(b []byte) []byte {
	out := make([]byte, 32)
	copy(out, b)
	return out
}
