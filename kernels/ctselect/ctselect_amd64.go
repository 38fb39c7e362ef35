//go:build amd64 && !purego

package ctselect

// selectCMOV sets *out = t[i] for i < 16, reading every entry.
//
//vg:spec vg.dev/spec/ctselect.Select
//vg:requires vg.dev/spec/ctselect.InRange
//go:noescape
func selectCMOV(out *Entry, t *Table, i uint64)

// selectVariant is a no-op: selectCMOV needs no CPU feature, so
// VG_CPU_FEATURES cannot change the choice. Tests call it like the other
// kernels' selectVariant.
func selectVariant() {}

// selected names the variant Select uses.
func selected() string { return variantCMOV }

func selectEntry(out *Entry, t *Table, i uint64) { selectCMOV(out, t, i) }
