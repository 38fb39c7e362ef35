package x25519

import (
	"bytes"
	"crypto/ecdh"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"testing"

	fe "vg.dev/spec/fe25519"
)

// big52 is the value of lane j of x.
func big52(x *fe.Element52x4, j int) *big.Int {
	v := new(big.Int)
	for i := 4; i >= 0; i-- {
		v.Lsh(v, 52)
		v.Add(v, new(big.Int).SetUint64(x[i][j]))
	}
	return v
}

// elem52 is b (little-endian, bit 255 cleared) in radix 2⁵².
func elem52(b []byte) fe.Element52 {
	var c [32]byte
	copy(c[:], b)
	c[31] &= 127
	v := new(big.Int)
	for i := 31; i >= 0; i-- {
		v.Lsh(v, 8)
		v.Add(v, big.NewInt(int64(c[i])))
	}
	var e fe.Element52
	m := new(big.Int).SetUint64(1<<52 - 1)
	for i := range e {
		e[i] = new(big.Int).And(v, m).Uint64()
		v.Rsh(v, 52)
	}
	return e
}

// ratio52 is x/z mod p as 32 little-endian bytes (0 when z ≡ 0).
func ratio52(x, z *fe.Element52) []byte {
	var xx, zz fe.Element52x4
	for i := range 5 {
		xx[i][0], zz[i][0] = x[i], z[i]
	}
	zi := new(big.Int).ModInverse(new(big.Int).Mod(big52(&zz, 0), p), p)
	if zi == nil {
		zi = new(big.Int)
	}
	r := new(big.Int).Mul(big52(&xx, 0), zi)
	r.Mod(r, p)
	b := r.FillBytes(make([]byte, 32))
	for i := 0; i < 16; i++ {
		b[i], b[31-i] = b[31-i], b[i]
	}
	return b
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLadder52x4Vectors checks Ladder52x4 against RFC 7748's vectors
// (section 5.2, and one iteration of the iterated test).
func TestLadder52x4Vectors(t *testing.T) {
	for _, v := range []struct{ k, u, out string }{
		{"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
		{"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
			"e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
			"95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
		{"0900000000000000000000000000000000000000000000000000000000000000",
			"0900000000000000000000000000000000000000000000000000000000000000",
			"422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"},
	} {
		var k [32]byte
		copy(k[:], mustHex(t, v.k))
		in := [2]fe.Element52{elem52(mustHex(t, v.u)), A24}
		var out [2]fe.Element52
		Ladder52x4(&out, &k, &in)
		if got, want := ratio52(&out[0], &out[1]), mustHex(t, v.out); !bytes.Equal(got, want) {
			t.Errorf("X25519(%s, %s) = %x, want %s", v.k, v.u, got, v.out)
		}
	}
}

// TestLadder52x4 runs the four-lane ladder step by step next to Ladder's
// (x₂, z₂, x₃, z₃) on random scalars and points, and checks at every step
// that each lane is congruent to Ladder's coordinate (the formulas are the
// same, so the field values are equal, not only the ratios), that every
// multiplier input limb is < 2⁵² (the bound the multiply-adds need), that
// the state's limbs are within the package comment's bounds, and that the
// result agrees with crypto/ecdh. Ladder52x4 itself is compared with the
// stepped copy limb for limb.
func TestLadder52x4(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	n := 24
	if testing.Short() {
		n = 6
	}
	for it := range n {
		kb := make([]byte, 32)
		ub := make([]byte, 32)
		for j := range kb {
			kb[j] = byte(r.Uint32())
			ub[j] = byte(r.Uint32())
		}
		if it == 0 {
			ub = make([]byte, 32) // u = 0
		}
		var k [32]byte
		copy(k[:], kb)
		u := elem52(ub)
		var ub32 [32]byte
		copy(ub32[:], ub)
		var u51 fe.Element
		fe.FromBytes(&u51, &ub32)

		e := k
		e[0] &= 248
		e[31] &= 127
		e[31] |= 64
		var x1, s, c fe.Element52x4
		for i := range 5 {
			c[i] = [4]uint64{A24[i], A24[i], A24[i], A24[i]}
			x1[i] = [4]uint64{u[i], u[i], u[i], u[i]}
			s[i] = [4]uint64{0, 0, u[i], 0}
		}
		s[0][0], s[0][3] = 1, 1
		var x2, z2, x3, z3 fe.Element
		x2.L0, x3, z3.L0 = 1, u51, 1
		var st stage52
		var swap uint64
		for i := 254; i >= 0; i-- {
			bit := uint64(e[i>>3]>>(i&7)) & 1
			swap ^= bit
			swap52(&s, swap)
			fe.Swap(&x2, &x3, swap)
			fe.Swap(&z2, &z3, swap)
			swap = bit
			step52(&st, &s, &x1, &c)
			Step(&x2, &z2, &x3, &z3, &u51)
			for _, in := range []*fe.Element52x4{&st.l1, &st.r1, &st.l2, &st.r2, &st.l3, &st.r3} {
				for _, row := range in {
					for _, l := range row {
						if l >= 1<<52 {
							t.Fatalf("step %d: multiplier input limb %#x ≥ 2⁵²", i, l)
						}
					}
				}
			}
			for j := range 4 {
				if s[4][j] >= 1<<47+1<<11 {
					t.Fatalf("step %d: state limb 4 %#x ≥ 2⁴⁷ + 2¹¹", i, s[4][j])
				}
			}
			for j, want := range []*fe.Element{&x2, &z2, &x3, &z3} {
				g := new(big.Int).Mod(big52(&s, j), p)
				w := new(big.Int).Mod(toBig(want), p)
				if g.Cmp(w) != 0 {
					t.Fatalf("step %d: lane %d = %v, want %v (mod p)", i, j, g, w)
				}
			}
		}
		swap52(&s, swap)
		var stepped [2]fe.Element52
		for i := range 5 {
			stepped[0][i], stepped[1][i] = s[i][0], s[i][1]
		}
		var out [2]fe.Element52
		in := [2]fe.Element52{u, A24}
		Ladder52x4(&out, &k, &in)
		if out != stepped {
			t.Fatalf("Ladder52x4 = %v, stepped %v", out, stepped)
		}
		priv, _ := ecdh.X25519().NewPrivateKey(kb)
		pub, _ := ecdh.X25519().NewPublicKey(ub)
		want, err := priv.ECDH(pub)
		if err != nil {
			want = make([]byte, 32)
		}
		if got := ratio52(&out[0], &out[1]); !bytes.Equal(got, want) {
			t.Fatalf("X25519(%x, %x) = %x, want %x", kb, ub, got, want)
		}
	}
}

// TestCarry52Bounds checks the package comment's bound argument at its
// extremes: sumDiff of lanes whose limbs are all at the largest product
// limbs (and at zero, for the differences) leaves every limb < 2⁵² and
// limb 4 < 2⁴⁷ + 3, and keeps the value modulo p; so does carry52 of the
// largest sum of two products.
func TestCarry52Bounds(t *testing.T) {
	const hi, hi4 = 1<<52 - 1, 1<<47 + 1<<11 - 1
	var top, zero fe.Element52x4
	for j := range 4 {
		for i := range 4 {
			top[i][j] = hi
		}
		top[4][j] = hi4
	}
	// Lanes (a, b) = (top, 0), (0, top) and (top, top) for a ± b.
	cases := []struct {
		name string
		a    fe.Element52x4
	}{{"top,zero", mixLanes(&top, &zero)}, {"zero,top", mixLanes(&zero, &top)}, {"top,top", top}}
	for _, c := range cases {
		var out fe.Element52x4
		sumDiff(&out, &c.a)
		for j := range 4 {
			for i := range 5 {
				lim := uint64(1 << 52)
				if i == 4 {
					lim = 1<<47 + 3
				}
				if out[i][j] >= lim {
					t.Errorf("%s: lane %d limb %d = %#x, ≥ %#x", c.name, j, i, out[i][j], lim)
				}
			}
		}
		a0, a1 := big52(&c.a, 0), big52(&c.a, 1)
		a2, a3 := big52(&c.a, 2), big52(&c.a, 3)
		want := []*big.Int{new(big.Int).Add(a0, a1), new(big.Int).Sub(a0, a1),
			new(big.Int).Add(a2, a3), new(big.Int).Sub(a2, a3)}
		for j, w := range want {
			g := new(big.Int).Mod(big52(&out, j), p)
			if g.Cmp(w.Mod(w, p)) != 0 {
				t.Errorf("%s: lane %d wrong modulo p", c.name, j)
			}
		}
	}
	z := top
	add52(&z, &top, &top)
	carry52(&z)
	for i := range 5 {
		if z[i][0] >= 1<<52 {
			t.Errorf("carry52 of 2·top: limb %d = %#x", i, z[i][0])
		}
	}
	sum := new(big.Int).Mul(big52(&top, 0), big.NewInt(2))
	if new(big.Int).Mod(big52(&z, 0), p).Cmp(sum.Mod(sum, p)) != 0 {
		t.Errorf("carry52 of 2·top wrong modulo p")
	}
}

// mixLanes is a in lanes 0 and 2, b in lanes 1 and 3.
func mixLanes(a, b *fe.Element52x4) fe.Element52x4 {
	var out fe.Element52x4
	blend(&out, a, b, 0b1010)
	return out
}
