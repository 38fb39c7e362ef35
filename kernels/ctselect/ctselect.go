package ctselect

import (
	"unsafe"

	spec "vg.dev/spec/ctselect"
)

// Entry is one table entry, 16 words (128 bytes). It is the specification's
// type, so the kernel and the spec see the same memory layout.
type Entry = spec.Entry

// Table is 16 entries (2048 bytes); entry j, word w is at byte 128·j + 8·w.
type Table = spec.Table

// Select sets *out = t[i]. i must be less than 16 (see the package
// documentation for what happens otherwise). On amd64, without the purego
// tag, the time taken and the addresses read do not depend on i or on the
// table's contents. out may be an entry of t, or overlap t anyhow.
func Select(out *Entry, t *Table, i uint64) {
	// The kernels are proved for out and t apart (pointers to different
	// types, which the prover does not alias): when they overlap, the
	// kernel writes a copy. The test depends only on the addresses.
	if overlaps(out, t) {
		var tmp Entry
		selectEntry(&tmp, t, i)
		*out = tmp
		return
	}
	selectEntry(out, t, i)
}

// overlaps reports whether out's memory meets t's.
func overlaps(out *Entry, t *Table) bool {
	o, lo := uintptr(unsafe.Pointer(out)), uintptr(unsafe.Pointer(t))
	return o < lo+unsafe.Sizeof(*t) && lo < o+unsafe.Sizeof(*out)
}

// Variant names, as reported by selected.
const (
	variantCMOV    = "cmov"
	variantGeneric = "generic"
)
