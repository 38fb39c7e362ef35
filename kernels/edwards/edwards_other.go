//go:build !amd64 || purego

package edwards

func selectVariant() {}

func selected() string { return variantGeneric }

func double(p *Element52x4)         { doubleGeneric(p) }
func addCached(p, q *Element52x4)   { addCachedGeneric(p, q) }
func subCached(p, q *Element52x4)   { subCachedGeneric(p, q) }
func cached(out, p, k *Element52x4) { cachedGeneric(out, p, k) }
func pow22523(out, a *Element52x4)  { pow22523Generic(out, a) }
