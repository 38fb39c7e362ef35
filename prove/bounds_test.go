package prove

import (
	"context"
	"strings"
	"testing"
)

// TestAttackBounds proves testdata/kernels/bounds: (38·a)·c against
// (19·a)·(2·c), which the normaliser merges under the bounds a run's
// precondition implies (term.AssumeBounds). Under a tight bound it must
// prove; under one a bit looser (a or c), or one that holds with the
// pointers apart and not with them equal, the kernel differs from its spec
// on real inputs (the package's TestMisbehaviour) and must be refuted. A
// bound that leaked from the distinct run into the aliased one would prove
// mul38Alias.
func TestAttackBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("proves with the solver")
	}
	want := map[string]Verdict{
		"mul38Tight":  Proved,
		"mul38Apart":  Proved,
		"mul38LooseA": Refuted,
		"mul38LooseC": Refuted,
		"mul38Alias":  Refuted,
	}
	opts := Options{Dir: "..", Arch: "amd64"}
	c, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/bounds")
	if err != nil {
		t.Fatal(err)
	}
	results, err := Prove(context.Background(), opts, c.Obligations)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(want) {
		t.Fatalf("%d obligations, want %d", len(results), len(want))
	}
	for _, r := range results {
		name := r.Name()[strings.LastIndex(r.Name(), ".")+1:]
		w, ok := want[name]
		switch {
		case !ok:
			t.Errorf("unexpected obligation %s", name)
		case r.Equivalence != w:
			t.Errorf("%s: equivalence %s, want %s: %s", name, r.Equivalence, w, r.Message)
		case w == Proved && (r.CT != Proved || r.Frame != Proved):
			t.Errorf("%s: ct %s, frame %s: %s", name, r.CT, r.Frame, r.Message)
		case name == "mul38Alias" && !strings.Contains(r.Message, "with a = out"):
			t.Errorf("mul38Alias: %q, want the refutation of the aliased run", r.Message)
		}
	}
}
