package scalar

import (
	"crypto/rand"
	"math/big"
	mrand "math/rand/v2"
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

// nafReference is the width-w NAF by the textbook loop on a copy of s:
// take the low w bits of an odd value as the digit (less 2ʷ from 2ʷ⁻¹ on),
// subtract it, halve. The wNAF is unique, so NonAdjacentForm must return
// exactly this.
func nafReference(s *Scalar, w uint) [256]int8 {
	var naf [256]int8
	x := new(big.Int)
	for i := 3; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(s.l[i]))
	}
	width := int64(1) << w
	for i := 0; x.Sign() != 0; i++ {
		if x.Bit(0) == 1 {
			d := new(big.Int).And(x, big.NewInt(width-1)).Int64()
			if d >= width/2 {
				d -= width
			}
			naf[i] = int8(d)
			x.Sub(x, big.NewInt(d))
		}
		x.Rsh(x, 1)
	}
	return naf
}

// TestNonAdjacentFormReference compares NonAdjacentForm with the textbook
// loop for every width on random scalars and on scalars whose bits are
// long runs of ones and zeros across word boundaries (carries through 64
// ones, digits at positions 60 … 70, 250 … 255).
func TestNonAdjacentFormReference(t *testing.T) {
	r := mrand.New(mrand.NewPCG(8, 9))
	var inputs []*Scalar
	for _, l := range [][4]uint64{
		{}, {1}, {2}, {0, 1}, {1 << 63, 1}, {^uint64(0)}, {^uint64(0), ^uint64(0)},
		{^uint64(0), ^uint64(0), ^uint64(0), 1<<61 - 1},
		{0, 0, 0, 1 << 60}, {1 << 60, 1 << 61, 1 << 62, 1 << 59},
		{0xaaaaaaaaaaaaaaaa, 0x5555555555555555, 0xf0f0f0f0f0f0f0f0, 0x0f0f0f0f0f0f0f0f},
	} {
		inputs = append(inputs, &Scalar{l: l})
	}
	for range 2000 {
		var l [4]uint64
		for i := range l {
			switch r.IntN(4) {
			case 0:
				l[i] = ^uint64(0) << r.UintN(64)
			case 1:
				l[i] = ^uint64(0) >> r.UintN(64)
			default:
				l[i] = r.Uint64()
			}
		}
		l[3] &= 1<<61 - 1 // below 2²⁵³, as reduced scalars are
		inputs = append(inputs, &Scalar{l: l})
	}
	for _, s := range inputs {
		for w := uint(2); w <= 8; w++ {
			if got, want := s.NonAdjacentForm(w), nafReference(s, w); got != want {
				t.Fatalf("NonAdjacentForm(%#x, %d) = %v, want %v", s.l, w, got, want)
			}
		}
	}
}
