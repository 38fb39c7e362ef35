// Package arm64basic holds small arm64 assembly kernels for the arm64
// lifter, end to end: `vgcheck prove -arch arm64` must prove the good ones
// (equivalence, constant time, frame) and flag the bad ones. Each bad
// kernel has a `// want "kind"` comment on the offending .s line. The
// assembly stubs are in arm64basic_arm64.go; this file holds the specs.
package arm64basic

import "math/bits"

// add128Go stores the 128-bit sum a + b as out[0] (low), out[1] (high).
func add128Go(out *[2]uint64, a, b uint64) {
	lo, c := bits.Add64(a, b, 0)
	out[0], out[1] = lo, c
}

// add128PtrGo adds the 128-bit numbers at x and y into out.
func add128PtrGo(out, x, y *[2]uint64) {
	lo, c := bits.Add64(x[0], y[0], 0)
	hi, _ := bits.Add64(x[1], y[1], c)
	out[0], out[1] = lo, hi
}

// sub128PtrGo subtracts the 128-bit number at y from that at x into out.
func sub128PtrGo(out, x, y *[2]uint64) {
	lo, b := bits.Sub64(x[0], y[0], 0)
	hi, _ := bits.Sub64(x[1], y[1], b)
	out[0], out[1] = lo, hi
}

// selectGo is c ? a : b.
func selectGo(c, a, b uint64) uint64 {
	if c != 0 {
		return a
	}
	return b
}

// sum8Go sums the 8 words at p.
func sum8Go(p *[8]uint64) uint64 {
	var s uint64
	for _, v := range p {
		s += v
	}
	return s
}

// mulGo is the 128-bit product of a and b.
func mulGo(a, b uint64) (hi, lo uint64) { return bits.Mul64(a, b) }

// twiceGo is 2x + 1.
func twiceGo(x uint64) uint64 { return 2*x + 1 }

// bitsGo exercises the bitfield moves: ((x >> 8) & 0xffff) | (x << 56).
func bitsGo(x uint64) uint64 { return (x>>8)&0xffff | x<<56 }

// tableGo is x×table[1] + table[3] for the table {1, 2, 3, 4}.
func tableGo(x uint64) uint64 {
	t := [4]uint64{1, 2, 3, 4}
	return x*t[1] + t[3]
}

// maxGo is the larger of a and b.
func maxGo(a, b uint64) uint64 { return max(a, b) }

// bothGo is 1 if a and b are both nonzero, else 0.
func bothGo(a, b uint64) uint64 {
	if a != 0 && b != 0 {
		return 1
	}
	return 0
}

// subGo is a − b.
func subGo(a, b uint64) uint64 { return a - b }

// lookupGo is table[i&3] for the table {1, 2, 3, 4}.
func lookupGo(i uint64) uint64 { return [4]uint64{1, 2, 3, 4}[i&3] }

// divGo is x / y (0 when y is 0).
func divGo(x, y uint64) uint64 {
	if y == 0 {
		return 0
	}
	return x / y
}

// clearGo zeroes *out.
func clearGo(out *[4]uint64) { *out = [4]uint64{} }

func idGo(x uint64) uint64 { return x }
