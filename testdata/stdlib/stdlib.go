// Package stdlib holds preconditions for proving assembly of the Go
// standard library against its own generic code (ad hoc form); only the
// tests and the README's examples use it.
package stdlib

// element has the layout of crypto/internal/fips140/edwards25519/field.Element.
type element struct{ l0, l1, l2, l3, l4 uint64 }

// LooseSquare is the precondition of field.feSquare: a's limbs are loose
// (below 2⁵⁴), as the field package guarantees for its elements.
func LooseSquare(out, a *element) bool {
	const bound = 1 << 54
	return a.l0 < bound && a.l1 < bound && a.l2 < bound && a.l3 < bound && a.l4 < bound
}

// Never is a precondition no input meets (a limb below 1 and above 1); the
// prover must refuse it rather than prove anything under it.
func Never(out, a, b *element) bool { return a.l0 < 1 && a.l0 > 1 }
