// Package tables has kernels that read package-level tables their specs
// read too: the declared bytes when the package's Go code only loads a
// table, unknown words otherwise; only the tests build it.
package tables

// rc is a table of constants, as SHA-256's _K is.
var rc = [4]uint64{0x0123456789abcdef, 2, 3, 0xfedcba9876543210}

// rcBumped is written by bump: what a kernel reads of it need not be its
// declared value.
var rcBumped = [2]uint64{5, 6}

func bump() { rcBumped[0]++ }

// rcInit is written by an init function that only the kernels' build has
// (init_nopurego.go).
var rcInit = [1]uint64{1}

// rcMulti is set by a call with another variable: its declared value is
// not its value (a zero array in .bss, as the binary's bytes are too).
var rcMulti, nMulti = multi()

func multi() ([2]uint64, int) { return [2]uint64{5, 0}, 1 }

// rcGen is written by a method of a generic type, which go/ssa builds only
// as instances.
var rcGen = [1]uint64{0}

type poker[T any] struct{}

func (poker[T]) poke() { rcGen[0] = 7 }

func init() { poker[int]{}.poke() }

func idGo(x uint64) uint64 { return x }

func multiGo(x uint64) uint64 { return x + rcMulti[0] }

func mixGo(x uint64) uint64 { return (x ^ rc[0]) + rc[3] }

func bumpedGo(x uint64) uint64 { return x + rcBumped[0] }

func initGo(x uint64) uint64 { return x + rcInit[0] }

// mix computes mixGo from the table. It proves.
//
//vg:spec mixGo
func mix(x uint64) uint64

// mixStore writes the table before reading it: an error (the table is
// read-only to a kernel that reads it as declared).
//
//vg:spec mixGo
func mixStore(x uint64) uint64

// mixWrong adds rc[2] instead of rc[3]: refuted.
//
//vg:spec mixGo
func mixWrong(x uint64) uint64

// bumped reads a table its package writes: not proved (the spec cannot
// read it as declared either).
//
//vg:spec bumpedGo
func bumped(x uint64) uint64

// initRead reads rcInit, which the spec side, built under purego, reads as
// declared: the kernel's build writes it, so the kernel may not.
//
//vg:spec initGo
func initRead(x uint64) uint64

// multiRead adds rcMulti[0], which is 5, not its declared 0: refuted.
//
//vg:spec idGo
func multiRead(x uint64) uint64

// genRead adds rcGen[0], which is 7 once init has run: refuted.
//
//vg:spec idGo
func genRead(x uint64) uint64

// multiSpec returns x, and its spec adds rcMulti[0] (5): not proved (the
// spec side cannot read rcMulti as declared either).
//
//vg:spec multiGo
func multiSpec(x uint64) uint64
