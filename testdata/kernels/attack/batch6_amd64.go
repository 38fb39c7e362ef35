package attack

// globalAlias loads gw, stores x through p, loads gw again and returns the
// difference: 0 unless p is &gw, which a Go caller may pass.
//
//vg:spec storeGo
func globalAlias(p *uint64, x uint64) uint64

// btMem tests bit k of memory at p with BTQ k, (p): the CPU addresses the
// word p + 8·(k>>6), not p.
//
//vg:spec btGo
//vg:requires below256
func btMem(p *[4]uint64, k uint64) uint64

// btsMem sets bit k of memory at p with BTSQ k, (p).
//
//vg:spec setBitGo
//vg:requires below256S
func btsMem(p *[4]uint64, k uint64)

// popfAC sets the alignment-check flag with POPFQ and returns: the caller's
// misaligned accesses then fault.
//
//vg:spec idGo
func popfAC(x uint64) uint64

// aliasCT branches on a[1], declared public, after storing the secret out[0]
// to out[1]: when a is out, the branch is on a secret.
//
//vg:spec aliasCTGo
//vg:public a
func aliasCT(out, a *[2]uint64) uint64

// sumFixed sums two words whatever the length: proved for the length listed.
//
//vg:spec sum2Go
//vg:sizes p=2
func sumFixed(p []uint64) uint64

// jumpNext branches on the secret x to the next instruction: both ways
// lead to the same code, but the branch predictor learns x (a mispredicted
// branch costs time).
//
//vg:spec idGo
func jumpNext(x uint64) uint64

// storeSecretAddr stores to p[k&3], a secret address.
//
//vg:spec storePickGo
func storeSecretAddr(p *[4]uint64, k uint64)

// alloca moves SP down by 8·n, a public amount the assembler cannot track,
// and stores there.
//
//vg:spec idGo2
//vg:public n
//vg:requires nBelow4
func alloca(x, n uint64) uint64

// rotReq is model.rot under a precondition that no aliased call meets.
//
//vg:spec rotGo
//vg:requires firstDiffer
func rotReq(out, a *[4]uint64)
