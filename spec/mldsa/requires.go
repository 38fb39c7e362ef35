package mldsa

// Preconditions: the documented input range of each function, as a Go
// predicate over the function's parameters, for //vg:requires. A kernel
// proved under one of these equals the spec on every input in the range
// (and may differ outside it). Functions whose kernels compute the same
// int32 arithmetic may need none: Add, Sub, MontMul and the pointwise
// products wrap identically everywhere.

// inRange reports whether lo ≤ p[i] ≤ hi for every i.
func inRange(p *Poly, lo, hi int32) bool {
	ok := true
	for i := range N {
		if p[i] < lo || p[i] > hi {
			ok = false
		}
	}
	return ok
}

// NTTRequires is NTT's input range: |p[i]| < q.
func NTTRequires(p *Poly) bool { return inRange(p, -(Q - 1), Q-1) }

// InvNTTRequires is InvNTT's input range: |p[i]| < 2²³.
func InvNTTRequires(p *Poly) bool { return inRange(p, -(1<<23 - 1), 1<<23-1) }

// montRange reports whether every a[i]·b[i] is in MontMul's range
// [−2³¹·q, 2³¹·q).
func montRange(a, b *Poly) bool {
	ok := true
	for i := range N {
		x := int64(a[i]) * int64(b[i])
		if x < -(1<<31)*Q || x >= (1<<31)*Q {
			ok = false
		}
	}
	return ok
}

// PointwiseRequires is PointwiseMontgomery's input range: every a[i]·b[i]
// in [−2³¹·q, 2³¹·q).
func PointwiseRequires(out, a, b *Poly) bool { return montRange(a, b) }

// PointwiseAccRequires is PointwiseAccMontgomery's input range: the
// products in MontMul's range and |out[i]| ≤ 2³¹ − q, so that adding a
// term in (−q, q) cannot overflow.
func PointwiseAccRequires(out, a, b *Poly) bool {
	return montRange(a, b) && inRange(out, -(1<<31-Q), 1<<31-Q)
}

// AddRequires is Add's input range: every a[i] + b[i] fits in int32.
func AddRequires(out, a, b *Poly) bool {
	ok := true
	for i := range N {
		s := int64(a[i]) + int64(b[i])
		if s < -1<<31 || s >= 1<<31 {
			ok = false
		}
	}
	return ok
}

// SubRequires is Sub's input range: every a[i] − b[i] fits in int32.
func SubRequires(out, a, b *Poly) bool {
	ok := true
	for i := range N {
		s := int64(a[i]) - int64(b[i])
		if s < -1<<31 || s >= 1<<31 {
			ok = false
		}
	}
	return ok
}

// ReduceRequires is the input range of Reduce and Freeze: p[i] ≤
// 2³¹ − 2²² − 1.
func ReduceRequires(p *Poly) bool { return inRange(p, -1<<31, reduceMax) }

// FreezeRequires is ReduceRequires.
func FreezeRequires(p *Poly) bool { return ReduceRequires(p) }

// Power2RoundRequires is Power2Round's input range: a[i] ∈ [0, q).
func Power2RoundRequires(a1, a0, a *Poly) bool { return inRange(a, 0, Q-1) }

// DecomposeRequires is the input range of Decompose88 and Decompose32:
// a[i] ∈ [0, q).
func DecomposeRequires(a1, a0, a *Poly) bool { return inRange(a, 0, Q-1) }

// HighBitsRequires is the input range of HighBits88 and HighBits32:
// a[i] ∈ [0, q).
func HighBitsRequires(a1, a *Poly) bool { return inRange(a, 0, Q-1) }

// LowBitsRequires is the input range of LowBits88 and LowBits32:
// a[i] ∈ [0, q).
func LowBitsRequires(a0, a *Poly) bool { return inRange(a, 0, Q-1) }

// MakeHintRequires is the input range of MakeHint88 and MakeHint32:
// z[i], r[i] ∈ [0, q).
func MakeHintRequires(h, z, r *Poly) bool { return inRange(z, 0, Q-1) && inRange(r, 0, Q-1) }

// UseHintRequires is the input range of UseHint88 and UseHint32:
// h[i] ∈ {0, 1} and r[i] ∈ [0, q).
func UseHintRequires(out, h, r *Poly) bool { return inRange(h, 0, 1) && inRange(r, 0, Q-1) }

// NormExceedsRequires is NormExceeds's input range: a[i] ≠ −2³¹ and
// bound ≥ 0.
func NormExceedsRequires(a *Poly, bound int32) bool {
	return bound >= 0 && inRange(a, -(1<<31-1), 1<<31-1)
}
