// Package bad holds assembly kernels that vgcheck must not prove; only the
// tests build it.
package bad

// addGo is the spec of the kernels below.
func addGo(x, y uint64) uint64 { return x + y }

// addCPUID executes CPUID, which vgcheck does not model.
//
//vg:spec addGo
func addCPUID(x, y uint64) uint64

// addWrong returns x − y.
//
//vg:spec addGo
func addWrong(x, y uint64) uint64

// addRight returns x + y.
//
//vg:spec addGo
func addRight(x, y uint64) uint64

// firstGo is the spec of firstFar.
func firstGo(p *[4]uint64) uint64 { return p[0] }

// firstFar reads a gigabyte past p: the lifter stops at the access, and
// the kernel, run, faults there.
//
//vg:spec firstGo
func firstFar(p *[4]uint64) uint64

// pickGo is the spec of pickBack: entry i of t.
func pickGo(t *[16]uint64, i uint64) uint64 { return t[i&15] }

// inRange is pickBack's precondition.
func inRange(t *[16]uint64, i uint64) bool { return i < 16 }

// pickBack keeps entry i with CMOVQEQ, every entry read, but steps its
// pointer back after the fourth entry instead of forward: entries 4 to 15
// are read from before t. For i < 4 its result is right, so only a run on
// an index past 3 shows the difference (prove/cex.go, drawWide).
//
//vg:spec pickGo
//vg:requires inRange
func pickBack(t *[16]uint64, i uint64) uint64

// clearGo is the spec of clearPast: p set to zero.
func clearGo(p *[4]uint64) { *p = [4]uint64{} }

// clearPast zeroes p and the word after it: p itself ends right, so only
// the guard bytes around p in the replay show the stray store.
//
//vg:spec clearGo
func clearPast(p *[4]uint64)

// exceedsGo is the spec of exceedsPast: whether some a[i] ≥ bound.
func exceedsGo(a *[4]uint64, bound uint64) uint64 {
	var r uint64
	for _, x := range a {
		if x >= bound {
			r = 1
		}
	}
	return r
}

// boundBelow2to63 is exceedsPast's precondition.
func boundBelow2to63(a *[4]uint64, bound uint64) bool { return bound < 1<<63 }

// exceedsPast checks a fifth word past a too. On random inputs some a[i]
// is above the bound anyway; only small words under a large bound show
// the stray read (prove/cex.go, drawSmallBut).
//
//vg:spec exceedsGo
//vg:requires boundBelow2to63
func exceedsPast(a *[4]uint64, bound uint64) uint64
