// Package strings holds amd64 kernels with string parameters: one right,
// and three wrong in the ways a string's contract forbids (a store into
// its immutable bytes, a read past its end, a wrong count). Only the
// tests build it.
package strings

// countGo is the spec: the number of bytes of s equal to c, as
// internal/bytealg's generic CountString.
func countGo(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// countTailGo counts c in s[1:], through a substring.
func countTailGo(s string, c byte) int { return countGo(s[1:], c) }
