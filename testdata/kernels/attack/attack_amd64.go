package attack

// staleUpperY writes X0 with a legacy-SSE MOVQ, which leaves bits 255:128 of
// Y0 as the caller left them, then adds those bits to x.
//
//vg:spec idGo
func staleUpperY(x uint64) uint64

// staleMask zero-masks p through K1, which it never wrote.
//
//vg:spec keep8Go
func staleMask(p *[8]uint64)

// fsLoad loads p[0] with an FS segment override (a BYTE prefix): the CPU
// adds the FS base (the thread's TLS) to the address.
//
//vg:spec firstGo
func fsLoad(p *[2]uint64) uint64

// addr32Load loads p[0] with an address-size prefix: the CPU uses only the
// low 32 bits of the pointer.
//
//vg:spec firstGo
func addr32Load(p *[2]uint64) uint64

// rexIgnored adds with REX.W followed by a 66 prefix: a REX prefix not
// immediately before the opcode is ignored, so the CPU adds 16 bits.
//
//vg:spec addGo
func rexIgnored(x, y uint64) uint64

// idivOverflow divides with IDIVQ: MinInt64 / -1 raises #DE.
//
//vg:spec sdivGo
//vg:public x y
//vg:requires nonzeroY
func idivOverflow(x, y int64) int64

// divSecretDividend divides a secret x by a public y.
//
//vg:spec udivGo
//vg:public y
//vg:requires nonzeroYU
func divSecretDividend(x, y uint64) uint64

// divlSecret divides with the 32-bit DIVL, both operands secret.
//
//vg:spec udiv32Go
//vg:requires nonzeroY32
func divlSecret(x, y uint32) uint32

// prefetchSecret prefetches t[k&3], a secret address, then returns t[0].
//
//vg:spec first4Go2
func prefetchSecret(t *[4]uint64, k uint64) uint64

// launder stores the secret k&3 into public memory, loads it back and
// indexes t with it.
//
//vg:spec launderGo
//vg:public buf
func launder(buf *[1]uint64, t *[4]uint64, k uint64) uint64

// secretTypo branches on key; its directive names a parameter that does
// not exist.
//
//vg:spec branchGo
//vg:secret kye
func secretTypo(key, x uint64) uint64

// rotTypo is model.rot (reads a[1] after storing out[1]) with a noalias
// directive naming a parameter that does not exist.
//
//vg:spec rotGo
//vg:noalias ot a
func rotTypo(out, a *[4]uint64)

// align24 reads p with MOVOA under a declared alignment of 24: an address
// that is a multiple of 24 need not be one of 16.
//
//vg:spec firstGo
//vg:align p=8
func align24(p *[2]uint64) uint64

// align16Y reads 32 bytes with VMOVDQA, which needs 32-byte alignment,
// under a declared alignment of 16.
//
//vg:spec first4Go
//vg:align p=16
func align16Y(p *[4]uint64) uint64

// ntStore stores with MOVNTDQ (Go: MOVNTO), which faults unless 16-aligned.
//
//vg:spec store2Go
func ntStore(p *[2]uint64, x, y uint64)

// ntStoreY stores with VMOVNTDQ, which faults unless 32-aligned.
//
//vg:spec store4Go
func ntStoreY(p *[4]uint64, x uint64)

// ntLoad loads with VMOVNTDQA, which faults unless 16-aligned.
//
//vg:spec firstGo
func ntLoad(p *[2]uint64) uint64

// stdLeft sets the direction flag and returns with it set: ABI0 (and every
// REP string instruction of the caller) needs it clear.
//
//vg:spec idGo
func stdLeft(x uint64) uint64

// argPadding reads the uint32 argument as 8 bytes: the upper 4 are padding
// the ABI wrapper never writes.
//
//vg:spec lowGo
func argPadding(x uint32) uint64

// resultAccum adds x to its result slot, which it never cleared.
//
//vg:spec idGo
func resultAccum(x uint64) uint64

// partialResult writes only the low 4 bytes of its uint64 result.
//
//vg:spec low32Go
func partialResult(x uint64) uint64

// boolTwo returns the byte 2 as a bool (Go's false is 0; TESTB sees true).
//
//vg:spec falseGo
func boolTwo(x uint64) bool

// shlMasked shifts with SHLQ CL, which masks the count to 6 bits; Go's
// x << s is 0 for s ≥ 64.
//
//vg:spec shlGo
//vg:public s
func shlMasked(x, s uint64) uint64
