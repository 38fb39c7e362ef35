// Package asmpkg is a small assembly package used by the decode tests. The
// tests copy it into a module named example.com/vgtest/asm.pkg, whose last
// path element contains a dot.
package asmpkg

import _ "unsafe" // for go:linkname

// add returns x+y.
//
//go:noescape
func add(x, y uint64) uint64

// loadConst returns the second word of a read-only table.
func loadConst() uint64

// loadVar returns the word of a writable data symbol.
func loadVar() uint64

// scratchAddr returns the address of a zero-initialized (bss) symbol.
func scratchAddr() uintptr

// callAdd returns add(x, y), calling it.
func callAdd(x, y uint64) uint64

// nanotime is implemented by the runtime, not by this package's assembly.
//
//go:linkname nanotime runtime.nanotime
func nanotime() int64

// Add is a Go wrapper so that the package has a non-assembly function.
func Add(x, y uint64) uint64 { return add(x, y) + uint64(nanotime()*0) }
