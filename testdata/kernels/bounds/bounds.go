// Package bounds holds kernels written against the normaliser's use of a
// precondition's ranges (symexec/term/products.go): each multiplies 38·a
// by c where its spec multiplies 19·a by 2·c, equal exactly when no
// multiple wraps in its word. Under a tight bound they are proved by
// hash-consing; under a bound one bit looser, or a bound that holds with
// the pointers apart but not with them equal, they differ on real inputs
// (the package's tests) and must not be proved. Only the tests build it.
package bounds

// The words are 32 bits wide, the products 64, so that the bounds that
// matter lie within what the range analysis tracks (below 2^58).

// mul38Go is the product of 19·a and 2·c, the standard library's
// feSquareGeneric spelling of 38·a·c.
func mul38Go(a, c uint32) (hi, lo uint32) {
	p := uint64(19*a) * uint64(2*c)
	return uint32(p >> 32), uint32(p)
}

// mul38InPlaceGo is mul38Go on a[0] and a[1], the product stored to out
// after both are read.
func mul38InPlaceGo(a, out *[2]uint32) {
	out[0], out[1] = mul38Go(a[0], a[1])
}

// The bounds: 38·a fits in 32 bits for a < 2^26 (38 < 2^6), not for
// every a < 2^27; 2·c for c < 2^31, not for every c.

// tight is the least bound of this form under which (38·a)·c =
// (19·a)·(2·c).
func tight(a, c uint32) bool { return a < 1<<26 && c < 1<<31 }

// looseA lets a be one bit wider than tight does.
func looseA(a, c uint32) bool { return a < 1<<27 && c < 1<<31 }

// looseC lets c be one bit wider than tight does (any c).
func looseC(a, c uint32) bool { return a < 1<<26 }

// tightArrays is tight on a[0] and a[1], however out lies.
func tightArrays(a, out *[2]uint32) bool { return tight(a[0], a[1]) }

// apartOrTight is tight with out and a apart, and nothing with them one
// array: the bounds hold in the distinct run only. (a comes first, so
// that the aliased run's memory is a's and its words have the names the
// distinct run's bounds are on: a bound that leaked would apply.)
func apartOrTight(a, out *[2]uint32) bool { return out == a || tight(a[0], a[1]) }
