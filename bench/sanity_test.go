//go:build amd64 && !purego

package bench

import (
	"testing"

	"vg.dev/kernels/mldsa"
	spec "vg.dev/spec/mldsa"
)

// TestSameProduct checks that the linknamed CIRCL functions are what the
// benchmarks claim: a product a·b in Z_q[X]/(X²⁵⁶+1) through CIRCL's NTT,
// pointwise product and inverse agrees (mod q, up to the Montgomery factors
// each library documents, found here as one constant for all coefficients)
// with the same product through vg's.
func TestSameProduct(t *testing.T) {
	var a, b mldsa.Poly
	var ca, cb [256]uint32
	for i := range a {
		a[i] = int32((i*7919 + 13) % spec.Q)
		b[i] = int32((i*104729 + 7) % spec.Q)
		ca[i], cb[i] = uint32(a[i]), uint32(b[i])
	}
	mldsa.NTT(&a)
	mldsa.NTT(&b)
	mldsa.PointwiseMontgomery(&a, &a, &b)
	mldsa.InvNTT(&a)
	circlNTT(&ca)
	circlNTT(&cb)
	circlMulHat(&ca, &ca, &cb)
	circlInvNTT(&ca)
	// c·vg[i] ≡ circl[i] for one constant c.
	mod := func(x int64) int64 { return ((x % spec.Q) + spec.Q) % spec.Q }
	inv := func(x int64) int64 { // x^(q−2) mod q
		r, e := int64(1), int64(spec.Q-2)
		for x = mod(x); e > 0; e >>= 1 {
			if e&1 == 1 {
				r = r * x % spec.Q
			}
			x = x * x % spec.Q
		}
		return r
	}
	var c int64 = -1
	for i := range a {
		v, w := mod(int64(a[i])), mod(int64(ca[i]))
		if v == 0 {
			if w != 0 {
				t.Fatalf("coefficient %d: vg 0, circl %d", i, w)
			}
			continue
		}
		ci := w * inv(v) % spec.Q
		if c == -1 {
			c = ci
		} else if ci != c {
			t.Fatalf("coefficient %d: ratio %d, earlier %d", i, ci, c)
		}
	}
	t.Logf("circl = %d · vg (mod q)", c)
}
