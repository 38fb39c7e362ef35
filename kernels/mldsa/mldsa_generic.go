package mldsa

import spec "vg.dev/spec/mldsa"

// The generic variant is the specification: on machines without the kernels
// the proved reference is also the fastest portable code we have.

func nttGeneric(p *Poly) { spec.NTT(p) }

func invNTTGeneric(p *Poly) { spec.InvNTT(p) }

func pointwiseGeneric(out, a, b *Poly) { spec.PointwiseMontgomery(out, a, b) }

func pointwiseAccGeneric(out, a, b *Poly) { spec.PointwiseAccMontgomery(out, a, b) }

func addGeneric(out, a, b *Poly) { spec.Add(out, a, b) }

func subGeneric(out, a, b *Poly) { spec.Sub(out, a, b) }

func reduceGeneric(p *Poly) { spec.Reduce(p) }

func freezeGeneric(p *Poly) { spec.Freeze(p) }

func normExceedsGeneric(a *Poly, bound int32) uint32 { return spec.NormExceeds(a, bound) }

func power2RoundGeneric(a1, a0, a *Poly) { spec.Power2Round(a1, a0, a) }

func decompose88Generic(a1, a0, a *Poly) { spec.Decompose88(a1, a0, a) }

func decompose32Generic(a1, a0, a *Poly) { spec.Decompose32(a1, a0, a) }

func highBits88Generic(a1, a *Poly) { spec.HighBits88(a1, a) }

func highBits32Generic(a1, a *Poly) { spec.HighBits32(a1, a) }

func lowBits88Generic(a0, a *Poly) { spec.LowBits88(a0, a) }

func lowBits32Generic(a0, a *Poly) { spec.LowBits32(a0, a) }

func makeHint88Generic(h, z, r *Poly) uint32 { return spec.MakeHint88(h, z, r) }

func makeHint32Generic(h, z, r *Poly) uint32 { return spec.MakeHint32(h, z, r) }

func useHint88Generic(out, h, r *Poly) { spec.UseHint88(out, h, r) }

func useHint32Generic(out, h, r *Poly) { spec.UseHint32(out, h, r) }
