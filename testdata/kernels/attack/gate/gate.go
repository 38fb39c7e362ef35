// Package gate holds kernels that prove, for attacks on the proof records
// (-check-records, -changed-since): each is changed in a way that breaks
// it without touching what the records hash. Only the tests build it.
package gate

// add1Go is x + 1.
func add1Go(x uint64) uint64 { return x + 1 }

// below16 is reqKernel's precondition.
func below16(x uint64) bool { return x < 16 }

// low4Go is x & 15.
func low4Go(x uint64) uint64 { return x & 15 }

// mask returns the mask low4Go2 keeps.
func mask() uint64 { return 15 }

// low4Go2 is x & mask(): its callee is part of the spec.
func low4Go2(x uint64) uint64 { return x & mask() }

// vec is [4]uint64 under another name.
type vec [4]uint64

// rotGo sets out to a rotated by one word.
func rotGo(out *vec, a *[4]uint64) {
	x := *a
	out[0], out[1], out[2], out[3] = x[3], x[0], x[1], x[2]
}

// branchGo is key + x.
func branchGo(key, x uint64) uint64 { return key + x }
