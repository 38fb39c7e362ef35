//go:build amd64 && !purego

package fe25519

// The rest of the field (ops_amd64.s): no products of two variables, so
// these kernels serve both amd64 variants.

// addAMD64 sets out = a + b with one carry step.
//
//vg:spec vg.dev/spec/fe25519.Add
//go:noescape
func addAMD64(out, a, b *Element)

// subAMD64 sets out = a + 4p − b with one carry step.
//
//vg:spec vg.dev/spec/fe25519.Sub
//go:noescape
func subAMD64(out, a, b *Element)

// negAMD64 sets out = 4p − a with one carry step.
//
//vg:spec vg.dev/spec/fe25519.Neg
//go:noescape
func negAMD64(out, a *Element)

// selectAMD64 sets out = a if c is odd, else b, under a mask.
//
//vg:spec vg.dev/spec/fe25519.Select
//go:noescape
func selectAMD64(out, a, b *Element, c uint64)

// swapAMD64 exchanges a and b if c is odd, under a mask.
//
//vg:spec vg.dev/spec/fe25519.Swap
//go:noescape
func swapAMD64(a, b *Element, c uint64)

// reduceAMD64 sets out to the canonical limbs of a.
//
//vg:spec vg.dev/spec/fe25519.Reduce
//go:noescape
func reduceAMD64(out, a *Element)

// toBytesAMD64 sets out to the canonical encoding of a.
//
//vg:spec vg.dev/spec/fe25519.ToBytes
//go:noescape
func toBytesAMD64(out *[32]byte, a *Element)

// fromBytesAMD64 sets out to the element encoded by b, bit 255 ignored.
//
//vg:spec vg.dev/spec/fe25519.FromBytes
//go:noescape
func fromBytesAMD64(out *Element, b *[32]byte)

// invertADX sets out = 1/a by the chain of spec/fe25519.Invert, with
// MULX, ADCX and ADOX (invert_amd64.s).
//
//vg:spec vg.dev/spec/fe25519.Invert
//go:noescape
func invertADX(out, a *Element)

func invert(out, a *Element) {
	if useADX {
		invertADX(out, a)
	} else {
		invertChain(out, a)
	}
}

func add(out, a, b *Element)                     { addAMD64(out, a, b) }
func sub(out, a, b *Element)                     { subAMD64(out, a, b) }
func neg(out, a *Element)                        { negAMD64(out, a) }
func selectElement(out, a, b *Element, c uint64) { selectAMD64(out, a, b, c) }
func swap(a, b *Element, c uint64)               { swapAMD64(a, b, c) }
func reduce(out, a *Element)                     { reduceAMD64(out, a) }
func toBytes(out *[32]byte, a *Element)          { toBytesAMD64(out, a) }
func fromBytes(out *Element, b *[32]byte)        { fromBytesAMD64(out, b) }
