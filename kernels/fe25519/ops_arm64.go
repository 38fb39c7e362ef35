//go:build arm64 && !purego

package fe25519

// The rest of the field (ops_arm64.s): no products of two variables, so
// one variant, needing no CPU feature.

// addARM64 sets out = a + b with one carry step.
//
//vg:spec vg.dev/spec/fe25519.Add
//go:noescape
func addARM64(out, a, b *Element)

// subARM64 sets out = a + 4p − b with one carry step.
//
//vg:spec vg.dev/spec/fe25519.Sub
//go:noescape
func subARM64(out, a, b *Element)

// negARM64 sets out = 4p − a with one carry step.
//
//vg:spec vg.dev/spec/fe25519.Neg
//go:noescape
func negARM64(out, a *Element)

// selectARM64 sets out = a if c is odd, else b, under a mask.
//
//vg:spec vg.dev/spec/fe25519.Select
//go:noescape
func selectARM64(out, a, b *Element, c uint64)

// swapARM64 exchanges a and b if c is odd, under a mask.
//
//vg:spec vg.dev/spec/fe25519.Swap
//go:noescape
func swapARM64(a, b *Element, c uint64)

// reduceARM64 sets out to the canonical limbs of a.
//
//vg:spec vg.dev/spec/fe25519.Reduce
//go:noescape
func reduceARM64(out, a *Element)

// toBytesARM64 sets out to the canonical encoding of a.
//
//vg:spec vg.dev/spec/fe25519.ToBytes
//go:noescape
func toBytesARM64(out *[32]byte, a *Element)

// fromBytesARM64 sets out to the element encoded by b, bit 255 ignored.
//
//vg:spec vg.dev/spec/fe25519.FromBytes
//go:noescape
func fromBytesARM64(out *Element, b *[32]byte)

func add(out, a, b *Element)                     { addARM64(out, a, b) }
func sub(out, a, b *Element)                     { subARM64(out, a, b) }
func neg(out, a *Element)                        { negARM64(out, a) }
func selectElement(out, a, b *Element, c uint64) { selectARM64(out, a, b, c) }
func swap(a, b *Element, c uint64)               { swapARM64(a, b, c) }
func reduce(out, a *Element)                     { reduceARM64(out, a) }
func toBytes(out *[32]byte, a *Element)          { toBytesARM64(out, a) }
func fromBytes(out *Element, b *[32]byte)        { fromBytesARM64(out, b) }

// invertARM64 sets out = 1/a by the chain of spec/fe25519.Invert
// (invert_arm64.s).
//
//vg:spec vg.dev/spec/fe25519.Invert
//go:noescape
func invertARM64(out, a *Element)

func invert(out, a *Element) { invertARM64(out, a) }
