package mldsa

import (
	"bytes"
	"testing"
)

// Malformed encodings are rejected with an error, never a panic: keys and
// signatures of the wrong length, private keys with coefficients out of
// range or parts that do not belong together, signatures with too many
// hints, disordered hints, non-zero padding or z out of range.

func TestMalformedKeys(t *testing.T) {
	for _, p := range allParams {
		priv, _ := NewPrivateKey(p, bytes.Repeat([]byte{7}, 32))
		pk, sk := priv.PublicKey().Bytes(), priv.ExpandedBytes()
		for _, n := range []int{0, 1, len(pk) - 1, len(pk) + 1} {
			b := make([]byte, n)
			copy(b, pk)
			if _, err := NewPublicKey(p, b); err == nil {
				t.Errorf("%s: public key of %d bytes accepted", p, n)
			}
		}
		for _, n := range []int{0, 1, len(sk) - 1, len(sk) + 1} {
			b := make([]byte, n)
			copy(b, sk)
			if _, err := NewPrivateKeyFromExpanded(p, b); err == nil {
				t.Errorf("%s: private key of %d bytes accepted", p, n)
			}
		}
		// Every s₁ and s₂ field value above 2η is out of range; put one in
		// the first s₁ coefficient and in the last s₂ one.
		eb := p.etaBits()
		sOff, sLen := 128, (p.k+p.l)*32*eb
		for _, v := range []uint{uint(2*p.eta) + 1, 1<<eb - 1} {
			b := bytes.Clone(sk)
			b[sOff] = b[sOff]&^byte(1<<eb-1) | byte(v) // coefficient 0 of s₁[0]
			if _, err := NewPrivateKeyFromExpanded(p, b); err == nil {
				t.Errorf("%s: s₁ field %d accepted", p, v)
			}
			b = bytes.Clone(sk)
			last := sOff + sLen - 1 // the top eb bits of the last byte: coefficient 255 of s₂[k−1] (8 divides eb·256)
			b[last] = b[last]&^byte((1<<eb-1)<<(8-eb)) | byte(v<<(8-eb))
			if _, err := NewPrivateKeyFromExpanded(p, b); err == nil {
				t.Errorf("%s: s₂ field %d accepted", p, v)
			}
		}
		// Parts that do not belong together: ρ, tr, a t₀ coefficient, s₁
		// changed (within range).
		for name, i := range map[string]int{"ρ": 0, "tr": 64, "s₁": sOff + 1, "t₀": sOff + sLen + 5} {
			b := bytes.Clone(sk)
			b[i] ^= 1
			if name == "s₁" {
				// Swap two in-range coefficients instead of flipping bits.
				b = bytes.Clone(sk)
				b[sOff] ^= 0x01
				if outOfRangeField(b[sOff]&byte(1<<eb-1), p) {
					b[sOff] ^= 0x03
				}
			}
			if _, err := NewPrivateKeyFromExpanded(p, b); err == nil {
				t.Errorf("%s: private key with %s changed accepted", p, name)
			}
		}
		// K is not determined by the rest: a changed K is a different,
		// valid key.
		b := bytes.Clone(sk)
		b[32] ^= 1
		if _, err := NewPrivateKeyFromExpanded(p, b); err != nil {
			t.Errorf("%s: private key with K changed rejected: %v", p, err)
		}
	}
}

func outOfRangeField(v byte, p *Parameters) bool { return int32(v) > 2*p.eta }

func TestMalformedSignatures(t *testing.T) {
	for _, p := range allParams {
		priv, _ := NewPrivateKey(p, bytes.Repeat([]byte{9}, 32))
		pub := priv.PublicKey()
		msg := []byte("message")
		sig, _ := priv.SignDeterministic(msg, nil)
		if err := Verify(pub, msg, sig, nil); err != nil {
			t.Fatalf("%s: valid signature rejected: %v", p, err)
		}
		hOff := p.challengeSize() + p.l*32*p.z1Bits
		count := func(s []byte, i int) int { return int(s[hOff+p.omega+i]) }
		ones := count(sig, p.k-1)
		mutate := map[string]func(s []byte) []byte{
			"empty":     func(s []byte) []byte { return nil },
			"short":     func(s []byte) []byte { return s[:len(s)-1] },
			"long":      func(s []byte) []byte { return append(s, 0) },
			"challenge": func(s []byte) []byte { s[0] ^= 1; return s },
			// A count above ω.
			"too many hints": func(s []byte) []byte { s[hOff+p.omega+p.k-1] = byte(p.omega + 1); return s },
			// Counts that decrease.
			"decreasing counts": func(s []byte) []byte {
				s[hOff+p.omega] = byte(count(s, 1) + 1)
				return s
			},
			// Positions not increasing within a polynomial.
			"disordered hints": func(s []byte) []byte {
				for i := range p.k {
					first := 0
					if i > 0 {
						first = count(s, i-1)
					}
					if count(s, i)-first >= 2 {
						s[hOff+first], s[hOff+first+1] = s[hOff+first+1], s[hOff+first]
						return s
					}
				}
				t.Fatalf("%s: no polynomial with two hints", p)
				return s
			},
			"repeated hint": func(s []byte) []byte {
				for i := range p.k {
					first := 0
					if i > 0 {
						first = count(s, i-1)
					}
					if count(s, i)-first >= 2 {
						s[hOff+first+1] = s[hOff+first]
						return s
					}
				}
				return s
			},
			// Non-zero padding after the last position.
			"padding": func(s []byte) []byte { s[hOff+p.omega-1] = 1; return s },
			// z = γ₁ in coefficient 0 of z[0]: field 0, a valid encoding of
			// a coefficient with ‖z‖∞ ≥ γ₁ − β.
			"z out of range": func(s []byte) []byte {
				o := p.challengeSize()
				s[o], s[o+1] = 0, 0
				s[o+2] &^= 0x03
				return s
			},
		}
		if ones >= p.omega {
			t.Fatalf("%s: no room for padding in the test signature", p)
		}
		for name, f := range mutate {
			bad := f(bytes.Clone(sig))
			if err := Verify(pub, msg, bad, nil); err == nil {
				t.Errorf("%s: %s: signature accepted", p, name)
			}
			mu, _ := ExternalMu(pub, msg, nil)
			if err := VerifyExternalMu(pub, mu, bad); err == nil {
				t.Errorf("%s: %s: signature accepted by VerifyExternalMu", p, name)
			}
		}
	}
}

// TestHintUnpack checks HintBitUnpack's rules on hand-made encodings
// (k = 4, ω = 80).
func TestHintUnpack(t *testing.T) {
	p := MLDSA44()
	enc := func(pos []byte, counts [4]byte) []byte {
		y := make([]byte, p.omega+p.k)
		copy(y, pos)
		copy(y[p.omega:], counts[:])
		return y
	}
	var omegaOnes []byte // positions 0…19 in each of the 4 polynomials
	for range 4 {
		for j := range 20 {
			omegaOnes = append(omegaOnes, byte(j))
		}
	}
	tests := []struct {
		name string
		y    []byte
		ok   bool
	}{
		{"none", enc(nil, [4]byte{}), true},
		{"one each", enc([]byte{0, 255, 7, 9}, [4]byte{1, 2, 3, 4}), true},
		{"all in the last", enc([]byte{1, 2, 3}, [4]byte{0, 0, 0, 3}), true},
		{"ω ones", enc(omegaOnes, [4]byte{20, 40, 60, 80}), true},
		{"ω ones, a count over", enc(omegaOnes, [4]byte{20, 40, 60, 81}), false},
		{"count over ω", enc(nil, [4]byte{0, 0, 0, 81}), false},
		{"decreasing", enc([]byte{1, 2}, [4]byte{2, 1, 2, 2}), false},
		{"equal positions", enc([]byte{5, 5}, [4]byte{2, 2, 2, 2}), false},
		{"decreasing positions", enc([]byte{6, 5}, [4]byte{2, 2, 2, 2}), false},
		{"increasing across polynomials", enc([]byte{6, 5}, [4]byte{1, 2, 2, 2}), true},
		{"padding", enc([]byte{1, 2, 0, 9}, [4]byte{2, 2, 2, 2}), false},
	}
	for _, tt := range tests {
		h := make([]poly, p.k)
		if got := hintUnpack(p, tt.y, h); got != tt.ok {
			t.Errorf("%s: hintUnpack = %v, want %v", tt.name, got, tt.ok)
		}
		if tt.ok {
			y := make([]byte, len(tt.y))
			hintPack(p, y, h)
			if !bytes.Equal(y, tt.y) {
				t.Errorf("%s: repacked %x, want %x", tt.name, y, tt.y)
			}
		}
	}
}

// TestSkDecodeEtaBoundary puts one s₁ or s₂ field at the first or last
// coefficient of a valid key and checks that skDecode's range check
// rejects exactly the fields above 2η (coefficients below −η) for each η:
// 0 (η) and 2η (−η) pass, 2η + 1 and the largest field fail.
func TestSkDecodeEtaBoundary(t *testing.T) {
	for _, p := range []*Parameters{MLDSA44(), MLDSA65()} { // η = 2, 4
		priv, err := NewPrivateKey(p, bytes.Repeat([]byte{5}, 32))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		sk := priv.ExpandedBytes()
		eb := p.etaBits()
		sOff, sLen := 128, (p.k+p.l)*32*eb
		for _, c := range []struct {
			field uint
			bad   bool
		}{{0, false}, {uint(p.eta), false}, {uint(2 * p.eta), false},
			{uint(2*p.eta) + 1, true}, {1<<eb - 1, true}} {
			for _, where := range []string{"first s₁", "last s₂"} {
				b := bytes.Clone(sk)
				if where == "first s₁" {
					b[sOff] = b[sOff]&^byte(1<<eb-1) | byte(c.field)
				} else {
					last := sOff + sLen - 1
					b[last] = b[last]&^byte((1<<eb-1)<<(8-eb)) | byte(c.field<<(8-eb))
				}
				var rho, key [32]byte
				var tr [64]byte
				s1, s2, t0 := make([]poly, p.l), make([]poly, p.k), make([]poly, p.k)
				err := skDecode(p, b, &rho, &key, &tr, s1, s2, t0)
				if (err != nil) != c.bad {
					t.Errorf("%s, %s field %d: error %v, want rejected = %t", p, where, c.field, err, c.bad)
				}
			}
		}
	}
}
