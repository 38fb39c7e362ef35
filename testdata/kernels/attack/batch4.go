package attack

// copyGo shifts p up by one word with copy, which has memmove semantics:
// the result is p0, p0, p1, p2.
func copyGo(p *[4]uint64) { copy(p[1:], p[:3]) }

// sliceAliasGo writes through a slice of *p and returns p[0]: 7.
func sliceAliasGo(p *[4]uint64) uint64 {
	s := p[:]
	s[0] = 7
	return p[0]
}

// pickPubGo is t[pub[0]&3].
func pickPubGo(k, pub *[4]uint64, t *[4]uint64) uint64 { return t[pub[0]&3] }

// mulGo is the low 32 bits of x times y in each lane.
func mulLanesGo(p *[4]uint64) {
	for i := range p {
		p[i] = (p[i] & 0xffffffff) * (p[i] & 0xffffffff)
	}
}

// stackPickGo is (k & 1).
func stackPickGo(k uint64) uint64 { return k & 1 }

// third4Go is p[2].
func third4Go(p *[4]uint64) uint64 { return p[2] }

// second4Go is p[1].
func second4Go(p *[4]uint64) uint64 { return p[1] }
