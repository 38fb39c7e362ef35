// Package attack holds assembly kernels written to be wrong on a real call
// (a wrong result, a crash, a corrupted caller, a secret-dependent timing)
// while trying to get vgcheck to prove them. Each kernel targets one
// assumption of the model (README, "What the model assumes"); ATTACKS.md
// lists them with the verdicts vgcheck gave. Only the tests build it.
package attack

// idGo is x.
func idGo(x uint64) uint64 { return x }

// zeroGo is 0.
func zeroGo(x uint64) uint64 { return 0 }

// keep8Go leaves p as it is.
func keep8Go(p *[8]uint64) {}

// firstGo is p[0].
func firstGo(p *[2]uint64) uint64 { return p[0] }

// first4Go is p[0].
func first4Go(p *[4]uint64) uint64 { return p[0] }

// store2Go sets p to (x, y).
func store2Go(p *[2]uint64, x, y uint64) { p[0], p[1] = x, y }

// sdivGo is x / y with Go's semantics: MinInt64 / -1 is MinInt64.
func sdivGo(x, y int64) int64 { return x / y }

// nonzeroY is the precondition of the divisions.
func nonzeroY(x, y int64) bool { return y != 0 }

// udivGo is x / y.
func udivGo(x, y uint64) uint64 { return x / y }

// nonzeroYU is the precondition of udiv kernels.
func nonzeroYU(x, y uint64) bool { return y != 0 }

// shlGo is x << s with Go's semantics: 0 when s ≥ 64.
func shlGo(x, s uint64) uint64 { return x << s }

// pickGo is t[k&3].
func pickGo(t *[4]uint64, k uint64) uint64 { return t[k&3] }

// lowGo is uint64(x).
func lowGo(x uint32) uint64 { return uint64(x) }

// low32Go is the low 32 bits of x.
func low32Go(x uint64) uint64 { return x & 0xffffffff }

// falseGo is false.
func falseGo(x uint64) bool { return false }

// branchGo is key + x.
func branchGo(key, x uint64) uint64 { return key + x }

// rotGo sets out to a rotated by one word, all of a read first.
func rotGo(out, a *[4]uint64) {
	x := *a
	out[0], out[1], out[2], out[3] = x[3], x[0], x[1], x[2]
}

// addGo is x + y.
func addGo(x, y uint64) uint64 { return x + y }

// udiv32Go is x / y.
func udiv32Go(x, y uint32) uint32 { return x / y }

// nonzeroY32 is the precondition of divlSecret.
func nonzeroY32(x, y uint32) bool { return y != 0 }

// first4Go2 is t[0].
func first4Go2(t *[4]uint64, k uint64) uint64 { return t[0] }

// launderGo stores k&3 in buf[0] and returns t[k&3].
func launderGo(buf *[1]uint64, t *[4]uint64, k uint64) uint64 {
	buf[0] = k & 3
	return t[buf[0]]
}

// store4Go sets every word of p to x.
func store4Go(p *[4]uint64, x uint64) { *p = [4]uint64{x, x, x, x} }

// first8Go is p[0].
func first8Go(p *[8]uint64) uint64 { return p[0] }

// bytes4Go is p[1:5] as a little-endian uint32.
func bytes4Go(p *[16]byte) uint32 {
	return uint32(p[1]) | uint32(p[2])<<8 | uint32(p[3])<<16 | uint32(p[4])<<24
}

// second2Go is p[1].
func second2Go(p *[2]uint64) uint64 { return p[1] }

// zero8Go zeroes p.
func zero8Go(p *[8]uint64) { *p = [8]uint64{} }

// literalGo is what literalFar loads in vgcheck's binary.
func literalGo() uint64 { return 0xd65f03c0f9000c04 }

// addrBitsARMGo is what addrBitsARM returns in vgcheck's binary.
func addrBitsARMGo() uint64 { return 0x660 }

// prefetchGo is the spec of the prefetch kernels: x, p untouched.
func prefetchGo(p *[64]byte, x uint64) uint64 { return x }
