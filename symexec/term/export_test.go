package term

// GenTerm exposes the random term generator to the external Z3 tests.
var GenTerm = genTerm

// LaneSum exposes the generator of sums of lanes.
var LaneSum = laneSum
