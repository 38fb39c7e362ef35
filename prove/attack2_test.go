package prove

import (
	"context"
	"strings"
	"testing"
)

// TestAttackInstances proves testdata/kernels/attack2: kernels and specs
// that agree with their pointers apart and differ with them equal, written
// against the shortcut that leaves out an aliased run as an instance of a
// proved one (alias_instance.go). Each is wrong in place on a real call
// (the package's TestMisbehaviourInPlace), so none may be proved, except
// the controls: tri, right under every aliasing, with out = a = b an
// instance of out = b; addBigReload, wrong in place only from 3 words on,
// at 1 and 2.
func TestAttackInstances(t *testing.T) {
	if testing.Short() {
		t.Skip("proves 70 obligations, some with the solver")
	}
	controls := map[string]bool{"tri": true, "addBigReload[x=1,y=1,z=1]": true, "addBigReload[x=2,y=2,z=2]": true}
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			opts := Options{Dir: "..", Arch: arch}
			c, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/attack2")
			if err != nil {
				t.Fatal(err)
			}
			results, err := Prove(context.Background(), opts, c.Obligations)
			if err != nil {
				t.Fatal(err)
			}
			if len(results) < 5 {
				t.Fatalf("%d obligations: the attacks are missing", len(results))
			}
			for _, r := range results {
				name := r.Name()[strings.LastIndex(r.Name(), ".")+1:]
				proved := r.Equivalence == Proved && r.CT == Proved && r.Frame == Proved
				switch {
				case proved && !controls[name]:
					t.Errorf("%s proved (instances %v); it is wrong with its pointers equal", name, r.AliasingInstances)
				case !proved && controls[name]:
					t.Errorf("control %s: %s, ct %s, frame %s: %s", name, r.Equivalence, r.CT, r.Frame, r.Message)
				case name == "tri" && r.AliasingInstances["out = a = b"] != "out = b":
					t.Errorf("tri: instances %v, want out = a = b of out = b", r.AliasingInstances)
				}
			}
		})
	}
}
