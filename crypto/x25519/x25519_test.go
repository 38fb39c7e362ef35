package x25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"testing"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRFC7748 runs RFC 7748's vectors: the two of section 5.2 (the second
// with the top bit of u set, which must be ignored) and the
// Diffie-Hellman example of section 6.1.
func TestRFC7748(t *testing.T) {
	tests := []struct{ scalar, u, out string }{
		{"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
		{"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
			"e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
			"95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
	}
	for i, tt := range tests {
		got, err := X25519(mustHex(t, tt.scalar), mustHex(t, tt.u))
		if err != nil {
			t.Fatal(err)
		}
		if want := mustHex(t, tt.out); !bytes.Equal(got, want) {
			t.Errorf("vector %d: %x, want %x", i, got, want)
		}
	}

	alice, err := NewPrivateKey(mustHex(t, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"))
	if err != nil {
		t.Fatal(err)
	}
	bob, err := NewPrivateKey(mustHex(t, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := alice.PublicKey().Bytes(), mustHex(t, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"); !bytes.Equal(got, want) {
		t.Errorf("Alice's public key %x, want %x", got, want)
	}
	if got, want := bob.PublicKey().Bytes(), mustHex(t, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"); !bytes.Equal(got, want) {
		t.Errorf("Bob's public key %x, want %x", got, want)
	}
	want := mustHex(t, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")
	for _, pair := range [][2]*PrivateKey{{alice, bob}, {bob, alice}} {
		got, err := pair[0].ECDH(pair[1].PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("shared secret %x, want %x", got, want)
		}
	}
}

// TestIterated is RFC 7748's iterated test (section 5.2): k = u = 9, then
// (k, u) = (X25519(k, u), k), checked after 1 and 1,000 iterations.
func TestIterated(t *testing.T) {
	k := make([]byte, 32)
	k[0] = 9
	u := bytes.Clone(k)
	for i := 1; i <= 1000; i++ {
		out, err := X25519(k, u)
		if err != nil {
			t.Fatal(err)
		}
		u, k = k, out
		switch i {
		case 1:
			if want := mustHex(t, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"); !bytes.Equal(k, want) {
				t.Fatalf("after 1 iteration %x, want %x", k, want)
			}
		case 1000:
			if want := mustHex(t, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"); !bytes.Equal(k, want) {
				t.Fatalf("after 1,000 iterations %x, want %x", k, want)
			}
		}
	}
}

// lowOrder are u-coordinates whose X25519 with any scalar is 0: 0, 1, the
// two points of order 8, p − 1 (order 2), and the non-canonical encodings
// p and p + 1 of 0 and 1; then the same with the top bit set, which is
// ignored.
var lowOrder = []string{
	"0000000000000000000000000000000000000000000000000000000000000000",
	"0100000000000000000000000000000000000000000000000000000000000000",
	"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
	"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p − 1
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p + 1
	"0000000000000000000000000000000000000000000000000000000000000080",
	"0100000000000000000000000000000000000000000000000000000000000080",
	"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880",
	"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f11d7",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
}

// TestLowOrder checks that every low-order public key gives ErrLowOrder,
// as crypto/ecdh gives its error.
func TestLowOrder(t *testing.T) {
	priv, err := GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	std, err := ecdh.X25519().NewPrivateKey(priv.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range lowOrder {
		pub, err := NewPublicKey(mustHex(t, h))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := priv.ECDH(pub); !errors.Is(err, ErrLowOrder) {
			t.Errorf("ECDH with %s: error %v, want ErrLowOrder", h, err)
		}
		if _, err := X25519(priv.Bytes(), mustHex(t, h)); !errors.Is(err, ErrLowOrder) {
			t.Errorf("X25519 with %s: error %v, want ErrLowOrder", h, err)
		}
		stdPub, err := ecdh.X25519().NewPublicKey(mustHex(t, h))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := std.ECDH(stdPub); err == nil {
			t.Errorf("crypto/ecdh accepts %s: the list is wrong", h)
		}
	}
}

// TestDifferential compares public keys and shared secrets with
// crypto/ecdh on random keys and on edge u-coordinates (non-canonical,
// top bit set, small values), and the ECDH results both ways.
func TestDifferential(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 20
	}
	var points [][]byte
	for _, h := range []string{
		"0200000000000000000000000000000000000000000000000000000000000000",
		"0900000000000000000000000000000000000000000000000000000000000080", // 9 with the top bit
		"efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p + 2
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	} {
		points = append(points, mustHex(t, h))
	}
	for i := range n {
		k := make([]byte, 32)
		rand.Read(k)
		if i == 0 {
			clear(k)
		}
		if i == 1 {
			for j := range k {
				k[j] = 0xff
			}
		}
		priv, err := NewPrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		std, err := ecdh.X25519().NewPrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(priv.PublicKey().Bytes(), std.PublicKey().Bytes()) {
			t.Fatalf("public key of %x: %x, crypto/ecdh %x", k, priv.PublicKey().Bytes(), std.PublicKey().Bytes())
		}
		u := make([]byte, 32)
		rand.Read(u)
		for _, p := range append([][]byte{u}, points...) {
			pub, _ := NewPublicKey(p)
			stdPub, _ := ecdh.X25519().NewPublicKey(p)
			got, err := priv.ECDH(pub)
			want, wantErr := std.ECDH(stdPub)
			if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("ECDH(%x, %x) = %x, %v; crypto/ecdh %x, %v", k, p, got, err, want, wantErr)
			}
			raw, err := X25519(k, p)
			if (err == nil) != (wantErr == nil) || !bytes.Equal(raw, want) {
				t.Fatalf("X25519(%x, %x) = %x, %v; crypto/ecdh %x, %v", k, p, raw, err, want, wantErr)
			}
		}
	}
}

// TestAPI checks lengths, Equal and GenerateKey.
func TestAPI(t *testing.T) {
	if _, err := NewPrivateKey(make([]byte, 31)); err == nil {
		t.Error("31-byte private key accepted")
	}
	if _, err := NewPublicKey(make([]byte, 33)); err == nil {
		t.Error("33-byte public key accepted")
	}
	if _, err := X25519(make([]byte, 31), Basepoint); err == nil {
		t.Error("31-byte scalar accepted")
	}
	if _, err := X25519(make([]byte, 32), make([]byte, 31)); err == nil {
		t.Error("31-byte point accepted")
	}
	a, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewPrivateKey(a.Bytes())
	if !a.Equal(b) || !a.PublicKey().Equal(b.PublicKey()) || !a.Public().(*PublicKey).Equal(b.PublicKey()) {
		t.Error("Equal")
	}
	c, _ := GenerateKey(rand.Reader)
	if a.Equal(c) {
		t.Error("two generated keys are equal")
	}
}
