package attack

// clearFirst is a precondition that writes: it zeroes p[0] and holds.
func clearFirst(p *[4]uint64) bool {
	p[0] = 0
	return true
}

// wide4Go writes all four words of p: a spec for a kernel whose
// parameter has two.
func wide4Go(p *[4]uint64, x uint64) { *p = [4]uint64{x, x, x, x} }

// narrow2Go writes the two words of p: a spec for a kernel whose parameter
// has four.
func narrow2Go(p *[2]uint64, x uint64) { *p = [2]uint64{x, x} }

// intGo is x + 1, for a kernel whose parameter is a pointer.
func intGo(x uint64) uint64 { return x + 1 }

// sum32Go sums 4 uint64 words: a spec over []uint64 for a kernel over []uint32.
func sum64Go(p []uint64) uint64 {
	var s uint64
	for _, v := range p {
		s += v
	}
	return s
}

// scratchGo is o[0] = a[0] + b[0], b unchanged.
func scratchGo(o, a, b *[1]uint64) { o[0] = a[0] + b[0] }
