//go:build cgo

package prove

import (
	"context"
	"slices"
	"strings"
	"testing"

	"vg.dev/obligation"
)

// TestPageReads: with //vg:pageread a load may run past a slice within
// the slice's pages, and only when the path proves it stays there
// (testdata/kernels/pageread): the bytes read past it reach no result.
func TestPageReads(t *testing.T) {
	if testing.Short() {
		t.Skip("proves a package")
	}
	results, err := Prove(context.Background(), Options{Dir: "..", NoReplay: true}, collect(t, "vg.dev/testdata/kernels/pageread"))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		equiv, frame Verdict
		past         string // a frame violation's detail says this
	}
	wants := map[string]want{
		"matchMask":       {Proved, Proved, ""},
		"matchMaskStrict": {"", Violated, "access outside its region"},
		"matchNoCheck":    {"", Violated, "not proved to stay in its pages"},
		"matchWrongCheck": {"", Violated, "not proved to stay in its pages"},
		"matchJunk":       {Refuted, Proved, ""},
	}
	seen := map[string]bool{}
	for _, r := range results {
		name := r.Kernel[strings.LastIndexByte(r.Kernel, '.')+1:]
		w, ok := wants[name]
		if !ok {
			t.Errorf("unexpected obligation %s", r.Kernel)
			continue
		}
		seen[name] = true
		if w.equiv != "" && r.Equivalence != w.equiv || r.Frame != w.frame {
			t.Errorf("%s%v: equivalence %s, frame %s (%s); want %s, %s", name, r.Sizes, r.Equivalence, r.Frame, r.Message, w.equiv, w.frame)
		}
		if w.past != "" && !slices.ContainsFunc(r.Violations, func(v Violation) bool {
			return v.Kind == KindLoadOutOfBounds && strings.Contains(v.Detail, w.past)
		}) {
			t.Errorf("%s%v: violations %+v, want a load out of bounds saying %q", name, r.Sizes, r.Violations, w.past)
		}
		declared := name != "matchMaskStrict"
		if slices.Contains(r.Assumptions, obligation.PageReadsAssumption) != declared {
			t.Errorf("%s: assumptions %q (pageread declared: %v)", name, r.Assumptions, declared)
		}
	}
	for name := range wants {
		if !seen[name] {
			t.Errorf("no obligation for %s", name)
		}
	}
}
