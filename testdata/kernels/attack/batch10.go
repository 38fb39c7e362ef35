package attack

// Specs and leak functions (//vg:leaks) of the attacks on declassification:
// a kernel may reveal what its leak function returns, and nothing else.

// identityGo is the result x.
func identityGo(x uint64) uint64 { return x }

// lowBit is what branchLow reveals of x.
func lowBit(x uint64) uint64 { return x & 1 }

// lowBitPanics is lowBit, but divides by zero when x is even.
func lowBitPanics(x uint64) uint64 { return 1 / (x & 1) }

// lowBitPointer returns a pointer: no value to declassify.
func lowBitPointer(x uint64) *uint64 { return &x }

// lowBitNarrow takes a uint32 where the kernel takes a uint64.
func lowBitNarrow(x uint32) uint64 { return uint64(x & 1) }

// lowBitNone returns nothing: it declares nothing.
func lowBitNone(x uint64) {}

// swapLowGo is out = (a[1], a[0]) read in that order: in place, out[0]
// is a[0] and out[1] is a[0] too.
func swapLowGo(out, a *[2]uint64) {
	out[1] = a[0]
	out[0] = a[1]
}

// secondLow is what branchAfterStore reveals: the low bit of a[1] as the
// caller passed it.
func secondLow(out, a *[2]uint64) uint64 { return a[1] & 1 }

// secondLowWrites is secondLow, clearing out[0] first.
func secondLowWrites(out, a *[2]uint64) uint64 {
	out[0] = 0
	return a[1] & 1
}

// lowTwoBits reveals bits 0 and 1 of x, as an array.
func lowTwoBits(x uint64) [2]bool { return [2]bool{x&1 != 0, x&2 != 0} }

// lowBitBlank holds x in a blank field, which is no part of the value: it
// declares nothing.
func lowBitBlank(x uint64) struct {
	_ uint64
	A uint64
} {
	return struct {
		_ uint64
		A uint64
	}{x, 0}
}

// secondLowApart is secondLow when out and a are apart, and nothing when
// they are one array: a leak that is not one function of the bytes.
func secondLowApart(out, a *[2]uint64) uint64 {
	if out == a {
		return 0
	}
	return a[1] & 1
}

// capGo returns the capacity of s, which retLen does not know.
func capGo(s []uint64) uint64 { return uint64(cap(s)) }

// capTailGo reads t[i] of t = s[:cap(s)]: in Go, the caller's elements
// past len(s) when len(s) ≤ i < cap(s), which no region here holds.
func capTailGo(s []uint64, i uint64) uint64 {
	t := s[:cap(s)]
	if i < uint64(len(t)) {
		return t[i]
	}
	return 0
}

// quotientSmall divides by x: it panics for x = 0, where what it says of
// the input means nothing.
func quotientSmall(x uint64) bool { return 100/x < 50 }
