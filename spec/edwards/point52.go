// Package edwards is the specification of the four-lane point arithmetic
// on edwards25519 (−x² + y² = 1 + d·x²·y²) that the AVX-512 IFMA kernels
// of vg.dev/kernels/edwards are proved equal to: Ed25519 verification's
// doubling and additions, one coordinate per lane.
//
// # Layout
//
// A point is one fe.Element52x4 whose lanes are the extended coordinates
// (X, Y, Z, T), x = X/Z, y = Y/Z, x·y = T/Z, in radix 2⁵²; a cached point
// (the second operand of an addition) is one whose lanes are
// (Y − X, Y + X, 2d·T, 2·Z). Each function makes its field products in
// rounds of four side by side (fe.Mul52x4), the formulas of Hisil, Wong,
// Carter and Dawson for a = −1 (2008) in their parallel form:
//
//	Double52x4:     [X², Y², Z², X·Y], then [E·F, H·G, G·F, E·H]
//	AddCached52x4:  [(Y−X)·(Y₂−X₂), (Y+X)·(Y₂+X₂), T·2dT₂, Z·2Z₂], then the same
//	Cached52x4:     [(Y−X)·k₀, (Y+X)·k₁, T·k₂, Z·k₃] for k = (1, 1, 2d, 2)
//
// Between the rounds lanes move by permutes (perm, VPERMQ), sums and
// differences are taken limb by limb in chosen lanes (addLanes, neg2p:
// 2p − x, merging masks) and carried (carry) so that every multiplier
// input limb is < 2⁵² again, which the 52-bit multiply-adds need (they
// ignore the bits above). Every function is the kernel's instruction
// sequence lane by lane, as vg.dev/spec/x25519's Ladder52x4 is.
//
// # Bounds
//
// A point's limbs are fe.Mul52 outputs (limbs 0 … 3 < 2⁵², limb 4
// < 2⁴⁷ + 2¹¹) or canonical; so are a cached point's. The limbs of 2p are
// 2⁵³ − 38, 2⁵³ − 2 (three times) and 2⁴⁸ − 2, at least such a limb, so
// 2p − y does not wrap. A lane of up to five such terms has limbs below
// 5·2⁵² and limb 4 below 2⁵⁰; carry then folds limb 4's bits from 2⁴⁷ up
// (t < 8) into limb 0 as 19·t and passes each limb's bits from 2⁵² up to
// the next: limbs 0 … 3 end < 2⁵² and limb 4 < 2⁴⁷ + 8, valid multiplier
// inputs. The tests check every multiplier input of random chains of
// operations against 2⁵², and the results against affine arithmetic in
// math/big.
//
// # Not covered
//
// The functions are exact for all inputs, bit for bit, as their kernels;
// they compute the group operation only within the bounds above. The
// doubling ignores T's lane; AddCached52x4 of a point and its own cached
// form is a doubling too (the formulas are complete on edwards25519,
// since d is not a square), but slower than Double52x4.
package edwards

import fe "vg.dev/spec/fe25519"

// rounds holds the multiplier inputs of one operation's two rounds of
// four products (l1·r1, then l2·r2), so that the tests can check each
// against the bound 2⁵².
type rounds struct {
	l1, r1, l2, r2 fe.Element52x4
}

// sumsDiff sets out to [Y − X, Y + X, T, Z] (neg = 0b0001) or
// [Y + X, Y − X, T, Z] (neg = 0b0010) of the point p = [X, Y, Z, T],
// carried: the left operand of an addition's first round.
func sumsDiff(out, p *fe.Element52x4, neg int) {
	var x fe.Element52x4
	perm(out, p, 1, 1, 3, 2) // [Y, Y, T, Z]
	perm(&x, p, 0, 0, 0, 0)  // X in every lane
	neg2p(&x, neg)           // 2p − X in lane 0 (or 1)
	addLanes(out, &x, 0b0011)
	carry(out)
}

// finish sets p = [E·F, G·H, F·G, E·H] from w = [E, F, G, H]: the second
// round of an addition.
func finish(rd *rounds, p, w *fe.Element52x4) {
	perm(&rd.l2, w, 0, 2, 1, 0) // [E, G, F, E]
	perm(&rd.r2, w, 1, 3, 2, 3) // [F, H, G, H]
	fe.Mul52x4(p, &rd.l2, &rd.r2)
}

// Double52x4 sets p = 2·p for p = [X, Y, Z, T] (T is not read):
//
//	[XX, YY, ZZ, XY] = [X, Y, Z, X]·[X, Y, Z, Y]
//	E = 2XY, G = YY − XX, F = 2ZZ − G, H = YY + XX
//	2p = [E·F, H·G, G·F, E·H]
//
// as crypto/ed25519 doubles (through the completed point x = E/G,
// y = H/F, with E = (X+Y)² − XX − YY there); the linear lanes are
// [E, H, G, F] before the second round. The first round multiplies the
// point's own lanes, which need no carry, where squaring [X, Y, Z, X+Y]
// would need X + Y carried first: a longer path than the ten more
// products.
func Double52x4(p *fe.Element52x4) {
	var rd rounds
	double(&rd, p)
}

func double(rd *rounds, p *fe.Element52x4) {
	perm(&rd.l1, p, 0, 1, 2, 0) // [X, Y, Z, X]
	perm(&rd.r1, p, 0, 1, 2, 1) // [X, Y, Z, Y]
	var r fe.Element52x4
	fe.Mul52x4(&r, &rd.l1, &rd.r1) // [XX, YY, ZZ, XY]

	var w, v, q fe.Element52x4
	perm(&w, &r, 3, 1, 1, 2) // [XY, YY, YY, ZZ]
	addLanes(&w, &w, 0b1001) // [2XY, YY, YY, 2ZZ]
	perm(&v, &r, 0, 0, 0, 1) // [XX, XX, XX, YY]
	neg2p(&v, 0b1100)        // [XX, XX, 2p − XX, 2p − YY]
	addLanes(&w, &v, 0b1110)
	perm(&q, &r, 0, 0, 0, 0) // XX in every lane
	addLanes(&w, &q, 0b1000)
	carry(&w) // [E, H, G, F]

	perm(&rd.l2, &w, 0, 1, 2, 0) // [E, H, G, E]
	perm(&rd.r2, &w, 3, 2, 3, 1) // [F, G, F, H]
	fe.Mul52x4(p, &rd.l2, &rd.r2)
}

// AddCached52x4 sets p = p + q for the point p = [X, Y, Z, T] and the
// cached point q = [Y₂ − X₂, Y₂ + X₂, 2d·T₂, 2·Z₂]:
//
//	[A, B, C, D] = [(Y−X)·(Y₂−X₂), (Y+X)·(Y₂+X₂), T·2dT₂, Z·2Z₂]
//	[E, F, G, H] = [B − A, D − C, D + C, B + A]
//	p + q = [E·F, G·H, F·G, E·H]
//
// q is read before p is written, so p and q may be the same memory.
func AddCached52x4(p, q *fe.Element52x4) {
	var rd rounds
	addCached(&rd, p, q)
}

func addCached(rd *rounds, p, q *fe.Element52x4) {
	var m fe.Element52x4
	sumsDiff(&rd.l1, p, 0b0001)
	rd.r1 = *q
	fe.Mul52x4(&m, &rd.l1, q) // [A, B, C, D]

	var w, v fe.Element52x4
	perm(&w, &m, 1, 3, 3, 1) // [B, D, D, B]
	perm(&v, &m, 0, 2, 2, 0) // [A, C, C, A]
	neg2p(&v, 0b0011)
	add(&w, &w, &v)
	carry(&w) // [E, F, G, H]
	finish(rd, p, &w)
}

// SubCached52x4 sets p = p − q for the point p and the cached point q
// (AddCached52x4's layouts). The negation of q = (x₂, y₂) is (−x₂, y₂),
// whose cached lanes are q's first two exchanged and 2d·T₂ negated; the
// first round takes p's sum and difference in the other order instead,
// and the second the signs of C:
//
//	[B', A', C, D] = [(Y+X)·(Y₂−X₂), (Y−X)·(Y₂+X₂), T·2dT₂, Z·2Z₂]
//	[E, F, G, H] = [B' − A', D + C, D − C, B' + A']
func SubCached52x4(p, q *fe.Element52x4) {
	var rd rounds
	subCached(&rd, p, q)
}

func subCached(rd *rounds, p, q *fe.Element52x4) {
	var m fe.Element52x4
	sumsDiff(&rd.l1, p, 0b0010)
	rd.r1 = *q
	fe.Mul52x4(&m, &rd.l1, q) // [B', A', C, D]

	var w, v fe.Element52x4
	perm(&w, &m, 0, 3, 3, 0) // [B', D, D, B']
	perm(&v, &m, 1, 2, 2, 1) // [A', C, C, A']
	neg2p(&v, 0b0101)
	add(&w, &w, &v)
	carry(&w) // [E, F, G, H]
	finish(rd, p, &w)
}

// Cached52x4 sets out = [(Y−X)·k₀, (Y+X)·k₁, T·k₂, Z·k₃] for the point
// p = [X, Y, Z, T]: with k = (1, 1, 2d, 2) in the lanes, p's cached form
// [Y − X, Y + X, 2d·T, 2·Z] (reduced products, so within the bounds). The
// constant is an input, as spec/x25519's a24 is: the kernel is proved for
// every k, and its callers pass (1, 1, 2d, 2). Inputs are read before out
// is written.
func Cached52x4(out, p, k *fe.Element52x4) {
	var l fe.Element52x4
	sumsDiff(&l, p, 0b0001)
	fe.Mul52x4(out, &l, k)
}
