// Package lengthsmodel holds amd64 kernels over slices that the induction
// over lengths (prove.AllLengths) must not prove, each right in a model
// weaker than the per-length proofs' and wrong in theirs: a kernel wrong
// only when two slices are the same memory, one that counts by the
// capacity rather than the length, and one right only while a vector
// register keeps its value from the entry. Only the tests build it.
package lengthsmodel

import "math/bits"

// addGo is the spec: z = x + y with carry, as math/big's addVV_g.
func addGo(z, x, y []uint64) (c uint64) {
	for i := range z {
		zi, cc := bits.Add64(x[i], y[i], c)
		z[i] = zi
		c = cc
	}
	return
}
