package ed25519

import (
	"math/big"
	"math/rand/v2"
	"testing"

	fe "vg.dev/spec/fe25519"
)

// The reference for ScalarBaseMult52x8 is comb_test.go's affine
// arithmetic in math/big: the table is built by repeated affine additions
// and the expected point by double-and-add, sharing no code with the
// specification.

var order, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

func limbs52(v *big.Int) [5]uint64 {
	v = new(big.Int).Mod(v, p)
	var l [5]uint64
	m := new(big.Int).SetUint64(mask52)
	for i := range l {
		l[i] = new(big.Int).And(v, m).Uint64()
		v.Rsh(v, 52)
	}
	return l
}

// combTable52 builds the table from the base point with math/big.
func combTable52() *CombTable52 {
	var t CombTable52
	twoD := new(big.Int).Mul(big.NewInt(2), dC)
	q := base() // 16ⁱ·B
	for i := 0; i < 64; i++ {
		r, j := i/8, i%8
		m := q
		for k := 0; k < 8; k++ {
			ypx := limbs52(new(big.Int).Add(m.y, m.x))
			ymx := limbs52(new(big.Int).Sub(m.y, m.x))
			t2d := limbs52(new(big.Int).Mul(twoD, new(big.Int).Mul(m.x, m.y)))
			for c := 0; c < 5; c++ {
				t[r][k][c][j] = ypx[c]
				t[r][k][5+c][j] = ymx[c]
				t[r][k][10+c][j] = t2d[c]
			}
			m = addAffine(m, q)
		}
		for range 4 {
			q = addAffine(q, q)
		}
	}
	return &t
}

// mulAffine returns s·P by double-and-add.
func mulAffine(s *big.Int, P affine) affine {
	acc := affine{big.NewInt(0), big.NewInt(1)}
	for i := s.BitLen() - 1; i >= 0; i-- {
		acc = addAffine(acc, acc)
		if s.Bit(i) == 1 {
			acc = addAffine(acc, P)
		}
	}
	return acc
}

// randBelow returns a random integer in [0, n), n < 2²⁵⁶.
func randBelow(r *rand.Rand, n *big.Int) *big.Int {
	v := new(big.Int)
	for range 4 {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(r.Uint64()))
	}
	return v.Mod(v, n)
}

func scalarBytes(s *big.Int) [32]byte {
	var b [32]byte
	v := s.Bytes()
	for i, x := range v {
		b[len(v)-1-i] = x
	}
	return b
}

// checkBelow52 fails if a limb of x is 2⁵² or more: the multiply-adds
// would drop its top bits.
func checkBelow52(t *testing.T, what string, xs ...*Element52x8) {
	t.Helper()
	for _, x := range xs {
		for i := range x {
			for j, l := range x[i] {
				if l >= 1<<52 {
					t.Fatalf("%s: limb %d of lane %d is %#x, not below 2⁵²", what, i, j, l)
				}
			}
		}
	}
}

func TestRecode16(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 1))
	cases := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(8), big.NewInt(0x88),
		new(big.Int).Sub(order, big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 253), big.NewInt(1))}
	for range 200 {
		cases = append(cases, randBelow(r, new(big.Int).Lsh(big.NewInt(1), 253)))
	}
	for _, s := range cases {
		b := scalarBytes(s)
		d := Recode16(&b)
		sum := new(big.Int)
		for i := 63; i >= 0; i-- {
			v := int8(d[i])
			if v < -8 || v > 8 {
				t.Fatalf("s = %v: digit %d is %d", s, i, v)
			}
			sum.Lsh(sum, 4)
			sum.Add(sum, big.NewInt(int64(v)))
		}
		if sum.Cmp(s) != 0 {
			t.Fatalf("s = %v: digits sum to %v", s, sum)
		}
	}
}

// TestScalarBaseMult52x8 compares the eight-lane comb with double-and-add
// on edge and random scalars below ℓ, checks T·Z = X·Y, the output limbs,
// and every multiplier input of every round and lane sum against 2⁵².
func TestScalarBaseMult52x8(t *testing.T) {
	tab := combTable52()
	B := base()
	r := rand.New(rand.NewPCG(52, 8))
	cases := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(8), big.NewInt(9),
		big.NewInt(-1), new(big.Int).Lsh(big.NewInt(1), 252)}
	cases[5] = new(big.Int).Sub(order, big.NewInt(1))
	n := 12
	if testing.Short() {
		n = 3
	}
	for range n {
		cases = append(cases, randBelow(r, order))
	}
	for _, s := range cases {
		b := scalarBytes(s)
		var out [4]fe.Element
		ScalarBaseMult52x8(&out, tab, &b, &D2x52)
		for i := range out {
			for _, l := range []uint64{out[i].L0, out[i].L1, out[i].L2, out[i].L3, out[i].L4} {
				if l >= 1<<51+1<<15 {
					t.Fatalf("s = %v: output limb %#x beyond 2⁵¹ + 2¹⁵", s, l)
				}
			}
		}
		want := mulAffine(s, B)
		zi := new(big.Int).ModInverse(toBig(&out[2]), p)
		x := mod(new(big.Int).Mul(toBig(&out[0]), zi))
		y := mod(new(big.Int).Mul(toBig(&out[1]), zi))
		tt := mod(new(big.Int).Mul(toBig(&out[3]), zi))
		if x.Cmp(want.x) != 0 || y.Cmp(want.y) != 0 || tt.Cmp(mod(new(big.Int).Mul(x, y))) != 0 {
			t.Fatalf("s = %v: got (%v, %v), want (%v, %v)", s, x, y, want.x, want.y)
		}

		// The same computation step by step, checking the multiplier
		// inputs (ScalarBaseMult52x8's own steps, with the stages kept).
		digits := Recode16(&b)
		var pt combPoint
		for j := 0; j < 8; j++ {
			pt[1][0][j] = 1
			pt[2][0][j] = 1
		}
		var st combStage
		for rd := 0; rd < 8; rd++ {
			var d [8]uint8
			copy(d[:], digits[8*rd:])
			checkBelow52(t, "round input", &pt[0], &pt[1], &pt[2], &pt[3])
			combRound(&st, &pt, &tab[rd], &d)
			checkBelow52(t, "round", &st.ypx, &st.ymx, &st.t2d, &st.s1, &st.d1, &st.e, &st.f, &st.g, &st.h)
		}
		var k Element52x8
		for i := 0; i < 5; i++ {
			for j := 0; j < 8; j++ {
				k[i][j] = D2x52[i]
			}
		}
		var ss sumStage
		for _, l := range []int{4, 2, 1} {
			checkBelow52(t, "sum input", &pt[0], &pt[1], &pt[2], &pt[3])
			sumLanes(&ss, &pt, l, &k)
			checkBelow52(t, "sum", &ss.s1, &ss.d1, &ss.tt, &ss.e, &ss.f, &ss.g, &ss.h)
		}
		var again [4]fe.Element
		for i := range again {
			to51(&again[i], &pt[i])
		}
		if again != out {
			t.Fatalf("s = %v: the stepwise run differs", s)
		}
	}
}

// TestD2x52 checks the constant 2d against math/big.
func TestD2x52(t *testing.T) {
	if got := limbs52(new(big.Int).Mul(big.NewInt(2), dC)); got != D2x52 {
		t.Fatalf("D2x52 = %#x, want %#x", D2x52, got)
	}
}
