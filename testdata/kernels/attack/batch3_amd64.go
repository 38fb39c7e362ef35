package attack

// addrBits returns the low 12 bits of an address the linker wrote into
// read-only data: they depend on the binary's layout.
//
//vg:spec addrBitsGo
func addrBits() uint64

// textRead returns the displacement of a CALL in callGo's machine code:
// where the linker put the callee.
//
//vg:spec textGo
func textRead(x uint64) uint64

// retAddr returns 2 bytes past its return address.
//
//vg:spec idGo
func retAddr(x uint64) uint64

// bpSlot overwrites the BP that its prologue saved.
//
//vg:spec idGo
func bpSlot(x uint64) uint64

// writePast writes the word after its result, in the caller's frame.
//
//vg:spec idGo
func writePast(x uint64) uint64

// tailJmp tail-jumps to tailHelper.
//
//vg:spec add1Go
func tailJmp(x uint64) uint64

// tailHelper returns x + 1.
//
//vg:unverified helper of tailJmp and callHelper
func tailHelper(x uint64) uint64

// callHelper calls tailHelper.
//
//vg:spec add1Go
func callHelper(x uint64) uint64

// callGo calls the Go function add1Go.
//
//vg:spec add1Go
func callGo(x uint64) uint64

// tabKernel returns x + 1; its spec reads the Go table specTab.
//
//vg:spec tabGo
func tabKernel(x uint64) uint64

// reqKernel returns x, which is x & 15 under its precondition.
//
//vg:spec low4Go
//vg:requires below16
func reqKernel(x uint64) uint64
