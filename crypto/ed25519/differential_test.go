package ed25519

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/sha512"
	mrand "math/rand/v2"
	"testing"
)

// TestDifferential signs random messages with random keys and compares
// keys, signatures and verification with crypto/ed25519, also on altered
// signatures, public keys and messages.
func TestDifferential(t *testing.T) {
	rng := mrand.New(mrand.NewPCG(1, 2))
	n := 300
	if testing.Short() {
		n = 30
	}
	for i := range n {
		seed := make([]byte, SeedSize)
		rand.Read(seed)
		msg := make([]byte, rng.IntN(200))
		rand.Read(msg)

		priv := NewKeyFromSeed(seed)
		want := stded25519.NewKeyFromSeed(seed)
		if !bytes.Equal(priv, want) {
			t.Fatalf("%d: NewKeyFromSeed(%x) = %x, crypto/ed25519 %x", i, seed, priv, want)
		}
		sig := Sign(priv, msg)
		if wantSig := stded25519.Sign(want, msg); !bytes.Equal(sig, wantSig) {
			t.Fatalf("%d: Sign differs from crypto/ed25519 (seed %x, message %x)", i, seed, msg)
		}
		pub := priv.Public().(PublicKey)
		if !Verify(pub, msg, sig) {
			t.Fatalf("%d: own signature rejected", i)
		}
		// One altered byte or bit anywhere: the verdicts agree.
		for _, which := range []int{0, 1, 2} {
			p, m, s := bytes.Clone(pub), bytes.Clone(msg), bytes.Clone(sig)
			switch which {
			case 0:
				s[rng.IntN(len(s))] ^= 1 << rng.IntN(8)
			case 1:
				p[rng.IntN(len(p))] ^= 1 << rng.IntN(8)
			case 2:
				if len(m) == 0 {
					m = []byte{0}
				} else {
					m[rng.IntN(len(m))] ^= 1 << rng.IntN(8)
				}
			}
			if got, w := Verify(p, m, s), stded25519.Verify(p, m, s); got != w {
				t.Fatalf("%d: Verify(%x, %x, %x) = %v, crypto/ed25519 %v", i, p, m, s, got, w)
			}
		}
	}
}

// ell is the group order, little-endian.
var ell = []byte{0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10}

// TestEdgeCases compares verdicts with crypto/ed25519 on inputs random
// signing never makes: S + ℓ (non-canonical S), S = ℓ − 1, the top bits of
// S, public keys of small order and non-canonical y, signatures of the
// wrong length, and all-zero inputs.
func TestEdgeCases(t *testing.T) {
	pub, priv, _ := GenerateKey(nil)
	msg := []byte("edge")
	sig := Sign(priv, msg)

	var cases [][3][]byte // public key, message, signature
	add := func(p, m, s []byte) { cases = append(cases, [3][]byte{p, m, s}) }

	// S + ℓ: the same point, non-canonical; must be rejected.
	sPlusL := bytes.Clone(sig)
	var c uint16
	for i := 0; i < 32; i++ {
		c += uint16(sPlusL[32+i]) + uint16(ell[i])
		sPlusL[32+i] = byte(c)
		c >>= 8
	}
	add(pub, msg, sPlusL)
	for _, top := range []byte{0x20, 0x40, 0x80} {
		s := bytes.Clone(sig)
		s[63] |= top
		add(pub, msg, s)
	}
	lm1 := bytes.Clone(sig)
	copy(lm1[32:], ell)
	lm1[32]--
	add(pub, msg, lm1)
	l := bytes.Clone(sig)
	copy(l[32:], ell)
	add(pub, msg, l)
	add(pub, msg, sig[:63])
	add(pub, msg, append(bytes.Clone(sig), 0))

	smallOrder := []string{
		"0100000000000000000000000000000000000000000000000000000000000000", // identity
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // order 2
		"0000000000000000000000000000000000000000000000000000000000000000", // order 4
		"0000000000000000000000000000000000000000000000000000000000000080",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", // order 8
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p + 1, non-canonical
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"0200000000000000000000000000000000000000000000000000000000000000", // not on the curve
	}
	for _, h := range smallOrder {
		p := mustHex(t, h)
		add(p, msg, sig)
		// R = identity, S = 0: valid for every A of small order under
		// the cofactorless check only when [k]A is the identity.
		zeroSig := make([]byte, 64)
		zeroSig[0] = 1
		add(p, msg, zeroSig)
		add(p, msg, append(p[:32:32], make([]byte, 32)...))
		// S = 0 and R each encoding of a point of order 1 or 2, canonical
		// or not: [S]B − [k]A is the identity or (0, −1) for A of order
		// 1 or 2 (by k's parity), so the canonical ones are accepted and
		// the others, the same points, must be rejected.
		for _, r := range rEncodings {
			add(p, msg, append(mustHex(t, r), make([]byte, 32)...))
		}
	}
	add(make([]byte, 32), nil, make([]byte, 64))

	accepted := 0
	for i, cs := range cases {
		got := Verify(cs[0], cs[1], cs[2])
		want := stded25519.Verify(cs[0], cs[1], cs[2])
		if got != want {
			t.Errorf("case %d: Verify(%x, %x, %x) = %v, crypto/ed25519 %v", i, cs[0], cs[1], cs[2], got, want)
		}
		if want {
			accepted++
		}
	}
	if accepted == 0 {
		t.Error("crypto/ed25519 accepts no edge case: the acceptance of odd R encodings is not exercised")
	}
}

// rEncodings are encodings of the identity and of (0, −1): canonical, y
// given as y + p, x = 0 with the sign bit set; and y = p, y = 2²⁵⁵ − 1.
var rEncodings = []string{
	"0100000000000000000000000000000000000000000000000000000000000000", // identity
	"0100000000000000000000000000000000000000000000000000000000000080", // identity, sign bit set
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // identity as y = 1 + p
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // the same, sign bit set
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // (0, −1)
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // (0, −1), sign bit set
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p (0: order 4)
	"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = 2²⁵⁵ − 1 (18)
}

// TestOptions checks the Signer interface and VerifyWithOptions' choices
// and errors against crypto/ed25519.
func TestOptions(t *testing.T) {
	seed := make([]byte, SeedSize)
	rand.Read(seed)
	priv := NewKeyFromSeed(seed)
	stdPriv := stded25519.NewKeyFromSeed(seed)
	var signer crypto.Signer = priv
	pub := signer.Public().(PublicKey)
	digest := sha512.Sum512([]byte("message"))
	long := string(make([]byte, 256))

	tests := []struct {
		name string
		msg  []byte
		opts Options
	}{
		{"plain", []byte("message"), Options{}},
		{"ctx", []byte("message"), Options{Context: "context"}},
		{"ph", digest[:], Options{Hash: crypto.SHA512}},
		{"ph ctx", digest[:], Options{Hash: crypto.SHA512, Context: "context"}},
		{"ph short", digest[:63], Options{Hash: crypto.SHA512}},
		{"ctx too long", []byte("message"), Options{Context: long}},
		{"ph ctx too long", digest[:], Options{Hash: crypto.SHA512, Context: long}},
		{"sha256", digest[:32], Options{Hash: crypto.SHA256}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sig, err := signer.Sign(nil, tt.msg, &tt.opts)
			stdOpts := stded25519.Options{Hash: tt.opts.Hash, Context: tt.opts.Context}
			wantSig, wantErr := stdPriv.Sign(nil, tt.msg, &stdOpts)
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("Sign error %v, crypto/ed25519 %v", err, wantErr)
			}
			if !bytes.Equal(sig, wantSig) {
				t.Fatalf("Sign = %x, crypto/ed25519 %x", sig, wantSig)
			}
			if err != nil {
				sig = wantSig
				if sig == nil {
					sig = make([]byte, 64)
				}
			}
			err = VerifyWithOptions(pub, tt.msg, sig, &tt.opts)
			wantErr = stded25519.VerifyWithOptions(stded25519.PublicKey(pub), tt.msg, sig, &stdOpts)
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("VerifyWithOptions error %v, crypto/ed25519 %v", err, wantErr)
			}
		})
	}
	if got, _ := signer.Sign(nil, []byte("m"), crypto.Hash(0)); !bytes.Equal(got, Sign(priv, []byte("m"))) {
		t.Fatal("Sign with crypto.Hash(0) is not plain Ed25519")
	}
	if !priv.Equal(PrivateKey(bytes.Clone(priv))) || priv.Equal(stdPriv) || !pub.Equal(PublicKey(bytes.Clone(pub))) {
		t.Fatal("Equal")
	}
	if !bytes.Equal(priv.Seed(), seed) {
		t.Fatal("Seed")
	}
}

// TestPanics checks that bad lengths panic as in crypto/ed25519.
func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"seed":    func() { NewKeyFromSeed(make([]byte, 31)) },
		"private": func() { Sign(make([]byte, 63), nil) },
		"public":  func() { Verify(make([]byte, 31), nil, make([]byte, 64)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
