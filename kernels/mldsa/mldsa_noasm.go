//go:build (!amd64 && !arm64) || purego

package mldsa

func ntt(p *Poly) { nttGeneric(p) }

func invNTT(p *Poly) { invNTTGeneric(p) }

func pointwise(out, a, b *Poly) { pointwiseGeneric(out, a, b) }

func pointwiseAcc(out, a, b *Poly) { pointwiseAccGeneric(out, a, b) }

func add(out, a, b *Poly) { addGeneric(out, a, b) }

func sub(out, a, b *Poly) { subGeneric(out, a, b) }

func reduce(p *Poly) { reduceGeneric(p) }

func freeze(p *Poly) { freezeGeneric(p) }

func normExceeds(a *Poly, bound int32) uint32 { return normExceedsGeneric(a, bound) }

func power2Round(a1, a0, a *Poly) { power2RoundGeneric(a1, a0, a) }

func decompose88(a1, a0, a *Poly) { decompose88Generic(a1, a0, a) }

func decompose32(a1, a0, a *Poly) { decompose32Generic(a1, a0, a) }

func highBits88(a1, a *Poly) { highBits88Generic(a1, a) }

func highBits32(a1, a *Poly) { highBits32Generic(a1, a) }

func lowBits88(a0, a *Poly) { lowBits88Generic(a0, a) }

func lowBits32(a0, a *Poly) { lowBits32Generic(a0, a) }

func makeHint88(h, z, r *Poly) uint32 { return makeHint88Generic(h, z, r) }

func makeHint32(h, z, r *Poly) uint32 { return makeHint32Generic(h, z, r) }

func useHint88(out, h, r *Poly) { useHint88Generic(out, h, r) }

func useHint32(out, h, r *Poly) { useHint32Generic(out, h, r) }

// selectVariant is a no-op: there is only the generic variant.
func selectVariant() {}

// selected names the variant the functions use.
func selected() string { return variantGeneric }
