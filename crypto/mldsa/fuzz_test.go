package mldsa

import (
	"bytes"
	"testing"
)

// The fuzz targets: arbitrary bytes as keys and signatures never panic,
// decoded keys re-encode to their input, a changed valid signature never
// verifies, and every signature of a fuzzed key, message and context
// verifies. The parameter set is chosen by the first input.

func fuzzParams(sel uint8) *Parameters { return allParams[int(sel)%len(allParams)] }

// fuzzKeys holds one key pair per parameter set, made once.
var fuzzKeys = func() []*PrivateKey {
	var ks []*PrivateKey
	for i, p := range allParams {
		k, _ := NewPrivateKey(p, bytes.Repeat([]byte{byte(i + 1)}, SeedSize))
		ks = append(ks, k)
	}
	return ks
}()

func FuzzVerify(f *testing.F) {
	for i := range allParams {
		f.Add(uint8(i), false, []byte{}, []byte("msg"))
		f.Add(uint8(i), true, []byte{1}, []byte("msg"))
		f.Add(uint8(i), true, bytes.Repeat([]byte{0xFF}, 100), []byte{})
	}
	f.Fuzz(func(t *testing.T, sel uint8, xor bool, data, msg []byte) {
		priv := fuzzKeys[int(sel)%len(fuzzKeys)]
		pub := priv.PublicKey()
		valid, err := priv.SignDeterministic(msg, nil)
		if err != nil {
			t.Fatal(err)
		}
		sig := data
		if xor {
			// data changes the valid signature: XORed into its start, its
			// length kept.
			sig = bytes.Clone(valid)
			for i := range min(len(sig), len(data)) {
				sig[i] ^= data[i]
			}
		}
		err = Verify(pub, msg, sig, nil)
		if err == nil && !bytes.Equal(sig, valid) {
			t.Fatalf("a changed signature verifies: %x", sig)
		}
		if bytes.Equal(sig, valid) && err != nil {
			t.Fatalf("the valid signature is rejected: %v", err)
		}
	})
}

func FuzzKeys(f *testing.F) {
	f.Add(uint8(0), []byte{})
	f.Add(uint8(1), bytes.Repeat([]byte{0x55}, 4032))
	f.Add(uint8(2), fuzzKeys[2].ExpandedBytes())
	f.Add(uint8(0), fuzzKeys[0].PublicKey().Bytes())
	f.Fuzz(func(t *testing.T, sel uint8, data []byte) {
		p := fuzzParams(sel)
		if pub, err := NewPublicKey(p, data); err == nil {
			if !bytes.Equal(pub.Bytes(), data) {
				t.Fatalf("public key re-encodes differently")
			}
		} else if len(data) == p.PublicKeySize() {
			t.Fatalf("public key of the right length rejected: %v", err)
		}
		// A key of the right length: data repeated or cut to it.
		pk := make([]byte, p.PublicKeySize())
		if len(data) > 0 {
			for i := range pk {
				pk[i] = data[i%len(data)]
			}
		}
		if _, err := NewPublicKey(p, pk); err != nil {
			t.Fatalf("public key of the right length rejected: %v", err)
		}
		if priv, err := NewPrivateKeyFromExpanded(p, data); err == nil {
			if !bytes.Equal(priv.ExpandedBytes(), data) {
				t.Fatalf("private key re-encodes differently")
			}
		}
		// The valid expanded key of this parameter set with data XORed in.
		sk := fuzzKeys[int(sel)%len(fuzzKeys)].ExpandedBytes()
		for i := range min(len(sk), len(data)) {
			sk[i] ^= data[i]
		}
		if priv, err := NewPrivateKeyFromExpanded(p, sk); err == nil {
			sig, _ := priv.SignDeterministic(data, nil)
			if err := Verify(priv.PublicKey(), data, sig, nil); err != nil {
				t.Fatalf("a decoded key's signature does not verify: %v", err)
			}
		}
	})
}

func FuzzSignVerify(f *testing.F) {
	f.Add(uint8(0), []byte("seed"), []byte("message"), "")
	f.Add(uint8(1), []byte{}, []byte{}, "context")
	f.Add(uint8(2), bytes.Repeat([]byte{1}, 40), bytes.Repeat([]byte{2}, 300), "c")
	f.Fuzz(func(t *testing.T, sel uint8, seed, msg []byte, ctx string) {
		p := fuzzParams(sel)
		var s [SeedSize]byte
		copy(s[:], seed)
		priv, err := NewPrivateKey(p, s[:])
		if err != nil {
			t.Fatal(err)
		}
		opts := &Options{Context: ctx}
		sig, err := priv.Sign(bytes.NewReader(append(s[:], seed...)), msg, opts)
		if len(ctx) > 255 {
			if err == nil {
				t.Fatalf("context of %d bytes accepted", len(ctx))
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(priv.PublicKey(), msg, sig, opts); err != nil {
			t.Fatalf("signature rejected: %v", err)
		}
		if Verify(priv.PublicKey(), append(msg, 1), sig, opts) == nil {
			t.Fatalf("signature verifies for another message")
		}
	})
}
