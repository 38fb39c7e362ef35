//go:build amd64 || arm64

// Package stale holds kernels that read what their caller left in a
// register or flag, for the replay trampoline (prove/entry.go). Only the
// tests build it.
package stale

func addGo(x, y uint64) uint64 { return x + y }

// addCarryIn adds with carry before any instruction set the carry: the
// result is x + y + whatever carry the caller left.
//
//vg:spec addGo
func addCarryIn(x, y uint64) uint64

// addStaleReg adds a register it never wrote instead of y.
//
//vg:spec addGo
func addStaleReg(x, y uint64) uint64

func keepGo(p *[4]uint64) {}

// addStaleVec adds a vector register it never wrote to the words of p.
//
//vg:spec keepGo
func addStaleVec(p *[4]uint64)

func idGo(x uint64) uint64 { return x }

// zeroAtStale returns x, but 0 where x equals a register it never wrote:
// only an input chosen for the register's value shows the difference.
//
//vg:spec idGo
func zeroAtStale(x uint64) uint64
