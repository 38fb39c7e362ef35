// Package selection holds kernels written against the normaliser's forms
// of a constant-time table selection (symexec/term/select.go): masks from
// arithmetic (the specs), VPCMPEQD's doubleword masks, and a chain of
// CMOVs. Where the kernel computes the spec's words the selections meet
// and it is proved by hash-consing; where it does not (a doubleword
// comparison of an index that may exceed 2³², a chain that tests one
// index twice) it differs on real inputs (the package's tests) and must
// be refuted. Only the tests build it.
package selection

// eqMask is all ones when x = c and 0 otherwise, from arithmetic.
func eqMask(x, c uint64) uint64 {
	v := x ^ c
	return ((v | -v) >> 63) - 1
}

// pickGo returns t[d] for d < 4 and 0 for any other d, reading every
// entry under its mask.
func pickGo(t *[4]uint64, d uint64) uint64 {
	var r uint64
	for j := range t {
		r |= t[j] & eqMask(d, uint64(j))
	}
	return r
}

// pickByteGo is pickGo of a byte index.
func pickByteGo(t *[4]uint64, d uint8) uint64 { return pickGo(t, uint64(d)) }
