package ctselect

import (
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/ctselect"
)

// goloopSelect is the fair baseline: constant-time selection in plain Go,
// scanning every entry and keeping entry i's words under a mask. The words
// are written out because the compiler does not unroll an inner loop over
// them, which doubles the time.
func goloopSelect(out *Entry, t *Table, i uint64) {
	var acc Entry
	for j := range t {
		d := uint64(j) ^ i
		m := ((d | -d) >> 63) - 1 // all ones exactly when j == i
		e := &t[j]
		acc[0] |= e[0] & m
		acc[1] |= e[1] & m
		acc[2] |= e[2] & m
		acc[3] |= e[3] & m
		acc[4] |= e[4] & m
		acc[5] |= e[5] & m
		acc[6] |= e[6] & m
		acc[7] |= e[7] & m
		acc[8] |= e[8] & m
		acc[9] |= e[9] & m
		acc[10] |= e[10] & m
		acc[11] |= e[11] & m
		acc[12] |= e[12] & m
		acc[13] |= e[13] & m
		acc[14] |= e[14] & m
		acc[15] |= e[15] & m
	}
	*out = acc
}

// BenchmarkSelect times one selection from a 2 KiB table (in L1) per
// iteration, with the index stepping through all of 0…15. Besides the
// variants: "spec", the direct index (not constant time, the floor), and
// "goloop", the constant-time Go loop above (the fair baseline). Unusable
// variants are skipped.
func BenchmarkSelect(b *testing.B) {
	yes := func() bool { return true }
	variants := append(allVariants(),
		variant{"spec", yes, spec.Select},
		variant{"goloop", yes, goloopSelect})
	tab := randomTable(rand.New(rand.NewPCG(5, 6)))
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
			}
			var out Entry
			i := uint64(0)
			for b.Loop() {
				v.f(&out, tab, i)
				i = (i + 7) & 15
			}
		})
	}
}
