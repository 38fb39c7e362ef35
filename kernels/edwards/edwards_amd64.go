//go:build amd64 && !purego

package edwards

import "vg.dev/kernels/internal/cpuid"

// doubleIFMA is Double with AVX-512 IFMA on YMM registers.
//
//vg:spec vg.dev/spec/edwards.Double52x4
//vg:public p
//go:noescape
func doubleIFMA(p *Element52x4)

// addCachedIFMA is AddCached with AVX-512 IFMA on YMM registers.
//
//vg:spec vg.dev/spec/edwards.AddCached52x4
//vg:public p q
//go:noescape
func addCachedIFMA(p, q *Element52x4)

// subCachedIFMA is SubCached with AVX-512 IFMA on YMM registers.
//
//vg:spec vg.dev/spec/edwards.SubCached52x4
//vg:public p q
//go:noescape
func subCachedIFMA(p, q *Element52x4)

// cachedIFMA is Cached with AVX-512 IFMA on YMM registers.
//
//vg:spec vg.dev/spec/edwards.Cached52x4
//vg:public out p k
//go:noescape
func cachedIFMA(out, p, k *Element52x4)

// pow22523IFMA is Pow22523 with AVX-512 IFMA on YMM registers: the whole
// addition chain in one kernel.
//
//vg:spec vg.dev/spec/edwards.Pow22523x4
//vg:public out a
//go:noescape
func pow22523IFMA(out, a *Element52x4)

var useIFMA bool

func init() { selectVariant() }

func hasIFMA() bool { return cpuid.Has("avx512ifma") && cpuid.Has("avx512vl") }

// selectVariant chooses the variant from the CPU features VG_CPU_FEATURES
// allows. Tests call it again after changing the variable.
func selectVariant() { useIFMA = hasIFMA() }

func selected() string {
	if useIFMA {
		return variantIFMA
	}
	return variantGeneric
}

func double(p *Element52x4) {
	if useIFMA {
		doubleIFMA(p)
	} else {
		doubleGeneric(p)
	}
}

func addCached(p, q *Element52x4) {
	if useIFMA {
		addCachedIFMA(p, q)
	} else {
		addCachedGeneric(p, q)
	}
}

func subCached(p, q *Element52x4) {
	if useIFMA {
		subCachedIFMA(p, q)
	} else {
		subCachedGeneric(p, q)
	}
}

func cached(out, p, k *Element52x4) {
	if useIFMA {
		cachedIFMA(out, p, k)
	} else {
		cachedGeneric(out, p, k)
	}
}

func pow22523(out, a *Element52x4) {
	if useIFMA {
		pow22523IFMA(out, a)
	} else {
		pow22523Generic(out, a)
	}
}
