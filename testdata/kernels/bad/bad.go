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
