package edwards

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

func natBig(x *nat4) *big.Int {
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(x[i]))
	}
	return v
}

func bigNat(v *big.Int) nat4 {
	var x nat4
	m := new(big.Int).SetUint64(^uint64(0))
	w := new(big.Int).Set(v)
	for i := range x {
		x[i] = new(big.Int).And(w, m).Uint64()
		w.Rsh(w, 64)
	}
	return x
}

var ellBig = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 252),
	func() *big.Int {
		v, _ := new(big.Int).SetString("27742317777372353535851937790883648493", 10)
		return v
	}())

// TestEightEll checks the constant against ℓ.
func TestEightEll(t *testing.T) {
	if natBig(&eightEll).Cmp(new(big.Int).Lsh(ellBig, 3)) != 0 {
		t.Fatalf("eightEll = %v, want 8ℓ", natBig(&eightEll))
	}
}

// TestShortPair checks shortPair on random k below ℓ and on edges (0, 1,
// small values, 2¹²⁸ ± 1, ℓ − 1, values just below 8ℓ, powers of two):
// c ≡ d·k (mod 8ℓ) with math/big, d odd, and both at most 131 bits.
func TestShortPair(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	n := new(big.Int).Lsh(ellBig, 3)
	var ks []*big.Int
	for _, v := range []int64{0, 1, 2, 3, 1 << 40} {
		ks = append(ks, big.NewInt(v))
	}
	one := big.NewInt(1)
	p128 := new(big.Int).Lsh(one, 128)
	ks = append(ks, p128, new(big.Int).Sub(p128, one), new(big.Int).Add(p128, one),
		new(big.Int).Sub(ellBig, one), new(big.Int).Sub(n, one), new(big.Int).Sub(n, p128),
		new(big.Int).Lsh(one, 252), new(big.Int).Lsh(one, 200), new(big.Int).Rsh(n, 1))
	for range 5000 {
		b := make([]byte, 32)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		k := new(big.Int).SetBytes(b)
		k.Mod(k, ellBig)
		if r.IntN(8) == 0 {
			k.Rsh(k, uint(r.IntN(250)))
		}
		ks = append(ks, k)
	}
	hist := map[int]int{}
	for i, k := range ks {
		kn := bigNat(k)
		c, dAbs, dNeg := shortPair(&kn)
		cb, db := natBig(&c), natBig(&dAbs)
		if dNeg {
			db.Neg(db)
		}
		if db.Bit(0) == 0 {
			t.Fatalf("k = %v: d = %v is even", k, db)
		}
		diff := new(big.Int).Sub(cb, new(big.Int).Mul(db, k))
		if diff.Mod(diff, n).Sign() != 0 {
			t.Fatalf("k = %v: c = %v, d = %v: c ≢ d·k (mod 8ℓ)", k, cb, db)
		}
		if i >= 14 { // random k: record the length the loop will take
			hist[max(c.bitLen(), dAbs.bitLen())]++
		}
	}
	t.Logf("lengths of random pairs: %v", hist)
}
