package ed25519

import (
	"math/rand/v2"
	"testing"

	"vg.dev/kernels/ctselect"
)

// benchTables are 26 tables of random limbs below 2⁵¹: the kernels run in
// time independent of the data, so any table times them.
func benchTables() *[26]ctselect.Table {
	r := rand.New(rand.NewPCG(9, 10))
	tabs := new([26]ctselect.Table)
	for k := range tabs {
		for j := range tabs[k] {
			for w := range tabs[k][j] {
				tabs[k][j][w] = r.Uint64() >> 13
			}
		}
	}
	return tabs
}

// BenchmarkScalarBaseMult times ScalarBaseMult (the selected variant) and
// each assembly variant the CPU has (wall and thread CPU time per call);
// compare the variants within one run.
func BenchmarkScalarBaseMult(b *testing.B) {
	tabs := benchTables()
	s := [32]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 31: 0x0f}
	var out [4]Element
	b.Run("ScalarBaseMult", func(b *testing.B) {
		loop(b, func() { ScalarBaseMult(&out, tabs, &s) })
	})
	for _, v := range baseVariants {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features")
			}
			loop(b, func() { v.f(&out, tabs, &s) })
		})
	}
}

// BenchmarkCombAdd times one step, CombAdd and each assembly variant.
func BenchmarkCombAdd(b *testing.B) {
	tabs := benchTables()
	var p [4]Element
	p[1].L0, p[2].L0 = 1, 1
	b.Run("CombAdd", func(b *testing.B) {
		loop(b, func() { CombAdd(&p, &tabs[0], 5) })
	})
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			if !v.usable() {
				b.Skip("CPU lacks the features")
			}
			loop(b, func() { v.f(&p, &tabs[0], 5) })
		})
	}
}
