package stdlib

// ShiftInWord is the contract of math/big's lshVU and rshVU: the shift
// count is in [1, 63].
func ShiftInWord(z, x []uint, s uint) bool { return s >= 1 && s < 64 }

// element has the layout of crypto/internal/fips140/edwards25519/field.Element
// (a look-alike: the predicate cannot name the unexported package's type,
// and the prover matches layouts, not names).
type element struct{ l0, l1, l2, l3, l4 uint64 }

// LooseSquare is the precondition of field.feSquare: a's limbs are below
// 2⁵⁴, as the field package keeps its elements.
func LooseSquare(out, a *element) bool {
	const bound = 1 << 54
	return a.l0 < bound && a.l1 < bound && a.l2 < bound && a.l3 < bound && a.l4 < bound
}
