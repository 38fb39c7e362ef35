package field

import (
	"crypto/rand"
	"math/big"
	"testing"
)

var p = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

func toBig(v *Element) *big.Int {
	l := v.l
	x := new(big.Int)
	for _, w := range []uint64{l.L4, l.L3, l.L2, l.L1, l.L0} {
		x.Lsh(x, 51)
		x.Add(x, new(big.Int).SetUint64(w))
	}
	return x.Mod(x, p)
}

// randElements are random encodings, with non-canonical values p … 2²⁵⁵−1,
// 0, 1 and p − 1, decoded, and results of operations (loose limbs).
func randElements(t *testing.T) []*Element {
	var out []*Element
	for _, k := range []int64{0, 1, -1, 19, -19, 18} {
		x := new(big.Int).Mod(big.NewInt(k), p)
		if k == 18 || k == -19 {
			x.Add(x, p) // non-canonical encodings: p + 18 and 2p − 19
			x.Mod(x, new(big.Int).Lsh(big.NewInt(1), 255))
		}
		var b [32]byte
		x.FillBytes(b[:])
		for i := 0; i < 16; i++ {
			b[i], b[31-i] = b[31-i], b[i]
		}
		v, err := new(Element).SetBytes(b[:])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	for range 30 {
		var b [32]byte
		rand.Read(b[:])
		v, _ := new(Element).SetBytes(b[:])
		out = append(out, v)
	}
	// Loose limbs: sums and differences of what came before.
	n := len(out)
	for i := 0; i < n; i++ {
		out = append(out, new(Element).Add(out[i], out[(i+1)%n]), new(Element).Sub(out[i], out[(i+5)%n]))
	}
	return out
}

func TestArithmetic(t *testing.T) {
	xs := randElements(t)
	for i, a := range xs {
		b := xs[(i*13+7)%len(xs)]
		A, B := toBig(a), toBig(b)
		check := func(name string, got *Element, want *big.Int) {
			t.Helper()
			l := got.l
			for _, w := range []uint64{l.L0, l.L1, l.L2, l.L3, l.L4} {
				if w >= 1<<52 {
					t.Fatalf("%s: limb %#x ≥ 2⁵²", name, w)
				}
			}
			if toBig(got).Cmp(new(big.Int).Mod(want, p)) != 0 {
				t.Fatalf("%s(%v, %v) wrong", name, A, B)
			}
		}
		check("Add", new(Element).Add(a, b), new(big.Int).Add(A, B))
		check("Sub", new(Element).Sub(a, b), new(big.Int).Sub(A, B))
		check("Negate", new(Element).Negate(a), new(big.Int).Neg(A))
		check("Multiply", new(Element).Multiply(a, b), new(big.Int).Mul(A, B))
		check("Square", new(Element).Square(a), new(big.Int).Mul(A, A))
		check("Mult32", new(Element).Mult32(a, 121665), new(big.Int).Mul(A, big.NewInt(121665)))
		inv := new(big.Int).ModInverse(A, p)
		if inv == nil {
			inv = new(big.Int)
		}
		check("Invert", new(Element).Invert(a), inv)

		enc := a.Bytes()
		var want [32]byte
		A.FillBytes(want[:])
		for k := 0; k < 16; k++ {
			want[k], want[31-k] = want[31-k], want[k]
		}
		if enc != want {
			t.Fatalf("Bytes(%v) = %x, want %x", A, enc, want)
		}
		if a.Equal(b) != boolInt(A.Cmp(B) == 0) || a.Equal(new(Element).Set(a)) != 1 {
			t.Fatal("Equal")
		}
		if a.IsNegative() != int(A.Bit(0)) {
			t.Fatal("IsNegative")
		}
		var s, u Element
		s.Select(a, b, 1)
		u.Select(a, b, 0)
		if s != *a || u != *b {
			t.Fatal("Select")
		}
		s, u = *a, *b
		s.Swap(&u, 0)
		if s != *a || u != *b {
			t.Fatal("Swap 0")
		}
		s.Swap(&u, 1)
		if s != *b || u != *a {
			t.Fatal("Swap 1")
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestSqrtRatio(t *testing.T) {
	xs := randElements(t)
	for i, u := range xs {
		v := xs[(i*7+3)%len(xs)]
		U, V := toBig(u), toBig(v)
		var r Element
		_, ok := r.SqrtRatio(u, v)
		var want int
		switch {
		case V.Sign() == 0:
			want = boolInt(U.Sign() == 0)
		default:
			q := new(big.Int).Mul(U, new(big.Int).ModInverse(V, p))
			q.Mod(q, p)
			want = boolInt(q.Sign() == 0 || big.Jacobi(q, p) == 1)
		}
		if ok != want {
			t.Fatalf("SqrtRatio(%v, %v) square = %d, want %d", U, V, ok, want)
		}
		if ok == 1 {
			R := toBig(&r)
			if R.Bit(0) != 0 {
				t.Fatal("root is not the non-negative one")
			}
			lhs := new(big.Int).Mul(new(big.Int).Mul(R, R), V)
			if lhs.Mod(lhs, p).Cmp(U) != 0 {
				t.Fatalf("SqrtRatio(%v, %v): r²·v ≠ u", U, V)
			}
		}
	}
	if _, err := new(Element).SetBytes(make([]byte, 31)); err == nil {
		t.Fatal("31-byte SetBytes accepted")
	}
}
