package x25519

import fe "vg.dev/spec/fe25519"

// # The four-lane ladder in radix 2⁵²
//
// Ladder52x4 is the ladder of Ladder computed four field elements at a
// time, the way the AVX-512 IFMA kernel vg.dev/kernels/x25519.ladderIFMA
// does: the state is one Element52x4 whose lanes are (x₂, z₂, x₃, z₃), and
// each step makes its ten products in three fe.Mul52x4, four side by side:
//
//	[D·A, C·B, A·A, B·B]
//	[(DA+CB)², (DA−CB)², AA·BB, E·a24]
//	[E·(AA + a24·E), (same), x₁·(DA−CB)², (same)]
//
// (the last lanes 0 and 2 duplicate 1 and 3: the lane is there anyway).
// Between the products, lanes move by permutes (perm, VPERMQ) and blends
// (blend, VPBLENDD or a masked move); sums and differences are taken limb
// by limb with 2p added before a subtraction, and then carried (carry52)
// so that every multiplier input limb is < 2⁵² again, which the 52-bit
// multiply-adds need (they ignore the bits above). The conditional swap
// exchanges lanes (0, 1) with (2, 3) under a mask. Every function below is
// the kernel's instruction sequence lane by lane.
//
// # Bounds
//
// fe.Mul52 returns limbs 0 … 3 < 2⁵² and limb 4 < 2⁴⁷ + 2¹¹ from inputs
// < 2⁵². The limbs of 2p are 2⁵³ − 38, 2⁵³ − 2 (three times) and
// 2⁴⁸ − 2, each at least a product's limb, so 2p − y does not wrap for a
// product or carried value y. A sum x + y or x + (2p − y) of such values
// has limbs < 3·2⁵² and limb 4 < 2⁴⁹; carry52 first folds limb 4's bits
// from 2⁴⁷ up (t < 4) into limb 0 as 19·t, then passes each limb's bits
// from 2⁵² up to the next: limbs 0 … 3 end < 2⁵² and limb 4 < 2⁴⁷ + 3.
// The initial state (1, 0, u, 1) with u's limbs < 2⁵² and limb 4 < 2⁴⁷
// (u < 2²⁵⁵, as FromBytes52 gives it) is within these bounds, and so is
// every state after a step (a blend of products). The tests check every
// multiplier input of random runs against 2⁵².

// Limbs of 2p in radix 2⁵²: 2·(2⁵² − 19), 2·(2⁵² − 1), 2·(2⁴⁷ − 1).
const (
	twoP52Lo  = 2 * (1<<52 - 19)
	twoP52Mid = 2 * (1<<52 - 1)
	twoP52Top = 2 * (1<<47 - 1)
)

const (
	mask52 = 1<<52 - 1
	mask47 = 1<<47 - 1
)

// perm sets out's lane j to a's lane idx_j in every row (VPERMQ).
func perm(out, a *fe.Element52x4, i0, i1, i2, i3 int) {
	for i := 0; i < 5; i++ {
		r := a[i]
		out[i] = [4]uint64{r[i0], r[i1], r[i2], r[i3]}
	}
}

// blend sets out's lane j to b's if bit j of lanes is set, else to a's.
func blend(out, a, b *fe.Element52x4, lanes int) {
	for i := 0; i < 5; i++ {
		for j := 0; j < 4; j++ {
			if lanes>>j&1 == 1 {
				out[i][j] = b[i][j]
			} else {
				out[i][j] = a[i][j]
			}
		}
	}
}

// add52 sets out = a + b limb by limb and lane by lane (VPADDQ).
func add52(out, a, b *fe.Element52x4) {
	for i := 0; i < 5; i++ {
		for j := 0; j < 4; j++ {
			out[i][j] = a[i][j] + b[i][j]
		}
	}
}

// negate52 sets out = 2p − a limb by limb and lane by lane (VPSUBQ from
// the rows of 2p).
func negate52(out, a *fe.Element52x4) {
	twoP := [5]uint64{twoP52Lo, twoP52Mid, twoP52Mid, twoP52Mid, twoP52Top}
	for i := 0; i < 5; i++ {
		for j := 0; j < 4; j++ {
			out[i][j] = twoP[i] - a[i][j]
		}
	}
}

// carry52 brings every limb of every lane below 2⁵² (limb 4 below
// 2⁴⁷ + 3 under the bounds of the package comment): limb 4's bits from
// 2⁴⁷ up go into limb 0 times 19 (2²⁵⁵ ≡ 19), then one carry pass
// limb 0 → limb 4. 19·t is t + 2⁴·t + 2·t, as the kernel adds it.
func carry52(x *fe.Element52x4) {
	for j := 0; j < 4; j++ {
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

// swap52 exchanges lanes (0, 1) with (2, 3) of s if c & 1 is 1: with
// m = −(c & 1), each lane becomes s ⊕ (m ∧ (s ⊕ s')), s' the other half's.
func swap52(s *fe.Element52x4, c uint64) {
	m := -(c & 1)
	var o fe.Element52x4
	perm(&o, s, 2, 3, 0, 1)
	for i := 0; i < 5; i++ {
		for j := 0; j < 4; j++ {
			s[i][j] ^= m & (s[i][j] ^ o[i][j])
		}
	}
}

// stage52 holds a step's intermediate values, so that the tests can check
// every multiplier input (mulIn) against the bound.
type stage52 struct {
	l1, r1, m1 fe.Element52x4 // [D, C, A, B] · [A, B, A, B]
	v          fe.Element52x4 // [DA+CB, DA−CB, AA+BB, E], carried
	l2, r2, m2 fe.Element52x4 // [DA+CB, DA−CB, AA, E] · [DA+CB, DA−CB, BB, a24]
	l3, r3, n  fe.Element52x4 // [E, E, x₁, x₁] · [AA+a24E, …, (DA−CB)², …]
}

// sumDiff sets out to [a₀ + a₁, a₀ + 2p − a₁, a₂ + a₃, a₂ + 2p − a₃],
// carried: the additions and subtractions a step makes on pairs of lanes.
func sumDiff(out, a *fe.Element52x4) {
	var even, odd, neg, w fe.Element52x4
	perm(&even, a, 0, 0, 2, 2)
	perm(&odd, a, 1, 1, 3, 3)
	negate52(&neg, &odd)
	blend(&w, &odd, &neg, 0b1010)
	add52(out, &even, &w)
	carry52(out)
}

// step52 is one ladder step on s = [x₂, z₂, x₃, z₃] (after the swap) with
// x1 holding x₁ in lanes 2 and 3 and a24 the constant a24 in lane 3 (the
// kernel broadcasts both to all four lanes).
func step52(st *stage52, s, x1, a24 *fe.Element52x4) {
	// [A, B, C, D] = [x₂ + z₂, x₂ − z₂, x₃ + z₃, x₃ − z₃].
	var u fe.Element52x4
	sumDiff(&u, s)
	perm(&st.l1, &u, 3, 2, 0, 1)
	perm(&st.r1, &u, 0, 1, 0, 1)
	fe.Mul52x4(&st.m1, &st.l1, &st.r1)

	// [DA+CB, DA−CB, ·, E = AA − BB].
	sumDiff(&st.v, &st.m1)
	var odd, t fe.Element52x4
	perm(&odd, &st.m1, 1, 1, 3, 3)
	blend(&st.l2, &st.v, &st.m1, 0b0100)
	blend(&t, &odd, a24, 0b1000)
	blend(&st.r2, &st.v, &t, 0b1100)
	fe.Mul52x4(&st.m2, &st.l2, &st.r2)

	// AA + a24·E in every lane, carried; (DA−CB)²; E.
	var aa, ae, z, d2, e fe.Element52x4
	perm(&aa, &st.m1, 2, 2, 2, 2)
	perm(&ae, &st.m2, 3, 3, 3, 3)
	add52(&z, &aa, &ae)
	carry52(&z)
	perm(&d2, &st.m2, 1, 1, 1, 1)
	blend(&st.r3, &z, &d2, 0b1100)
	perm(&e, &st.v, 3, 3, 3, 3)
	blend(&st.l3, &e, x1, 0b1100)
	fe.Mul52x4(&st.n, &st.l3, &st.r3)

	// [x₂, z₂, x₃, z₃] = [AA·BB, E·(AA + a24·E), (DA+CB)², x₁·(DA−CB)²].
	var x fe.Element52x4
	perm(&x, &st.m2, 2, 0, 0, 0)
	blend(s, &x, &st.n, 0b1010)
}

// A24 is the ladder's constant a24 = 121665 in radix 2⁵², the second
// element of Ladder52x4's input.
var A24 = fe.Element52{a24}

// Ladder52x4 sets out to (x₂, z₂) in radix 2⁵² with x₂/z₂ = X25519(k, u)
// for in = (u, A24), as Ladder does (the same clamping, the same 255 steps
// and swaps), four lanes at a time. u's limbs must be < 2⁵² and limb 4
// < 2⁴⁷ (u < 2²⁵⁵); out's limbs are then < 2⁵² (limb 4 < 2⁴⁷ + 2¹¹). The
// result is not the limbs of Ladder's (X : Z) but the same projective
// point: X/Z agrees.
//
// The constant a24 is an input (in[1]), not a literal: the kernel loads it
// from memory and is proved equal to this function for every in[1]; the
// callers pass A24. (Products by constant lanes, which the first step has,
// meet the spec's too: vg.dev/symexec/term builds a product by a constant
// at the width it fits in.)
func Ladder52x4(out *[2]fe.Element52, k *[32]byte, in *[2]fe.Element52) {
	u := &in[0]
	e := *k
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64
	var x1, s, c fe.Element52x4
	for i := 0; i < 5; i++ {
		x1[i] = [4]uint64{u[i], u[i], u[i], u[i]}
		s[i] = [4]uint64{0, 0, u[i], 0}
		c[i] = [4]uint64{in[1][i], in[1][i], in[1][i], in[1][i]}
	}
	s[0][0] = 1
	s[0][3] = 1
	var st stage52
	var swap uint64
	for i := 254; i >= 0; i-- {
		bit := uint64(e[i>>3]>>(i&7)) & 1
		swap ^= bit
		swap52(&s, swap)
		swap = bit
		step52(&st, &s, &x1, &c)
	}
	swap52(&s, swap)
	for i := 0; i < 5; i++ {
		out[0][i] = s[i][0]
		out[1][i] = s[i][1]
	}
}

// StepState52x4 is one step of Ladder52x4 (after the swap) on s[0], the
// state [x₂, z₂, x₃, z₃], with x₁ in lanes 2 and 3 of s[1] and a24 in
// lane 3 of s[2]: the step kernels' unit, in one array so that they take
// one pointer.
func StepState52x4(s *[3]fe.Element52x4) {
	var st stage52
	step52(&st, &s[0], &s[1], &s[2])
}
