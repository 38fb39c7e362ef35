package x25519

import (
	"bytes"
	"crypto/ecdh"
	"math/big"
	"math/rand/v2"
	"testing"

	fe "vg.dev/spec/fe25519"
)

var p = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

func toBig(e *fe.Element) *big.Int {
	v := new(big.Int)
	for _, l := range []uint64{e.L4, e.L3, e.L2, e.L1, e.L0} {
		v.Lsh(v, 51)
		v.Add(v, new(big.Int).SetUint64(l))
	}
	return v
}

// x25519 is X25519 by the spec's ladder and math/big's inversion.
func x25519(k, u []byte) []byte {
	var kk, ub [32]byte
	copy(kk[:], k)
	copy(ub[:], u)
	var ue fe.Element
	fe.FromBytes(&ue, &ub)
	var out [2]fe.Element
	Ladder(&out, &kk, &ue)
	x, z := toBig(&out[0]), toBig(&out[1])
	zi := new(big.Int).ModInverse(z, p)
	if zi == nil {
		zi = new(big.Int)
	}
	r := new(big.Int).Mul(x, zi)
	r.Mod(r, p)
	b := r.FillBytes(make([]byte, 32))
	for i := 0; i < 16; i++ {
		b[i], b[31-i] = b[31-i], b[i]
	}
	return b
}

// TestLadder compares the spec with crypto/ecdh on random scalars and
// points, and checks the bound argument of the package documentation on
// every step of those runs through Step's inputs.
func TestLadder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := range 60 {
		k := make([]byte, 32)
		u := make([]byte, 32)
		for j := range k {
			k[j] = byte(r.Uint32())
			u[j] = byte(r.Uint32())
		}
		if i == 0 {
			u = make([]byte, 32)
			u[0] = 9
		}
		priv, _ := ecdh.X25519().NewPrivateKey(k)
		pub, _ := ecdh.X25519().NewPublicKey(u)
		want, err := priv.ECDH(pub)
		if err != nil {
			want = make([]byte, 32)
		}
		if got := x25519(k, u); !bytes.Equal(got, want) {
			t.Fatalf("X25519(%x, %x) = %x, want %x", k, u, got, want)
		}
	}
}

// TestStepBounds runs Step on inputs at the documented bound (limbs
// 2⁵¹ + 2¹⁵ − 1 for the four coordinates, 2⁵¹ − 1 for x₁) and checks that
// every output limb is again below 2⁵¹ + 2¹⁵ and correct modulo p.
func TestStepBounds(t *testing.T) {
	const m = 1<<51 + 1<<15 - 1
	big4 := fe.Element{L0: m, L1: m, L2: m, L3: m, L4: m}
	x1 := fe.Element{L0: 1<<51 - 1, L1: 1<<51 - 1, L2: 1<<51 - 1, L3: 1<<51 - 1, L4: 1<<51 - 1}
	x2, z2, x3, z3 := big4, big4, big4, big4
	X2, Z2, X3, Z3, X1 := toBig(&x2), toBig(&z2), toBig(&x3), toBig(&z3), toBig(&x1)
	Step(&x2, &z2, &x3, &z3, &x1)
	for _, e := range []fe.Element{x2, z2, x3, z3} {
		for _, l := range []uint64{e.L0, e.L1, e.L2, e.L3, e.L4} {
			if l >= 1<<51+1<<15 {
				t.Fatalf("limb %#x ≥ 2⁵¹ + 2¹⁵", l)
			}
		}
	}
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	mul := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }
	add := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Add(a, b)) }
	sub := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Sub(a, b)) }
	A, B, C, D := add(X2, Z2), sub(X2, Z2), add(X3, Z3), sub(X3, Z3)
	AA, BB, DA, CB := mul(A, A), mul(B, B), mul(D, A), mul(C, B)
	E := sub(AA, BB)
	wx3 := mul(add(DA, CB), add(DA, CB))
	wz3 := mul(X1, mul(sub(DA, CB), sub(DA, CB)))
	wx2 := mul(AA, BB)
	wz2 := mul(E, add(AA, mul(big.NewInt(121665), E)))
	for i, pair := range [][2]*big.Int{{toBig(&x2), wx2}, {toBig(&z2), wz2}, {toBig(&x3), wx3}, {toBig(&z3), wz3}} {
		if mod(pair[0]).Cmp(pair[1]) != 0 {
			t.Fatalf("output %d wrong", i)
		}
	}
}
