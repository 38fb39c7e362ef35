//go:build amd64 && !purego

package ctselect

import "vg.dev/kernels/internal/cpuid"

// selectCMOV sets *out = t[i] for i < 16, reading every entry.
//
//vg:spec vg.dev/spec/ctselect.Select
//vg:requires vg.dev/spec/ctselect.InRange
//go:noescape
func selectCMOV(out *Entry, t *Table, i uint64)

// useAVX2 is set by selectVariant: selectAVX2 (ctselect_avx2_amd64.go) when
// the CPU has AVX2 and VG_CPU_FEATURES allows it, selectCMOV otherwise.
var useAVX2 bool

func init() { selectVariant() }

// selectVariant chooses the variant from the CPU features that
// VG_CPU_FEATURES allows. Tests call it again after changing the variable.
func selectVariant() { useAVX2 = cpuid.Has("avx2") }

// selected names the variant Select uses.
func selected() string {
	if useAVX2 {
		return variantAVX2
	}
	return variantCMOV
}

func selectEntry(out *Entry, t *Table, i uint64) {
	if useAVX2 {
		selectAVX2(out, t, i)
	} else {
		selectCMOV(out, t, i)
	}
}
