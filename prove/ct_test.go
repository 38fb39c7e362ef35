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
		{"VGREPLAY-SPEC returned\nSIGILL: illegal instruction\nPC=0x4f3c2a m=0 sigcode=2\nfatal error: unexpected signal\n", "", false}, // a CPU without the kernel's instructions
	} {
		got, ok := crashAfterSpec(c.out)
		if got != c.want || ok != c.ok {
			t.Errorf("crashAfterSpec(%q) = %q, %v; want %q, %v", c.out, got, ok, c.want, c.ok)
		}
	}
}

// TestFaultIn: a fault in the kernel is found after runtime.sigpanic (an
// address the runtime calls unexpected) and after panic (a nil address,
// recovered and raised again by the testing package); a fault elsewhere is
// not the kernel's.
func TestFaultIn(t *testing.T) {
	sigpanic := `unexpected fault address 0xd7f1b400000
fatal error: fault
[signal SIGSEGV: segmentation violation code=0x2 addr=0xd7f1b400000 pc=0x57cd9c]

goroutine 6 gp=0xc000003 m=3 mp=0xc00 [running]:
runtime.throw({0x5d0c12?, 0x0?})
	/usr/local/go/src/runtime/panic.go:1101 +0x48
runtime.sigpanic()
	/usr/local/go/src/runtime/signal_unix.go:939 +0x26c
vg.dev/kernels/mldsa.invNTTAVX2(0xc000120000)
	/k/invntt_amd64.s:90 +0x1c
`
	repanic := `--- FAIL: TestVGCounterexample (0.00s)
panic: runtime error: invalid memory address or nil pointer dereference [recovered, repanicked]
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x167a20]

goroutine 5 [running]:
testing.tRunner.func1()
	/usr/local/go/src/testing/testing.go:1977 +0x318
panic({0x1a17a0?, 0x359400?})
	/usr/local/go/src/runtime/panic.go:860 +0x12c
vg.dev/kernels/fe25519.mulARM64(0x3a6c8abb6120, 0x3a6c8abb6180, 0x3a6c8abb61e0)
	/k/fe25519_arm64.s:103
`
	for _, c := range []struct {
		out, fn, want string
		ok            bool
	}{
		{sigpanic, "invNTTAVX2", "signal SIGSEGV: segmentation violation code=0x2 addr=0xd7f1b400000 pc=0x57cd9c at /k/invntt_amd64.s:90", true},
		{repanic, "mulARM64", "signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x167a20 at /k/fe25519_arm64.s:103", true},
		{repanic, "squareARM64", "", false},
		{strings.Replace(sigpanic, "SIGSEGV: segmentation violation", "SIGILL: illegal instruction", 1), "invNTTAVX2", "", false}, // a CPU without AVX2
		{"panic: boom\n\ngoroutine 5 [running]:\npanic({0x1})\n\tx.go:1\nvg.dev/k.mulARM64()\n\ty.s:1\n", "mulARM64", "", false},  // no signal
	} {
		got, ok := faultIn(c.out, c.fn)
		if got != c.want || ok != c.ok {
			t.Errorf("faultIn(…, %s) = %q, %v; want %q, %v", c.fn, got, ok, c.want, c.ok)
		}
	}
}
