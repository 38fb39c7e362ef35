package edwards

import "math/bits"

// Halving verification's doublings (Pornin, "Optimized lattice basis
// reduction in dimension 2, and fast Schnorr and EdDSA signature
// verification", 2020), made exact for cofactorless verification.
//
// Verification accepts when X = [S]B − [k]A − R is the identity. For any
// d coprime to 8ℓ (the order of the curve's group, so that [d] is a
// bijection), X = O exactly when [d]X = O, and for c ≡ d·k (mod 8ℓ)
//
//	[d]X = [d·S mod ℓ]B − [c]A − [d]R
//
// ([8ℓ]A = O for every point A, [ℓ]B = O). The pairs (c, d) with
// c ≡ d·k (mod 8ℓ) form a lattice of determinant 8ℓ ≈ 2²⁵⁵, which has
// vectors with |c| and |d| near 2¹²⁸: the four scalars d·S mod ℓ (split at
// 2¹²⁸ over B and 2¹²⁸·B), c and d are then about 128 bits long, and the
// multiplication needs about 128 doublings instead of 253. Taken mod 8ℓ
// and not mod ℓ, c also accounts for A's component of small order, so
// the check is the cofactorless one, exactly.
//
// shortPair finds (c, d) by the extended Euclidean algorithm on (8ℓ, k),
// stopped at the first remainder below 2¹²⁸: each remainder rᵢ and its
// cofactor tᵢ satisfy rᵢ ≡ tᵢ·k (mod 8ℓ), and |tᵢ| ≤ 8ℓ/rᵢ₋₁. It runs
// Lehmer's version (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L): runs of
// quotients from the leading 62 bits in single precision, each run's
// matrix then applied to the full numbers (the products modulo 2²⁵⁶: the
// true results, remainders and cofactors, are below it). The single-
// precision words stay below 2⁶², so no product of a quotient and a
// cofactor overflows. Its result is checked exactly
// by the caller (checkPair), and any failure falls back to the 253
// doublings, so the arithmetic here decides speed, never a verdict.

// nat4 is a nonnegative integer below 2²⁵⁶, little-endian words.
type nat4 [4]uint64

// eightEll is 8ℓ = 2²⁵⁵ + 8·27742317777372353535851937790883648493.
var eightEll = nat4{0xc09318d2e7ae9f68, 0xa6f7cef517bce6b2, 0, 0x8000000000000000}

func (x *nat4) bitLen() int {
	for i := 3; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + bits.Len64(x[i])
		}
	}
	return 0
}

func (x *nat4) isZero() bool { return x[0]|x[1]|x[2]|x[3] == 0 }

// cmp returns −1, 0 or 1 as x < y, x = y, x > y.
func (x *nat4) cmp(y *nat4) int {
	for i := 3; i >= 0; i-- {
		switch {
		case x[i] < y[i]:
			return -1
		case x[i] > y[i]:
			return 1
		}
	}
	return 0
}

// top62 returns bits sh … sh+61 of x.
func (x *nat4) top62(sh int) int64 {
	i, b := sh/64, uint(sh%64)
	v := x[i] >> b
	if b > 2 && i < 3 {
		v |= x[i+1] << (64 - b)
	}
	return int64(v & (1<<62 - 1))
}

// shl returns x·2ˢ mod 2²⁵⁶.
func (x *nat4) shl(s int) nat4 {
	var z nat4
	w, b := s/64, uint(s%64)
	for i := 3; i >= w; i-- {
		z[i] = x[i-w] << b
		if b != 0 && i-w-1 >= 0 {
			z[i] |= x[i-w-1] >> (64 - b)
		}
	}
	return z
}

// sub returns x − y mod 2²⁵⁶.
func (x *nat4) sub(y *nat4) nat4 {
	var z nat4
	var b uint64
	for i := range z {
		z[i], b = bits.Sub64(x[i], y[i], b)
	}
	return z
}

// add returns x + y mod 2²⁵⁶.
func (x *nat4) add(y *nat4) nat4 {
	var z nat4
	var c uint64
	for i := range z {
		z[i], c = bits.Add64(x[i], y[i], c)
	}
	return z
}

// mul64 returns x·m mod 2²⁵⁶.
func (x *nat4) mul64(m uint64) nat4 {
	var z nat4
	var c uint64
	for i := range z {
		hi, lo := bits.Mul64(x[i], m)
		var cc uint64
		z[i], cc = bits.Add64(lo, c, 0)
		c = hi + cc
	}
	return z
}

// combine returns a·x + b·y for single-word a, b of opposite signs (or
// zero) when the result is known to be a nonnegative value below 2²⁵⁶:
// the larger product less the smaller.
func combine(a int64, x *nat4, b int64, y *nat4) nat4 {
	ax, by := x.mul64(abs64(a)), y.mul64(abs64(b))
	if a >= 0 && b <= 0 {
		return ax.sub(&by)
	}
	return by.sub(&ax)
}

// combineAbs returns |a|·x + |b|·y: the cofactors' magnitudes (the
// cofactors alternate in sign, and so do a and b).
func combineAbs(a int64, x *nat4, b int64, y *nat4) nat4 {
	ax, by := x.mul64(abs64(a)), y.mul64(abs64(b))
	return ax.add(&by)
}

// quo returns ⌊n/m⌋ for n ≥ 0, m > 0: by subtraction for the quotients
// below 4 (most of Euclid's), by division above.
func quo(n, m int64) int64 {
	for q := int64(0); q < 4; q++ {
		if n < m {
			return q
		}
		n -= m
	}
	return 4 + n/m
}

func abs64(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}

// shortPair returns c ≥ 0 and d ≠ 0 odd with c ≡ d·k (mod 8ℓ), |d| as dAbs
// and its sign as dNeg, both about 128 bits long, for k < 8ℓ: see the
// comment above.
func shortPair(k *nat4) (c, dAbs nat4, dNeg bool) {
	// (r0, r1) and the magnitudes (u0, u1) of their cofactors (t0, t1);
	// t1 is negative when neg1 is set, t0 has the other sign.
	r0, r1 := eightEll, *k
	var u0, u1 nat4
	u1[0] = 1
	neg1 := false
	for r1.bitLen() > 128 {
		n := r0.bitLen()
		sh := max(n-62, 0)
		x, y := r0.top62(sh), r1.top62(sh)
		thr := int64(0)
		if sh < 128 {
			thr = int64(1) << (128 - sh)
		}
		var a, b, cc, d int64 = 1, 0, 0, 1
		steps := 0
		for {
			if y+cc <= 0 || y+d <= 0 || x+a < 0 || x+b < 0 {
				break
			}
			q := quo(x+a, y+cc)
			if q != quo(x+b, y+d) {
				break
			}
			a, cc = cc, a-q*cc
			b, d = d, b-q*d
			x, y = y, x-q*y
			steps++
			if y < thr {
				break
			}
		}
		if steps == 0 {
			// One step in full precision: r0 mod r1 by shifted
			// subtractions, u0 + q·u1 alongside.
			for s := r0.bitLen() - r1.bitLen(); s >= 0; s-- {
				rs := r1.shl(s)
				if r0.cmp(&rs) >= 0 {
					r0 = r0.sub(&rs)
					us := u1.shl(s)
					u0 = u0.add(&us)
				}
			}
			r0, r1 = r1, r0
			u0, u1 = u1, u0
			neg1 = !neg1
			continue
		}
		r0, r1 = combine(a, &r0, b, &r1), combine(cc, &r0, d, &r1)
		u0, u1 = combineAbs(a, &u0, b, &u1), combineAbs(cc, &u0, d, &u1)
		if steps%2 == 1 {
			neg1 = !neg1
		}
	}
	// Consecutive cofactors are coprime: one of t0, t1 is odd.
	if u1[0]&1 == 1 {
		return r1, u1, neg1
	}
	return r0, u0, !neg1
}
