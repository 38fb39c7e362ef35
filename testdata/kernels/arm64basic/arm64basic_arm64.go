package arm64basic

// add128 adds with ADDS and ADC and stores through the pointer with STP.
//
//vg:spec add128Go
func add128(out *[2]uint64, a, b uint64)

// add128Ptr loads with LDP, adds with ADDS, ADCS and ADC.
//
//vg:spec add128PtrGo
func add128Ptr(out, x, y *[2]uint64)

// sub128Ptr subtracts with SUBS and SBC.
//
//vg:spec sub128PtrGo
func sub128Ptr(out, x, y *[2]uint64)

// selectCSEL selects without a branch.
//
//vg:spec selectGo
func selectCSEL(c, a, b uint64) uint64

// sum8 loops 8 times (a constant trip count) with post-index loads.
//
//vg:spec sum8Go
func sum8(p *[8]uint64) uint64

// mul128 multiplies with UMULH and MUL.
//
//vg:spec mulGo
func mul128(a, b uint64) (hi, lo uint64)

// twice calls twiceHelper with BL from a frame.
//
//vg:spec twiceGo
func twice(x uint64) uint64

// twiceHelper is 2x + 1 (an ABI0 leaf called by twice).
func twiceHelper(x uint64) uint64

// bitfield uses UBFX and ORR with a shifted register.
//
//vg:spec bitsGo
func bitfield(x uint64) uint64

// tableMul loads two words of a read-only table through ADRP + ADD and
// ADRP + LDR.
//
//vg:spec tableGo
func tableMul(x uint64) uint64

// maxPublic branches on public values: both paths are proved.
//
//vg:spec maxGo
//vg:public a b
func maxPublic(a, b uint64) uint64

// both uses CMP, CCMP and CSET: constant time.
//
//vg:spec bothGo
func both(a, b uint64) uint64

// clobberG returns a + b but writes R28 (g).
//
//vg:spec subGo
func clobberG(a, b uint64) uint64

// leakSP returns a − b but does not restore RSP.
//
//vg:spec subGo
func leakSP(a, b uint64) uint64

// addWrong computes a + b instead of a − b.
//
//vg:spec subGo
func addWrong(a, b uint64) uint64

// selectBranch branches on the secret c.
//
//vg:spec selectGo
func selectBranch(c, a, b uint64) uint64

// lookupSecret loads from the table at a secret index.
//
//vg:spec lookupGo
func lookupSecret(i uint64) uint64

// divSecret divides by the secret y with UDIV.
//
//vg:spec divGo
func divSecret(x, y uint64) uint64

// clearPast writes one word past the end of *out.
//
//vg:spec clearGo
func clearPast(out *[4]uint64)

// spinForever loops without advancing its counter: it never returns.
//
//vg:spec idGo
func spinForever(x uint64) uint64
