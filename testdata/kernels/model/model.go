// Package model holds assembly kernels that are wrong exactly when an
// assumption of vgcheck's model of the machine and the Go ABI is wrong:
// each must get the verdict its `// want` line (in the .s files) or the
// table of prove.TestModel says. Only the tests build it.
package model

import "unsafe"

// zeroGo is the spec of zeroCap: p[:len(p)] set to zero.
func zeroGo(p []uint64) {
	for i := range p {
		p[i] = 0
	}
}

// zeroCap zeroes p[:cap(p)]: the bytes past the length are not the
// slice's (a caller's append would find them changed).
//
//vg:spec zeroGo
//vg:sizes p=2
func zeroCap(p []uint64)

// sumGo is the spec of sumCap: the sum of p[:len(p)].
func sumGo(p []uint64) uint64 {
	var s uint64
	for _, x := range p {
		s += x
	}
	return s
}

// sumCap sums p[:cap(p)], reading what is not the slice's.
//
//vg:spec sumGo
//vg:sizes p=2
func sumCap(p []uint64) uint64

// firstByteGo is the spec of firstEmpty: p's first byte, 0 if it has none.
func firstByteGo(p []byte) byte {
	if len(p) == 0 {
		return 0
	}
	return p[0]
}

// firstEmpty reads the first byte of an empty slice: there is none (an
// empty slice's region has no bytes; it once had one).
//
//vg:spec firstByteGo
//vg:sizes p=0
func firstEmpty(p []byte) byte

// idGo is the spec of the stack kernels: x.
func idGo(x uint64) uint64 { return x }

// storeFar stores 60,000 bytes below SP in a function with a $0 frame: the
// linker's nosplit check counts none of it.
//
//vg:spec idGo
func storeFar(x uint64) uint64

// storeBelowFrame stores one word below the frame it declares ($16).
//
//vg:spec idGo
func storeBelowFrame(x uint64) uint64

// storeHandSub moves SP down by hand (SUB, which the linker does not count)
// and stores there.
//
//vg:spec idGo
func storeHandSub(x uint64) uint64

// storeInFrame uses the frame it declares: proved.
//
//vg:spec idGo
func storeInFrame(x uint64) uint64

// rotGo is the spec of rot: out = a rotated by one word, all of a read
// before out is written, so out may be a.
func rotGo(out, a *[4]uint64) {
	x := *a
	out[0], out[1], out[2], out[3] = x[3], x[0], x[1], x[2]
}

// rot reads a[1] again after it stored out[1]: right unless out is a.
//
//vg:spec rotGo
func rot(out, a *[4]uint64)

// rotSafe reads all of a first: proved with out = a too.
//
//vg:spec rotGo
func rotSafe(out, a *[4]uint64)

// rotNoAlias is rot with the aliasing excluded by declaration: proved
// under that assumption, which the report lists.
//
//vg:spec rotGo
//vg:noalias out a
func rotNoAlias(out, a *[4]uint64)

// ptrDiffGo is the spec of ptrDiff: a[0] − b[0], and 0 without reading
// them when a and b start at one address (as internal/bytealg's generic
// Compare tests &a[0] == &b[0]).
func ptrDiffGo(a, b []byte) int {
	if &a[0] == &b[0] {
		return 0
	}
	return int(a[0]) - int(b[0])
}

// ptrDiff compares the pointers as its spec does: proved, also at lengths
// that differ (no aliased run then; the distinct run lets the addresses be
// equal, and the spec sees them as the kernel does).
//
//vg:spec ptrDiffGo
//vg:sizes a,b=1:1,2:1
func ptrDiff(a, b []byte) int

// ptrDiffWrong returns 1 for equal pointers: refuted.
//
//vg:spec ptrDiffGo
//vg:sizes a,b=1:1,2:1
func ptrDiffWrong(a, b []byte) int

// addGo is the spec of branchAX: x + 1.
func addGo(x uint64) uint64 { return x + 1 }

// branchEntry branches on the first argument register at entry (AX, R0),
// which ABI0 leaves undefined: called from Go through the ABI wrapper it
// holds x, a secret.
//
//vg:spec addGo
func branchEntry(x uint64) uint64

// countGo is the spec of loopSecret: n itself.
func countGo(n uint64) uint64 { return n }

// loopSecret counts to n one step at a time: its running time, and the
// branch that ends the loop, depend on n, a secret.
//
//vg:spec countGo
func loopSecret(n uint64) uint64

// twiceGo is the spec of callTwice: 2x.
func twiceGo(x uint64) uint64 { return 2 * x }

// callTwice calls the assembly helper double; its proof, and its record,
// cover the helper's code too.
//
//vg:spec twiceGo
func callTwice(x uint64) uint64

// addTwoGo is the spec of the stack-growth prologue kernels.
func addTwoGo(a, b uint64) uint64 { return a + b }

// sumPtrGo is the spec of the pointer-sized kernels: the sum of the n
// words from p.
func sumPtrGo(p *uint64, n int) uint64 {
	var s uint64
	for _, x := range unsafe.Slice(p, n) {
		s += x
	}
	return s
}

// firstParamGo is the spec of gParam: its first parameter.
func firstParamGo(g, b uint64) uint64 { return g }

// derefGo is the spec of the nil tests: *p.
func derefGo(p *uint64) uint64 { return *p }

// firstViaBufGo is the spec of firstViaBuf: p[0], through a buffer it
// allocates and checks apart from p by comparing their addresses as
// integers (as crypto/internal/fips140/alias.AnyOverlap does). A new
// object is apart from every argument: the check never panics.
func firstViaBufGo(p *[2]uint64) uint64 {
	buf := make([]uint64, 2)
	a, b := uintptr(unsafe.Pointer(&buf[0])), uintptr(unsafe.Pointer(&p[0]))
	if a <= b+15 && b <= a+15 {
		panic("overlap")
	}
	copy(buf, p[:])
	return buf[0]
}
