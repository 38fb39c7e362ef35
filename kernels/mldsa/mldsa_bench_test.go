package mldsa

import (
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/mldsa"
)

// Each benchmark runs the assembly kernel of this build (skipped where the
// CPU or VG_CPU_FEATURES rules it out) and the pure Go spec on the same
// inputs, as sub-benchmarks: BenchmarkNTT/nttAVX2 and BenchmarkNTT/spec.
// In-place functions run on the same polynomial in a loop: the kernels'
// timing does not depend on the values. The unary ones (the transforms)
// also report the process's CPU time per operation (cpu-ns/op), steadier
// than the wall time on a loaded machine.

func benchInputs() (p, a, b, z, h Poly) {
	r := rand.New(rand.NewPCG(13, 14))
	p = randomPoly(r, -(Q - 1), Q-1)
	a = randomPoly(r, 0, Q-1)
	b = randomPoly(r, -(Q - 1), Q-1)
	z = randomPoly(r, 0, Q-1)
	h = randomPoly(r, 0, 1)
	return
}

func benchVariants[F any](b *testing.B, name string, specFn F, run func(b *testing.B, f F)) {
	vs := []variant[F]{}
	if k, ok := asmKernels[name]; ok {
		vs = append(vs, variant[F]{k.name, k.usable, k.f.(F)})
	}
	for _, k := range moreKernels[name] {
		vs = append(vs, variant[F]{k.name, k.usable, k.f.(F)})
	}
	vs = append(vs, variant[F]{"spec", yes, specFn})
	for _, v := range vs {
		b.Run(v.name, func(b *testing.B) {
			skipUnusable(b, v.usable)
			run(b, v.f)
		})
	}
}

func benchUnary(b *testing.B, name string, specFn func(*Poly)) {
	p, _, _, _, _ := benchInputs()
	benchVariants(b, name, specFn, func(b *testing.B, f func(*Poly)) {
		x := p
		start := cpuNanos()
		for b.Loop() {
			f(&x)
		}
		if start != 0 {
			b.ReportMetric(float64(cpuNanos()-start)/float64(b.N), "cpu-ns/op")
		}
	})
}

func benchBinary(b *testing.B, name string, specFn func(out, a, b *Poly), first, second func(p, a, b, z, h *Poly) *Poly) {
	p, a, c, z, h := benchInputs()
	x, y := first(&p, &a, &c, &z, &h), second(&p, &a, &c, &z, &h)
	benchVariants(b, name, specFn, func(b *testing.B, f func(out, a, b *Poly)) {
		var out Poly
		for b.Loop() {
			f(&out, x, y)
		}
	})
}

func pp(p, a, b, z, h *Poly) *Poly { return p }
func pa(p, a, b, z, h *Poly) *Poly { return a }
func pb(p, a, b, z, h *Poly) *Poly { return b }
func pz(p, a, b, z, h *Poly) *Poly { return z }
func ph(p, a, b, z, h *Poly) *Poly { return h }

func BenchmarkNTT(b *testing.B)    { benchUnary(b, "NTT", spec.NTT) }
func BenchmarkInvNTT(b *testing.B) { benchUnary(b, "InvNTT", spec.InvNTT) }
func BenchmarkReduce(b *testing.B) { benchUnary(b, "Reduce", spec.Reduce) }
func BenchmarkFreeze(b *testing.B) { benchUnary(b, "Freeze", spec.Freeze) }

func BenchmarkPointwiseMontgomery(b *testing.B) {
	benchBinary(b, "PointwiseMontgomery", spec.PointwiseMontgomery, pp, pb)
}

func BenchmarkPointwiseAccMontgomery(b *testing.B) {
	benchBinary(b, "PointwiseAccMontgomery", spec.PointwiseAccMontgomery, pp, pb)
}

func BenchmarkAdd(b *testing.B)         { benchBinary(b, "Add", spec.Add, pp, pb) }
func BenchmarkSub(b *testing.B)         { benchBinary(b, "Sub", spec.Sub, pp, pb) }
func BenchmarkPower2Round(b *testing.B) { benchTwoOut(b, "Power2Round", spec.Power2Round) }
func BenchmarkDecompose88(b *testing.B) { benchTwoOut(b, "Decompose88", spec.Decompose88) }
func BenchmarkDecompose32(b *testing.B) { benchTwoOut(b, "Decompose32", spec.Decompose32) }
func BenchmarkHighBits88(b *testing.B)  { benchOneOut(b, "HighBits88", spec.HighBits88) }
func BenchmarkHighBits32(b *testing.B)  { benchOneOut(b, "HighBits32", spec.HighBits32) }
func BenchmarkLowBits88(b *testing.B)   { benchOneOut(b, "LowBits88", spec.LowBits88) }
func BenchmarkLowBits32(b *testing.B)   { benchOneOut(b, "LowBits32", spec.LowBits32) }
func BenchmarkUseHint88(b *testing.B)   { benchBinary(b, "UseHint88", spec.UseHint88, ph, pa) }
func BenchmarkUseHint32(b *testing.B)   { benchBinary(b, "UseHint32", spec.UseHint32, ph, pa) }
func BenchmarkMakeHint88(b *testing.B)  { benchHint(b, "MakeHint88", spec.MakeHint88) }
func BenchmarkMakeHint32(b *testing.B)  { benchHint(b, "MakeHint32", spec.MakeHint32) }

func benchTwoOut(b *testing.B, name string, specFn func(a1, a0, a *Poly)) {
	_, a, _, _, _ := benchInputs()
	benchVariants(b, name, specFn, func(b *testing.B, f func(a1, a0, a *Poly)) {
		var a1, a0 Poly
		for b.Loop() {
			f(&a1, &a0, &a)
		}
	})
}

func benchOneOut(b *testing.B, name string, specFn func(a1, a *Poly)) {
	_, a, _, _, _ := benchInputs()
	benchVariants(b, name, specFn, func(b *testing.B, f func(a1, a *Poly)) {
		var a1 Poly
		for b.Loop() {
			f(&a1, &a)
		}
	})
}

func benchHint(b *testing.B, name string, specFn func(h, z, r *Poly) uint32) {
	_, a, _, z, _ := benchInputs()
	benchVariants(b, name, specFn, func(b *testing.B, f func(h, z, r *Poly) uint32) {
		var h Poly
		for b.Loop() {
			f(&h, &z, &a)
		}
	})
}

func BenchmarkNormExceeds(b *testing.B) {
	p, _, _, _, _ := benchInputs()
	Reduce(&p)
	benchVariants(b, "NormExceeds", spec.NormExceeds, func(b *testing.B, f func(a *Poly, bound int32) uint32) {
		for b.Loop() {
			f(&p, (Q-1)/8)
		}
	})
}
