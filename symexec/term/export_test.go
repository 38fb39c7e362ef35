package term

import "math/rand"

// GenTerm exposes the random term generator to the external Z3 tests.
var GenTerm = genTerm

// GenTermLUT is the generator with table lookups.
var GenTermLUT = genTermLUT

// LaneSum exposes the generator of sums of lanes.
var LaneSum = laneSum

// ConfluenceCase is TestConfluence's combination for seed (width w, nested
// depth deep) built three ways: unsimplified after the random rewrites,
// and simplified as written and after the rewrites; recipe prints it.
func ConfluenceCase(seed int64, w, depth int) (raw, written, rewritten *Term, recipe string) {
	c := genCombo(rand.New(rand.NewSource(seed)), w, depth)
	b := NewBuilder()
	written = builds{b, false}.combo(c)
	rewritten = builds{b, true}.combo(c)
	raw = builds{NewRawBuilder(), true}.combo(c)
	return raw, written, rewritten, c.String()
}
