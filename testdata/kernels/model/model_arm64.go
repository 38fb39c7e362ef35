package model

// writeSavedLR stores over 0(RSP) in a frameless function: the caller's
// saved link register, so the caller returns where the value says.
//
//vg:spec idGo
func writeSavedLR(x uint64) uint64

// writeSavedFP stores over -8(RSP) in a frameless function: the caller's
// saved frame pointer.
//
//vg:spec idGo
func writeSavedFP(x uint64) uint64

// spMisaligned stores through SP moved to an 8-byte boundary inside its
// frame: Linux faults on an SP-based access with SP not 16-byte aligned.
//
//vg:spec idGo
func spMisaligned(x uint64) uint64

// addSplitARM is not NOSPLIT and has a frame above StackSmall: the
// assembler starts it with the stack-growth prologue (MOVD 16(g), R16;
// SUB $d, RSP, R17; CMP R16, R17; BLS to MOVD R30, R3; CALL
// runtime.morestack_noctxt; JMP back), whose fast path the lifter runs,
// assuming the stack suffices (listed in the report).
//
//vg:spec addTwoGo
//vg:public a,b
func addSplitARM(a, b uint64) uint64

// addSplitSmallARM has the prologue of a small frame (CMP R16, RSP).
//
//vg:spec addTwoGo
//vg:public a,b
func addSplitSmallARM(a, b uint64) uint64

// storeBelowSplitARM has the real prologue and stores below the frame it
// declares: the fast path's frame is still checked.
//
//vg:spec addTwoGo
//vg:public a,b
func storeBelowSplitARM(a, b uint64) uint64

// addFakeSplitARM looks like the prologue but its slow path returns 0
// instead of calling runtime.morestack: not recognised, so its load
// through g is an error.
//
//vg:spec addTwoGo
//vg:public a,b
func addFakeSplitARM(a, b uint64) uint64

// addFakeCmpARM has the prologue's slow path but compares SP with R1, not
// with the stack guard: not recognised either.
//
//vg:spec addTwoGo
//vg:public a,b
func addFakeCmpARM(a, b uint64) uint64

// sumPtrARM sums the n words p points to the first of.
//
//vg:spec sumPtrGo
//vg:sizes p,n=3
func sumPtrARM(p *uint64, n int) uint64

// sumPtrPastARM sums n+1 words: the last is not the caller's.
//
//vg:spec sumPtrGo
//vg:sizes p,n=3
func sumPtrPastARM(p *uint64, n int) uint64

// derefOrZeroARM is *p, or 0 when p is nil (CBZ): wrong exactly when p is
// nil, which a pointer to a uint64 never is (proved).
//
//vg:spec derefGo
func derefOrZeroARM(p *uint64) uint64

// firstViaBufARM is p[0]: proved against a spec that checks its buffer
// apart from p (it cannot panic).
//
//vg:spec firstViaBufGo
func firstViaBufARM(p *[2]uint64) uint64
