package model

import "unsafe"

// firstGo is the spec of the alignment kernels: p[0].
func firstGo(p *[2]uint64) uint64 { return p[0] }

// firstAligned reads p with an access that faults unless p is 16-byte
// aligned; Go aligns a *[2]uint64 to 8 only.
//
//vg:spec firstGo
func firstAligned(p *[2]uint64) uint64

// firstAlignedSSE reads p with a legacy-SSE instruction whose 16-byte
// memory operand must be aligned.
//
//vg:spec firstGo
func firstAlignedSSE(p *[2]uint64) uint64

// firstAlignedAES reads p as the round key of a legacy AES-NI round,
// whose 16-byte memory operand must be aligned (an AES round of the zero
// state is 0x63 in every byte, then the key).
//
//vg:spec firstGo
func firstAlignedAES(p *[2]uint64) uint64

// firstAlignedPALIGNR reads p with a legacy-SSE PALIGNR, whose memory
// operand must be aligned.
//
//vg:spec firstGo
func firstAlignedPALIGNR(p *[2]uint64) uint64

// firstUnalignedVEX reads p with the VEX forms of the same instructions,
// which need no alignment: proved.
//
//vg:spec firstGo
func firstUnalignedVEX(p *[2]uint64) uint64

// firstDeclared is firstAligned with the alignment declared: proved under
// that assumption, which the report lists; FirstDeclared guarantees it.
//
//vg:spec firstGo
//vg:align p=16
func firstDeclared(p *[2]uint64) uint64

// FirstDeclared calls firstDeclared on a 16-byte aligned copy of p, as its
// directive requires of every caller.
func FirstDeclared(p *[2]uint64) uint64 {
	var buf [3]uint64
	a := aligned16(&buf)
	*a = *p
	return firstDeclared(a)
}

// aligned16 returns the 16-byte aligned pair of words inside buf.
func aligned16(buf *[3]uint64) *[2]uint64 {
	if uintptr(unsafe.Pointer(buf))&15 == 0 {
		return (*[2]uint64)(buf[0:2])
	}
	return (*[2]uint64)(buf[1:3])
}

// addSplit is not NOSPLIT and has a frame above StackSmall: it starts
// with the stack-growth prologue, whose fast path the lifter runs,
// assuming the stack suffices (listed in the report).
//
//vg:spec addTwoGo
//vg:public a,b
func addSplit(a, b uint64) uint64

// addFakeSplit looks like the prologue but its slow path returns 0
// instead of calling runtime.morestack: not recognised, so its read of
// g.stackguard0 through the g it loaded is an error.
//
//vg:spec addTwoGo
//vg:public a,b
func addFakeSplit(a, b uint64) uint64

// sumPtr sums the n words p points to the first of.
//
//vg:spec sumPtrGo
//vg:sizes p,n=3
func sumPtr(p *uint64, n int) uint64

// sumPtrPast sums n+1 words: the last is not the caller's.
//
//vg:spec sumPtrGo
//vg:sizes p,n=3
func sumPtrPast(p *uint64, n int) uint64

// xorPtrGo is the spec of xorPtr: dst[i] = a[i] ^ b[i] over n words,
// dst possibly a or b.
func xorPtrGo(dst, a, b *uint64, n int) {
	d, x, y := unsafe.Slice(dst, n), unsafe.Slice(a, n), unsafe.Slice(b, n)
	for i := range d {
		d[i] = x[i] ^ y[i]
	}
}

// xorPtr xors n words, reading both before it writes: correct under
// every aliasing of its pointers.
//
//vg:spec xorPtrGo
//vg:sizes dst,a,b,n=2
func xorPtr(dst, a, b *uint64, n int)

// gMasked reads g from thread-local storage and masks it out: g is a
// public value no result depends on, so it is proved.
//
//vg:spec addTwoGo
//vg:public a,b
func gMasked(a, b uint64) uint64

// gLeak mixes g's address into its result: refuted (g is any value).
//
//vg:spec addTwoGo
//vg:public a,b
func gLeak(a, b uint64) uint64

// addViaGo tail-calls the Go spec itself, through the ABI0 wrapper the
// linker makes for it (which loads g from thread-local storage into R14,
// as ABIInternal wants, and calls the compiled Go code): proved.
//
//vg:spec addTwoGo
//vg:public a,b
func addViaGo(a, b uint64) uint64

// realignInFrame rounds SP+15 down to a multiple of 16 (Go keeps SP
// 8-aligned only) and uses the 16 aligned bytes there, inside its $32
// frame whatever SP is modulo 16: proved on both residues.
//
//vg:spec idGo
func realignInFrame(x uint64) uint64

// realignBelowFrame rounds SP itself down to a multiple of 16: when SP is
// 8 modulo 16 the 16 bytes there start 8 below its frame.
//
//vg:spec idGo
func realignBelowFrame(x uint64) uint64

// gParam returns g's address where its spec returns its parameter named
// g: refuted (the goroutine's address is its own variable, whatever the
// parameters are called).
//
//vg:spec firstParamGo
//vg:public g,b
func gParam(g, b uint64) uint64

// derefOrZero is *p, or 0 when p is nil: wrong exactly when p is nil,
// which a pointer to a uint64 never is (proved: the model's pointers are
// not nil).
//
//vg:spec derefGo
func derefOrZero(p *uint64) uint64

// firstViaBuf is p[0]: proved against a spec that checks its buffer apart
// from p (it cannot panic).
//
//vg:spec firstViaBufGo
func firstViaBuf(p *[2]uint64) uint64
