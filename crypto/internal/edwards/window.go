package edwards

import (
	"sync"

	"vg.dev/crypto/internal/scalar"
	pt4 "vg.dev/kernels/edwards"
)

// Variable-time double-scalar multiplication for verification, whose
// inputs are public: interleaved width-w non-adjacent forms (w = 5 for the
// variable point, 8 for the base point, whose 64 odd multiples are an
// affine table computed once). With AVX-512 IFMA the same loop runs on
// four-lane points (window52.go); here, on the radix-2⁵¹ field kernels.

var (
	baseOddOnce sync.Once
	baseOdd     [64]affineCached // (2i+1)·B
)

func initBaseOdd() {
	var b2, m Point
	b2.Double(&gen)
	m.Set(&gen)
	for i := range baseOdd {
		baseOdd[i] = m.affine()
		m.Add(&m, &b2)
	}
}

// VarTimeDoubleScalarBaseMult sets v = a·A + b·B and returns v. It runs
// in variable time: use it only on public inputs.
func (v *Point) VarTimeDoubleScalarBaseMult(a *scalar.Scalar, A *Point, b *scalar.Scalar) *Point {
	if pt4.Available() {
		return v.varTimeDoubleScalarBaseMult52(a, A, b)
	}
	return v.varTimeDoubleScalarBaseMult51(a, A, b)
}

// varTimeDoubleScalarBaseMult51 is VarTimeDoubleScalarBaseMult on the
// radix-2⁵¹ field kernels.
func (v *Point) varTimeDoubleScalarBaseMult51(a *scalar.Scalar, A *Point, b *scalar.Scalar) *Point {
	baseOddOnce.Do(initBaseOdd)

	var odd [8]cached // (2i+1)·A
	var a2, m Point
	a2.Double(A)
	m.Set(A)
	for i := range odd {
		odd[i].fromPoint(&m)
		m.Add(&m, &a2)
	}

	aNaf := a.NonAdjacentForm(5)
	bNaf := b.NonAdjacentForm(8)
	i := 255
	for i >= 0 && aNaf[i] == 0 && bNaf[i] == 0 {
		i--
	}
	var pp projective
	var c completed
	var u Point
	pp.fromPoint(NewIdentityPoint())
	c.double(&pp) // the identity, in case both scalars are zero
	for ; i >= 0; i-- {
		c.double(&pp)
		if d := aNaf[i]; d > 0 {
			c.add(u.fromCompleted(&c), &odd[d/2])
		} else if d < 0 {
			c.sub(u.fromCompleted(&c), &odd[-d/2])
		}
		if d := bNaf[i]; d > 0 {
			c.addAffine(u.fromCompleted(&c), &baseOdd[d/2])
		} else if d < 0 {
			c.subAffine(u.fromCompleted(&c), &baseOdd[-d/2])
		}
		pp.fromCompleted(&c)
	}
	return v.fromCompleted(&c)
}
