//go:build arm64 && !purego

package mldsa

import "vg.dev/kernels/internal/cpuid"

// variantNEON names the arm64 Advanced SIMD variant (kernels_arm64.go).
const variantNEON = "neon"

// useNEON is set by selectVariant. ASIMD is mandatory on arm64, but
// VG_CPU_FEATURES can hide it ("none") to select the generic variant, as
// on amd64. A plain boolean and direct calls let the compiler call the
// ABI0 kernels without an ABI wrapper.
var useNEON bool

func init() { selectVariant() }

// selectVariant chooses the variant from the CPU features that
// VG_CPU_FEATURES allows. Tests call it again after changing the variable.
func selectVariant() { useNEON = cpuid.Has("asimd") }

// selected names the variant the functions use.
func selected() string {
	if useNEON {
		return variantNEON
	}
	return variantGeneric
}

func ntt(p *Poly) {
	if useNEON {
		nttNEON(p)
	} else {
		nttGeneric(p)
	}
}

func invNTT(p *Poly) {
	if useNEON {
		invNTTNEON(p)
	} else {
		invNTTGeneric(p)
	}
}

func pointwise(out, a, b *Poly) {
	if useNEON {
		pointwiseNEON(out, a, b)
	} else {
		pointwiseGeneric(out, a, b)
	}
}

func pointwiseAcc(out, a, b *Poly) {
	if useNEON {
		pointwiseAccNEON(out, a, b)
	} else {
		pointwiseAccGeneric(out, a, b)
	}
}

func add(out, a, b *Poly) {
	if useNEON {
		addNEON(out, a, b)
	} else {
		addGeneric(out, a, b)
	}
}

func sub(out, a, b *Poly) {
	if useNEON {
		subNEON(out, a, b)
	} else {
		subGeneric(out, a, b)
	}
}

func reduce(p *Poly) {
	if useNEON {
		reduceNEON(p)
	} else {
		reduceGeneric(p)
	}
}

func freeze(p *Poly) {
	if useNEON {
		freezeNEON(p)
	} else {
		freezeGeneric(p)
	}
}

func normExceeds(a *Poly, bound int32) uint32 {
	if useNEON {
		return normExceedsNEON(a, bound)
	}
	return normExceedsGeneric(a, bound)
}

func power2Round(a1, a0, a *Poly) {
	if useNEON {
		power2RoundNEON(a1, a0, a)
	} else {
		power2RoundGeneric(a1, a0, a)
	}
}

func decompose88(a1, a0, a *Poly) {
	if useNEON {
		decompose88NEON(a1, a0, a)
	} else {
		decompose88Generic(a1, a0, a)
	}
}

func decompose32(a1, a0, a *Poly) {
	if useNEON {
		decompose32NEON(a1, a0, a)
	} else {
		decompose32Generic(a1, a0, a)
	}
}

func highBits88(a1, a *Poly) {
	if useNEON {
		highBits88NEON(a1, a)
	} else {
		highBits88Generic(a1, a)
	}
}

func highBits32(a1, a *Poly) {
	if useNEON {
		highBits32NEON(a1, a)
	} else {
		highBits32Generic(a1, a)
	}
}

func lowBits88(a0, a *Poly) {
	if useNEON {
		lowBits88NEON(a0, a)
	} else {
		lowBits88Generic(a0, a)
	}
}

func lowBits32(a0, a *Poly) {
	if useNEON {
		lowBits32NEON(a0, a)
	} else {
		lowBits32Generic(a0, a)
	}
}

func makeHint88(h, z, r *Poly) uint32 {
	if useNEON {
		return makeHint88NEON(h, z, r)
	}
	return makeHint88Generic(h, z, r)
}

func makeHint32(h, z, r *Poly) uint32 {
	if useNEON {
		return makeHint32NEON(h, z, r)
	}
	return makeHint32Generic(h, z, r)
}

func useHint88(out, h, r *Poly) {
	if useNEON {
		useHint88NEON(out, h, r)
	} else {
		useHint88Generic(out, h, r)
	}
}

func useHint32(out, h, r *Poly) {
	if useNEON {
		useHint32NEON(out, h, r)
	} else {
		useHint32Generic(out, h, r)
	}
}
