package fe25519

// The rest of the field, in radix 2⁵¹: addition, subtraction, negation,
// selection and swap under a mask, strict reduction to canonical limbs, and
// the 32-byte encoding. Like Mul and Square these are the specifications
// the kernels in vg.dev/kernels/fe25519 are proved equal to, straight-line
// and exact modulo 2⁶⁴ for all inputs; the bounds below say when the
// result is the right field element. Every input is read before out is
// written, so out may alias any input.

// Limbs of 4p = 4·(2²⁵⁵ − 19): 4·(2⁵¹ − 19) and 4·(2⁵¹ − 1). Each is at
// least 2⁵³ − 76, so it exceeds any limb below 2⁵³ − 76, and a + 4p − b has
// no limb that wraps for such b.
const (
	fourP0 = 4 * (1<<51 - 19)
	fourPi = 4 * (1<<51 - 1)
)

// Add sets out = a + b: the limbs' sums, then one parallel carry step.
//
// For limbs < 2⁶³ the sums do not wrap and out has the bounds of Carry:
// out.L0 < 2⁵¹ + 19·2¹³, out.L1 … out.L4 < 2⁵¹ + 2¹³.
func Add(out, a, b *Element) {
	carry(out, a.L0+b.L0, a.L1+b.L1, a.L2+b.L2, a.L3+b.L3, a.L4+b.L4)
}

// Sub sets out = a − b as a + 4p − b limb by limb, then one parallel carry
// step.
//
// For limbs of a < 2⁶² and of b < 2⁵³ − 76 nothing wraps, and out has the
// bounds of Carry.
func Sub(out, a, b *Element) {
	carry(out, a.L0+fourP0-b.L0, a.L1+fourPi-b.L1, a.L2+fourPi-b.L2,
		a.L3+fourPi-b.L3, a.L4+fourPi-b.L4)
}

// Neg sets out = −a as 4p − a, then one parallel carry step; for limbs
// < 2⁵³ − 76 it is −a with the bounds of Carry.
func Neg(out, a *Element) {
	carry(out, fourP0-a.L0, fourPi-a.L1, fourPi-a.L2, fourPi-a.L3, fourPi-a.L4)
}

// Select sets out = a if c is odd and out = b if c is even, limb by limb
// under the mask −(c & 1): out = b ⊕ (m ∧ (a ⊕ b)).
func Select(out, a, b *Element, c uint64) {
	m := -(c & 1)
	a0, a1, a2, a3, a4 := a.L0, a.L1, a.L2, a.L3, a.L4
	b0, b1, b2, b3, b4 := b.L0, b.L1, b.L2, b.L3, b.L4
	out.L0 = b0 ^ m&(a0^b0)
	out.L1 = b1 ^ m&(a1^b1)
	out.L2 = b2 ^ m&(a2^b2)
	out.L3 = b3 ^ m&(a3^b3)
	out.L4 = b4 ^ m&(a4^b4)
}

// Swap exchanges a and b if c is odd and leaves them if c is even, under
// the mask m = −(c & 1): t = m ∧ (a ⊕ b), a ⊕= t, b ⊕= t. a and b may be
// the same element (then nothing changes).
func Swap(a, b *Element, c uint64) {
	m := -(c & 1)
	a0, a1, a2, a3, a4 := a.L0, a.L1, a.L2, a.L3, a.L4
	b0, b1, b2, b3, b4 := b.L0, b.L1, b.L2, b.L3, b.L4
	t0 := m & (a0 ^ b0)
	t1 := m & (a1 ^ b1)
	t2 := m & (a2 ^ b2)
	t3 := m & (a3 ^ b3)
	t4 := m & (a4 ^ b4)
	a.L0, a.L1, a.L2, a.L3, a.L4 = a0^t0, a1^t1, a2^t2, a3^t3, a4^t4
	b.L0, b.L1, b.L2, b.L3, b.L4 = b0^t0, b1^t1, b2^t2, b3^t3, b4^t4
}

// Reduce sets out to the canonical limbs of a: each < 2⁵¹ and the value
// below p.
//
// Two sequential carry passes (each limb passes its bits above 51 to the
// next, the top one to L0 times 19) leave limbs < 2⁵¹, except L0 < 2⁵¹ + 19,
// and a value < 2²⁵⁵ + 19 < 2p; q = ⌊(value + 19)/2²⁵⁵⌋, computed exactly by
// a chain of carries, is 1 exactly when value ≥ p; adding 19·q and dropping
// bit 255 subtracts q·p. Correct for limbs < 2⁶³ (the first pass does not
// wrap).
func Reduce(out, a *Element) {
	l0, l1, l2, l3, l4 := a.L0, a.L1, a.L2, a.L3, a.L4
	l0, l1, l2, l3, l4 = carryPass(l0, l1, l2, l3, l4)
	l0, l1, l2, l3, l4 = carryPass(l0, l1, l2, l3, l4)

	q := (l0 + 19) >> 51
	q = (l1 + q) >> 51
	q = (l2 + q) >> 51
	q = (l3 + q) >> 51
	q = (l4 + q) >> 51

	l0 += 19 * q
	l1 += l0 >> 51
	l0 &= maskLow51
	l2 += l1 >> 51
	l1 &= maskLow51
	l3 += l2 >> 51
	l2 &= maskLow51
	l4 += l3 >> 51
	l3 &= maskLow51
	l4 &= maskLow51

	out.L0, out.L1, out.L2, out.L3, out.L4 = l0, l1, l2, l3, l4
}

// carryPass is one sequential carry pass from L0 to L4 and back to L0.
func carryPass(l0, l1, l2, l3, l4 uint64) (uint64, uint64, uint64, uint64, uint64) {
	l1 += l0 >> 51
	l0 &= maskLow51
	l2 += l1 >> 51
	l1 &= maskLow51
	l3 += l2 >> 51
	l2 &= maskLow51
	l4 += l3 >> 51
	l3 &= maskLow51
	l0 += (l4 >> 51) * 19
	l4 &= maskLow51
	return l0, l1, l2, l3, l4
}

// FromBytes sets out to the little-endian 32 bytes b with bit 255 ignored,
// as RFC 7748 and RFC 8032 decode: limbs < 2⁵¹, value < 2²⁵⁵ (values from p
// to 2²⁵⁵ − 1, non-canonical encodings, are kept as they are).
func FromBytes(out *Element, b *[32]byte) {
	w0 := le64(b, 0)
	w1 := le64(b, 8)
	w2 := le64(b, 16)
	w3 := le64(b, 24)
	out.L0 = w0 & maskLow51
	out.L1 = (w0>>51 | w1<<13) & maskLow51
	out.L2 = (w1>>38 | w2<<26) & maskLow51
	out.L3 = (w2>>25 | w3<<39) & maskLow51
	out.L4 = w3 >> 12 & maskLow51
}

// ToBytes sets out to the canonical little-endian encoding of a: Reduce,
// then the 255 bits packed (bit 255 is 0).
func ToBytes(out *[32]byte, a *Element) {
	var r Element
	Reduce(&r, a)
	put64(out, 0, r.L0|r.L1<<51)
	put64(out, 8, r.L1>>13|r.L2<<38)
	put64(out, 16, r.L2>>26|r.L3<<25)
	put64(out, 24, r.L3>>39|r.L4<<12)
}

// le64 returns the little-endian word at b[i : i+8].
func le64(b *[32]byte, i int) uint64 {
	return uint64(b[i]) | uint64(b[i+1])<<8 | uint64(b[i+2])<<16 | uint64(b[i+3])<<24 |
		uint64(b[i+4])<<32 | uint64(b[i+5])<<40 | uint64(b[i+6])<<48 | uint64(b[i+7])<<56
}

// put64 stores w little-endian at b[i : i+8].
func put64(b *[32]byte, i int, w uint64) {
	b[i] = byte(w)
	b[i+1] = byte(w >> 8)
	b[i+2] = byte(w >> 16)
	b[i+3] = byte(w >> 24)
	b[i+4] = byte(w >> 32)
	b[i+5] = byte(w >> 40)
	b[i+6] = byte(w >> 48)
	b[i+7] = byte(w >> 56)
}
