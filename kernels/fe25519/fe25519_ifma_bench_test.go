package fe25519

import (
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/fe25519"
)

// BenchmarkMul52x4 times four field multiplications per iteration, in one
// run so that the ratios come from the same conditions:
//
//   - the Mul52x4 variants (one call: four elements in radix 2⁵²) and the
//     spec's Mul52x4;
//   - "4x/" each Mul variant (four calls on four radix-2⁵¹ elements,
//     mulADX among them) and the spec's Mul.
//
// "chain" is the shape of BenchmarkMul: x = x·y, so each iteration waits
// for the previous one (four independent chains, one per element, which
// the scalar calls may overlap too). "indep" writes a separate output, so
// iterations are independent and the throughput shows. Unusable variants
// are skipped.
func BenchmarkMul52x4(b *testing.B) {
	r := rand.New(rand.NewPCG(52, 6))
	var x4, y4 Element52x4
	for j := range 4 {
		setLane(&x4, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
		setLane(&y4, j, [5]uint64{r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 12, r.Uint64() >> 17})
	}
	var xs, ys [4]Element
	for j := range xs {
		for _, e := range []*Element{&xs[j], &ys[j]} {
			*e = Element{L0: r.Uint64() >> 13, L1: r.Uint64() >> 13, L2: r.Uint64() >> 13,
				L3: r.Uint64() >> 13, L4: r.Uint64() >> 13}
		}
	}

	wide := append(allMul52x4(), mul52x4Variant{"spec", func() bool { return true }, spec.Mul52x4})
	scalar := append(allMul(), mulVariant{"spec", func() bool { return true }, spec.Mul})
	for _, shape := range []string{"chain", "indep"} {
		for _, v := range wide {
			b.Run(shape+"/"+v.name, func(b *testing.B) {
				if !v.usable() {
					b.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
				}
				x, y := x4, y4
				out := &x
				if shape == "indep" {
					out = new(Element52x4)
				}
				for b.Loop() {
					v.f(out, &x, &y)
				}
			})
		}
		for _, v := range scalar {
			b.Run(shape+"/4x/"+v.name, func(b *testing.B) {
				if !v.usable() {
					b.Skip("CPU lacks the features (or VG_CPU_FEATURES hides them)")
				}
				x, y := xs, ys
				out := &x
				if shape == "indep" {
					out = new([4]Element)
				}
				for b.Loop() {
					v.f(&out[0], &x[0], &y[0])
					v.f(&out[1], &x[1], &y[1])
					v.f(&out[2], &x[2], &y[2])
					v.f(&out[3], &x[3], &y[3])
				}
			})
		}
	}
}
