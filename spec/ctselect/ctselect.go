// Package ctselect is the specification of table selection: reading one
// entry of a small table. The amd64 kernels in vg.dev/kernels/ctselect are
// proved equal to Select under the precondition InRange, and are written to
// run in time independent of the index; this specification is not (it
// indexes with i directly), which is why it is the clearest statement of
// what the kernels compute and nothing more.
//
// A Table is 16 entries of 16 uint64 words (128 bytes each, 2 KiB in all),
// the layout the kernels read: entry j, word w is at byte offset
// 128·j + 8·w.
package ctselect

// Entry is one table entry: 16 words, 128 bytes.
type Entry [16]uint64

// Table is 16 entries, 2048 bytes.
type Table [16]Entry

// Select sets *out = t[i]. It is the spec: the clearest code, and it indexes
// with i directly. It panics if i >= 16.
func Select(out *Entry, t *Table, i uint64) { *out = t[i] }

// InRange is the precondition of the kernels: i < 16. It takes the kernels'
// parameters so that the prover can assume it.
func InRange(out *Entry, t *Table, i uint64) bool { return i < 16 }
