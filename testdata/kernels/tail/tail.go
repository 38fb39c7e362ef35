// Package tail has kernels over a slice whose caller leaves bytes readable
// past its length (//vg:tail), as crypto/sha1's blockAVX2 reads ahead: a
// load there proves only when the tail is declared, a store there or a
// load past it is a frame violation, a result that depends on it is
// refuted; and a kernel that stops when a pointer into the slice reaches a
// data symbol's address proves only where the declared tail makes the two
// objects apart. Only the tests build it.
package tail

func sumGo(p []byte) uint64 {
	var s uint64
	for _, x := range p {
		s += uint64(x)
	}
	return s
}

// sumTail sums p's 16 bytes and loads 8 bytes of its 16-byte tail. It
// proves.
//
//vg:spec sumGo
//vg:sizes p=16
//vg:tail p=16
func sumTail(p []byte) uint64

// sumNoTail is sumTail without the tail declared: a frame violation.
//
//vg:spec sumGo
//vg:sizes p=16
func sumNoTail(p []byte) uint64

// sumTailStore writes a byte of the tail: a frame violation.
//
//vg:spec sumGo
//vg:sizes p=16
//vg:tail p=16
func sumTailStore(p []byte) uint64

// sumPastTail loads 8 bytes at p+25, one past the 16-byte tail: a frame
// violation.
//
//vg:spec sumGo
//vg:sizes p=16
//vg:tail p=16
func sumPastTail(p []byte) uint64

// sumUsesTail adds the tail's first byte: refuted.
//
//vg:spec sumGo
//vg:sizes p=16
//vg:tail p=16
func sumUsesTail(p []byte) uint64

// sumEq returns 0 when p+16 is the address of the table tbl<>: with the
// tail declared, p+16 is inside the caller's object, which is not the
// table. It proves.
//
//vg:spec sumGo
//vg:sizes p=16
//vg:tail p=16
func sumEq(p []byte) uint64

// sumEqNoTail is sumEq without a tail: p+16 is one past p's bytes, where
// another object, the table, may begin. Refuted.
//
//vg:spec sumGo
//vg:sizes p=16
func sumEqNoTail(p []byte) uint64

// sumEqEnd returns 0 when p+32, one past the tail, is the table's
// address, which it may be: refuted.
//
//vg:spec sumGo
//vg:sizes p=16
//vg:tail p=16
func sumEqEnd(p []byte) uint64
