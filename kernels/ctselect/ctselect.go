package ctselect

import spec "vg.dev/spec/ctselect"

// Entry is one table entry, 16 words (128 bytes). It is the specification's
// type, so the kernel and the spec see the same memory layout.
type Entry = spec.Entry

// Table is 16 entries (2048 bytes); entry j, word w is at byte 128·j + 8·w.
type Table = spec.Table

// Select sets *out = t[i]. i must be less than 16 (see the package
// documentation for what happens otherwise). On amd64, without the purego
// tag, the time taken and the addresses read do not depend on i or on the
// table's contents.
func Select(out *Entry, t *Table, i uint64) { selectEntry(out, t, i) }

// Variant names, as reported by selected.
const (
	variantCMOV    = "cmov"
	variantGeneric = "generic"
)
