//go:build cgo

package prove

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestModel proves the kernels of testdata/kernels/model, each wrong
// exactly when an assumption of the model is: slice capacity, the stack
// frame, the caller's frame record, alignment, aliasing, registers the
// caller left. Each `// want "kind"` line must be reported with that kind,
// and every kernel must get the verdicts below; where a run can show the
// kernel misbehaving, the replay must confirm it.
func TestModel(t *testing.T) {
	type want struct {
		eq, ct, frame Verdict
		msg           string // in the message, when not proved
		confirmed     bool   // a replay shows it
	}
	faulted := want{Refuted, Error, Violated, "the kernel faulted", true}
	outOfFrame := want{"", Error, Violated, "below the entry SP", false}
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			wants := map[string]want{
				"zeroCap[p=2]":    {Refuted, Error, Violated, "the kernel wrote outside it", true},
				"sumCap[p=2]":     {Refuted, Error, Violated, "differ result 0", true},
				"storeFar":        outOfFrame,
				"storeBelowFrame": outOfFrame,
				"storeInFrame":    {Proved, Proved, Proved, "", false},
				"rot":             {Refuted, Unknown, Proved, "with out = a (the same memory)", true},
				"rotSafe":         {Proved, Proved, Proved, "", false},
				"rotNoAlias":      {Proved, Proved, Proved, "", false},
				"branchEntry":     {Proved, Violated, Proved, "", false},
				"loopSecret":      {"", Violated, Error, "a branch on a secret value inside a loop", false},
			}
			if arch == "amd64" {
				wants["storeHandSub"] = outOfFrame
				wants["firstAligned"] = faulted
				wants["firstAlignedSSE"] = faulted
				wants["firstDeclared"] = want{Proved, Proved, Proved, "", false}
			} else {
				// The arm64 assembler counts an ADD or SUB of RSP in the
				// frame the linker checks.
				wants["storeHandSub"] = want{Proved, Proved, Proved, "", false}
				// The caller then returns where x says.
				wants["writeSavedLR"] = want{Refuted, Error, Violated, "the caller's frame record", true}
				wants["writeSavedFP"] = want{"", Error, Violated, "the caller's frame record", false}
				wants["spMisaligned"] = want{"", Error, Violated, "SP as a base address", false}
			}
			opts := Options{Dir: "..", Arch: arch}
			col, err := Collect(context.Background(), opts, "vg.dev/testdata/kernels/model")
			if err != nil {
				t.Fatal(err)
			}
			results, err := Prove(context.Background(), opts, col.Obligations)
			if err != nil {
				t.Fatal(err)
			}
			wantLines := wantComments(t, filepath.Join("..", "testdata", "kernels", "model", "model_"+arch+".s"))
			gotLines := map[int]string{}
			for _, r := range results {
				name := strings.TrimPrefix(r.Name(), "vg.dev/testdata/kernels/model.")
				w, ok := wants[name]
				if !ok {
					t.Errorf("unexpected obligation %s", name)
					continue
				}
				delete(wants, name)
				if r.Equivalence != w.eq && !(w.eq == "" && r.Equivalence == Error) || r.CT != w.ct || r.Frame != w.frame {
					t.Errorf("%s: equivalence %s, ct %s, frame %s (%s); want %s, %s, %s", name, r.Equivalence, r.CT, r.Frame, r.Message, w.eq, w.ct, w.frame)
				}
				text := r.Message
				for _, v := range r.Violations {
					text += "\n" + v.Detail
					if !v.Warning {
						gotLines[v.Line] = v.Kind
					}
				}
				if !strings.Contains(text, w.msg) {
					t.Errorf("%s: %q does not say %q", name, text, w.msg)
				}
				if confirmed := r.Counterexample != nil && r.Counterexample.Confirmed; confirmed != w.confirmed {
					t.Errorf("%s: replay confirmed %v, want %v (%+v)", name, confirmed, w.confirmed, r.Counterexample)
				}
			}
			for name := range wants {
				t.Errorf("no obligation %s", name)
			}
			for line, kind := range wantLines {
				if gotLines[line] != kind {
					t.Errorf("model_%s.s:%d: got %q, want %q", arch, line, gotLines[line], kind)
				}
			}
			for line, kind := range gotLines {
				if _, ok := wantLines[line]; !ok {
					t.Errorf("model_%s.s:%d: unexpected %s", arch, line, kind)
				}
			}
		})
	}
}

// wantComments reads the `// want "kind"` comments of an assembly file.
func wantComments(t *testing.T, file string) map[int]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{}
	for i, l := range strings.Split(string(data), "\n") {
		if m := wantRE.FindStringSubmatch(l); m != nil {
			want[i+1] = m[1]
		}
	}
	return want
}
