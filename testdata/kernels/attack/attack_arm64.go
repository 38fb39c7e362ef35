package attack

// retOther returns through RET X1 with X1 = LR + 4: the caller resumes one
// instruction after its return address.
//
//vg:spec idGo
func retOther(x uint64) uint64

// ldarMisaligned loads p[1:5] with LDARW, which faults unless 4-aligned.
//
//vg:spec bytes4Go
func ldarMisaligned(p *[16]byte) uint32

// ldaxpPair loads p with LDAXP, which faults unless 16-aligned.
//
//vg:spec firstGo
func ldaxpPair(p *[2]uint64) uint64

// blNoFrame calls a local label with BL in a NOFRAME function: LR is lost.
//
//vg:spec idGo
func blNoFrame(x uint64) uint64

// ownSavedLR overwrites the LR its own prologue saved at 0(RSP).
//
//vg:spec idGo
func ownSavedLR(x uint64) uint64

// insStale inserts x into V0.D[0] and returns V0.D[1], which it never wrote.
//
//vg:spec zeroGo
func insStale(x uint64) uint64

// udivwSecret divides with UDIVW, both operands secret.
//
//vg:spec udiv32Go
//vg:requires nonzeroY32
func udivwSecret(x, y uint32) uint32

// prfmSecret prefetches t[k&3], a secret address, then returns t[0].
//
//vg:spec first4Go2
func prfmSecret(t *[4]uint64, k uint64) uint64

// ldpPast loads p[1] and p[2] with one LDP: p[2] is past p.
//
//vg:spec second2Go
func ldpPast(p *[2]uint64) uint64

// literalFar loads 8 bytes 128 bytes past the load, outside the function:
// what lies there depends on the binary's layout.
//
//vg:spec literalGo
func literalFar() uint64

// addrBitsARM returns the low 12 bits of an address the linker wrote into
// read-only data.
//
//vg:spec addrBitsARMGo
func addrBitsARM() uint64

// argPaddingARM reads the uint32 argument as 8 bytes.
//
//vg:spec lowGo
func argPaddingARM(x uint32) uint64

// globalSecretARM branches on the writable global key.
//
//vg:spec idGo
func globalSecretARM(x uint64) uint64

// rotNamedARM is model.rot with out of a named type.
//
//vg:spec rotNamedGo
func rotNamedARM(out *named, a *[4]uint64)

// dczva zeroes p with DC ZVA, which zeroes the whole aligned block (64
// bytes here) that holds the address, not the 64 bytes from it.
//
//vg:spec zero8Go
func dczva(p *[8]uint64)

// tailB tail-branches to tailHelperARM.
//
//vg:spec add1Go
func tailB(x uint64) uint64

// tailHelperARM returns x + 1.
//
//vg:unverified helper of tailB
func tailHelperARM(x uint64) uint64

// fpcr sets the rounding mode toward zero and returns x.
//
//vg:spec idGo
func fpcr(x uint64) uint64

// writeAbove writes the word after its result, in the caller's frame.
//
//vg:spec idGo
func writeAbove(x uint64) uint64

// spMisalignedCall moves SP by 8 with a pre-indexed store, then loads back
// through the misaligned SP.
//
//vg:spec idGo
func spPreIndex(x uint64) uint64

// levelLSE returns x, but x + 1 when built with GOARM64=v8.1 or higher (the
// assembler defines GOARM64_LSE then).
//
//vg:spec idGo
func levelLSE(x uint64) uint64

// globalSecretSlowARM is globalSecretARM with 32 dependent multiplications
// on the path where key ≠ 0.
//
//vg:spec idGo
func globalSecretSlowARM(x uint64) uint64

// globalAliasARM loads gw, stores x through p, loads gw again and returns
// the difference: 0 unless p is &gw.
//
//vg:spec storeGo
func globalAliasARM(p *uint64, x uint64) uint64

// prefetchSecretARM returns x after a prefetch of p + (x & 63): nothing is
// read, but the line fetched shows x to cache timing, so constant time is
// violated (a prefetch is held to a load's rule).
//
//vg:spec prefetchGo
func prefetchSecretARM(p *[64]byte, x uint64) uint64

// prefetchFixedARM returns x after a prefetch of p + 8: a public address.
//
//vg:spec prefetchGo
func prefetchFixedARM(p *[64]byte, x uint64) uint64
