package attack

// alignPeelWrong uses MOVOA on p+8 on the path where p is 16-aligned, where
// p+8 is not.
//
//vg:spec second4Go
func alignPeelWrong(p *[4]uint64) uint64

// alignPeelRight uses MOVOA on p+8 only where p+8 is 16-aligned.
//
//vg:spec third4Go
func alignPeelRight(p *[4]uint64) uint64

// stackMOVOA stores with MOVOA into its frame: amd64 Go aligns SP to 8 only.
//
//vg:spec idGo
func stackMOVOA(x uint64) uint64

// ctStack stores the secret k in its frame, loads it back and branches.
//
//vg:spec stackPickGo
func ctStack(k uint64) uint64

// pubAlias indexes t with pub[0], declared public; pub and the secret k
// have one type, so a caller may pass the same pointer.
//
//vg:spec pickPubGo
//vg:secret k
//vg:public pub t
func pubAlias(k, pub *[4]uint64, t *[4]uint64) uint64

// copyForward copies p[0:3] to p[1:4] word by word, forward: p0 p0 p0 p0.
//
//vg:spec copyGo
func copyForward(p *[4]uint64)

// sliceAlias returns p[0] before writing 7 to it.
//
//vg:spec sliceAliasGo
func sliceAlias(p *[4]uint64) uint64

// vpmul squares the low halves with VPMULUDQ on secrets (a warning only).
//
//vg:spec mulLanesGo
func vpmul(p *[4]uint64)

// textStore writes into the machine code of tailHelper.
//
//vg:spec idGo
func textStore(x uint64) uint64

// x15Zero adds X15, which it assumes is zero (ABIInternal's rule, not ABI0's).
//
//vg:spec idGo
func x15Zero(x uint64) uint64
