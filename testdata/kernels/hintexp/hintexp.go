// Package hintexp is a reduced HintBitPack (FIPS 204 Algorithm 20): one
// polynomial of 16 coefficients, ω = 6, packed by a branch-free kernel
// that stores at a public symbolic index. It measures whether the spec's
// branchy form and the kernel's form meet. Only the tests build it.
package hintexp

const (
	coeffs = 16
	omega  = 6
)

// hintPackGo is Algorithm 20 for k = 1: the positions of the ones of h,
// then their count.
func hintPackGo(y *[omega + 1]byte, h *[coeffs]int32) {
	*y = [omega + 1]byte{}
	idx := 0
	for j := 0; j < coeffs; j++ {
		if h[j] != 0 {
			y[idx] = byte(j)
			idx++
		}
	}
	y[omega] = byte(idx)
}

// hintOK: every coefficient of h is 0 or 1, and at most ω are 1.
func hintOK(y *[omega + 1]byte, h *[coeffs]int32) bool {
	ok := true
	count := 0
	for j := 0; j < coeffs; j++ {
		ok = ok && (h[j] == 0 || h[j] == 1)
		count += int(h[j] & 1)
	}
	return ok && count <= omega
}
