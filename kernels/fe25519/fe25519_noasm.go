//go:build (!amd64 && !arm64) || purego

package fe25519

func mul(out, a, b *Element) { mulGeneric(out, a, b) }

func square(out, a *Element) { squareGeneric(out, a) }

func carry(out, a *Element) { carryGeneric(out, a) }

// selectVariant is a no-op: there is only the generic variant.
func selectVariant() {}

// selected names the variant Mul, Square and Carry use.
func selected() string { return variantGeneric }
