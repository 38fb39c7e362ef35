package edwards

import (
	"crypto/rand"
	"testing"

	"vg.dev/crypto/internal/scalar"
)

// refMult is s·p by double-and-add over the bits of s's encoding, the
// simplest correct reference (variable time).
func refMult(s *scalar.Scalar, p *Point) *Point {
	b := s.Bytes()
	acc := NewIdentityPoint()
	for i := 255; i >= 0; i-- {
		acc.Double(acc)
		if b[i/8]>>(i%8)&1 == 1 {
			acc.Add(acc, p)
		}
	}
	return acc
}

func randScalar(t *testing.T) *scalar.Scalar {
	var b [64]byte
	rand.Read(b[:])
	s, err := new(scalar.Scalar).SetUniformBytes(b[:])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// edgeScalars are 0, 1, ℓ − 1 and scalars whose radix-32 digits are all
// ±16 or carry through every position.
func edgeScalars(t *testing.T) []*scalar.Scalar {
	var out []*scalar.Scalar
	for _, h := range []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010", // ℓ − 1
		"1042081042081042081042081042081042081042081042081042081042080000", // digits 16
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0f",
	} {
		var b [64]byte
		for i := 0; i < 32; i++ {
			var x byte
			for _, c := range h[2*i : 2*i+2] {
				x <<= 4
				if c <= '9' {
					x |= byte(c - '0')
				} else {
					x |= byte(c-'a') + 10
				}
			}
			b[i] = x
		}
		s, err := new(scalar.Scalar).SetUniformBytes(b[:])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func TestScalarBaseMult(t *testing.T) {
	scalars := edgeScalars(t)
	for range 40 {
		scalars = append(scalars, randScalar(t))
	}
	for i, s := range scalars {
		var got Point
		got.ScalarBaseMult(s)
		want := refMult(s, NewGeneratorPoint())
		if got.Equal(want) != 1 {
			t.Errorf("scalar %d: ScalarBaseMult differs from double-and-add", i)
		}
	}
}

// TestVarTimeDoubleScalarBaseMult checks the selected path and each path
// this CPU can run (radix 2⁵¹; four lanes, with the IFMA kernels or
// their specification) against double-and-add, on edge and random
// scalars, random points and the points of small order (the identity,
// order 2, 4 and 8: a public key may be one).
func TestVarTimeDoubleScalarBaseMult(t *testing.T) {
	scalars := edgeScalars(t)
	for range 20 {
		scalars = append(scalars, randScalar(t))
	}
	points := smallOrderPoints(t)
	for range len(scalars) {
		points = append(points, refMult(randScalar(t), NewGeneratorPoint()))
	}
	paths := []struct {
		name string
		f    func(v *Point, a *scalar.Scalar, A *Point, b *scalar.Scalar) *Point
	}{
		{"selected", (*Point).VarTimeDoubleScalarBaseMult},
		{"radix51", (*Point).varTimeDoubleScalarBaseMult51},
		{"lanes52", (*Point).varTimeDoubleScalarBaseMult52},
	}
	for _, path := range paths {
		t.Run(path.name, func(t *testing.T) {
			for i, a := range scalars {
				b := scalars[(i*7+3)%len(scalars)]
				A := points[i%len(points)]
				var got, bB Point
				path.f(&got, a, A, b)
				want := refMult(a, A)
				bB.ScalarBaseMult(b)
				want.Add(want, &bB)
				if got.Equal(want) != 1 {
					t.Errorf("pair %d: a·A + b·B differs from the reference", i)
				}
			}
		})
	}
}

// smallOrderPoints returns the eight points of order dividing 8, decoded
// from their encodings (with y = 1, −1, 0 and the order-8 ys).
func smallOrderPoints(t *testing.T) []*Point {
	var out []*Point
	for _, h := range []string{
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0000000000000000000000000000000000000000000000000000000000000080",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	} {
		var b [32]byte
		for i := range b {
			var x byte
			for _, c := range h[2*i : 2*i+2] {
				x <<= 4
				if c <= '9' {
					x |= byte(c - '0')
				} else {
					x |= byte(c-'a') + 10
				}
			}
			b[i] = x
		}
		p, err := new(Point).SetBytes(b[:])
		if err != nil {
			t.Fatalf("%s: %v", h, err)
		}
		var p8 Point
		if p8.MultByCofactor(p).Equal(NewIdentityPoint()) != 1 {
			t.Fatalf("%s is not of order dividing 8", h)
		}
		out = append(out, p)
	}
	return out
}

// TestEncoding round-trips points, and checks that the base point's
// encoding is RFC 8032's.
func TestEncoding(t *testing.T) {
	enc := NewGeneratorPoint().Bytes()
	if enc[0] != 0x58 || enc[31] != 0x66 {
		t.Fatalf("base point encodes as %x", enc)
	}
	for range 20 {
		p := refMult(randScalar(t), NewGeneratorPoint())
		b := p.Bytes()
		q, err := new(Point).SetBytes(b[:])
		if err != nil {
			t.Fatal(err)
		}
		if q.Equal(p) != 1 {
			t.Fatal("decode(encode(p)) != p")
		}
	}
	var two Point
	two.Double(NewGeneratorPoint())
	var twoAdd Point
	twoAdd.Add(NewGeneratorPoint(), NewGeneratorPoint())
	if two.Equal(&twoAdd) != 1 {
		t.Fatal("B + B != 2B")
	}
	var z Point
	z.Subtract(&two, &twoAdd)
	if z.Equal(NewIdentityPoint()) != 1 {
		t.Fatal("2B − 2B is not the identity")
	}
}
