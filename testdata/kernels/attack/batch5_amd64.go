package attack

// reqWrites returns 0; its spec returns p[0], and its precondition writes
// p[0] = 0.
//
//vg:spec first4Go
//vg:requires clearFirst
func reqWrites(p *[4]uint64) uint64

// narrowKernel has a *[2]uint64 parameter but writes four words: its spec's
// parameter is a *[4]uint64.
//
//vg:spec wide4Go
func narrowKernel(p *[2]uint64, x uint64)

// wideKernel has a *[4]uint64 parameter and writes two words, like its spec
// over a *[2]uint64.
//
//vg:spec narrow2Go
func wideKernel(p *[4]uint64, x uint64)

// ptrKernel loads *p + 1; its spec takes an integer.
//
//vg:spec intGo
func ptrKernel(p *uint64) uint64

// sliceElem sums p as 64-bit words although its elements are uint32.
//
//vg:spec sum64Go
//vg:sizes p=4
func sliceElem(p []uint32) uint64

// scratch uses b as scratch: wrong when a is b.
//
//vg:spec scratchGo
func scratch(o, a, b *[1]uint64)

// levelV3 returns x, but x + 1 when built with GOAMD64=v3 or higher: the
// assembler defines GOAMD64_v3 then, so what ships depends on the build.
//
//vg:spec idGo
func levelV3(x uint64) uint64

// globalSecretSlow is globalSecret with 32 dependent multiplications on
// the path where key ≠ 0, so the branch shows in the time taken.
//
//vg:spec idGo
func globalSecretSlow(x uint64) uint64
