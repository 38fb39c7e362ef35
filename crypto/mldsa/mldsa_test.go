package mldsa

import (
	"bytes"
	"crypto"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

var allParams = []*Parameters{MLDSA44(), MLDSA65(), MLDSA87()}

// seeded returns a deterministic reader of pseudo-random bytes.
func seeded(a, b uint64) *rand.ChaCha8 {
	var seed [32]byte
	for i := range 8 {
		seed[i] = byte(a >> (8 * i))
		seed[8+i] = byte(b >> (8 * i))
	}
	return rand.NewChaCha8(seed)
}

func TestSizes(t *testing.T) {
	tests := []struct {
		p            *Parameters
		pk, sk, sig  int
		name         string
		k, l, beta   int
		omega, ctlen int
	}{
		{MLDSA44(), 1312, 2560, 2420, "ML-DSA-44", 4, 4, 78, 80, 32},
		{MLDSA65(), 1952, 4032, 3309, "ML-DSA-65", 6, 5, 196, 55, 48},
		{MLDSA87(), 2592, 4896, 4627, "ML-DSA-87", 8, 7, 120, 75, 64},
	}
	for _, tt := range tests {
		p := tt.p
		if p.PublicKeySize() != tt.pk || p.PrivateKeySize() != tt.sk || p.SignatureSize() != tt.sig {
			t.Errorf("%s: sizes %d, %d, %d, want %d, %d, %d", p, p.PublicKeySize(), p.PrivateKeySize(), p.SignatureSize(), tt.pk, tt.sk, tt.sig)
		}
		if p.String() != tt.name || p.k != tt.k || p.l != tt.l || int(p.beta()) != tt.beta || p.omega != tt.omega || p.challengeSize() != tt.ctlen {
			t.Errorf("%s: parameters differ from FIPS 204 Table 1", p)
		}
	}
}

func TestSignVerify(t *testing.T) {
	var _ crypto.Signer = (*PrivateKey)(nil)
	for _, p := range allParams {
		t.Run(p.String(), func(t *testing.T) {
			r := seeded(1, uint64(p.k))
			for trial := range 4 {
				priv, err := GenerateKey(p, r)
				if err != nil {
					t.Fatal(err)
				}
				pub := priv.PublicKey()
				msg := make([]byte, trial*37)
				r.Read(msg)
				opts := &Options{Context: strings.Repeat("c", trial*60)}

				sig, err := priv.Sign(r, msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				if len(sig) != p.SignatureSize() {
					t.Fatalf("signature of %d bytes", len(sig))
				}
				if err := Verify(pub, msg, sig, opts); err != nil {
					t.Errorf("hedged signature rejected: %v", err)
				}
				sig2, _ := priv.Sign(r, msg, opts)
				if bytes.Equal(sig, sig2) {
					t.Errorf("two hedged signatures are equal")
				}
				// Wrong message, context, key.
				if Verify(pub, append(msg, 0), sig, opts) == nil {
					t.Errorf("signature verifies for another message")
				}
				if Verify(pub, msg, sig, &Options{Context: opts.Context + "x"}) == nil {
					t.Errorf("signature verifies under another context")
				}
				other, _ := GenerateKey(p, r)
				if Verify(other.PublicKey(), msg, sig, opts) == nil {
					t.Errorf("signature verifies under another key")
				}

				det, err := priv.SignDeterministic(msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				det2, _ := priv.SignDeterministic(msg, opts)
				zeros, _ := priv.Sign(bytes.NewReader(make([]byte, 32)), msg, opts)
				if !bytes.Equal(det, det2) || !bytes.Equal(det, zeros) {
					t.Errorf("deterministic signatures differ (or from hedged with zero randomness)")
				}
				// External μ: the same signature.
				mu, err := ExternalMu(pub, msg, opts)
				if err != nil {
					t.Fatal(err)
				}
				emu, err := priv.SignExternalMuDeterministic(mu)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(emu, det) {
					t.Errorf("external-μ signature differs from the deterministic one")
				}
				if err := VerifyExternalMu(pub, mu, sig); err != nil {
					t.Errorf("VerifyExternalMu: %v", err)
				}
				hmu, _ := priv.SignExternalMu(r, mu)
				if err := Verify(pub, msg, hmu, opts); err != nil {
					t.Errorf("hedged external-μ signature rejected: %v", err)
				}
				// crypto.Signer with nil options: empty context.
				s, err := crypto.Signer(priv).Sign(nil, msg, nil)
				if err != nil || Verify(pub, msg, s, nil) != nil || Verify(pub, msg, s, &Options{}) != nil {
					t.Errorf("crypto.Signer signature with nil options: %v", err)
				}
			}
		})
	}
}

func TestKeys(t *testing.T) {
	for _, p := range allParams {
		r := seeded(2, uint64(p.k))
		priv, _ := GenerateKey(p, r)
		seed := priv.Bytes()
		again, err := NewPrivateKey(p, seed)
		if err != nil || !again.Equal(priv) || !bytes.Equal(again.ExpandedBytes(), priv.ExpandedBytes()) {
			t.Errorf("%s: key from the same seed differs (%v)", p, err)
		}
		exp, err := NewPrivateKeyFromExpanded(p, priv.ExpandedBytes())
		if err != nil {
			t.Fatalf("%s: expanded key round trip: %v", p, err)
		}
		if !exp.Equal(priv) || exp.Bytes() != nil {
			t.Errorf("%s: expanded key round trip differs", p)
		}
		pub, err := NewPublicKey(p, priv.PublicKey().Bytes())
		if err != nil || !pub.Equal(priv.Public()) || pub.Parameters() != p {
			t.Errorf("%s: public key round trip: %v", p, err)
		}
		other, _ := GenerateKey(p, r)
		if other.Equal(priv) || other.PublicKey().Equal(pub) {
			t.Errorf("%s: different keys compare equal", p)
		}
		// A key signs with its expanded form exactly as from the seed.
		a, _ := priv.SignDeterministic([]byte("m"), nil)
		b, _ := exp.SignDeterministic([]byte("m"), nil)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: expanded key signs differently", p)
		}
	}
}

// errorReader fails every read.
type errorReader struct{}

func (errorReader) Read([]byte) (int, error) { return 0, errors.New("no randomness") }

func TestBadArguments(t *testing.T) {
	p := MLDSA65()
	priv, _ := NewPrivateKey(p, make([]byte, 32))
	pub := priv.PublicKey()
	sig, _ := priv.SignDeterministic(nil, nil)
	tests := []struct {
		name string
		err  func() error
	}{
		{"short seed", func() error { _, err := NewPrivateKey(p, make([]byte, 31)); return err }},
		{"long seed", func() error { _, err := NewPrivateKey(p, make([]byte, 33)); return err }},
		{"failing reader", func() error { _, err := GenerateKey(p, errorReader{}); return err }},
		{"failing sign reader", func() error { _, err := priv.Sign(errorReader{}, nil, nil); return err }},
		{"short sign reader", func() error { _, err := priv.Sign(bytes.NewReader(make([]byte, 31)), nil, nil); return err }},
		{"hash opts", func() error { _, err := priv.Sign(nil, make([]byte, 32), crypto.SHA256); return err }},
		{"long context sign", func() error {
			_, err := priv.Sign(nil, nil, &Options{Context: strings.Repeat("x", 256)})
			return err
		}},
		{"long context det", func() error {
			_, err := priv.SignDeterministic(nil, &Options{Context: strings.Repeat("x", 256)})
			return err
		}},
		{"long context verify", func() error { return Verify(pub, nil, sig, &Options{Context: strings.Repeat("x", 256)}) }},
		{"long context mu", func() error { _, err := ExternalMu(pub, nil, &Options{Context: strings.Repeat("x", 256)}); return err }},
		{"short mu sign", func() error { _, err := priv.SignExternalMu(nil, make([]byte, 63)); return err }},
		{"short mu det", func() error { _, err := priv.SignExternalMuDeterministic(make([]byte, 65)); return err }},
		{"short mu verify", func() error { return VerifyExternalMu(pub, make([]byte, 63), sig) }},
	}
	for _, tt := range tests {
		if err := tt.err(); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
	// A context of exactly 255 bytes is fine.
	ctx := &Options{Context: strings.Repeat("x", 255)}
	s, err := priv.Sign(nil, nil, ctx)
	if err != nil || Verify(pub, nil, s, ctx) != nil {
		t.Errorf("255-byte context: %v", err)
	}
}

// TestConcurrent signs and verifies with fresh keys from several
// goroutines at once: the parts of a key made on first use (NTT(s₂),
// NTT(t₀), NTT(t₁·2ᵈ)) are made once, and every signature verifies.
func TestConcurrent(t *testing.T) {
	for _, p := range allParams {
		priv, _ := NewPrivateKey(p, bytes.Repeat([]byte{3}, 32))
		pub, _ := NewPublicKey(p, priv.PublicKey().Bytes())
		want, _ := NewPrivateKey(p, bytes.Repeat([]byte{3}, 32))
		wantSig, _ := want.SignDeterministic([]byte("m"), nil)
		errs := make(chan error, 8)
		for range 8 {
			go func() {
				sig, err := priv.SignDeterministic([]byte("m"), nil)
				switch {
				case err != nil:
				case !bytes.Equal(sig, wantSig):
					err = errors.New("signature differs")
				default:
					err = Verify(pub, []byte("m"), sig, nil)
				}
				errs <- err
			}()
		}
		for range 8 {
			if err := <-errs; err != nil {
				t.Errorf("%s: %v", p, err)
			}
		}
	}
}
