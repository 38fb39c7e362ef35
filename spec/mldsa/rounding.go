package mldsa

// The rounding functions of FIPS 204 §7.4, Algorithms 35 to 40, written from
// the standard's definitions. Each scalar function takes r ∈ [0, q): that is
// r⁺ = r mod q, the first step of every algorithm here, which is therefore
// left out. The Poly functions apply them coefficient by coefficient.

// modPlus returns m mod⁺ α: the representative of m modulo α in [0, α)
// (α > 0).
func modPlus(m, alpha int32) int32 {
	r := m % alpha // in (−α, α), with the sign of m
	if r < 0 {
		r += alpha
	}
	return r
}

// modPM returns m mod± α: the representative of m modulo α in
// (−α/2, α/2] for even α, in [−(α−1)/2, (α−1)/2] for odd α (α > 0).
func modPM(m, alpha int32) int32 {
	r := modPlus(m, alpha)
	if r > alpha/2 {
		r -= alpha
	}
	return r
}

// power2Round is Algorithm 35, Power2Round(r) for r ∈ [0, q): r0 = r mod±
// 2ᵈ and r1 = (r − r0)/2ᵈ, so that r = r1·2ᵈ + r0 with r0 ∈ (−2¹², 2¹²] and
// r1 ∈ [0, 2¹⁰ − 1].
func power2Round(r int32) (r1, r0 int32) {
	r0 = modPM(r, 1<<D)
	return (r - r0) / (1 << D), r0
}

// decompose is Algorithm 36, Decompose(r) for r ∈ [0, q) and γ₂ dividing
// (q−1)/2: r0 = r mod± 2γ₂ and r1 = (r − r0)/(2γ₂), except that when
// r − r0 = q − 1 it returns r1 = 0 and r0 − 1 instead. So r ≡ r1·2γ₂ + r0
// (mod q), r1 ∈ [0, (q−1)/(2γ₂)) and r0 ∈ [−γ₂, γ₂] (−γ₂ only in the
// special case).
func decompose(r, gamma2 int32) (r1, r0 int32) {
	alpha := 2 * gamma2
	r0 = modPM(r, alpha)
	if r-r0 == Q-1 {
		return 0, r0 - 1
	}
	return (r - r0) / alpha, r0
}

// highBits is Algorithm 37, HighBits(r): r1 of decompose.
func highBits(r, gamma2 int32) int32 {
	r1, _ := decompose(r, gamma2)
	return r1
}

// lowBits is Algorithm 38, LowBits(r): r0 of decompose.
func lowBits(r, gamma2 int32) int32 {
	_, r0 := decompose(r, gamma2)
	return r0
}

// makeHint is Algorithm 39, MakeHint(z, r) for z, r ∈ [0, q): 1 if adding
// z to r changes the high bits of r, else 0. The sum is taken mod q, as
// the standard adds in Z_q: r + z ∈ [0, 2q) is brought into [0, q).
func makeHint(z, r, gamma2 int32) int32 {
	r1 := highBits(r, gamma2)
	v1 := highBits(modPlus(r+z, Q), gamma2)
	if r1 != v1 {
		return 1
	}
	return 0
}

// useHint is Algorithm 40, UseHint(h, r) for h ∈ {0, 1} and r ∈ [0, q):
// the high bits of r, moved by one (mod m = (q−1)/(2γ₂)) towards the side
// of r0 when h = 1.
func useHint(h, r, gamma2 int32) int32 {
	m := (Q - 1) / (2 * gamma2)
	r1, r0 := decompose(r, gamma2)
	if h == 1 && r0 > 0 {
		return modPlus(r1+1, m)
	}
	if h == 1 && r0 <= 0 {
		return modPlus(r1-1, m)
	}
	return r1
}

// Power2Round sets a1[i], a0[i] = Power2Round(a[i]) for every i
// (Algorithm 35), for a[i] ∈ [0, q): a[i] = a1[i]·2¹³ + a0[i] with
// a1[i] ∈ [0, 2¹⁰ − 1] and a0[i] ∈ (−2¹², 2¹²]. a1 and a0 must differ.
func Power2Round(a1, a0, a *Poly) {
	for i := range N {
		a1[i], a0[i] = power2Round(a[i])
	}
}

// Decompose88 sets a1[i], a0[i] = Decompose(a[i]) for every i
// (Algorithm 36) with γ₂ = (q−1)/88, for a[i] ∈ [0, q): a1[i] ∈ [0, 43],
// a0[i] ∈ [−γ₂, γ₂]. a1 and a0 must differ.
func Decompose88(a1, a0, a *Poly) {
	for i := range N {
		a1[i], a0[i] = decompose(a[i], Gamma2_88)
	}
}

// Decompose32 is Decompose88 with γ₂ = (q−1)/32: a1[i] ∈ [0, 15].
func Decompose32(a1, a0, a *Poly) {
	for i := range N {
		a1[i], a0[i] = decompose(a[i], Gamma2_32)
	}
}

// HighBits88 sets a1[i] = HighBits(a[i]) (Algorithm 37) with γ₂ =
// (q−1)/88, for a[i] ∈ [0, q): a1[i] ∈ [0, 43].
func HighBits88(a1, a *Poly) {
	for i := range N {
		a1[i] = highBits(a[i], Gamma2_88)
	}
}

// HighBits32 is HighBits88 with γ₂ = (q−1)/32: a1[i] ∈ [0, 15].
func HighBits32(a1, a *Poly) {
	for i := range N {
		a1[i] = highBits(a[i], Gamma2_32)
	}
}

// LowBits88 sets a0[i] = LowBits(a[i]) (Algorithm 38) with γ₂ = (q−1)/88,
// for a[i] ∈ [0, q): a0[i] ∈ [−γ₂, γ₂].
func LowBits88(a0, a *Poly) {
	for i := range N {
		a0[i] = lowBits(a[i], Gamma2_88)
	}
}

// LowBits32 is LowBits88 with γ₂ = (q−1)/32.
func LowBits32(a0, a *Poly) {
	for i := range N {
		a0[i] = lowBits(a[i], Gamma2_32)
	}
}

// MakeHint88 sets h[i] = MakeHint(z[i], r[i]) (Algorithm 39) with γ₂ =
// (q−1)/88, for z[i], r[i] ∈ [0, q): h[i] ∈ {0, 1} is 1 iff HighBits(r[i])
// ≠ HighBits(r[i] + z[i] mod q). It returns the number of ones in h.
func MakeHint88(h, z, r *Poly) uint32 {
	var ones uint32
	for i := range N {
		h[i] = makeHint(z[i], r[i], Gamma2_88)
		ones += uint32(h[i])
	}
	return ones
}

// MakeHint32 is MakeHint88 with γ₂ = (q−1)/32.
func MakeHint32(h, z, r *Poly) uint32 {
	var ones uint32
	for i := range N {
		h[i] = makeHint(z[i], r[i], Gamma2_32)
		ones += uint32(h[i])
	}
	return ones
}

// UseHint88 sets out[i] = UseHint(h[i], r[i]) (Algorithm 40) with γ₂ =
// (q−1)/88, for h[i] ∈ {0, 1} and r[i] ∈ [0, q): out[i] ∈ [0, 43].
func UseHint88(out, h, r *Poly) {
	for i := range N {
		out[i] = useHint(h[i], r[i], Gamma2_88)
	}
}

// UseHint32 is UseHint88 with γ₂ = (q−1)/32: out[i] ∈ [0, 15].
func UseHint32(out, h, r *Poly) {
	for i := range N {
		out[i] = useHint(h[i], r[i], Gamma2_32)
	}
}
