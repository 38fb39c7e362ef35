package fe25519

import spec "vg.dev/spec/fe25519"

// Add sets out = a + b (limb sums, then one carry step). Correct for limbs
// < 2⁶³; output limbs have Carry's bounds.
func Add(out, a, b *Element) { add(out, a, b) }

// Sub sets out = a − b (a + 4p − b, then one carry step). Correct for
// limbs of a < 2⁶² and of b < 2⁵³ − 76; output limbs have Carry's bounds.
func Sub(out, a, b *Element) { sub(out, a, b) }

// Neg sets out = −a (4p − a, then one carry step), for limbs < 2⁵³ − 76.
func Neg(out, a *Element) { neg(out, a) }

// Select sets out = a if c is odd and out = b if c is even, in time
// independent of c.
func Select(out, a, b *Element, c uint64) { selectElement(out, a, b, c) }

// Swap exchanges a and b if c is odd, in time independent of c.
func Swap(a, b *Element, c uint64) { swap(a, b, c) }

// Reduce sets out to the canonical limbs of a (each < 2⁵¹, value < p), for
// limbs < 2⁶³.
func Reduce(out, a *Element) { reduce(out, a) }

// ToBytes sets out to the canonical 32-byte little-endian encoding of a,
// for limbs < 2⁶³.
func ToBytes(out *[32]byte, a *Element) { toBytes(out, a) }

// FromBytes sets out to the 32-byte little-endian b with bit 255 ignored
// (non-canonical values kept as they are; limbs < 2⁵¹).
func FromBytes(out *Element, b *[32]byte) { fromBytes(out, b) }

// Invert sets out = 1/a (0 for a ≡ 0) for limbs < 2⁵⁴, by the chain of
// the specification: with ADX one kernel (invertADX), elsewhere the chain
// over Mul and Square.
func Invert(out, a *Element) { invert(out, a) }

// invertChain is the specification's chain over this package's Mul and
// Square (each a kernel where the CPU has one).
func invertChain(out, a *Element) {
	var a2, a9, a11, t0, t1, t Element
	Square(&a2, a)
	squareN(&t0, &a2, 2)
	Mul(&a9, &t0, a)
	Mul(&a11, &a9, &a2)
	Square(&t0, &a11)
	Mul(&t0, &t0, &a9)
	squareN(&t1, &t0, 5)
	Mul(&t0, &t1, &t0)
	squareN(&t1, &t0, 10)
	Mul(&t1, &t1, &t0)
	squareN(&t, &t1, 20)
	Mul(&t1, &t, &t1)
	squareN(&t1, &t1, 10)
	Mul(&t0, &t1, &t0)
	squareN(&t1, &t0, 50)
	Mul(&t1, &t1, &t0)
	squareN(&t, &t1, 100)
	Mul(&t1, &t, &t1)
	squareN(&t1, &t1, 50)
	Mul(&t, &t1, &t0)
	squareN(&t, &t, 5)
	Mul(out, &t, &a11)
}

func squareN(out, a *Element, n int) {
	Square(out, a)
	for i := 1; i < n; i++ {
		Square(out, out)
	}
}

func addGeneric(out, a, b *Element)              { spec.Add(out, a, b) }
func subGeneric(out, a, b *Element)              { spec.Sub(out, a, b) }
func negGeneric(out, a *Element)                 { spec.Neg(out, a) }
func selectGeneric(out, a, b *Element, c uint64) { spec.Select(out, a, b, c) }
func swapGeneric(a, b *Element, c uint64)        { spec.Swap(a, b, c) }
func reduceGeneric(out, a *Element)              { spec.Reduce(out, a) }
func toBytesGeneric(out *[32]byte, a *Element)   { spec.ToBytes(out, a) }
func fromBytesGeneric(out *Element, b *[32]byte) { spec.FromBytes(out, b) }
