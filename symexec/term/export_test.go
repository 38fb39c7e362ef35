package term

// GenTerm exposes the random term generator to the external Z3 tests.
var GenTerm = genTerm
