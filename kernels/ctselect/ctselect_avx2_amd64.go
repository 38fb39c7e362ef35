//go:build amd64 && !purego

package ctselect

// variantAVX2 names the AVX2 variant, as reported by selected.
const variantAVX2 = "avx2"

// selectAVX2 sets *out = t[i] for i < 16 with AVX2: every entry is read,
// 32 bytes at a time, and kept under a VPCMPEQD mask (see
// ctselect_avx2_amd64.s).
//
//vg:spec vg.dev/spec/ctselect.Select
//vg:requires vg.dev/spec/ctselect.InRange
//go:noescape
func selectAVX2(out *Entry, t *Table, i uint64)
