//go:build amd64 && !purego

package edwards

import (
	"testing"

	spec "vg.dev/spec/edwards"
	"vg.dev/vgtest/directivetest"
)

// TestDirectives checks the //vg: directives of the stubs: one spec each,
// with the stub's signature, every parameter public.
func TestDirectives(t *testing.T) {
	directivetest.Check(t, "edwards_amd64.go", map[string]directivetest.Stub{
		"doubleIFMA":    {Func: doubleIFMA, Spec: spec.Double52x4, Public: []string{"p"}},
		"addCachedIFMA": {Func: addCachedIFMA, Spec: spec.AddCached52x4, Public: []string{"p", "q"}},
		"subCachedIFMA": {Func: subCachedIFMA, Spec: spec.SubCached52x4, Public: []string{"p", "q"}},
		"cachedIFMA":    {Func: cachedIFMA, Spec: spec.Cached52x4, Public: []string{"out", "p", "k"}},
		"pow22523IFMA":  {Func: pow22523IFMA, Spec: spec.Pow22523x4, Public: []string{"out", "a"}},
	})
}
