// Package stdlib holds the preconditions of the standard library's
// assembly functions that vgcheck survey's built-in table
// (survey/stdlib.table) names: the contracts their callers keep, written
// over the same parameters (with look-alike types for unexported ones: the
// prover matches layouts, not names).
package stdlib
