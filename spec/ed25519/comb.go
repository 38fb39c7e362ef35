// Package ed25519 is the specification of the step of Ed25519's
// fixed-base comb that the kernels of vg.dev/kernels/ed25519 are proved
// equal to: select the entry of a signed digit from a table of sixteen
// affine points in constant time, negate it under the digit's sign, and
// add it to an extended point.
//
// It is written the way the kernels compute (as vg.dev/spec/fe25519 is):
// the selection scans all sixteen entries and keeps each word under a
// mask that is all ones exactly for the digit's magnitude; the sign is
// applied with masks; sums and differences are limb by limb without a
// carry (a + 2p − b), and the products are fe25519.Mul's.
//
// # Bounds
//
// p's limbs are products' outputs (< 2⁵¹ + 2¹⁵) and the table's limbs are
// canonical (< 2⁵¹), so every sum and difference below is < 2⁵⁴, the bound
// of fe25519.Mul, and p's new limbs are products' outputs again. The
// result is p + d·(the entry's point) when |d| ≤ 16 and the table's entry
// m − 1 is m·P in (y + x, y − x, 2d·x·y) form (words 0–4, 5–9, 10–14).
package ed25519

import (
	"vg.dev/spec/ctselect"
	fe "vg.dev/spec/fe25519"
)

// Limbs of 2p.
const (
	twoP0 = 2 * (1<<51 - 19)
	twoPi = 2 * (1<<51 - 1)
)

// eqMask returns all ones if x = c and 0 otherwise, without a branch.
func eqMask(x, c uint64) uint64 {
	v := x ^ c
	return ((v | -v) >> 63) - 1
}

func add(out, a, b *fe.Element) {
	out.L0 = a.L0 + b.L0
	out.L1 = a.L1 + b.L1
	out.L2 = a.L2 + b.L2
	out.L3 = a.L3 + b.L3
	out.L4 = a.L4 + b.L4
}

func sub(out, a, b *fe.Element) {
	out.L0 = a.L0 + twoP0 - b.L0
	out.L1 = a.L1 + twoPi - b.L1
	out.L2 = a.L2 + twoPi - b.L2
	out.L3 = a.L3 + twoPi - b.L3
	out.L4 = a.L4 + twoPi - b.L4
}

// CombAdd sets p = p + d·Q, where p = (X, Y, Z, T) is extended and d·Q
// is read from t: entry |d| − 1 for d ≠ 0, the identity (1, 1, 0) for
// d = 0, negated for d < 0. d is a two's complement signed digit.
func CombAdd(p *[4]fe.Element, t *ctselect.Table, d uint64) {
	sign := uint64(int64(d) >> 63)
	mag := (d ^ sign) - sign

	// Every entry is read; entry j − 1 is kept where mag = j.
	var q [15]uint64
	for j := 1; j <= 16; j++ {
		m := eqMask(mag, uint64(j))
		for w := 0; w < 15; w++ {
			q[w] |= t[j-1][w] & m
		}
	}
	one := eqMask(mag, 0) & 1
	q[0] |= one
	q[5] |= one

	// −(x, y) = (−x, y): y + x and y − x exchange, 2d·x·y changes sign.
	for w := 0; w < 5; w++ {
		x := sign & (q[w] ^ q[5+w])
		q[w] ^= x
		q[5+w] ^= x
	}
	neg := [5]uint64{twoP0 - q[10], twoPi - q[11], twoPi - q[12], twoPi - q[13], twoPi - q[14]}
	for w := 0; w < 5; w++ {
		q[10+w] ^= sign & (neg[w] ^ q[10+w])
	}
	ypxQ := fe.Element{L0: q[0], L1: q[1], L2: q[2], L3: q[3], L4: q[4]}
	ymxQ := fe.Element{L0: q[5], L1: q[6], L2: q[7], L3: q[8], L4: q[9]}
	t2dQ := fe.Element{L0: q[10], L1: q[11], L2: q[12], L3: q[13], L4: q[14]}

	// The mixed addition, ordered by dependency: the sums and
	// differences, the three products, the completed point's four sums
	// and differences, the four products of the extended result.
	var ypx, ymx, z2, pp, mm, tt, cx, cy, cz, ct fe.Element
	add(&ypx, &p[1], &p[0])
	sub(&ymx, &p[1], &p[0])
	add(&z2, &p[2], &p[2])
	fe.Mul(&pp, &ypx, &ypxQ)
	fe.Mul(&mm, &ymx, &ymxQ)
	fe.Mul(&tt, &p[3], &t2dQ)
	sub(&cx, &pp, &mm)
	add(&cy, &pp, &mm)
	add(&cz, &z2, &tt)
	sub(&ct, &z2, &tt)
	fe.Mul(&p[0], &cx, &ct)
	fe.Mul(&p[1], &cy, &cz)
	fe.Mul(&p[2], &cz, &ct)
	fe.Mul(&p[3], &cx, &cy)
}
