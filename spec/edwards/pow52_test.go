package edwards

import (
	"math/big"
	"math/rand/v2"
	"testing"

	fe "vg.dev/spec/fe25519"
)

// TestPow22523x4 checks every lane against a^((p−5)/8) mod p in math/big,
// on random values, the edges 0, 1, p − 1, p and 2²⁵⁵ − 1 + 2²¹⁹ (a
// product's largest value), and a product's outputs, and the outputs'
// bounds.
func TestPow22523x4(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 5))
	e := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(5)), 3)
	edges := []fe.Element52{
		{}, {1},
		{mask52 - 19, mask52, mask52, mask52, mask47}, // p − 1
		{mask52 - 18, mask52, mask52, mask52, mask47}, // p
		{mask52, mask52, mask52, mask52, mask47 + 1<<11 - 1},
	}
	var ins []fe.Element52x4
	for n := 0; n < len(edges); n += 4 {
		var x fe.Element52x4
		for j := range 4 {
			e := edges[(n+j)%len(edges)]
			for i := range 5 {
				x[i][j] = e[i]
			}
		}
		ins = append(ins, x)
	}
	for range 8 {
		var x, y fe.Element52x4
		for j := range 4 {
			setLane(&x, j, new(big.Int).SetUint64(r.Uint64()).Lsh(new(big.Int).SetUint64(r.Uint64()), uint(r.IntN(200))), false)
			setLane(&y, j, new(big.Int).SetUint64(r.Uint64()).Lsh(new(big.Int).SetUint64(r.Uint64()), uint(r.IntN(200))), false)
		}
		ins = append(ins, x)
		var xy fe.Element52x4
		fe.Mul52x4(&xy, &x, &y)
		ins = append(ins, xy)
	}
	for _, x := range ins {
		var got fe.Element52x4
		Pow22523x4(&got, &x)
		checkBounds(t, "Pow22523x4", &got, 1<<47+1<<11)
		for j := range 4 {
			want := new(big.Int).Exp(lane(&x, j), e, bigP)
			if lane(&got, j).Cmp(want) != 0 {
				t.Fatalf("lane %d: %v^((p−5)/8) = %v, want %v", j, lane(&x, j), lane(&got, j), want)
			}
		}
	}
}
