// Package layout holds two arm64 kernels with the same code at addresses on
// different pages, both reading one table through an ADRP pair: their code
// hashes, and so their records, must be equal (prove.TestCodeHashLayout),
// since a record must not go stale because the linker placed the code or
// the table elsewhere; a third reading the table's second word must not.
package layout

// AddFirst is x plus the table's first word.
func AddFirst(x uint64) uint64 { return x + 3 }

// AddSecond is x plus the table's second word.
func AddSecond(x uint64) uint64 { return x + 5 }
