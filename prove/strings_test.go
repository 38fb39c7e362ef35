//go:build cgo

package prove

import (
	"context"
	"slices"
	"strings"
	"testing"

	"vg.dev/obligation"
)

// TestStringParams: a string parameter is its bytes, read-only, with the
// listed length; the spec indexes and slices it (testdata/kernels/strings).
// A store into it, a read past its end and a wrong count are each found.
func TestStringParams(t *testing.T) {
	if testing.Short() {
		t.Skip("proves a package")
	}
	results, err := Prove(context.Background(), Options{Dir: ".."}, collect(t, "vg.dev/testdata/kernels/strings"))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		equiv, frame Verdict
		violation    string // a violation kind the result must list
	}
	wants := map[string]want{
		"countRight": {Proved, Proved, ""},
		"countTail":  {Proved, Proved, ""},
		"countWrong": {Refuted, Proved, ""},
		"countPast":  {"", Violated, KindLoadOutOfBounds},
		"countStore": {"", Violated, KindStoreReadOnly},
	}
	seen := map[string]int{}
	for _, r := range results {
		name := r.Kernel[strings.LastIndexByte(r.Kernel, '.')+1:]
		w, ok := wants[name]
		if !ok {
			t.Errorf("unexpected obligation %s", r.Kernel)
			continue
		}
		seen[name]++
		if w.equiv != "" && r.Equivalence != w.equiv {
			t.Errorf("%s%v: equivalence %s (%s), want %s", name, r.Sizes, r.Equivalence, r.Message, w.equiv)
		}
		if r.Frame != w.frame {
			t.Errorf("%s%v: frame %s, want %s", name, r.Sizes, r.Frame, w.frame)
		}
		if w.violation != "" {
			found := false
			for _, v := range r.Violations {
				found = found || v.Kind == w.violation
			}
			if !found {
				t.Errorf("%s%v: violations %+v, want one of kind %s", name, r.Sizes, r.Violations, w.violation)
			}
		}
		if r.Equivalence == Refuted && (r.Counterexample == nil || !r.Counterexample.Confirmed) {
			t.Errorf("%s%v: refutation not confirmed by the replay: %+v", name, r.Sizes, r.Counterexample)
		}
	}
	for name := range wants {
		if seen[name] == 0 {
			t.Errorf("no obligation for %s", name)
		}
	}
}

// TestABIInternalKernel: the standard library's ChaCha8 block, assembly
// written for ABIInternal, has its constant time and frame proved with
// its arguments in registers, and the report says so.
func TestABIInternalKernel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and lifts a standard-library package")
	}
	o := &obligation.Obligation{Kernel: "internal/chacha8rand.block", Arch: "amd64"}
	results, err := Prove(context.Background(), Options{Dir: ".."}, []*obligation.Obligation{o})
	if err != nil {
		t.Fatal(err)
	}
	r := results[0]
	if r.CT != Proved || r.Frame != Proved {
		t.Fatalf("ct %s, frame %s (%s)", r.CT, r.Frame, r.Message)
	}
	if !slices.Contains(r.Assumptions, abiInternalNote) {
		t.Errorf("assumptions %q do not say ABIInternal", r.Assumptions)
	}
}
