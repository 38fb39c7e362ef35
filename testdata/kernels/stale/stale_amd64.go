package stale

func keep8Go(p *[8]uint64) {}

// addStaleZmm adds ZMM20, which it never wrote, to the words of p
// (AVX-512 only).
//
//vg:spec keep8Go
func addStaleZmm(p *[8]uint64)
