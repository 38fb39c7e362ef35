package rawbytes

// addBytes returns x + y, its ADDQ written as BYTE directives on two
// lines.
//
//vg:spec addGo
func addBytes(x, y uint64) uint64

// subBytes returns x − y, its SUBQ written as BYTE directives: refuted.
//
//vg:spec addGo
func subBytes(x, y uint64) uint64

// jumpOver returns 7 after jumping over four bytes that are no
// instruction.
//
//vg:spec sevenGo
func jumpOver() uint64

// bumpAsm adds x to c.v and returns it: the method (*counter).bump.
func bumpAsm(c *counter, x uint64) uint64
