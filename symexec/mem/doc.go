// Package mem is the memory model shared by the machine-code lifter and the Go
// spec interpreter: a set of disjoint regions of bytes whose contents are
// terms.
//
// A region is what one pointer argument points to (its pointee, or a slice's
// backing array), the kernel's stack frame, a data symbol of the binary, or an
// allocation of the spec. Regions are disjoint: an address is a region's
// symbolic base plus an offset, and an access must fall inside one region.
// The initial contents of a symbolic region are 64-bit variables, one per
// aligned word (name@offset); of a data region, the bytes of the binary; of
// an allocation, zeros. Memory records the bytes written since, so two runs
// (kernel and spec) from the same regions can be compared byte by byte.
//
// An access at a symbolic offset is an ite over the places the offset may
// take within its region (symidx.go); that it takes no other value is the
// caller's to prove (Places.InBounds). A load of constant bytes at an
// offset that is a function of one byte is a table lookup (lookup.go).
//
// Not modelled: overlapping regions (aliasing arguments), addresses outside
// every region, and a symbolic offset that may fall at more than
// MaxPlaces places (an error the caller reports).
package mem
