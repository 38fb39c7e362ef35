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

// SHA1RoundConstants is the precondition of crypto/sha1's arm64 sha1block:
// k holds SHA-1's four round constants (FIPS 180-4, 4.2.1), as block
// passes the package's k.
func SHA1RoundConstants(h []uint32, p []byte, k []uint32) bool {
	return len(k) == 4 && k[0] == 0x5a827999 && k[1] == 0x6ed9eba1 && k[2] == 0x8f1bbcdc && k[3] == 0xca62c1d6
}
