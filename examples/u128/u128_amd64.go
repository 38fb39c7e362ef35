//go:build amd64

package u128

// addAsm sets out = a + b mod 2¹²⁸ with ADDQ and ADCQ.
//
//vg:spec add
//go:noescape
func addAsm(out, a, b *Uint128)
