package u128

import (
	"math/big"
	"runtime"
	"testing"

	"vg.dev/vgtest"
)

// TestProofs proves addAsm ≡ add, constant time and frame safety.
func TestProofs(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the kernel is amd64 assembly")
	}
	vgtest.Prove(t, ".")
}

func TestAdd(t *testing.T) {
	a, b := Uint128{^uint64(0), 1}, Uint128{1, 2}
	var out Uint128
	Add(&out, &a, &b)
	toBig := func(x Uint128) *big.Int {
		return new(big.Int).Add(new(big.Int).Lsh(new(big.Int).SetUint64(x.Hi), 64), new(big.Int).SetUint64(x.Lo))
	}
	want := new(big.Int).Add(toBig(a), toBig(b))
	if toBig(out).Cmp(want) != 0 {
		t.Errorf("%v + %v = %v", a, b, out)
	}
}
