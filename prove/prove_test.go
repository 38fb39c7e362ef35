//go:build cgo

package prove

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vg.dev/obligation"
)

// collect reads the obligations of one package for the tests.
func collect(t *testing.T, pkg string) []*obligation.Obligation {
	t.Helper()
	obls, _, err := Collect(context.Background(), Options{Dir: ".."}, pkg)
	if err != nil {
		t.Fatal(err)
	}
	return obls
}

func TestProveShippedKernels(t *testing.T) {
	obls := collect(t, "vg.dev/kernels/fe25519")
	if len(obls) < 5 {
		t.Fatalf("found %d obligations in kernels/fe25519, want at least 5", len(obls))
	}
	results, err := Prove(context.Background(), Options{Dir: ".."}, obls)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if r.Equivalence != Proved {
			t.Errorf("%s: %s: %s", r.Name(), r.Equivalence, r.Message)
		}
		if r.Queries > 0 && len(r.Layers) == 0 {
			t.Errorf("%s: no closing layer recorded", r.Name())
		}
	}
}

func TestVerdicts(t *testing.T) {
	results, err := Prove(context.Background(), Options{Dir: ".."}, collect(t, "vg.dev/testdata/kernels/bad"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		v   Verdict
		msg string
	}{
		"vg.dev/testdata/kernels/bad.addCPUID": {Error, "unmodelled instruction CPUID"},
		"vg.dev/testdata/kernels/bad.addWrong": {Refuted, "differ"},
		"vg.dev/testdata/kernels/bad.addRight": {Proved, ""},
	}
	for _, r := range results {
		w, ok := want[r.Kernel]
		if !ok {
			t.Errorf("unexpected obligation %s", r.Kernel)
			continue
		}
		if r.Equivalence != w.v || !strings.Contains(r.Message, w.msg) {
			t.Errorf("%s: %s %q, want %s containing %q", r.Kernel, r.Equivalence, r.Message, w.v, w.msg)
		}
		if r.Equivalence == Refuted {
			cx := r.Counterexample
			if cx == nil || !cx.Evaluated || !cx.Confirmed || len(cx.Diffs) == 0 {
				t.Errorf("%s: counterexample %+v not evaluated and confirmed", r.Kernel, cx)
			}
		}
	}
}

// TestMutantsRefuted changes one instruction of a kernel in a way that
// changes its result, and requires a refutation whose replay on the real
// kernel confirms it.
func TestMutantsRefuted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs each mutant")
	}
	src, err := filepath.Abs("../kernels/fe25519/fe25519_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	mutants := []struct {
		name, kernel, spec, from, to string
	}{
		{"ADC into ADD", "mulMULQ", "Mul", "\tADCQ DX, R9\n", "\tADDQ DX, R9\n"},
		{"shift count", "mulMULQ", "Mul", "\tSHLQ $13, R8, R9\n", "\tSHLQ $12, R8, R9\n"},
		{"register", "mulMULQ", "Mul", "\tMOVQ R12, AX\n", "\tMOVQ R13, AX\n"},
		{"dropped instruction", "mulMULQ", "Mul", "\tANDQ SI, R8\n", "\n"},
		{"dropped ADOX", "squareADX", "Square", "\tADOXQ  DI, R11\n", "\n"},
		{"ADCX into ADOX", "squareADX", "Square", "\tADCXQ  DI, R9\n", "\tADOXQ  DI, R9\n"},
	}
	for _, m := range mutants {
		t.Run(m.name, func(t *testing.T) {
			mutated, ok := mutateIn(string(text), "TEXT ·"+m.kernel+"(SB)", m.from, m.to)
			if !ok {
				t.Fatalf("%q not found in %s", m.from, m.kernel)
			}
			o := &obligation.Obligation{Kernel: "vg.dev/kernels/fe25519." + m.kernel, Spec: "vg.dev/spec/fe25519." + m.spec, Arch: "amd64"}
			results, err := Prove(context.Background(), Options{Dir: "..", Overlay: map[string]string{src: mutated}}, []*obligation.Obligation{o})
			if err != nil {
				t.Fatal(err)
			}
			r := results[0]
			if r.Equivalence != Refuted {
				t.Fatalf("%s: %s (%s), want refuted", m.name, r.Equivalence, r.Message)
			}
			if cx := r.Counterexample; !cx.Evaluated || !cx.Confirmed {
				t.Errorf("%s: counterexample not confirmed: %s", m.name, cx.Replay)
			}
		})
	}
}

// mutateIn replaces the first from after the marker.
func mutateIn(text, marker, from, to string) (string, bool) {
	i := strings.Index(text, marker)
	if i < 0 {
		return "", false
	}
	j := strings.Index(text[i:], from)
	if j < 0 {
		return "", false
	}
	return text[:i+j] + to + text[i+j+len(from):], true
}

// TestWritableGlobal: a kernel that branches on a writable global (a CPU
// feature flag) is proved on both paths; -assume fixes the global to one.
func TestWritableGlobal(t *testing.T) {
	obls := collect(t, "vg.dev/testdata/kernels/global")
	for _, tt := range []struct {
		assume map[string]uint64
		paths  int
	}{
		{nil, 2},
		{map[string]uint64{"vg.dev/testdata/kernels/global.useLEA": 1}, 1},
	} {
		results, err := Prove(context.Background(), Options{Dir: "..", Assume: tt.assume}, obls)
		if err != nil {
			t.Fatal(err)
		}
		r := results[0]
		if r.Equivalence != Proved || r.Paths != tt.paths {
			t.Errorf("assume %v: %s on %d paths, want proved on %d: %s", tt.assume, r.Equivalence, r.Paths, tt.paths, r.Message)
		}
	}
}

// TestDefect: reading an undefined flag is an error that names the defect
// (mutation testing counts it as caught); the other errors name none.
func TestDefect(t *testing.T) {
	obls := collect(t, "vg.dev/testdata/kernels/unknown")
	var keep []*obligation.Obligation
	for _, o := range obls {
		if strings.HasSuffix(o.Kernel, ".undefinedFlag") || strings.HasSuffix(o.Kernel, ".jumpIndirect") {
			keep = append(keep, o)
		}
	}
	if len(keep) != 2 {
		t.Fatalf("found %d of the 2 obligations", len(keep))
	}
	results, err := Prove(context.Background(), Options{Dir: ".."}, keep)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		want := ""
		if strings.HasSuffix(r.Kernel, ".undefinedFlag") {
			want = DefectUndefinedFlags
		}
		if r.Equivalence != Error || r.Defect != want {
			t.Errorf("%s: %s, defect %q; want error, defect %q (%s)", r.Kernel, r.Equivalence, r.Defect, want, r.Message)
		}
	}
}
