// Package x25519 is the specification of the X25519 Montgomery ladder
// (RFC 7748, section 5) over the radix-2⁵¹ field of vg.dev/spec/fe25519:
// the function the ladder kernels of vg.dev/kernels/x25519 are proved
// equal to, output word for output word.
//
// Like the field's specification it is written the way the kernels
// compute: the same 64×64-bit products (fe25519.Mul and fe25519.Square),
// the same masks for the conditional swaps (fe25519.Swap), sums and
// differences limb by limb without a carry (the products accept limbs
// < 2⁵⁴), and the multiplication by a24 = 121665 as five 128-bit products
// reduced like a product. The final inversion is not here: Ladder returns
// the projective (X : Z), and u = X/Z.
//
// # Bounds
//
// Mul and Square return limbs < 2⁵¹ + 2¹⁵. A sum of two such is < 2⁵³, and
// a difference a + 2p − b < 2⁵³ (2p's limbs are ≥ 2⁵² − 38, so nothing
// wraps); Mul121665 of a limb < 2⁵³ is < 2⁵¹ + 2²⁰, and adding AA keeps it
// < 2⁵³. So every product's input is < 2⁵⁴ at every step, by induction
// from x₂ = 1, z₂ = 0, x₃ = u, z₃ = 1 with u's limbs < 2⁵¹ (FromBytes), and
// the tests check the result against the RFC's vectors.
package x25519

import (
	"math/bits"

	fe "vg.dev/spec/fe25519"
)

// Limbs of 2p: 2·(2⁵¹ − 19) and 2·(2⁵¹ − 1).
const (
	twoP0 = 2 * (1<<51 - 19)
	twoPi = 2 * (1<<51 - 1)
)

// addNoCarry sets out = a + b limb by limb.
func addNoCarry(out, a, b *fe.Element) {
	out.L0 = a.L0 + b.L0
	out.L1 = a.L1 + b.L1
	out.L2 = a.L2 + b.L2
	out.L3 = a.L3 + b.L3
	out.L4 = a.L4 + b.L4
}

// subNoCarry sets out = a + 2p − b limb by limb.
func subNoCarry(out, a, b *fe.Element) {
	out.L0 = a.L0 + twoP0 - b.L0
	out.L1 = a.L1 + twoPi - b.L1
	out.L2 = a.L2 + twoPi - b.L2
	out.L3 = a.L3 + twoPi - b.L3
	out.L4 = a.L4 + twoPi - b.L4
}

// a24 is (486662 − 2)/4, the ladder's constant.
const a24 = 121665

// Mul121665 sets out = 121665·a mod p: the five 128-bit products aᵢ·a24,
// then the reduction of fe25519.Mul (each column split at bit 51, 19·c₄
// into l₀, one carry step).
func Mul121665(out, a *fe.Element) {
	var r [5][2]uint64 // lo, hi
	r[0][1], r[0][0] = bits.Mul64(a.L0, a24)
	r[1][1], r[1][0] = bits.Mul64(a.L1, a24)
	r[2][1], r[2][0] = bits.Mul64(a.L2, a24)
	r[3][1], r[3][0] = bits.Mul64(a.L3, a24)
	r[4][1], r[4][0] = bits.Mul64(a.L4, a24)
	const mask = 1<<51 - 1
	c0 := r[0][1]<<13 | r[0][0]>>51
	c1 := r[1][1]<<13 | r[1][0]>>51
	c2 := r[2][1]<<13 | r[2][0]>>51
	c3 := r[3][1]<<13 | r[3][0]>>51
	c4 := r[4][1]<<13 | r[4][0]>>51
	var l fe.Element
	l.L0 = r[0][0]&mask + c4*19
	l.L1 = r[1][0]&mask + c0
	l.L2 = r[2][0]&mask + c1
	l.L3 = r[3][0]&mask + c2
	l.L4 = r[4][0]&mask + c3
	fe.Carry(out, &l)
}

// Step is one step of the ladder after its conditional swap (RFC 7748,
// section 5), on (x₂ : z₂) and (x₃ : z₃) with x₁ = u:
//
//	A = x₂ + z₂, B = x₂ − z₂, C = x₃ + z₃, D = x₃ − z₃,
//	AA = A², BB = B², DA = D·A, CB = C·B, E = AA − BB,
//	x₃ = (DA + CB)², z₃ = x₁·(DA − CB)², x₂ = AA·BB, z₂ = E·(AA + a24·E).
func Step(x2, z2, x3, z3, x1 *fe.Element) {
	var a, b, c, d, aa, bb, da, cb, e, t fe.Element
	addNoCarry(&a, x2, z2)
	subNoCarry(&b, x2, z2)
	addNoCarry(&c, x3, z3)
	subNoCarry(&d, x3, z3)
	fe.Square(&aa, &a)
	fe.Square(&bb, &b)
	fe.Mul(&da, &d, &a)
	fe.Mul(&cb, &c, &b)
	addNoCarry(x3, &da, &cb)
	fe.Square(x3, x3)
	subNoCarry(z3, &da, &cb)
	fe.Square(z3, z3)
	fe.Mul(z3, z3, x1)
	fe.Mul(x2, &aa, &bb)
	subNoCarry(&e, &aa, &bb)
	Mul121665(&t, &e)
	addNoCarry(&t, &t, &aa)
	fe.Mul(z2, &e, &t)
}

// Ladder sets out to (x₂, z₂), the projective u-coordinate of k·(u, ·)
// after the ladder's 255 steps over the clamped scalar k (RFC 7748,
// section 5: bits 0–2 and 255 cleared, bit 254 set) and its final swap.
// The result is X25519(k, u) = out[0] / out[1].
func Ladder(out *[2]fe.Element, k *[32]byte, u *fe.Element) {
	e := *k
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64
	x1 := *u
	var x2, z2, x3, z3 fe.Element
	x2.L0 = 1
	x3 = x1
	z3.L0 = 1
	var swap uint64
	for i := 254; i >= 0; i-- {
		bit := uint64(e[i>>3]>>(i&7)) & 1
		swap ^= bit
		fe.Swap(&x2, &x3, swap)
		fe.Swap(&z2, &z3, swap)
		swap = bit
		Step(&x2, &z2, &x3, &z3, &x1)
	}
	fe.Swap(&x2, &x3, swap)
	fe.Swap(&z2, &z3, swap)
	out[0] = x2
	out[1] = z2
}

// StepState is Step on s = (x₂, z₂, x₃, z₃, x₁) in one array, so that its
// kernels take one pointer (five pointers of one type could alias).
func StepState(s *[5]fe.Element) { Step(&s[0], &s[1], &s[2], &s[3], &s[4]) }
