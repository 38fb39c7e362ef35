// Package stdlib holds the preconditions of the standard library's
// assembly functions that vgcheck survey's built-in table (stdlib.table)
// names: the contracts their callers keep, written over the same
// parameters.
package stdlib

// ShiftInWord is the contract of math/big's lshVU and rshVU: the shift
// count is in [1, 63].
func ShiftInWord(z, x []uint, s uint) bool { return s >= 1 && s < 64 }
