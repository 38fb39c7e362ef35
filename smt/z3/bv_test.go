//go:build cgo

package z3

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

var testWidths = []int{1, 8, 64, 65, 128, 512}

func newTestContext(t testing.TB) *Context {
	t.Helper()
	ctx := NewContext(nil)
	if err := ctx.Err(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ctx.Close() })
	return ctx
}

func bigOne() *big.Int { return big.NewInt(1) }

func pow2(n int) *big.Int { return new(big.Int).Lsh(bigOne(), uint(n)) }

func maskOf(w int) *big.Int { return new(big.Int).Sub(pow2(w), bigOne()) }

// mod reduces v mod 2^w (two's complement for negative v).
func mod(v *big.Int, w int) *big.Int { return new(big.Int).And(v, maskOf(w)) }

func signed(v *big.Int, w int) *big.Int { return toSigned(new(big.Int).Set(v), w) }

// testValues returns interesting w-bit values (as unsigned) plus random
// ones.
func testValues(w int, rng *rand.Rand, nrand int) []*big.Int {
	cands := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		maskOf(w), new(big.Int).Sub(maskOf(w), bigOne()),
		pow2(w - 1), maskOf(w - 1),
	}
	var vs []*big.Int
	seen := map[string]bool{}
	for _, c := range cands {
		c = mod(c, w)
		if !seen[c.String()] {
			seen[c.String()] = true
			vs = append(vs, c)
		}
	}
	for range nrand {
		words := make([]big.Word, (w+63)/64+1)
		for i := range words {
			words[i] = big.Word(rng.Uint64())
		}
		vs = append(vs, mod(new(big.Int).SetBits(words), w))
	}
	return vs
}

func b2i(b bool) *big.Int {
	if b {
		return bigOne()
	}
	return big.NewInt(0)
}

type bvBinCase struct {
	name string
	op   func(x, y BV) Value
	// ref returns the expected result: a w-bit unsigned value, or 0/1 for
	// predicates.
	ref  func(a, b *big.Int, w int) *big.Int
	pred bool
}

var bvBinCases = []bvBinCase{
	{"Add", func(x, y BV) Value { return x.Add(y) }, func(a, b *big.Int, w int) *big.Int { return mod(new(big.Int).Add(a, b), w) }, false},
	{"Sub", func(x, y BV) Value { return x.Sub(y) }, func(a, b *big.Int, w int) *big.Int { return mod(new(big.Int).Sub(a, b), w) }, false},
	{"Mul", func(x, y BV) Value { return x.Mul(y) }, func(a, b *big.Int, w int) *big.Int { return mod(new(big.Int).Mul(a, b), w) }, false},
	{"And", func(x, y BV) Value { return x.And(y) }, func(a, b *big.Int, w int) *big.Int { return new(big.Int).And(a, b) }, false},
	{"Or", func(x, y BV) Value { return x.Or(y) }, func(a, b *big.Int, w int) *big.Int { return new(big.Int).Or(a, b) }, false},
	{"Xor", func(x, y BV) Value { return x.Xor(y) }, func(a, b *big.Int, w int) *big.Int { return new(big.Int).Xor(a, b) }, false},
	{"Shl", func(x, y BV) Value { return x.Shl(y) }, func(a, b *big.Int, w int) *big.Int {
		if b.Cmp(big.NewInt(int64(w))) >= 0 {
			return big.NewInt(0)
		}
		return mod(new(big.Int).Lsh(a, uint(b.Uint64())), w)
	}, false},
	{"Lshr", func(x, y BV) Value { return x.Lshr(y) }, func(a, b *big.Int, w int) *big.Int {
		if b.Cmp(big.NewInt(int64(w))) >= 0 {
			return big.NewInt(0)
		}
		return new(big.Int).Rsh(a, uint(b.Uint64()))
	}, false},
	{"Ashr", func(x, y BV) Value { return x.Ashr(y) }, func(a, b *big.Int, w int) *big.Int {
		n := uint(w)
		if b.Cmp(big.NewInt(int64(w))) < 0 {
			n = uint(b.Uint64())
		}
		return mod(new(big.Int).Rsh(signed(a, w), n), w) // Rsh floors: arithmetic shift
	}, false},
	{"UDiv", func(x, y BV) Value { return x.UDiv(y) }, func(a, b *big.Int, w int) *big.Int {
		if b.Sign() == 0 {
			return maskOf(w)
		}
		return new(big.Int).Quo(a, b)
	}, false},
	{"URem", func(x, y BV) Value { return x.URem(y) }, func(a, b *big.Int, w int) *big.Int {
		if b.Sign() == 0 {
			return new(big.Int).Set(a)
		}
		return new(big.Int).Rem(a, b)
	}, false},
	{"SDiv", func(x, y BV) Value { return x.SDiv(y) }, func(a, b *big.Int, w int) *big.Int {
		sa, sb := signed(a, w), signed(b, w)
		if sb.Sign() == 0 {
			if sa.Sign() < 0 {
				return mod(bigOne(), w)
			}
			return maskOf(w)
		}
		return mod(new(big.Int).Quo(sa, sb), w)
	}, false},
	{"SRem", func(x, y BV) Value { return x.SRem(y) }, func(a, b *big.Int, w int) *big.Int {
		sa, sb := signed(a, w), signed(b, w)
		if sb.Sign() == 0 {
			return new(big.Int).Set(a)
		}
		return mod(new(big.Int).Rem(sa, sb), w)
	}, false},
	{"SMod", func(x, y BV) Value { return x.SMod(y) }, func(a, b *big.Int, w int) *big.Int {
		sa, sb := signed(a, w), signed(b, w)
		if sb.Sign() == 0 {
			return new(big.Int).Set(a)
		}
		r := new(big.Int).Rem(sa, sb)
		if r.Sign() != 0 && r.Sign() != sb.Sign() {
			r.Add(r, sb)
		}
		return mod(r, w)
	}, false},
	{"Eq", func(x, y BV) Value { return x.Eq(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(a.Cmp(b) == 0) }, true},
	{"NE", func(x, y BV) Value { return x.NE(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(a.Cmp(b) != 0) }, true},
	{"ULT", func(x, y BV) Value { return x.ULT(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(a.Cmp(b) < 0) }, true},
	{"ULE", func(x, y BV) Value { return x.ULE(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(a.Cmp(b) <= 0) }, true},
	{"UGT", func(x, y BV) Value { return x.UGT(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(a.Cmp(b) > 0) }, true},
	{"UGE", func(x, y BV) Value { return x.UGE(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(a.Cmp(b) >= 0) }, true},
	{"SLT", func(x, y BV) Value { return x.SLT(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(signed(a, w).Cmp(signed(b, w)) < 0) }, true},
	{"SLE", func(x, y BV) Value { return x.SLE(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(signed(a, w).Cmp(signed(b, w)) <= 0) }, true},
	{"SGT", func(x, y BV) Value { return x.SGT(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(signed(a, w).Cmp(signed(b, w)) > 0) }, true},
	{"SGE", func(x, y BV) Value { return x.SGE(y) }, func(a, b *big.Int, w int) *big.Int { return b2i(signed(a, w).Cmp(signed(b, w)) >= 0) }, true},
}

// concreteValue simplifies v, which must then be a numeral or a Boolean
// constant, and returns it as a big.Int (0/1 for Booleans).
func concreteValue(t *testing.T, v Value) *big.Int {
	t.Helper()
	switch v := v.(type) {
	case BV:
		s := v.Simplify()
		n, ok := s.AsBigUnsigned()
		if !ok {
			t.Fatalf("%v simplified to non-numeral %v (err %v)", v, s, s.Err())
		}
		return n
	case Bool:
		s := v.Simplify()
		b, ok := s.AsBool()
		if !ok {
			t.Fatalf("%v simplified to non-constant %v (err %v)", v, s, s.Err())
		}
		return b2i(b)
	}
	t.Fatalf("unexpected value type %T", v)
	return nil
}

func TestBVBinaryOps(t *testing.T) {
	ctx := newTestContext(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, w := range testWidths {
		vals := testValues(w, rng, 6)
		// Shift amounts around the width are the interesting ones.
		shifts := append([]*big.Int{}, vals...)
		for _, s := range []int{w - 1, w, w + 1, w / 2} {
			if s >= 0 {
				shifts = append(shifts, mod(big.NewInt(int64(s)), w))
			}
		}
		for _, tc := range bvBinCases {
			t.Run(fmt.Sprintf("%s/%d", tc.name, w), func(t *testing.T) {
				bs := vals
				if tc.name == "Shl" || tc.name == "Lshr" || tc.name == "Ashr" {
					bs = shifts
				}
				for _, a := range vals {
					for _, b := range bs {
						got := concreteValue(t, tc.op(ctx.BVFromBig(a, w), ctx.BVFromBig(b, w)))
						want := tc.ref(a, b, w)
						if got.Cmp(want) != 0 {
							t.Fatalf("%s(%#x, %#x) on %d bits = %#x, want %#x", tc.name, a, b, w, got, want)
						}
					}
				}
			})
		}
	}
	if err := ctx.Err(); err != nil {
		t.Fatal(err)
	}
}

type bvUnCase struct {
	name  string
	op    func(x BV) BV
	ref   func(a *big.Int, w int) *big.Int
	width func(w int) int
}

func sameWidth(w int) int { return w }

var bvUnCases = []bvUnCase{
	{"Neg", BV.Neg, func(a *big.Int, w int) *big.Int { return mod(new(big.Int).Neg(a), w) }, sameWidth},
	{"Not", BV.Not, func(a *big.Int, w int) *big.Int { return new(big.Int).Xor(a, maskOf(w)) }, sameWidth},
	{"RotateLeft3", func(x BV) BV { return x.RotateLeft(3) }, func(a *big.Int, w int) *big.Int { return rotl(a, 3, w) }, sameWidth},
	{"RotateLeft-5", func(x BV) BV { return x.RotateLeft(-5) }, func(a *big.Int, w int) *big.Int { return rotl(a, -5, w) }, sameWidth},
	{"RotateLeft1000", func(x BV) BV { return x.RotateLeft(1000) }, func(a *big.Int, w int) *big.Int { return rotl(a, 1000, w) }, sameWidth},
	{"RotateRight7", func(x BV) BV { return x.RotateRight(7) }, func(a *big.Int, w int) *big.Int { return rotl(a, -7, w) }, sameWidth},
	{"RotateRight-1", func(x BV) BV { return x.RotateRight(-1) }, func(a *big.Int, w int) *big.Int { return rotl(a, 1, w) }, sameWidth},
	{"ExtractAll", func(x BV) BV { return x.Extract(x.Width()-1, 0) }, func(a *big.Int, w int) *big.Int { return a }, sameWidth},
	{"ExtractTop", func(x BV) BV { return x.Extract(x.Width()-1, x.Width()-1) }, func(a *big.Int, w int) *big.Int { return big.NewInt(int64(a.Bit(w - 1))) }, func(int) int { return 1 }},
	{"ExtractBottom", func(x BV) BV { return x.Extract(0, 0) }, func(a *big.Int, w int) *big.Int { return big.NewInt(int64(a.Bit(0))) }, func(int) int { return 1 }},
	{"ExtractMiddle", func(x BV) BV { return x.Extract(x.Width()/2, x.Width()/4) }, func(a *big.Int, w int) *big.Int {
		return new(big.Int).And(new(big.Int).Rsh(a, uint(w/4)), maskOf(w/2-w/4+1))
	}, func(w int) int { return w/2 - w/4 + 1 }},
	{"ZeroExtend0", func(x BV) BV { return x.ZeroExtend(0) }, func(a *big.Int, w int) *big.Int { return a }, sameWidth},
	{"ZeroExtend13", func(x BV) BV { return x.ZeroExtend(13) }, func(a *big.Int, w int) *big.Int { return a }, func(w int) int { return w + 13 }},
	{"SignExtend13", func(x BV) BV { return x.SignExtend(13) }, func(a *big.Int, w int) *big.Int { return mod(signed(a, w), w+13) }, func(w int) int { return w + 13 }},
	{"SignExtend64", func(x BV) BV { return x.SignExtend(64) }, func(a *big.Int, w int) *big.Int { return mod(signed(a, w), w+64) }, func(w int) int { return w + 64 }},
	{"Repeat3", func(x BV) BV { return x.Repeat(3) }, func(a *big.Int, w int) *big.Int {
		r := new(big.Int).Lsh(a, uint(2*w))
		r.Or(r, new(big.Int).Lsh(a, uint(w)))
		return r.Or(r, a)
	}, func(w int) int { return 3 * w }},
	{"ConcatSelf", func(x BV) BV { return x.Concat(x) }, func(a *big.Int, w int) *big.Int {
		return new(big.Int).Or(new(big.Int).Lsh(a, uint(w)), a)
	}, func(w int) int { return 2 * w }},
	{"Concat7", func(x BV) BV { return x.Concat(x.Context().BVFromUint64(0x5a, 7)) }, func(a *big.Int, w int) *big.Int {
		return new(big.Int).Or(new(big.Int).Lsh(a, 7), big.NewInt(0x5a))
	}, func(w int) int { return w + 7 }},
	{"Simplify", BV.Simplify, func(a *big.Int, w int) *big.Int { return a }, sameWidth},
}

func rotl(a *big.Int, n, w int) *big.Int {
	n %= w
	if n < 0 {
		n += w
	}
	hi := mod(new(big.Int).Lsh(a, uint(n)), w)
	return hi.Or(hi, new(big.Int).Rsh(a, uint(w-n)))
}

func TestBVUnaryOps(t *testing.T) {
	ctx := newTestContext(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, w := range testWidths {
		vals := testValues(w, rng, 12)
		for _, tc := range bvUnCases {
			t.Run(fmt.Sprintf("%s/%d", tc.name, w), func(t *testing.T) {
				for _, a := range vals {
					r := tc.op(ctx.BVFromBig(a, w))
					if err := r.Err(); err != nil {
						t.Fatal(err)
					}
					if got, want := r.Width(), tc.width(w); got != want {
						t.Fatalf("width %d, want %d", got, want)
					}
					got := concreteValue(t, r)
					if want := tc.ref(a, w); got.Cmp(want) != 0 {
						t.Fatalf("%s(%#x) on %d bits = %#x, want %#x", tc.name, a, w, got, want)
					}
				}
			})
		}
	}
}

// TestBVOpsSolver checks a sample of the operations through the solver
// rather than the simplifier: op(x, y) with x, y constrained to numerals
// must equal the reference value.
func TestBVOpsSolver(t *testing.T) {
	ctx := newTestContext(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, w := range []int{1, 8, 64, 65, 128} {
		vals := testValues(w, rng, 2)
		x, y := ctx.BVConst(fmt.Sprintf("x%d", w), w), ctx.BVConst(fmt.Sprintf("y%d", w), w)
		for _, tc := range bvBinCases {
			if w > 64 && (tc.name == "Mul" || tc.name[1:] == "Div" || tc.name[1:] == "Rem" || tc.name == "SMod") {
				continue // fine, but slow to bit-blast
			}
			a, b := vals[rng.IntN(len(vals))], vals[rng.IntN(len(vals))]
			want := tc.ref(a, b, w)
			s := ctx.NewSolver()
			s.Assert(x.Eq(ctx.BVFromBig(a, w)))
			s.Assert(y.Eq(ctx.BVFromBig(b, w)))
			switch r := tc.op(x, y).(type) {
			case BV:
				s.Assert(r.NE(ctx.BVFromBig(want, r.Width())))
			case Bool:
				s.Assert(r.Xor(ctx.FromBool(want.Sign() != 0)))
			}
			if res, err := s.Check(); res != Unsat || err != nil {
				t.Errorf("%s(%#x, %#x) on %d bits: op != %#x is %v (%v), want unsat", tc.name, a, b, w, want, res, err)
			}
		}
	}
}

func TestBVIte(t *testing.T) {
	ctx := newTestContext(t)
	for _, w := range testWidths {
		a, b := ctx.BVFromBig(maskOf(w), w), ctx.BVFromUint64(0, w)
		for _, c := range []bool{false, true} {
			want := big.NewInt(0)
			if c {
				want = maskOf(w)
			}
			for _, v := range []BV{ctx.BVIte(ctx.FromBool(c), a, b), ctx.FromBool(c).IteBV(a, b), ctx.FromBool(c).Ite(a, b).(BV)} {
				if got := concreteValue(t, v); got.Cmp(want) != 0 {
					t.Errorf("ite(%v) on %d bits = %#x, want %#x", c, w, got, want)
				}
			}
		}
	}
}

func TestNumerals(t *testing.T) {
	ctx := newTestContext(t)
	big512 := new(big.Int).Sub(pow2(511), big.NewInt(12345))
	for _, tc := range []struct {
		v    *big.Int
		bits int
	}{
		{big.NewInt(0), 1}, {big.NewInt(1), 1}, {big.NewInt(2), 1}, {big.NewInt(-1), 1},
		{big.NewInt(300), 8}, {big.NewInt(-1), 8}, {big.NewInt(-128), 8}, {big.NewInt(-129), 8},
		{maskOf(64), 64}, {pow2(64), 64}, {big.NewInt(-1), 64}, {pow2(64), 65}, {big.NewInt(-2), 65},
		{big512, 512}, {new(big.Int).Neg(big512), 512}, {pow2(600), 512}, {new(big.Int).Add(pow2(600), big.NewInt(77)), 512},
		{new(big.Int).Neg(pow2(600)), 512}, {big512, 100}, {new(big.Int).Neg(big512), 3000},
	} {
		x := ctx.BVFromBig(tc.v, tc.bits)
		want := mod(tc.v, tc.bits)
		got, ok := x.AsBigUnsigned()
		if !ok || got.Cmp(want) != 0 || x.Width() != tc.bits {
			t.Errorf("BVFromBig(%v, %d) = %v (%v, width %d), want %v", tc.v, tc.bits, got, ok, x.Width(), want)
		}
		gs, _ := x.AsBigSigned()
		if ws := signed(want, tc.bits); gs.Cmp(ws) != 0 {
			t.Errorf("AsBigSigned(BVFromBig(%v, %d)) = %v, want %v", tc.v, tc.bits, gs, ws)
		}
		if tc.v.IsInt64() {
			y := ctx.BVFromInt64(tc.v.Int64(), tc.bits)
			if got, _ := y.AsBigUnsigned(); got.Cmp(want) != 0 {
				t.Errorf("BVFromInt64(%v, %d) = %v, want %v", tc.v, tc.bits, got, want)
			}
		}
		if tc.v.IsUint64() {
			y := ctx.BVFromUint64(tc.v.Uint64(), tc.bits)
			if got, _ := y.AsBigUnsigned(); got.Cmp(want) != 0 {
				t.Errorf("BVFromUint64(%v, %d) = %v, want %v", tc.v, tc.bits, got, want)
			}
		}
	}
	if v, ok := ctx.BVFromUint64(0xdeadbeef, 32).AsUint64(); !ok || v != 0xdeadbeef {
		t.Errorf("AsUint64 = %#x, %v", v, ok)
	}
	if _, ok := ctx.BVFromBig(pow2(100), 128).AsUint64(); ok {
		t.Errorf("AsUint64 of 2^100 succeeded")
	}
	if _, ok := ctx.BVConst("x", 8).AsUint64(); ok {
		t.Errorf("AsUint64 of a constant succeeded")
	}
	if s := ctx.BVFromUint64(10, 8).String(); s != "#x0a" {
		t.Errorf("String = %q", s)
	}
	if s := ctx.BVConst("x", 8).Add(ctx.BVFromUint64(1, 8)).String(); s != "(bvadd x #x01)" {
		t.Errorf("String = %q", s)
	}
}
