package attack

// The kernels below name data and code through RIP-relative memory
// operands, the form the decoder symbolizes (Go's amd64 assembler has no
// absolute sym(SB) operand: MOVQ $sym(SB) becomes a LEAQ and an index
// is refused). The checks on what a kernel reads must apply to it.

// textReadRIP is textRead with the load itself RIP-relative.
//
//vg:spec textGo
func textReadRIP(x uint64) uint64

// alignedRIP reads the second word of alignTab<> with MOVOA: the
// linker aligns the 24-byte symbol to 16, so offset 8 faults.
//
//vg:spec alignTabGo
func alignedRIP() uint64

// alignedRIP0 reads the first word with MOVOA: aligned, proved.
//
//vg:spec alignTab0Go
func alignedRIP0() uint64

// unalignedRIP reads the second word with MOVOU: proved.
//
//vg:spec alignTabGo
func unalignedRIP() uint64

// alignTabGo is alignTab<>'s second word.
func alignTabGo() uint64 { return 2 }

// alignTab0Go is alignTab<>'s first word.
func alignTab0Go() uint64 { return 1 }
