package attack

// branchLow returns x after a branch on its low bit, which it declares
// leaked: constant time holds for every two x with the same low bit.
//
//vg:spec identityGo
//vg:leaks lowBit
func branchLow(x uint64) uint64

// branchHigh branches on the top bit of x but declares only the low bit
// leaked: two x with equal low bits and different top bits take different
// paths, a violation.
//
//vg:spec identityGo
//vg:leaks lowBit
func branchHigh(x uint64) uint64

// branchAfterStore stores out[1] = a[0], then branches on the low bit of
// a[1] and stores out[0] = a[1]. Apart, the branch is on the declared
// leak; in place (out = a) a[1] was overwritten by a[0], so the branch is
// on a[0]'s low bit, which is not declared.
//
//vg:spec swapLowGo
//vg:leaks secondLow
func branchAfterStore(out, a *[2]uint64)

// retLen returns len(s), where its spec capGo returns cap(s): equal only
// if the model gave the spec the length as the capacity.
//
//vg:spec capGo
//vg:sizes s=1
func retLen(s []uint64) uint64

// retFirst returns s[0]: checked against capTailGo, whose reslice up to
// the capacity the model cannot follow (an error, not a proof).
//
//vg:spec capTailGo
//vg:sizes s=2
//vg:public s i
func retFirst(s []uint64, i uint64) uint64
