package edwards

import (
	spec "vg.dev/spec/edwards"
	fe "vg.dev/spec/fe25519"
)

// Element52x4 is four field elements in radix 2⁵², limb-major (the
// specification's type): a point's lanes are (X, Y, Z, T), a cached
// point's (Y − X, Y + X, 2d·T, 2·Z).
type Element52x4 = fe.Element52x4

// Double sets p = 2·p (T's lane is not read). p's limbs must be within
// vg.dev/spec/edwards's bounds (products' outputs, or canonical); the
// result's are products' outputs.
func Double(p *Element52x4) { double(p) }

// AddCached sets p = p + q for a cached q (both within the bounds).
func AddCached(p, q *Element52x4) { addCached(p, q) }

// SubCached sets p = p − q for a cached q (both within the bounds).
func SubCached(p, q *Element52x4) { subCached(p, q) }

// Cached sets out to p's cached form when k holds (1, 1, 2d, 2) in its
// lanes: [(Y − X)·k₀, (Y + X)·k₁, T·k₂, Z·k₃].
func Cached(out, p, k *Element52x4) { cached(out, p, k) }

// Pow22523 sets out to a^((p−5)/8) lane by lane, the exponentiation of
// a point decoding's square root, four at a time (a's limbs within the
// bounds; out's are products' outputs).
func Pow22523(out, a *Element52x4) { pow22523(out, a) }

// Available reports whether the operations run assembly kernels (not
// the specification).
func Available() bool { return selected() != variantGeneric }

const (
	variantIFMA    = "ifma"
	variantGeneric = "generic"
)

func doubleGeneric(p *Element52x4)         { spec.Double52x4(p) }
func addCachedGeneric(p, q *Element52x4)   { spec.AddCached52x4(p, q) }
func subCachedGeneric(p, q *Element52x4)   { spec.SubCached52x4(p, q) }
func cachedGeneric(out, p, k *Element52x4) { spec.Cached52x4(out, p, k) }
func pow22523Generic(out, a *Element52x4)  { spec.Pow22523x4(out, a) }
