// Package pageread holds amd64 kernels that load 16 bytes of a shorter
// slice, as internal/bytealg's searches do, for //vg:pageread: one that
// first checks that the load stays in the slice's pages (proved), and
// ones that check the wrong address, do not check, let the bytes past the
// slice reach the result, or are proved without //vg:pageread. Only the
// tests build it.
package pageread

// matchMaskGo is the spec: bit i set when b[i] == c.
func matchMaskGo(b []byte, c byte) uint64 {
	var m uint64
	for i := range b {
		if b[i] == c {
			m |= 1 << i
		}
	}
	return m
}
