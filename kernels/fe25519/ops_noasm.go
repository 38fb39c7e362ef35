//go:build (!amd64 && !arm64) || purego

package fe25519

func add(out, a, b *Element)                     { addGeneric(out, a, b) }
func sub(out, a, b *Element)                     { subGeneric(out, a, b) }
func neg(out, a *Element)                        { negGeneric(out, a) }
func selectElement(out, a, b *Element, c uint64) { selectGeneric(out, a, b, c) }
func swap(a, b *Element, c uint64)               { swapGeneric(a, b, c) }
func reduce(out, a *Element)                     { reduceGeneric(out, a) }
func toBytes(out *[32]byte, a *Element)          { toBytesGeneric(out, a) }
func fromBytes(out *Element, b *[32]byte)        { fromBytesGeneric(out, b) }

func invert(out, a *Element) { invertChain(out, a) }
