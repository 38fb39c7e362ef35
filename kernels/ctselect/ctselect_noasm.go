//go:build (!amd64 && !arm64) || purego

package ctselect

func selectEntry(out *Entry, t *Table, i uint64) { selectGeneric(out, t, i) }

// selectVariant is a no-op: there is only the generic variant.
func selectVariant() {}

// selected names the variant Select uses.
func selected() string { return variantGeneric }
