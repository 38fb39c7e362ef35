package prove

import (
	"context"
	"strings"
	"testing"
)

// TestSelectionForms proves testdata/kernels/selection: table selections
// whose kernels keep entries under VPCMPEQD's doubleword masks or with
// CMOV where the specs use masks from arithmetic. The normaliser brings
// both to one term (symexec/term/select.go), so the right ones close by
// hash-consing alone; the wrong ones (a doubleword comparison of an index
// that may exceed 2³², a chain that tests one index twice) differ on real
// inputs (the package's TestMisbehaviour) and must be refuted, the replay
// confirming it: a rule that merged them would prove them.
func TestSelectionForms(t *testing.T) {
	if testing.Short() {
		t.Skip("proves with the solver")
	}
	want := map[string]Verdict{
		"pickLanes":     Refuted,
		"pickLanesByte": Proved,
		"pickCMOV":      Proved,
		"pickCMOVTwice": Refuted,
	}
	opts := Options{Dir: "..", Arch: "amd64"}
	c, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/selection")
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
		case w == Proved && (len(r.Layers) != 1 || r.Layers[LayerHashCons] == 0):
			t.Errorf("%s: closed by %v, want hash-consing alone", name, r.Layers)
		case w == Refuted && (r.Counterexample == nil || !r.Counterexample.Confirmed):
			t.Errorf("%s: refuted without a confirmed counterexample: %s", name, r.Message)
		}
	}
}
