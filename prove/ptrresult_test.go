//go:build cgo

package prove

import (
	"context"
	"strings"
	"testing"
)

// TestPointerResults proves testdata/kernels/ptrresult on both
// architectures: a pointer result is equal only when both sides point at
// the same argument's memory at the same offset, or are both nil; a wrong
// offset, a wrong index and a data symbol's address where the spec returns
// nil are refuted, and the replay (each side with its own copy of the
// arguments) confirms them by where the pointers point; a spec returning
// memory it allocated is an error.
func TestPointerResults(t *testing.T) {
	want := map[string]Verdict{
		"elem": Proved, "nilPtr": Proved, "idx": Proved,
		"elemWrong": Refuted, "nilWrong": Refuted, "idxWrong": Refuted,
		"newPtr": Error,
	}
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			opts := Options{Dir: "..", Arch: arch, NoReplay: arch != "amd64"}
			c, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/ptrresult")
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
					t.Errorf("%s: %s (%s), want %s", name, r.Equivalence, r.Message, w)
				case w == Proved && (r.CT != Proved || r.Frame != Proved):
					t.Errorf("%s: ct %s, frame %s", name, r.CT, r.Frame)
				case w == Refuted && arch == "amd64" && !r.Counterexample.Confirmed:
					t.Errorf("%s: not confirmed by the replay: %s", name, r.Counterexample.Replay)
				case w == Refuted && arch == "amd64" && name != "nilWrong" && !strings.Contains(r.Counterexample.Replay, "equal p"):
					t.Errorf("%s: the replay did not find p's memory equal: %s", name, r.Counterexample.Replay)
				case w == Error && !strings.Contains(r.Message, "memory it allocated"):
					t.Errorf("%s: %s, want the allocated-memory error", name, r.Message)
				}
			}
		})
	}
}
