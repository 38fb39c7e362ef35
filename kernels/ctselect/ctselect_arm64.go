//go:build arm64 && !purego

package ctselect

// On arm64 Select runs selectCSEL, variant "csel": it reads every entry
// with LDP at addresses from t and constants only, and keeps entry i's words
// with CSEL on the flags of CMP i, $j. It needs no CPU feature, so
// VG_CPU_FEATURES does not change the choice. For i ≥ 16 it writes entry 0
// (unspecified by the contract), reading only the table.

// variantCSEL names the arm64 assembly variant.
const variantCSEL = "csel"

// selectCSEL sets *out = t[i] for i < 16, reading every entry.
//
//vg:spec vg.dev/spec/ctselect.Select
//vg:requires vg.dev/spec/ctselect.InRange
//go:noescape
func selectCSEL(out *Entry, t *Table, i uint64)

// selectVariant is a no-op: selectCSEL needs no CPU feature, so
// VG_CPU_FEATURES cannot change the choice. Tests call it like the other
// kernels' selectVariant.
func selectVariant() {}

// selected names the variant Select uses.
func selected() string { return variantCSEL }

func selectEntry(out *Entry, t *Table, i uint64) { selectCSEL(out, t, i) }
