package scalar

import (
	"crypto/rand"
	"math/big"
	"testing"
)

// ellBig is ℓ = 2²⁵² + 27742317777372353535851937790883648493.
var ellBig = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 252), mustBig("27742317777372353535851937790883648493"))

func limbsBig(l [4]uint64) *big.Int {
	x := new(big.Int)
	for i := 3; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Add(x, new(big.Int).SetUint64(l[i]))
	}
	return x
}

func leBig(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

// TestConstants recomputes ℓ, 2²⁵⁶ mod ℓ, 2⁵¹² mod ℓ and −ℓ⁻¹ mod 2⁶⁴.
func TestConstants(t *testing.T) {
	want := ellBig
	if limbsBig(ell).Cmp(want) != 0 {
		t.Fatal("ell")
	}
	R := new(big.Int).Lsh(big.NewInt(1), 256)
	if limbsBig(rModL).Cmp(new(big.Int).Mod(R, want)) != 0 {
		t.Fatal("rModL")
	}
	if limbsBig(r2ModL).Cmp(new(big.Int).Mod(new(big.Int).Mul(R, R), want)) != 0 {
		t.Fatal("r2ModL")
	}
	if ell[0]*ellInv != ^uint64(0) {
		t.Fatal("ellInv")
	}
}

func mustBig(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return x
}

func inputs() [][64]byte {
	var out [][64]byte
	var zero, ones [64]byte
	for i := range ones {
		ones[i] = 0xff
	}
	out = append(out, zero, ones)
	for range 200 {
		var b [64]byte
		rand.Read(b[:])
		out = append(out, b)
	}
	return out
}

func TestArithmetic(t *testing.T) {
	in := inputs()
	for i, x := range in {
		s, err := new(Scalar).SetUniformBytes(x[:])
		if err != nil {
			t.Fatal(err)
		}
		X := new(big.Int).Mod(leBig(x[:]), ellBig)
		if limbsBig(s.l).Cmp(X) != 0 {
			t.Fatalf("SetUniformBytes(%x) wrong", x)
		}
		c, _ := new(Scalar).SetBytesWithClamping(x[:32])
		cb := x
		cb[0] &= 248
		cb[31] = cb[31]&127 | 64
		if limbsBig(c.l).Cmp(new(big.Int).Mod(leBig(cb[:32]), ellBig)) != 0 {
			t.Fatal("SetBytesWithClamping")
		}
		y := in[(i*31+5)%len(in)]
		z := in[(i*17+3)%len(in)]
		sy, _ := new(Scalar).SetUniformBytes(y[:])
		sz, _ := new(Scalar).SetUniformBytes(z[:])
		got := new(Scalar).MultiplyAdd(s, sy, sz)
		want := new(big.Int).Mul(X, limbsBig(sy.l))
		want.Add(want, limbsBig(sz.l))
		want.Mod(want, ellBig)
		if limbsBig(got.l).Cmp(want) != 0 {
			t.Fatal("MultiplyAdd")
		}
		b := s.Bytes()
		if r, err := new(Scalar).SetCanonicalBytes(b[:]); err != nil || r.Equal(s) != 1 {
			t.Fatal("SetCanonicalBytes of Bytes")
		}
		if leBig(x[:32]).Cmp(ellBig) >= 0 {
			if _, err := new(Scalar).SetCanonicalBytes(x[:32]); err == nil {
				t.Fatalf("non-canonical %x accepted", x[:32])
			}
		}

		digits := s.SignedRadix32()
		sum := new(big.Int)
		for k := len(digits) - 1; k >= 0; k-- {
			if digits[k] < -16 || digits[k] > 16 {
				t.Fatalf("digit %d", digits[k])
			}
			sum.Lsh(sum, 5)
			sum.Add(sum, big.NewInt(int64(digits[k])))
		}
		if sum.Cmp(X) != 0 {
			t.Fatal("SignedRadix32 does not sum to s")
		}
		for _, w := range []uint{5, 8} {
			naf := s.NonAdjacentForm(w)
			sum := new(big.Int)
			last := 1000
			for k := 255; k >= 0; k-- {
				sum.Lsh(sum, 1)
				d := int(naf[k])
				if d != 0 {
					if d%2 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1)) || last-k < int(w) {
						t.Fatalf("NAF digit %d at %d (last %d)", d, k, last)
					}
					last = k
				}
				sum.Add(sum, big.NewInt(int64(d)))
			}
			if sum.Cmp(X) != 0 {
				t.Fatalf("NAF(%d) does not sum to s", w)
			}
		}
	}
	// ℓ − 1 and ℓ: the canonical boundary.
	lm1 := new(big.Int).Sub(ellBig, big.NewInt(1))
	for _, v := range []*big.Int{lm1, ellBig} {
		var b [32]byte
		v.FillBytes(b[:])
		for i := 0; i < 16; i++ {
			b[i], b[31-i] = b[31-i], b[i]
		}
		_, err := new(Scalar).SetCanonicalBytes(b[:])
		if (err == nil) != (v == lm1) {
			t.Fatalf("SetCanonicalBytes(%v): %v", v, err)
		}
	}
}
