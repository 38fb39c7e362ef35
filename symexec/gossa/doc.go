// Package gossa interprets Go spec functions symbolically: it runs the SSA
// form (golang.org/x/tools/go/ssa) of a function on symbolic inputs and
// returns its results and final memory as bit-vector terms, together with
// the conditions under which it panics. The prover compares these terms
// with those lifted from the kernel's machine code.
//
// This package is part of the trusted base: a wrong model of a Go operation
// here could make the prover accept a kernel that differs from its spec.
// It is kept small, and every model follows the Go specification exactly.
//
// # Loading
//
// Load type-checks from source only the packages whose code may be
// interpreted (the named ones and, transitively, those of the functions
// they call), the rest from export data, and builds their SSA form.
//
// # What is modelled
//
//   - Integers of every width and signedness with Go's semantics: wrapping
//     arithmetic, division truncating toward zero (MinInt / -1 wraps),
//     shifts by counts of any integer type (counts of at least the width
//     shift everything out; a signed >> fills with the sign), conversions
//     (truncation, zero or sign extension), comparisons. Booleans are
//     width-1 terms; int, uint and uintptr are 64 bits.
//
//   - Structs and arrays as values (Aggregate), pointers into regions of
//     mem.Memory (Pointer), slices (Slice), with loads and stores of any of
//     these types through the memory layout of types.Sizes. An access at a
//     symbolic offset (a table indexed by a secret) is an ite over the
//     places it may fall (at most 4096, mem.PlacesOf; the stores share
//     mem.StoreAt with the lifters), the last unconditional: Go's bounds
//     check before it ends every path on which it is out of range. An
//     integer loaded from constant bytes at an offset that is a function
//     of one byte (te0[uint8(s>>24)]) is instead the table lookup
//     term.LUT over that byte (mem.Lookup), when every value of the byte
//     is in bounds. Pointers stored in memory are their region's base
//     plus offset.
//
//   - Allocations (new, escaping locals, composite literals, make of a
//     slice with a constant length) as new zeroed Local regions.
//
//   - Control flow: paths are not enumerated. States are advanced block by
//     block in a loop-aware reverse postorder, and all states reaching a
//     block are merged before it runs (values and memory become ites). A
//     branch on a constant goes one way, so loops with constant trip counts
//     unroll; a symbolic branch splits the state. Calls of static functions
//     and closures are interpreted inline and their returns merged.
//
//   - Panics as proof obligations (Outcome.Panics): index and slice bounds,
//     nil dereference, division by zero, negative shift counts, explicit
//     panic, and those of math/bits. A panic ends its path.
//
//   - math/bits functions as the terms the lifted machine code produces
//     (bits.Mul64 as a 128-bit product, Add64/Sub64 carries as bit 64 of a
//     65-bit sum when the carry in is 0 or 1, ...), not by their Go bodies.
//
//   - Package-level variables holding constant data (globals.go): tables
//     of constants initialised by composite literals, and values of zero
//     size, as read-only regions of their declared contents; a variable
//     its package may write, an exported one (other than of zero size),
//     or one initialised by code is an error naming it.
//
//   - Interface values whose dynamic type is known (made by a conversion
//     in the spec): their method calls are static calls of the dynamic
//     type's methods. Methods are specs too, the receiver first.
//
//   - defer of a call (a function, closure or method): its function and
//     arguments evaluated at the defer statement, run last first at the
//     return (RunDefers), in the state they leave. Panics are not
//     modelled past a defer: a deferred call that panics is a panic of
//     the spec, and nothing recovers.
//
//   - unsafe.Slice over a pointer, its elements those of the pointee's
//     region (an access past the region is an error).
//
//   - Loading under another build configuration (LoadConfig): the
//     purego tag, or files chosen as for another architecture
//     (decode.GenericOverlay), for specs that exist only there.
//
// # What is not
//
// Goroutines and channels, maps, interface values of unknown dynamic
// type and type assertions, reflection, floating point and complex
// numbers, strings other than constants (which can only be panic
// arguments), package-level variables other than the above, recover, a
// defer on some paths only (paths that deferred different calls cannot
// merge) and deferred builtins, append, and calls of functions without a Go body
// (assembly, runtime) other than the math/bits models. Each is reported as
// an error naming the instruction and its position, as is a loop whose trip
// count depends on a symbolic value (it exceeds Config.MaxSteps). Regions
// never overlap: two pointer arguments cannot alias. Two pointers into
// different regions cannot be merged; using such a merged value is an error.
package gossa
