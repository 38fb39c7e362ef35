// Package strays has directives that do not act as directives, which
// vgcheck must warn about, and an assembly function with none, which
// -strict must reject; only the tests build it.
package strays

func addGo(x, y uint64) uint64 { return x + y }

// spaced has "// vg:spec" with a space: no directive at all.
//
// vg:spec addGo
func spaced(x, y uint64) uint64

//vg:spec addGo

// detached has its directive above a blank line: not its doc comment.
func detached(x, y uint64) uint64

// trailing has its directive after another on the same line.
//
//go:noescape //vg:spec addGo
func trailing(x, y uint64) uint64

// onGo puts a directive on a function with a Go body.
//
//vg:spec addGo
func onGo(x, y uint64) uint64 { return x + y }

// unverified is knowingly not proved.
//
//vg:unverified kept for a benchmark only
func unverified(x, y uint64) uint64

// proved has a good directive.
//
//vg:spec addGo
func proved(x, y uint64) uint64
