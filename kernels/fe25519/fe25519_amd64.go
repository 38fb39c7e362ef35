//go:build amd64 && !purego

package fe25519

import "vg.dev/kernels/internal/cpuid"

// mulADX sets out = a × b mod 2²⁵⁵−19 with MULX, ADCX and ADOX.
//
//vg:spec vg.dev/spec/fe25519.Mul
//go:noescape
func mulADX(out, a, b *Element)

// mulMULQ sets out = a × b mod 2²⁵⁵−19 with MULQ, ADDQ and ADCQ.
//
//vg:spec vg.dev/spec/fe25519.Mul
//go:noescape
func mulMULQ(out, a, b *Element)

// squareADX sets out = a × a mod 2²⁵⁵−19 with MULX, ADCX and ADOX.
//
//vg:spec vg.dev/spec/fe25519.Square
//go:noescape
func squareADX(out, a *Element)

// squareMULQ sets out = a × a mod 2²⁵⁵−19 with MULQ, ADDQ and ADCQ.
//
//vg:spec vg.dev/spec/fe25519.Square
//go:noescape
func squareMULQ(out, a *Element)

// carryAMD64 sets out = a mod 2²⁵⁵−19 after one parallel carry step.
//
//vg:spec vg.dev/spec/fe25519.Carry
//go:noescape
func carryAMD64(out, a *Element)

// useADX and useIFMA are set by selectVariant. Plain booleans and direct
// calls, rather than function values, let the compiler call the ABI0
// kernels without an ABI wrapper.
var useADX, useIFMA bool

func init() { selectVariant() }

// selectVariant chooses the variant from the CPU features that
// VG_CPU_FEATURES allows. Tests call it again after changing the variable.
func selectVariant() {
	useADX = cpuid.Has("bmi2") && cpuid.Has("adx")
	useIFMA = cpuid.Has("avx512ifma") && cpuid.Has("avx512vl")
}

// selected names the variant Mul, Square and Carry use.
func selected() string {
	if useADX {
		return variantADX
	}
	return variantMULQ
}

func mul(out, a, b *Element) {
	if useADX {
		mulADX(out, a, b)
	} else {
		mulMULQ(out, a, b)
	}
}

func square(out, a *Element) {
	if useADX {
		squareADX(out, a)
	} else {
		squareMULQ(out, a)
	}
}

func carry(out, a *Element) { carryAMD64(out, a) }

// mul52x4 is Mul52x4: the IFMA kernel (fe25519_ifma_amd64.go) or the spec.
func mul52x4(out, a, b *Element52x4) {
	if useIFMA {
		mul52x4IFMA(out, a, b)
	} else {
		mul52x4Generic(out, a, b)
	}
}
