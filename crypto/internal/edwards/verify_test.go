package edwards

import (
	"bytes"
	"crypto/rand"
	"math/big"
	mrand "math/rand/v2"
	"testing"

	"vg.dev/crypto/internal/scalar"
	pt4 "vg.dev/kernels/edwards"
)

// refVerify is the check as crypto/ed25519 makes it, on the reference
// arithmetic: decode A (false if it is no point), encode [s]B − [k]A by
// double-and-add and compare the bytes.
func refVerify(a, r []byte, k, s *scalar.Scalar) bool {
	A, err := new(Point).SetBytes(a)
	if err != nil {
		return false
	}
	P := refMult(s, NewGeneratorPoint())
	P.Subtract(P, refMult(k, A))
	enc := P.Bytes()
	return bytes.Equal(enc[:], r)
}

// verifyCase is one (a, r, k, s) of TestVarTimeVerify.
type verifyCase struct {
	name string
	a, r []byte
	k, s *scalar.Scalar
}

// verifyCases builds relations that hold (r the encoding of [s]B − [k]A)
// for random, small-order and non-canonically encoded A, and the ways r
// can be wrong: the other sign, y + p and y = p … 2²⁵⁵ − 1 (non-canonical),
// x = 0 with the sign bit set, a y that is on no point, another point,
// and A that decodes to no point.
func verifyCases(t *testing.T) []verifyCase {
	var cases []verifyCase
	enc := func(p *Point) []byte { b := p.Bytes(); return b[:] }
	relation := func(name string, a []byte, k, s *scalar.Scalar) {
		A, err := new(Point).SetBytes(a)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		P := refMult(s, NewGeneratorPoint())
		P.Subtract(P, refMult(k, A))
		r := enc(P)
		cases = append(cases, verifyCase{name, a, r, k, s})
		flip := bytes.Clone(r)
		flip[31] ^= 0x80
		cases = append(cases, verifyCase{name + ", sign flipped", a, flip, k, s})
		other := bytes.Clone(r)
		other[0] ^= 1
		cases = append(cases, verifyCase{name + ", y changed", a, other, k, s})
	}
	keys := [][]byte{}
	for range 6 {
		keys = append(keys, enc(refMult(randScalar(t), NewGeneratorPoint())))
	}
	for _, p := range smallOrderPoints(t) {
		keys = append(keys, enc(p))
	}
	// A's y given non-canonically (y + p < 2²⁵⁵ for y < 19): the
	// identity as 1 + p and (0, −1)'s y = p − 1 + … is canonical only.
	ident := []byte{0xee}
	ident = append(ident, bytes.Repeat([]byte{0xff}, 30)...)
	ident = append(ident, 0x7f)
	keys = append(keys, ident)
	scalars := edgeScalars(t)
	for i, a := range keys {
		for j := range 3 {
			k := scalars[(i+j)%len(scalars)]
			s := randScalar(t)
			if j == 2 {
				k = randScalar(t)
			}
			relation("key "+string(rune('A'+i)), a, k, s)
		}
	}

	// r non-canonical or on no point, for a relation that holds with
	// [s]B − [k]A = the identity (k = s = 0) or a point of small order.
	k0, s0 := edgeScalars(t)[0], edgeScalars(t)[0]
	one := edgeScalars(t)[1]
	identityPlusP := bytes.Clone(ident) // y = 1 + p encodes the identity non-canonically
	cases = append(cases,
		verifyCase{"identity, r canonical", keys[0], enc(NewIdentityPoint()), k0, s0},
		verifyCase{"identity, r = 1 + p", keys[0], identityPlusP, k0, s0},
		verifyCase{"identity, r with the sign bit", keys[0], append([]byte{1}, append(make([]byte, 30), 0x80)...), k0, s0},
	)
	for _, p := range smallOrderPoints(t) {
		// [1]B − [1]A for A = B + T: −T.
		var A Point
		A.Add(NewGeneratorPoint(), p)
		var mt Point
		mt.Negate(p)
		cases = append(cases,
			verifyCase{"small order −T", enc(&A), enc(&mt), one, one},
			verifyCase{"small order −T, sign set", enc(&A), func() []byte { b := enc(&mt); b[31] |= 0x80; return b }(), one, one})
	}
	for _, y := range [][]byte{
		append([]byte{0xed}, append(bytes.Repeat([]byte{0xff}, 30), 0x7f)...), // p
		append([]byte{0xec}, append(bytes.Repeat([]byte{0xff}, 30), 0x7f)...), // p − 1 (−1: x = 0)
		append([]byte{0xec}, append(bytes.Repeat([]byte{0xff}, 30), 0xff)...), // p − 1, sign set
		bytes.Repeat([]byte{0xff}, 32),                                        // 2²⁵⁵ − 1, sign set
		append([]byte{2}, make([]byte, 31)...),                                // y = 2: on no point
	} {
		cases = append(cases, verifyCase{"r edge", keys[0], y, randScalar(t), randScalar(t)})
	}
	// A on no point (y = 2), and A = p − 1 + p is too large? (2²⁵⁵ − 1 is
	// y = 18, a non-canonical encoding).
	cases = append(cases,
		verifyCase{"A on no point", append([]byte{2}, make([]byte, 31)...), keys[1], randScalar(t), randScalar(t)},
		verifyCase{"A = 2²⁵⁵ − 1", bytes.Repeat([]byte{0xff}, 32), keys[1], randScalar(t), randScalar(t)},
	)
	// Random bytes for r.
	for range 10 {
		r := make([]byte, 32)
		rand.Read(r)
		cases = append(cases, verifyCase{"random r", keys[2], r, randScalar(t), randScalar(t)})
	}
	return cases
}

// TestVarTimeVerify compares VarTimeVerify and its four-lane path (with
// the kernels where the CPU has them, else their specification) with the
// reference on relations that hold and on every way of breaking them.
func TestVarTimeVerify(t *testing.T) {
	cases := verifyCases(t)
	accepted := 0
	for _, c := range cases {
		want := refVerify(c.a, c.r, c.k, c.s)
		if want {
			accepted++
		}
		if got := VarTimeVerify(c.a, c.r, c.k, c.s); got != want {
			t.Errorf("%s: VarTimeVerify = %v, want %v (a %x, r %x)", c.name, got, want, c.a, c.r)
		}
		if got := varTimeVerify52(c.a, c.r, c.k, c.s); got != want {
			t.Errorf("%s: varTimeVerify52 (kernels %v) = %v, want %v (a %x, r %x)", c.name, pt4.Available(), got, want, c.a, c.r)
		}
	}
	t.Logf("%d of %d cases accepted", accepted, len(cases))
	// Both outcomes are exercised.
	if accepted < len(cases)/5 || accepted == len(cases) {
		t.Fatalf("%d of %d cases accepted", accepted, len(cases))
	}
}

// TestCanonicalY checks canonicalY at and around p.
func TestCanonicalY(t *testing.T) {
	for _, c := range []struct {
		lo, hi byte
		want   bool
	}{
		{0xec, 0x7f, true}, {0xed, 0x7f, false}, {0xff, 0x7f, false},
		{0xec, 0xff, true}, {0xed, 0xff, false}, {0xed, 0x7e, true},
	} {
		r := append([]byte{c.lo}, append(bytes.Repeat([]byte{0xff}, 30), c.hi)...)
		if got := canonicalY(r); got != c.want {
			t.Errorf("canonicalY(%x) = %v, want %v", r, got, c.want)
		}
		r[15] = 0xfe
		if !canonicalY(r) {
			t.Errorf("canonicalY(%x) = false, want true", r)
		}
	}
}

// TestHalfScalar52 checks the lattice path on its own: for random k, s,
// A with a component of every small order, and R = [s]B − [k]A + T for
// each point T of order dividing 8, Q = [d]([s]B − [k]A − R) is the
// identity exactly when T is; and the pair passes its checks for nearly
// every random k (else verification takes the long path).
func TestHalfScalar52(t *testing.T) {
	small := smallOrderPoints(t)
	passed, total := 0, 0
	for i := range 24 {
		k, s := randScalar(t), randScalar(t)
		if i == 0 {
			k = edgeScalars(t)[2] // ℓ − 1: no short pair with d odd
		}
		var A Point
		A.Add(refMult(randScalar(t), NewGeneratorPoint()), small[i%len(small)])
		P := refMult(s, NewGeneratorPoint())
		P.Subtract(P, refMult(k, &A))
		for j, T := range small {
			var R Point
			R.Add(P, T)
			total++
			Q, ok := halfScalar52(k, s, &A, &R)
			if !ok {
				continue
			}
			passed++
			if got, want := isIdentity52(&Q), j == 0; got != want {
				t.Fatalf("k %d, T %d: Q = O is %v, want %v", i, j, got, want)
			}
		}
	}
	if passed < total*9/10 {
		t.Fatalf("the pair passed its checks %d times of %d", passed, total)
	}
	t.Logf("the pair passed its checks %d times of %d", passed, total)
}

// TestCheckPair gives checkPair the pairs of shortPair, which pass, and
// the same pairs made wrong in each way the check must catch: d even, c
// off by 8 (right modulo 8, wrong modulo ℓ), the sign of d flipped, c too
// long; and pairs right modulo ℓ, c = d·k mod ℓ for a random odd d, which
// must pass exactly when they are right modulo 8 too.
func TestCheckPair(t *testing.T) {
	r := mrand.New(mrand.NewPCG(4, 4))
	var right, wrong int
	for range 400 {
		k := randScalar(t)
		kb := k.Bytes()
		kBig := natBig(new(nat4))
		kBig.SetBytes(reverse(kb[:]))
		d := new(big.Int).SetUint64(r.Uint64() | 1)
		d.Lsh(d, uint(r.IntN(60))).SetBit(d, 0, 1)
		c := new(big.Int).Mul(d, kBig)
		c.Mod(c, ellBig)
		if c.BitLen() > 252 {
			continue
		}
		mod8 := new(big.Int).Sub(c, new(big.Int).Mul(d, kBig))
		want := mod8.Mod(mod8, big.NewInt(8)).Sign() == 0
		cn, dn := bigNat(c), bigNat(d)
		if _, _, ok := checkPair(k, &cn, &dn, false); ok != want {
			t.Fatalf("c = d·k mod ℓ, right modulo 8 %v: checkPair says %v", want, ok)
		}
		if want {
			right++
		} else {
			wrong++
		}
	}
	if right == 0 || wrong == 0 {
		t.Fatalf("%d pairs right modulo 8, %d wrong: both must occur", right, wrong)
	}

	eight := nat4{8}
	for range 200 {
		k := randScalar(t)
		kb := k.Bytes()
		kn := bytesNat(&kb)
		c, dAbs, dNeg := shortPair(&kn)
		if _, _, ok := checkPair(k, &c, &dAbs, dNeg); !ok {
			continue // k with no short pair of odd d: shortPair's choice is checked below anyway
		}
		one := nat4{1}
		for _, bad := range []struct {
			name string
			c, d nat4
			neg  bool
		}{
			{"d even", c, dAbs.add(&one), dNeg},
			{"c + 8", c.add(&eight), dAbs, dNeg},
			{"−d", c, dAbs, !dNeg},
			{"c ≥ 2²⁵²", c.add(&nat4{0, 0, 0, 1 << 60}), dAbs, dNeg},
		} {
			if _, _, ok := checkPair(k, &bad.c, &bad.d, bad.neg); ok {
				t.Fatalf("k = %x: checkPair accepts %s", k.Bytes(), bad.name)
			}
		}
	}
}

func reverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i, x := range b {
		out[len(b)-1-i] = x
	}
	return out
}
