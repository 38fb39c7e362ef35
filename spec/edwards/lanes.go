package edwards

import (
	"math/bits"

	fe "vg.dev/spec/fe25519"
)

// The lane operations below are the kernels' vector instructions, one
// function per instruction shape, on the rows of an Element52x4 (row i is
// limb i of the four lanes, one YMM register).

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

// perm sets out's lane j to a's lane i_j in every row (VPERMQ).
func perm(out, a *fe.Element52x4, i0, i1, i2, i3 int) {
	for i := 0; i < 5; i++ {
		r := a[i]
		out[i] = [4]uint64{r[i0], r[i1], r[i2], r[i3]}
	}
}

// add sets out = a + b limb by limb in every lane (VPADDQ).
func add(out, a, b *fe.Element52x4) {
	for i := 0; i < 5; i++ {
		for j := 0; j < 4; j++ {
			out[i][j] = a[i][j] + b[i][j]
		}
	}
}

// addLanes sets x = x + b in the lanes whose bit is set in lanes and
// leaves the others (VPADDQ under a merging mask).
func addLanes(x, b *fe.Element52x4, lanes int) {
	for i := 0; i < 5; i++ {
		for j := 0; j < 4; j++ {
			if lanes>>j&1 == 1 {
				x[i][j] += b[i][j]
			}
		}
	}
}

// neg2p sets x = 2p − x limb by limb in the lanes whose bit is set in
// lanes and leaves the others (VPSUBQ from the rows of 2p under a
// merging mask).
func neg2p(x *fe.Element52x4, lanes int) {
	twoP := [5]uint64{twoP52Lo, twoP52Mid, twoP52Mid, twoP52Mid, twoP52Top}
	for i := 0; i < 5; i++ {
		for j := 0; j < 4; j++ {
			if lanes>>j&1 == 1 {
				x[i][j] = twoP[i] - x[i][j]
			}
		}
	}
}

// carry brings the limbs of every lane below 2⁵² (limb 4 below 2⁴⁷ plus
// the last carry): limb 4's bits from 2⁴⁷ up go into limb 0 times 19
// (2²⁵⁵ ≡ 19), as t + 2⁴·t + 2·t, then one carry pass limb 0 → limb 4.
// The value is unchanged modulo p.
func carry(x *fe.Element52x4) {
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

// madd52lo is VPMADD52LUQ on one lane: acc plus the low 52 bits of the
// 104-bit product of the low 52 bits of x and y, modulo 2⁶⁴ (as
// vg.dev/spec/fe25519 writes it, so that the prover builds the
// instruction's product and this one as one term).
func madd52lo(acc, x, y uint64) uint64 {
	_, lo := bits.Mul64(x&mask52, y&mask52)
	return acc + lo&mask52
}

// madd52hi is VPMADD52HUQ on one lane: acc plus bits 52 to 103 of the
// 104-bit product of the low 52 bits of x and y, modulo 2⁶⁴.
func madd52hi(acc, x, y uint64) uint64 {
	hi, lo := bits.Mul64(x&mask52, y&mask52)
	return acc + (hi<<12 | lo>>52)
}

// sqr52x4 sets out[·][j] = a[·][j]² mod p for the four lanes j: four
// independent sqr52.
func sqr52x4(out, a *fe.Element52x4) {
	for j := 0; j < 4; j++ {
		var x, z fe.Element52
		for i := 0; i < 5; i++ {
			x[i] = a[i][j]
		}
		sqr52(&z, &x)
		for i := 0; i < 5; i++ {
			out[i][j] = z[i]
		}
	}
}

// sqr52 sets out = a² mod p in radix 2⁵² with the 15 products aᵢ·aⱼ,
// i ≤ j, instead of fe.Mul52's 25: the ten with i < j are added as 52-bit
// halves into their columns (low half into column i+j, high half into
// i+j+1), each column is doubled, and the five squares' halves are added.
// Column k then holds exactly the value of fe.Mul52(a, a)'s column k
// (lo(aᵢ·aⱼ) = lo(aⱼ·aᵢ), and so for the high halves), modulo 2⁶⁴ as
// there, and the reduction is fe.Mul52's: so sqr52(a) = fe.Mul52(a, a)
// bit for bit, for every input, with fe.Mul52's bounds (inputs < 2⁵²;
// output limbs 0 … 3 < 2⁵², limb 4 < 2⁴⁷ + 2¹¹). The tests check the
// equality.
func sqr52(out, a *fe.Element52) {
	x := [5]uint64{a[0], a[1], a[2], a[3], a[4]}

	var c [10]uint64
	for i := 0; i < 5; i++ {
		for j := i + 1; j < 5; j++ {
			c[i+j] = madd52lo(c[i+j], x[i], x[j])
			c[i+j+1] = madd52hi(c[i+j+1], x[i], x[j])
		}
	}
	for k := 1; k < 9; k++ {
		c[k] += c[k]
	}
	for i := 0; i < 5; i++ {
		c[2*i] = madd52lo(c[2*i], x[i], x[i])
		c[2*i+1] = madd52hi(c[2*i+1], x[i], x[i])
	}
	reduce52(out, &c)
}

// times608 returns 608·x = 2⁹·x + 2⁶·x + 2⁵·x mod 2⁶⁴ (608 = 2²⁶⁰ mod p).
func times608(x uint64) uint64 { return x<<9 + x<<6 + x<<5 }

// times19 returns 19·x = 2⁴·x + 2·x + x mod 2⁶⁴ (19 = 2²⁵⁵ mod p).
func times19(x uint64) uint64 { return x<<4 + x<<1 + x }

// reduce52 is fe.Mul52's reduction of the ten columns c (column k of
// weight 2⁵²ᵏ, cₖ below fe.Mul52's column bounds): columns 5 and 6 pass
// their tops up, columns 5 … 9 fold into 0 … 4 times 608, limb 4's bits
// from 2²⁵⁵ up into limb 0 times 19, and one carry pass. fe.Mul52's
// comment derives the bounds.
func reduce52(out *fe.Element52, c *[10]uint64) {
	h5 := c[5] >> 52
	l5 := c[5] & mask52
	c6 := c[6] + h5
	h6 := c6 >> 52
	l6 := c6 & mask52
	c7 := c[7] + h6

	r0 := c[0] + times608(l5)
	r1 := c[1] + times608(l6)
	r2 := c[2] + times608(c7)
	r3 := c[3] + times608(c[8])
	r4 := c[4] + times608(c[9])

	t := r4 >> 47
	r4 &= mask47
	r0 += times19(t)

	r1 += r0 >> 52
	r0 &= mask52
	r2 += r1 >> 52
	r1 &= mask52
	r3 += r2 >> 52
	r2 &= mask52
	r4 += r3 >> 52
	r3 &= mask52

	out[0], out[1], out[2], out[3], out[4] = r0, r1, r2, r3, r4
}
