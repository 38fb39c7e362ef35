package mldsa

import (
	"math/rand/v2"
	"testing"

	spec "vg.dev/spec/mldsa"
)

// Exhaustive tests of the assembly rounding kernels: every r ∈ [0, q), 256
// per call (32736 calls, the last one padded with q − 1), against the spec.
// MakeHint takes every r with a random z, and every z with a random r;
// UseHint takes every r with h = 0, h = 1 and a random h.

// allR calls f with consecutive batches of r ∈ [0, q).
func allR(f func(batch int, r *Poly)) {
	var r Poly
	for base, batch := 0, 0; base < Q; base, batch = base+N, batch+1 {
		for i := range r {
			r[i] = int32(min(base+i, Q-1))
		}
		f(batch, &r)
	}
}

func TestExhaustiveTwoOutputs(t *testing.T) {
	for _, c := range []struct {
		name string
		spec func(a1, a0, a *Poly)
	}{
		{"Power2Round", spec.Power2Round},
		{"Decompose88", spec.Decompose88},
		{"Decompose32", spec.Decompose32},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, ok := asmOf[func(a1, a0, a *Poly)](t, c.name)
			if !ok {
				t.Skip("no assembly kernel in this build")
			}
			allR(func(_ int, r *Poly) {
				var g1, g0, w1, w0 Poly
				v.f(&g1, &g0, r)
				c.spec(&w1, &w0, r)
				if g1 != w1 || g0 != w0 {
					diff(t, "a1", &g1, &w1)
					diff(t, "a0", &g0, &w0)
					t.Fatalf("%s: r = %v", v.name, r)
				}
			})
		})
	}
}

func TestExhaustiveOneOutput(t *testing.T) {
	for _, c := range []struct {
		name string
		spec func(a1, a *Poly)
	}{
		{"HighBits88", spec.HighBits88},
		{"HighBits32", spec.HighBits32},
		{"LowBits88", spec.LowBits88},
		{"LowBits32", spec.LowBits32},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, ok := asmOf[func(a1, a *Poly)](t, c.name)
			if !ok {
				t.Skip("no assembly kernel in this build")
			}
			allR(func(_ int, r *Poly) {
				var got, want Poly
				v.f(&got, r)
				c.spec(&want, r)
				if !diff(t, v.name, &got, &want) {
					t.Fatalf("r = %v", r)
				}
			})
		})
	}
}

func TestExhaustiveMakeHint(t *testing.T) {
	for _, c := range []struct {
		name string
		spec func(h, z, r *Poly) uint32
	}{
		{"MakeHint88", spec.MakeHint88},
		{"MakeHint32", spec.MakeHint32},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, ok := asmOf[func(h, z, r *Poly) uint32](t, c.name)
			if !ok {
				t.Skip("no assembly kernel in this build")
			}
			rnd := rand.New(rand.NewPCG(7, 8))
			check := func(z, r *Poly) {
				var got, want Poly
				gn, wn := v.f(&got, z, r), c.spec(&want, z, r)
				if !diff(t, v.name, &got, &want) || gn != wn {
					t.Fatalf("count %d, want %d; z = %v, r = %v", gn, wn, z, r)
				}
			}
			allR(func(batch int, x *Poly) {
				y := randomPoly(rnd, 0, Q-1)
				if batch%16 == 0 {
					// Sums just below and above q, and zero.
					for i := range y {
						y[i] = [...]int32{Q - 1 - x[i], Q - x[i], 0, Q - 1}[(i+batch/16)%4]
						y[i] = min(max(y[i], 0), Q-1)
					}
				}
				check(&y, x) // every r
				check(x, &y) // every z
			})
		})
	}
}

func TestExhaustiveUseHint(t *testing.T) {
	for _, c := range []struct {
		name string
		spec func(out, h, r *Poly)
	}{
		{"UseHint88", spec.UseHint88},
		{"UseHint32", spec.UseHint32},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, ok := asmOf[func(out, h, r *Poly)](t, c.name)
			if !ok {
				t.Skip("no assembly kernel in this build")
			}
			rnd := rand.New(rand.NewPCG(9, 10))
			var zero, one Poly
			for i := range one {
				one[i] = 1
			}
			allR(func(_ int, r *Poly) {
				random := randomPoly(rnd, 0, 1)
				for _, h := range []*Poly{&zero, &one, &random} {
					var got, want Poly
					v.f(&got, h, r)
					c.spec(&want, h, r)
					if !diff(t, v.name, &got, &want) {
						t.Fatalf("h = %v, r = %v", h, r)
					}
				}
			})
		})
	}
}
