package selection

// pickLanes compares d's low doubleword with each entry's number
// (VPCMPEQD against pickIndex) and keeps the entry under that mask: wrong
// for d ≥ 2³² (d = 2³² + 1 selects t[1]).
//
//vg:spec pickGo
//go:noescape
func pickLanes(t *[4]uint64, d uint64) uint64

// pickLanesByte is pickLanes of a byte index, whose doubleword is the
// whole index: right.
//
//vg:spec pickByteGo
//go:noescape
func pickLanesByte(t *[4]uint64, d uint8) uint64

// pickCMOV keeps each entry with CMOVQEQ after CMPQ d, j: right.
//
//vg:spec pickGo
//go:noescape
func pickCMOV(t *[4]uint64, d uint64) uint64

// pickCMOVTwice is pickCMOV testing 2 where it should test 3: t[3] is
// never selected, and d = 2 selects t[3].
//
//vg:spec pickGo
//go:noescape
func pickCMOVTwice(t *[4]uint64, d uint64) uint64
