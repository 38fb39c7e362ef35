// Package unknown holds kernels that vgcheck can neither prove nor refute:
// each must end in exit status 2 and never in "proved". Only the tests
// build it.
package unknown

func mulGo(a, b uint64) uint64 { return a * b }

// mulShiftAdd multiplies bit by bit: equal to a*b, but a 64-bit multiplier
// equivalence is beyond the solver in a short timeout.
//
//vg:spec mulGo
func mulShiftAdd(a, b uint64) uint64

func idGo(x uint64) uint64 { return x }

// jumpIndirect jumps to an address it loads from its argument.
//
//vg:spec idGo
func jumpIndirect(x uint64) uint64

// storeAnywhere stores through its integer argument (public, so the
// address is no constant-time finding: it is in no region the model knows).
//
//vg:spec idGo
//vg:public x
func storeAnywhere(x uint64) uint64

// undefinedFlag reads ZF after IMUL, which leaves it undefined.
//
//vg:spec idGo
func undefinedFlag(x uint64) uint64

// spinLong counts down from 2⁴⁰: lifting it would take hours.
//
//vg:spec idGo
func spinLong(x uint64) uint64

// spinForever loops without advancing its counter: it never returns.
//
//vg:spec idGo
func spinForever(x uint64) uint64

// undecodable holds two bytes that encode no instruction.
//
//vg:spec idGo
func undecodable(x uint64) uint64
