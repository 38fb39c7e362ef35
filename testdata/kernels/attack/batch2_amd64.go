package attack

// wrapGo calls the kernel it is the spec of.
func wrapGo(x uint64) uint64 { return specIsKernel(x) }

// initTable returns x + tbl[0]; tbl is set by init (the binary holds 0).
//
//vg:spec idGo
func initTable(x uint64) uint64

// dataTable returns x · dtbl[1], a writable statically initialised table.
//
//vg:spec twoGo
func dataTable(x uint64) uint64

// asmData returns x · wdata<>, a DATA symbol without RODATA (writable).
//
//vg:spec twoGo
func asmData(x uint64) uint64

// setAsmData writes wdata<>: the program may change it.
//
//vg:unverified test helper
func setAsmData(v uint64)

// globalSecret branches on the writable global key.
//
//vg:spec idGo
func globalSecret(x uint64) uint64

// data64 loads a 64-byte read-only symbol with VMOVDQA64: the linker aligns
// it to 32 only.
//
//vg:spec sevenGo
func data64(x uint64) uint64

// hidden jumps into the middle of what decodes, in order, as MOVL $imm, CX:
// the CPU runs the immediate's bytes, INCQ AX.
//
//vg:spec idGo
func hidden(x uint64) uint64

// pushLoop pushes x four times in a loop and pops it four times: the
// assembler records one PUSHQ in the frame.
//
//vg:spec idGo
func pushLoop(x uint64) uint64

// splitFrame is not NOSPLIT: it has the stack-growth prologue.
//
//vg:spec idGo
func splitFrame(x uint64) uint64

// cmovPtr selects the pointer by the secret k and loads through it.
//
//vg:spec cmovPtrGo
func cmovPtr(p, q *[4]uint64, k uint64) uint64

// cmovOOB loads 32(p) with a CMOVQNE whose condition is false: the CPU
// performs the load anyway, one word past p.
//
//vg:spec first4Go
func cmovOOB(p *[4]uint64) uint64

// deferSpec returns x; its spec returns x + 1 through a deferred function.
//
//vg:spec deferGo
func deferSpec(x uint64) uint64

// specIsKernel returns x + 1; its spec calls the kernel itself.
//
//vg:spec wrapGo
func specIsKernel(x uint64) uint64

// twoSecretA branches on key, made secret on the first of two lines.
//
//vg:spec twoSecretGo
//vg:secret key
//vg:secret nonce
func twoSecretA(key, nonce, x uint64) uint64

// twoSecretB branches on nonce, made secret on the second of two lines.
//
//vg:spec twoSecretGo
//vg:secret key
//vg:secret nonce
func twoSecretB(key, nonce, x uint64) uint64

// loadPastY loads 32 bytes from a 16-byte p.
//
//vg:spec firstGo
func loadPastY(p *[2]uint64) uint64

// movsdMerge returns the upper half of X0 after MOVSD X1, X0, which keeps it.
//
//vg:spec zeroGo
func movsdMerge(x uint64) uint64

// gatherSecret gathers t[k&3] with VPGATHERQQ.
//
//vg:spec pickGo
func gatherSecret(t *[4]uint64, k uint64) uint64

// retImm returns with RET $8 (BYTE-encoded): SP ends 8 bytes too high.
//
//vg:spec idGo
func retImm(x uint64) uint64

// emptyRead reads p[0] of an empty slice.
//
//vg:spec firstSliceGo
//vg:sizes p=0
func emptyRead(p []uint64) uint64

// mod2 computes x % 2 as x & 1 (floor remainder).
//
//vg:spec mod2Go
func mod2(x int64) int64

// div2 computes x / 2 as SARQ $1 (floor division).
//
//vg:spec div2Go
func div2(x int64) int64

// andNot computes ^x & y.
//
//vg:spec andNotGo
func andNot(x, y uint64) uint64

// sext zero-extends.
//
//vg:spec sextGo
func sext(x int32) uint64

// zext sign-extends.
//
//vg:spec zextGo
func zext(x uint32) int64

// minU computes the unsigned minimum.
//
//vg:spec minGo
func minU(a, b int64) int64

// noPanic returns x, also at 5, where its spec panics.
//
//vg:spec panicGo
func noPanic(x uint64) uint64

// indexMasked returns t[k&3] by branching on the public k; its spec
// panics for k ≥ 4.
//
//vg:spec indexGo
//vg:public k
func indexMasked(t *[4]uint64, k uint64) uint64

// rotSlice is model.rot on slices whose lengths are given on two lines.
//
//vg:spec rotSliceGo
//vg:sizes out=4
//vg:sizes a=4
func rotSlice(out, a []uint64)

// strStore writes into a string's bytes.
//
//vg:spec strGo
//vg:sizes s=4
func strStore(s string)

// rotNamed is model.rot with out of a named type: &x may be both arguments.
//
//vg:spec rotNamedGo
func rotNamed(out *named, a *[4]uint64)

// pext extracts the bits of a secret under a secret mask (PEXT: variable
// time on AMD before Zen 3).
//
//vg:spec pextGo
func pext(x, m uint64) uint64

// sqrtSecret runs SQRTSD on a secret (latency depends on the operand) and
// returns 0.
//
//vg:spec zeroGo
func sqrtSecret(x uint64) uint64

// mxcsr sets the rounding mode toward zero and returns x: the caller's
// floating point rounds wrongly afterwards.
//
//vg:spec idGo
func mxcsr(x uint64) uint64
