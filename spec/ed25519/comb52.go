package ed25519

import fe "vg.dev/spec/fe25519"

// # The eight-lane comb in radix 2⁵²
//
// ScalarBaseMult52x8 is s·B computed the way the AVX-512 IFMA kernel
// vg.dev/kernels/ed25519.scalarBaseIFMA does, eight points at a time, one
// per 64-bit lane of a ZMM register. s is written in 64 signed radix-16
// digits dᵢ ∈ [−8, 8] (Recode16), and
//
//	s·B = Σⱼ Σᵣ d₈ᵣ₊ⱼ·(16⁸ʳ⁺ʲ·B),   r = 0 … 7, j = 0 … 7,
//
// so lane j accumulates its own point Pⱼ = Σᵣ d₈ᵣ₊ⱼ·(16⁸ʳ⁺ʲ·B) over eight
// rounds, each round one mixed addition in every lane, with the entry of
// magnitude |d₈ᵣ₊ⱼ| of lane j's table selected in constant time. There is
// no doubling: every digit position has its own table (CombTable52). The
// eight lanes are then summed by three levels of additions of a lane to
// another (lanes j and j ⊕ 4, then j ⊕ 2, then j ⊕ 1), after which every
// lane holds s·B; lane 0 is converted to radix 2⁵¹.
//
// Selection. For every magnitude m = 1 … 8 a lane mask eqMask(|d|, m) is
// computed and every row of entry m is ORed in under it (the kernel's
// VPTERNLOGQ), so all eight entries are read whatever the digit; d = 0
// leaves the identity (1, 1, 0). A negative digit is applied without a
// negation: −(x, y) = (−x, y) exchanges y + x with y − x, which is done on
// the selected rows under the sign mask, and turns 2d·x·y into its
// negation, whose only effect on the mixed addition is to exchange F and
// G, which is done on F and G under the sign mask.
//
// Every function below is the kernel's instruction sequence lane by lane:
// products are fe.Mul52 (VPMADD52LUQ/HUQ), sums and differences are limb
// by limb (a difference adds 2p first), and every multiplier input is
// carried (carry52x8) below 2⁵² first, which the 52-bit multiply-adds
// need.
//
// # Bounds
//
// fe.Mul52 returns limbs 0 … 3 < 2⁵² and limb 4 < 2⁴⁷ + 2¹¹ from inputs
// below 2⁵². The table's limbs are canonical (< 2⁵², limb 4 < 2⁴⁷), and
// the accumulators start at (0, 1, 1, 0) and are products' outputs after
// every round, so every sum x + y and every x + 2p − y below has limbs
// < 2⁵⁴ (2p's limbs, 2⁵³ − 38, 2⁵³ − 2 and 2⁴⁸ − 2, are at least a
// product's limbs, so 2p − y does not wrap), and carry52x8 brings each
// below 2⁵² (limb 4 below 2⁴⁷ + 2⁴). The tests check every multiplier
// input of random runs against 2⁵².

// Element52x8 is eight field elements in radix 2⁵², limb-major: X[i][j]
// is limb i of element j. Row X[i] is 64 bytes, one ZMM register.
type Element52x8 [5][8]uint64

// CombTable52 holds the comb's points: t[r][m−1] holds, in lane j,
// m·16⁸ʳ⁺ʲ·B as (y + x, y − x, 2d·x·y) in radix 2⁵² with canonical limbs,
// rows 0–4, 5–9 and 10–14 (each row 64 bytes, one ZMM register).
type CombTable52 [8][8][15][8]uint64

// Limbs of 2p in radix 2⁵².
const (
	twoP52Lo  = 2 * (1<<52 - 19)
	twoP52Mid = 2 * (1<<52 - 1)
	twoP52Top = 2 * (1<<47 - 1)
)

const (
	mask52 = 1<<52 - 1
	mask47 = 1<<47 - 1
	mask51 = 1<<51 - 1
)

// D2x52 is 2d in radix 2⁵², canonical: the constant of the additions that
// sum the lanes.
var D2x52 = fe.Element52{0x69b9426b2f159, 0x9a8283b156ebd, 0xef3d13000e014, 0xfce7198e80f2e, 0x2406d9dc56df}

// Recode16 returns the 64 signed radix-16 digits dᵢ ∈ [−8, 8] of s
// (little-endian), s = Σ dᵢ·16ⁱ, for s < 2²⁵³ (a scalar reduced modulo
// ℓ): each nibble plus the carry, minus 16 with a carry out when it is 8
// or more, without a branch on s. For s < 2²⁵³ the top nibble is at most
// 1, so d₆₃ ≤ 2 and no carry leaves it. Each digit is a two's complement
// byte, computed in 32 bits as the kernel does.
func Recode16(s *[32]byte) [64]uint8 {
	var d [64]uint8
	var carry uint32
	for i := 0; i < 32; i++ {
		lo := uint32(s[i]&15) + carry
		carry = (lo + 8) >> 4
		d[2*i] = uint8(lo - carry<<4)
		hi := uint32(s[i]>>4) + carry
		carry = (hi + 8) >> 4
		d[2*i+1] = uint8(hi - carry<<4)
	}
	return d
}

func add52x8(out, a, b *Element52x8) {
	for i := 0; i < 5; i++ {
		for j := 0; j < 8; j++ {
			out[i][j] = a[i][j] + b[i][j]
		}
	}
}

// sub52x8 sets out = a + 2p − b limb by limb.
func sub52x8(out, a, b *Element52x8) {
	twoP := [5]uint64{twoP52Lo, twoP52Mid, twoP52Mid, twoP52Mid, twoP52Top}
	for i := 0; i < 5; i++ {
		for j := 0; j < 8; j++ {
			out[i][j] = a[i][j] + (twoP[i] - b[i][j])
		}
	}
}

// carry52x8 brings every limb of every lane below 2⁵² (limb 4 below
// 2⁴⁷ + 2⁴ under the package's bounds): limb 4's bits from 2⁴⁷ up go into
// limb 0 times 19 (t + 2⁴·t + 2·t), then one carry pass limb 0 → limb 4.
func carry52x8(x *Element52x8) {
	for j := 0; j < 8; j++ {
		t := x[4][j] >> 47
		x[4][j] &= mask47
		x[0][j] = x[0][j] + t + t<<4 + t<<1
		x[1][j] += x[0][j] >> 52
		x[0][j] &= mask52
		x[2][j] += x[1][j] >> 52
		x[1][j] &= mask52
		x[3][j] += x[2][j] >> 52
		x[2][j] &= mask52
		x[4][j] += x[3][j] >> 52
		x[3][j] &= mask52
	}
}

// mul52x8 sets out = a·b lane by lane (fe.Mul52 in each lane).
func mul52x8(out, a, b *Element52x8) {
	for j := 0; j < 8; j++ {
		var x, y, z fe.Element52
		for i := 0; i < 5; i++ {
			x[i] = a[i][j]
			y[i] = b[i][j]
		}
		fe.Mul52(&z, &x, &y)
		for i := 0; i < 5; i++ {
			out[i][j] = z[i]
		}
	}
}

// swapUnder exchanges a and b in the lanes where m is all ones (m is all
// ones or zero in each lane): x = m ∧ (a ⊕ b), a ⊕= x, b ⊕= x.
func swapUnder(a, b *Element52x8, m *[8]uint64) {
	for i := 0; i < 5; i++ {
		for j := 0; j < 8; j++ {
			x := m[j] & (a[i][j] ^ b[i][j])
			a[i][j] ^= x
			b[i][j] ^= x
		}
	}
}

// permute sets out's lane j to a's lane j ⊕ k in every row (VPERMQ, and
// for k = 4 a permutation across the two halves).
func permute(out, a *Element52x8, k int) {
	for i := 0; i < 5; i++ {
		for j := 0; j < 8; j++ {
			out[i][j] = a[i][j^k]
		}
	}
}

// combPoint is an extended point (X, Y, Z, T) in each lane.
type combPoint [4]Element52x8

// combStage holds a round's intermediate values, so that the tests can
// check every multiplier input against the bound.
type combStage struct {
	ypx, ymx, t2d Element52x8 // the selected entries, after the sign
	s1, d1        Element52x8 // Y + X and Y − X, carried
	e, f, g, h    Element52x8 // carried
}

// selectEntries sets st's ypx, ymx and t2d to the entries of the digits
// d (one per lane) of round table t, and returns the lanes' sign masks.
func selectEntries(st *combStage, t *[8][15][8]uint64, d *[8]uint8) [8]uint64 {
	var sign, mag [8]uint64
	for j := 0; j < 8; j++ {
		x := uint64(int64(int8(d[j])))
		sign[j] = -(x >> 63)
		mag[j] = (x ^ sign[j]) - sign[j]
	}
	var q [15][8]uint64
	for m := 1; m <= 8; m++ {
		var mask [8]uint64
		for j := 0; j < 8; j++ {
			mask[j] = eqMask(mag[j], uint64(m))
		}
		for c := 0; c < 15; c++ {
			for j := 0; j < 8; j++ {
				q[c][j] |= mask[j] & t[m-1][c][j]
			}
		}
	}
	for j := 0; j < 8; j++ {
		one := eqMask(mag[j], 0) & 1
		q[0][j] |= one
		q[5][j] |= one
	}
	for i := 0; i < 5; i++ {
		st.ypx[i] = q[i]
		st.ymx[i] = q[5+i]
		st.t2d[i] = q[10+i]
	}
	swapUnder(&st.ypx, &st.ymx, &sign)
	return sign
}

// combRound adds to each lane's point the entry of its digit: the
// selection, then the mixed addition ordered by dependency (the sums, the
// three products, the completed point's sums and differences, the four
// products).
func combRound(st *combStage, p *combPoint, t *[8][15][8]uint64, d *[8]uint8) {
	sign := selectEntries(st, t, d)
	add52x8(&st.s1, &p[1], &p[0])
	carry52x8(&st.s1)
	sub52x8(&st.d1, &p[1], &p[0])
	carry52x8(&st.d1)
	var a, b, c, z2 Element52x8
	mul52x8(&a, &st.d1, &st.ymx)
	mul52x8(&b, &st.s1, &st.ypx)
	mul52x8(&c, &p[3], &st.t2d)
	add52x8(&z2, &p[2], &p[2])
	sub52x8(&st.e, &b, &a)
	add52x8(&st.h, &b, &a)
	sub52x8(&st.f, &z2, &c)
	add52x8(&st.g, &z2, &c)
	swapUnder(&st.f, &st.g, &sign)
	carry52x8(&st.e)
	carry52x8(&st.h)
	carry52x8(&st.f)
	carry52x8(&st.g)
	mul52x8(&p[0], &st.e, &st.f)
	mul52x8(&p[1], &st.g, &st.h)
	mul52x8(&p[2], &st.f, &st.g)
	mul52x8(&p[3], &st.e, &st.h)
}

// sumStage holds a lane sum's intermediate values for the bound tests.
type sumStage struct {
	s1, d1, s2, d2 Element52x8 // Y + X and Y − X of both points, carried
	tt             Element52x8 // T₁·T₂
	e, f, g, h     Element52x8 // carried
}

// sumLanes sets each lane's point to itself plus the point of lane j ⊕ k:
// the extended addition with k = 2d (A = (Y₁ − X₁)(Y₂ − X₂),
// B = (Y₁ + X₁)(Y₂ + X₂), C = T₁·T₂·2d, D = 2·Z₁·Z₂, then E = B − A,
// F = D − C, G = D + C, H = B + A and (E·F, G·H, F·G, E·H)).
func sumLanes(st *sumStage, p *combPoint, k int, d2 *Element52x8) {
	add52x8(&st.s1, &p[1], &p[0])
	carry52x8(&st.s1)
	sub52x8(&st.d1, &p[1], &p[0])
	carry52x8(&st.d1)
	permute(&st.s2, &st.s1, k)
	permute(&st.d2, &st.d1, k)
	var t2, z2, a, b, zz, c, dd Element52x8
	permute(&t2, &p[3], k)
	permute(&z2, &p[2], k)
	mul52x8(&a, &st.d1, &st.d2)
	mul52x8(&b, &st.s1, &st.s2)
	mul52x8(&st.tt, &p[3], &t2)
	mul52x8(&zz, &p[2], &z2)
	mul52x8(&c, &st.tt, d2)
	add52x8(&dd, &zz, &zz)
	sub52x8(&st.e, &b, &a)
	add52x8(&st.h, &b, &a)
	sub52x8(&st.f, &dd, &c)
	add52x8(&st.g, &dd, &c)
	carry52x8(&st.e)
	carry52x8(&st.h)
	carry52x8(&st.f)
	carry52x8(&st.g)
	mul52x8(&p[0], &st.e, &st.f)
	mul52x8(&p[1], &st.g, &st.h)
	mul52x8(&p[2], &st.f, &st.g)
	mul52x8(&p[3], &st.e, &st.h)
}

// to51 converts lane 0 of a (limbs 0 … 3 < 2⁵², limb 4 < 2⁴⁷ + 2¹¹) to
// radix 2⁵¹ with the same value: limbs 0 … 3 < 2⁵¹ and limb 4 < 2⁵¹ + 2¹⁵.
func to51(out *fe.Element, a *Element52x8) {
	l0, l1, l2, l3, l4 := a[0][0], a[1][0], a[2][0], a[3][0], a[4][0]
	out.L0 = l0 & mask51
	out.L1 = l0>>51 | (l1<<1)&mask51
	out.L2 = l1>>50 | (l2<<2)&mask51
	out.L3 = l2>>49 | (l3<<3)&mask51
	out.L4 = l3>>48 | l4<<4
}

// ScalarBaseMult52x8 sets out = s·B in extended coordinates (radix 2⁵¹,
// limbs < 2⁵¹ + 2¹⁵) for s < 2²⁵³ (a scalar reduced modulo ℓ,
// little-endian), where t is the comb's table (CombTable52) and d2 is 2d
// (D2x52, an input so that the kernel reads it as the spec does). For
// larger s the top digit has no entry and the result is not s·B.
func ScalarBaseMult52x8(out *[4]fe.Element, t *CombTable52, s *[32]byte, d2 *fe.Element52) {
	digits := Recode16(s)
	var p combPoint
	for j := 0; j < 8; j++ {
		p[1][0][j] = 1
		p[2][0][j] = 1
	}
	var st combStage
	for r := 0; r < 8; r++ {
		var d [8]uint8
		copy(d[:], digits[8*r:8*r+8])
		combRound(&st, &p, &t[r], &d)
	}
	var k Element52x8
	for i := 0; i < 5; i++ {
		for j := 0; j < 8; j++ {
			k[i][j] = d2[i]
		}
	}
	var ss sumStage
	sumLanes(&ss, &p, 4, &k)
	sumLanes(&ss, &p, 2, &k)
	sumLanes(&ss, &p, 1, &k)
	for i := range out {
		to51(&out[i], &p[i])
	}
}
