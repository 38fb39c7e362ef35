// Package lengths holds amd64 kernels over slices of any length for the
// induction over lengths (prove.AllLengths): one that is right for every
// length, and two that are right for the short lengths a per-length
// proof tries and wrong past them. Only the tests build it.
package lengths

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
