//go:build !amd64

package u128

func addAsm(out, a, b *Uint128) { add(out, a, b) }
