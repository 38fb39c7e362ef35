package specs

// Package-level variables and interface calls (globals.go, instr.go).

// roundK is a read-only table of round constants.
var roundK = [8]uint32{0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5}

// pairs is a table of structs, partly keyed, partly omitted.
var pairs = [3]struct {
	a uint16
	b uint64
}{{1, 0xffffffffffffffff}, {b: 7}}

// Tables reads both tables at indices that depend on i.
func Tables(i uint8, x uint32) uint32 {
	return roundK[i&7] + x + uint32(pairs[i%3].b) + uint32(pairs[0].a)
}

// order is an interface with one implementation of zero size.
type order interface{ u32(b *[4]byte) uint32 }

type little struct{}

func (little) u32(b *[4]byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// Little is exported and of zero size, as encoding/binary.LittleEndian.
var Little little

// Iface calls a method of a zero-size value directly and through an
// interface whose dynamic type is known.
func Iface(b *[4]byte, flip bool) uint32 {
	var o order = Little
	x := o.u32(b)
	if flip {
		x = ^x
	}
	return x + Little.u32(b)
}

// counter is written by Bump: a spec may not read it.
var counter uint64

func Bump() { counter++ }

// ReadsCounter reads a variable its package writes.
func ReadsCounter(x uint64) uint64 { return x + counter }

// Exported is not of zero size: code anywhere may change it.
var Exported = [2]uint64{1, 2}

// ReadsExported reads it.
func ReadsExported(x uint64) uint64 { return x + Exported[1] }

// computed is initialised by a call.
var computed = square(3)

func square(x uint64) uint64 { return x * x }

// ReadsComputed reads it.
func ReadsComputed(x uint64) uint64 { return x + computed }
