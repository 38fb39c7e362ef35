package mldsa

// Parameters of FIPS 204 shared by all parameter sets.
const (
	N = 256     // coefficients per polynomial
	Q = 8380417 // the modulus q = 2²³ − 2¹³ + 1
	D = 13      // bits dropped from t by Power2Round

	// Gamma2_88 and Gamma2_32 are the two values of the low-order rounding
	// range γ₂: (q−1)/88 for ML-DSA-44, (q−1)/32 for ML-DSA-65 and -87.
	Gamma2_88 = (Q - 1) / 88 // 95232
	Gamma2_32 = (Q - 1) / 32 // 261888

	// QInv is q⁻¹ mod 2³², as a signed 32-bit value: Q·QInv ≡ 1 (mod 2³²).
	QInv = 58728449
)

// Poly is a polynomial of Z_q[X]/(X²⁵⁶ + 1), coefficient i of X^i at index
// i (or, after NTT, the i-th NTT coefficient), 1024 bytes: the layout the
// kernels read and write.
type Poly [N]int32

// montReduce returns a·2⁻³² mod q, Montgomery reduction with R = 2³².
//
// Range: for −2³¹·q ≤ a < 2³¹·q it returns r with r ≡ a·2⁻³² (mod q) and
// −q < r < q.
//
// t = a·q⁻¹ mod 2³² (as int32) makes a − t·q divisible by 2³², and
// (a − t·q)/2³² ≡ a·2⁻³² (mod q). With −2³¹ ≤ t < 2³¹, t·q lies in
// [−2³¹·q, 2³¹·q), so a − t·q lies in (−2³²·q, 2³²·q) and the quotient in
// (−q, q). Every step is exact in int64: |a − t·q| < 2⁵⁶.
func montReduce(a int64) int32 {
	t := int32(a) * QInv // low 32 bits of a·q⁻¹, wrapping
	return int32((a - int64(t)*Q) >> 32)
}

// MontMul returns a·b·2⁻³² mod q: the Montgomery product.
//
// Range: when −2³¹·q ≤ a·b < 2³¹·q (for instance a ∈ (−q, q) and any b,
// or |a|, |b| < 9q as NTT returns), the result r satisfies r ≡ a·b·2⁻³² (mod q) and
// −q < r < q. The 64-bit product is exact for every a and b; outside that
// range the result is still (a·b − t·q)/2³² truncated to 32 bits.
func MontMul(a, b int32) int32 {
	return montReduce(int64(a) * int64(b))
}

// NTT replaces p by its number-theoretic transform, in place: FIPS 204
// Algorithm 41, with t ← ζ^brv₈(m)·ŵ[j+len] mod q computed as the
// Montgomery product of the twiddle factor in Montgomery form and
// ŵ[j+len], and the additions and subtractions not reduced.
//
// Domains: standard in, standard out (p[i] ≡ Σⱼ a[j]·ζ^((2·brv₈(i)+1)·j)).
//
// Range: if |p[i]| < q for every i (for instance p in [0, q) or centred),
// the result has |p[i]| < 9q. Each of the 8 layers replaces a pair
// (x, y) by (x + t, x − t) with t = MontMul(ζ', y) ∈ (−q, q), so a bound B
// on the inputs becomes B + 8(q−1) on the outputs; the products are within
// MontMul's range because |ζ'| ≤ (q−1)/2. More generally, inputs with
// |p[i]| ≤ B, B + 8(q−1) < 2³¹, give outputs with |p[i]| ≤ B + 8(q−1).
func NTT(p *Poly) {
	zs := zetas()
	m := 0
	for length := 128; length >= 1; length /= 2 {
		for start := 0; start < N; start += 2 * length {
			m++
			z := zs[m]
			for j := start; j < start+length; j++ {
				t := MontMul(z, p[j+length])
				p[j+length] = p[j] - t
				p[j] = p[j] + t
			}
		}
	}
}

// InvNTT replaces p by its inverse number-theoretic transform times 2³²,
// in place: FIPS 204 Algorithm 42 with Montgomery products, the sums not
// reduced, and the final multiplication by 256⁻¹ done as a Montgomery
// multiplication by 256⁻¹·2⁶⁴, which leaves the factor 2³².
//
// Domains: on return p[i] ≡ 2³²·NTT⁻¹(p₀)[i] (mod q), p₀ the input. So
// InvNTT(PointwiseMontgomery(NTT(a), NTT(b))) ≡ a·b and InvNTT(NTT(a)) ≡ 2³²·a.
//
// Range: if |p[i]| < 2²³ for every i (in particular for p in (−q, q), what
// PointwiseMontgomery returns), the result has |p[i]| < q. Layer k (len =
// 2^(k−1)) replaces (x, y) by (x + y, MontMul(−ζ', x − y)): the products
// are in (−q, q), and the sums at most double, so after the 8 layers every
// |p[i]| < 256·2²³ = 2³¹ (no int32 overflow) and the final Montgomery
// multiplication by a factor < q/2 brings them into (−q, q).
func InvNTT(p *Poly) {
	zs := zetas()
	m := N
	for length := 1; length < N; length *= 2 {
		for start := 0; start < N; start += 2 * length {
			m--
			z := -zs[m]
			for j := start; j < start+length; j++ {
				t := p[j]
				p[j] = t + p[j+length]
				p[j+length] = t - p[j+length]
				p[j+length] = MontMul(z, p[j+length])
			}
		}
	}
	for j := range N {
		p[j] = MontMul(invNTTFactor, p[j])
	}
}

// PointwiseMontgomery sets out[i] = a[i]·b[i]·2⁻³² mod q for every i: the
// product in the NTT domain, with a Montgomery factor 2⁻³² that InvNTT
// removes.
//
// Range: if −2³¹·q ≤ a[i]·b[i] < 2³¹·q (for instance |a[i]|, |b[i]| < 9q,
// NTT outputs, or a[i] ∈ (−q, q) and any b[i]), then −q < out[i] < q.
func PointwiseMontgomery(out, a, b *Poly) {
	for i := range N {
		out[i] = MontMul(a[i], b[i])
	}
}

// PointwiseAccMontgomery adds a[i]·b[i]·2⁻³² mod q to out[i] for every i:
// out[i] += MontMul(a[i], b[i]), the accumulation of a dot product of
// vectors of polynomials. The sum is not reduced; it wraps as int32.
//
// Range: with a[i]·b[i] in MontMul's range, the added term is in (−q, q),
// so k accumulations into an out[i] with |out[i]| ≤ B give |out[i]| <
// B + k·q, exact while that is at most 2³¹ (k ≤ 256 from zero).
func PointwiseAccMontgomery(out, a, b *Poly) {
	for i := range N {
		out[i] += MontMul(a[i], b[i])
	}
}

// Add sets out[i] = a[i] + b[i] for every i, not reduced: the int32 sum,
// wrapping as Go defines it. It is the sum mod q of the residues whenever
// the true sum fits in int32 (for instance |a[i]|, |b[i]| < 2³⁰).
func Add(out, a, b *Poly) {
	for i := range N {
		out[i] = a[i] + b[i]
	}
}

// Sub sets out[i] = a[i] − b[i] for every i, not reduced: the int32
// difference, wrapping as Go defines it. It is the difference mod q
// whenever the true difference fits in int32 (for instance |a[i]|, |b[i]|
// < 2³⁰).
func Sub(out, a, b *Poly) {
	for i := range N {
		out[i] = a[i] - b[i]
	}
}

// reduceMin and reduceMaxOut bound reduce32's results over its domain.
const (
	reduceMin    = -6283009
	reduceMaxOut = 6283008
)

// reduceMax is the largest input of reduce32: r + 2²² must not overflow.
const reduceMax = 1<<31 - 1<<22 - 1

// reduce32 returns a representative of r mod q of small magnitude:
// r − t·q with t = ⌊(r + 2²²)/2²³⌋, the nearest integer to r/2²³ (halves
// rounded up), as 2²³ ≈ q.
//
// Range: for −2³¹ ≤ r ≤ 2³¹ − 2²² − 1 (reduceMax), the result is ≡ r (mod
// q) and in [−6283009, 6283008] ⊂ (−q, q). Writing r + 2²² = t·2²³ + s with
// 0 ≤ s < 2²³, the result is s − 2²² + t·(2¹³ − 1) (as q = 2²³ − 2¹³ + 1),
// with −256 ≤ t ≤ 255. For t ≤ 255 it is at most 2²² − 1 + 255·8191 =
// 6283008; for t ≥ −255 at least −2²² − 255·8191 = −6283009; and t = −256
// only for r < −2³¹ + 2²², where s ≥ 2²² and the result is at least
// −256·8191. t·q is exact: 256·q < 2³¹.
func reduce32(r int32) int32 {
	t := (r + 1<<22) >> 23
	return r - t*Q
}

// caddq adds q to a negative r: [−q, q) → [0, q).
func caddq(r int32) int32 {
	if r < 0 {
		r += Q
	}
	return r
}

// Reduce replaces each p[i] by reduce32(p[i]): a representative of the
// same residue in [−6283009, 6283008] ⊂ (−q, q), for inputs p[i] ≤
// 2³¹ − 2²² − 1 (any int32 up to that).
func Reduce(p *Poly) {
	for i := range N {
		p[i] = reduce32(p[i])
	}
}

// Freeze replaces each p[i] by its canonical representative p[i] mod⁺ q in
// [0, q): caddq after reduce32, for inputs p[i] ≤ 2³¹ − 2²² − 1.
func Freeze(p *Poly) {
	for i := range N {
		p[i] = caddq(reduce32(p[i]))
	}
}

// abs32 returns |r|; abs32(−2³¹) = −2³¹ (wraps).
func abs32(r int32) int32 {
	if r < 0 {
		r = -r
	}
	return r
}

// NormExceeds returns 1 if |a[i]| ≥ bound for some i, else 0.
//
// The coefficients are taken as the integers they are: a centred
// representative is expected. For a[i] from Reduce (|a[i]| ≤ 6283009) and
// 0 ≤ bound ≤ (q−1)/8, as in every use in FIPS 204 (γ₁ − β, γ₂ − β), the
// result is [‖a‖∞ ≥ bound] with the standard's ‖·‖∞ (on a[i] mod± q):
// where |a[i]| > q/2 both |a[i]| and q − |a[i]| ≥ q − 6283009 > (q−1)/8.
// Input range: a[i] ≠ −2³¹ (abs32 would wrap) and bound ≥ 0.
//
// It looks at every coefficient (no early exit), as the kernels do; only
// the result is specified.
func NormExceeds(a *Poly, bound int32) uint32 {
	var exceeds uint32
	for i := range N {
		if abs32(a[i]) >= bound {
			exceeds = 1
		}
	}
	return exceeds
}
