//go:build cgo

package prove

import (
	"bufio"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
)

// wantRE matches the expected diagnostic on a .s line: // want "kind".
var wantRE = regexp.MustCompile(`// want "([a-z-]+)"`)

// TestConstantTimeAndFrame checks the kernels of testdata/kernels/ctcheck:
// each `// want "kind"` line must be reported with that kind, and nothing
// else may be (masks, x^x in an address and loops over public lengths are
// not violations).
func TestConstantTimeAndFrame(t *testing.T) {
	const file = "../testdata/kernels/ctcheck/ctcheck_amd64.s"
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[int]string{} // line → kind
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if m := wantRE.FindStringSubmatch(sc.Text()); m != nil {
			want[n] = m[1]
		}
	}
	if len(want) < 6 {
		t.Fatalf("found %d want comments", len(want))
	}
	results, err := Prove(context.Background(), Options{Dir: ".."}, collect(t, "vg.dev/testdata/kernels/ctcheck"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	for _, r := range results {
		for _, v := range r.Violations {
			if !strings.HasSuffix(v.File, "ctcheck_amd64.s") {
				t.Errorf("%s: violation %s at %s:%d, not in the kernel's .s file", r.Kernel, v.Kind, v.File, v.Line)
			}
			if prev, dup := got[v.Line]; dup && prev != v.Kind {
				t.Errorf("line %d: two kinds %s and %s", v.Line, prev, v.Kind)
			}
			got[v.Line] = v.Kind
			if ctKinds[v.Kind] && (len(v.SecretsA) == 0 || len(v.SecretsB) == 0) {
				t.Errorf("line %d: %s without two secret assignments", v.Line, v.Kind)
			}
		}
		// A kernel with no want line must be proved on all three counts.
		if len(r.Violations) == 0 && (r.CT != Proved || r.Frame != Proved || r.Equivalence != Proved) {
			t.Errorf("%s: equivalence %s, ct %s, frame %s: %s", r.Name(), r.Equivalence, r.CT, r.Frame, r.Message)
		}
		if len(r.Violations) > 0 && r.CT != Violated && r.Frame != Violated {
			t.Errorf("%s: violations but ct %s, frame %s", r.Name(), r.CT, r.Frame)
		}
	}
	for line, kind := range want {
		if got[line] != kind {
			t.Errorf("line %d: got %q, want %q", line, got[line], kind)
		}
	}
	for line, kind := range got {
		if _, ok := want[line]; !ok {
			t.Errorf("line %d: unexpected %s", line, kind)
		}
	}
}

func TestReplaySummary(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"differ result 0 kernel=1d spec=1c; equal result 0", "differ result 0; equal result 0"},
		{"differ p kernel=00 spec=01; differ p kernel=00 spec=01", "differ p"},
		{"the kernel faulted: signal SIGSEGV", "the kernel faulted: signal SIGSEGV"},
	} {
		if got := replaySummary(c.in); got != c.want {
			t.Errorf("replaySummary(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCrashAfterSpec(t *testing.T) {
	for _, c := range []struct {
		out, want string
		ok        bool
	}{
		{"VGREPLAY-SPEC returned\nfatal: bad g in signal handler\nFAIL\n", "fatal: bad g in signal handler", true},
		{"VGREPLAY-SPEC returned\nfatal error: unexpected signal during runtime execution\n", "fatal error: unexpected signal during runtime execution", true},
		{"fatal error: all goroutines are asleep\nVGREPLAY-SPEC returned\n", "", false},       // before the kernel ran
		{"VGREPLAY-SPEC returned\nVGREPLAY equal p\nfatal error: out of memory\n", "", false}, // after it returned
		{"VGREPLAY-SPEC returned\nsignal: segmentation fault\nFAIL\n", "signal: segmentation fault", true},
		{"VGREPLAY-SPEC returned\nsignal: killed\nFAIL\n", "", false}, // by someone else
		{"VGREPLAY-SPEC returned\nFAIL\n", "", false},
	} {
		got, ok := crashAfterSpec(c.out)
		if got != c.want || ok != c.ok {
			t.Errorf("crashAfterSpec(%q) = %q, %v; want %q, %v", c.out, got, ok, c.want, c.ok)
		}
	}
}
