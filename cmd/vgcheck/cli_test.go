//go:build cgo

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestMain(m *testing.M) {
	// The go command runs in the module root, as on the command line.
	if err := os.Chdir("../.."); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

func vgcheck(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// TestBadInput: each bad input ends in exit 2 with one clear line naming
// what is wrong, and no panic.
func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no such package", []string{"prove", "-q", "vg.dev/nonexistent"}, "vg.dev/nonexistent"},
		{"no such function", []string{"prove", "-q", "-kernel", "vg.dev/kernels/fe25519.nope", "-spec", "vg.dev/spec/fe25519.Mul"}, "kernel vg.dev/kernels/fe25519.nope: no such function"},
		{"no such spec", []string{"prove", "-q", "-kernel", "vg.dev/kernels/fe25519.mulMULQ", "-spec", "vg.dev/spec/fe25519.Mull"}, "no such function"},
		{"spec layout differs", []string{"prove", "-q", "-kernel", "vg.dev/kernels/fe25519.mulMULQ", "-spec", "vg.dev/spec/fe25519.Square"}, "does not have the layout of kernel"},
		{"unmodelled instruction", []string{"prove", "-q", "-kernel", "vg.dev/testdata/kernels/bad.addCPUID", "-spec", "vg.dev/testdata/kernels/bad.addGo"}, "unmodelled instruction CPUID"},
		{"malformed directive", []string{"prove", "-q", "./testdata/kernels/baddirective"}, `malformed directive "//vg:sizes x"`},
		{"not assembly", []string{"prove", "-q", "-kernel", "vg.dev/testdata/kernels/bad.addGo", "-spec", "vg.dev/testdata/kernels/bad.addGo"}, "is not an assembly function"},
		{"vacuous precondition", []string{"prove", "-q", "-kernel", "crypto/internal/fips140/edwards25519/field.feMul", "-spec", "crypto/internal/fips140/edwards25519/field.feMulGeneric", "-requires", "vg.dev/testdata/stdlib.Never"}, "holds for no input"},
		{"bad sizes flag", []string{"prove", "-q", "-kernel", "a.b", "-spec", "a.c", "-sizes", "x=y"}, `"y" is not a length`},
		{"bad arch", []string{"prove", "-arch", "mips", "./kernels/..."}, "want amd64 or arm64"},
		{"profile into no directory", []string{"prove", "-q", "-cpuprofile", "/nonexistent/cpu.prof", "./examples/u128"}, "-cpuprofile: open /nonexistent/cpu.prof"},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		{"disasm of nothing", []string{"disasm", "vg.dev/kernels/fe25519.nope"}, "no such function"},
		{"secret and public", []string{"prove", "-q", "./testdata/kernels/contradiction"}, "contradiction.go:11:1: malformed directive \"//vg:public x\": x is also declared secret"},
		{"ad hoc flag in package mode", []string{"prove", "-q", "-sizes", "p=4", "./testdata/kernels/model"}, "-sizes applies to the ad hoc form"},
		{"another architecture's kernel", []string{"prove", "-q", "-kernel", "vg.dev/kernels/fe25519.mulARM64", "-spec", "vg.dev/spec/fe25519.Mul"}, "declared in fe25519_arm64.go, which the build for amd64 excludes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := vgcheck(tt.args...)
			if code != exitError {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, exitError, stdout, stderr)
			}
			out := stdout + stderr
			if !strings.Contains(out, tt.want) {
				t.Errorf("output does not mention %q:\n%s", tt.want, out)
			}
			if strings.Contains(out, "panic") || strings.Contains(out, "goroutine ") {
				t.Errorf("output shows a panic:\n%s", out)
			}
			for _, l := range strings.Split(out, "\n") {
				if strings.Contains(l, tt.want) && len(l) > 400 {
					t.Errorf("message line is %d characters long", len(l))
				}
			}
		})
	}
}

// TestDirectiveWarnings: comments that look like directives but are none
// are warned about at their line; -strict fails while an assembly function
// has no obligation and no //vg:unverified.
func TestDirectiveWarnings(t *testing.T) {
	code, stdout, stderr := vgcheck("prove", "-q", "./testdata/kernels/strays")
	if code != exitProved || !strings.Contains(stdout, "1 obligations: 1 proved") {
		t.Errorf("exit %d, want %d (only proved is an obligation)\n%s%s", code, exitProved, stdout, stderr)
	}
	for _, w := range []string{"strays.go:10:1: looks like a vg: directive", "strays.go:13:1: vg: directive not in the doc comment",
		"strays.go:20:1: looks like a vg: directive", "strays.go:25:1: vg: directive not in the doc comment"} {
		if !strings.Contains(stderr, "warning: ") || !strings.Contains(stderr, w) {
			t.Errorf("no warning %q in\n%s", w, stderr)
		}
	}
	if n := strings.Count(stderr, "warning: "); n != 4 {
		t.Errorf("%d warnings, want 4:\n%s", n, stderr)
	}
	code, _, stderr = vgcheck("prove", "-q", "-strict", "./testdata/kernels/strays")
	if code != exitRefuted || !strings.Contains(stderr, "3 assembly function(s) without an obligation, 4 directive warning(s)") {
		t.Errorf("-strict: exit %d, want %d\n%s", code, exitRefuted, stderr)
	}
	for _, f := range []string{"strays.spaced", "strays.detached", "strays.trailing"} {
		if !strings.Contains(stderr, f+" has no //vg:spec directive") {
			t.Errorf("-strict does not name %s:\n%s", f, stderr)
		}
	}
	if strings.Contains(stderr, "strays.unverified has no") {
		t.Errorf("-strict counts a //vg:unverified function:\n%s", stderr)
	}
}

func TestExitCodesAndJSON(t *testing.T) {
	code, stdout, _ := vgcheck("prove", "-q", "-json", "./testdata/kernels/bad")
	if code != exitRefuted {
		t.Errorf("exit %d, want %d (a refutation wins)", code, exitRefuted)
	}
	verdicts := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var r struct {
			Kernel, Spec, Arch, Equivalence, Message string
			Seconds                                  float64
			Counterexample                           *struct{ Confirmed bool }
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("not JSON: %q: %v", l, err)
		}
		if r.Spec == "" || r.Arch != "amd64" {
			t.Errorf("missing fields in %s", l)
		}
		verdicts[r.Kernel] = r.Equivalence
		if r.Equivalence == "refuted" && (r.Counterexample == nil || !r.Counterexample.Confirmed) {
			t.Errorf("refutation without a confirmed counterexample: %s", l)
		}
	}
	want := map[string]string{
		"vg.dev/testdata/kernels/bad.addCPUID":    "error",
		"vg.dev/testdata/kernels/bad.addWrong":    "refuted",
		"vg.dev/testdata/kernels/bad.addRight":    "proved",
		"vg.dev/testdata/kernels/bad.firstFar":    "refuted",
		"vg.dev/testdata/kernels/bad.pickBack":    "refuted",
		"vg.dev/testdata/kernels/bad.clearPast":   "refuted",
		"vg.dev/testdata/kernels/bad.exceedsPast": "refuted",
	}
	for k, v := range want {
		if verdicts[k] != v {
			t.Errorf("%s: %q, want %q", k, verdicts[k], v)
		}
	}
	if code, stdout, _ := vgcheck("prove", "-q", "-kernel", "vg.dev/testdata/kernels/bad.addRight", "-spec", "vg.dev/testdata/kernels/bad.addGo"); code != exitProved || !strings.Contains(stdout, "PROVED") {
		t.Errorf("ad hoc proof: exit %d\n%s", code, stdout)
	}
	// ct counts what it checks; a violation is counted as one.
	if code, stdout, _ := vgcheck("ct", "-q", "./examples/u128"); code != exitProved || !strings.Contains(stdout, "1 obligations: 1 proved (") {
		t.Errorf("vgcheck ct: exit %d\n%s", code, stdout)
	}
	if code, stdout, _ := vgcheck("prove", "-q", "-kernel", "vg.dev/testdata/kernels/model.branchEntry", "-spec", "vg.dev/testdata/kernels/model.addGo"); code != exitRefuted || !strings.Contains(stdout, "1 obligations: 0 proved, 1 violated (") || !strings.Contains(stdout, "AX at entry=") {
		t.Errorf("a ct violation: exit %d\n%s", code, stdout)
	}
}

func TestDisasmAndLift(t *testing.T) {
	code, stdout, stderr := vgcheck("disasm", "vg.dev/testdata/kernels/bad.addRight")
	if code != 0 || !strings.Contains(stdout, "bad_amd64.s:") || !strings.Contains(stdout, "RET") {
		t.Errorf("disasm: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = vgcheck("lift", "vg.dev/testdata/kernels/bad.addRight")
	if code != 0 || !strings.Contains(stdout, "ret := (add x y)") {
		t.Errorf("lift: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestUnknownNeverProves: a solver timeout, an unmodelled instruction, an
// unresolved indirect jump, a store to an address in no region and an
// undefined flag read each end in exit 2, and nothing says proved.
func TestUnknownNeverProves(t *testing.T) {
	tests := []struct{ kernel, spec, public, want string }{
		{"mulShiftAdd", "mulGo", "", "solver gave up"},
		{"jumpIndirect", "idGo", "", "unresolved indirect jump"},
		{"storeAnywhere", "idGo", "x", "address in no region"},
		{"undefinedFlag", "idGo", "", "reads ZF, left undefined by IMULQ"},
	}
	for _, tt := range tests {
		t.Run(tt.kernel, func(t *testing.T) {
			code, stdout, stderr := vgcheck("prove", "-q", "-timeout", "1s", "-public", tt.public,
				"-kernel", "vg.dev/testdata/kernels/unknown."+tt.kernel, "-spec", "vg.dev/testdata/kernels/unknown."+tt.spec)
			if code != exitError {
				t.Errorf("exit %d, want %d", code, exitError)
			}
			if !strings.Contains(stdout, tt.want) {
				t.Errorf("output does not say %q:\n%s%s", tt.want, stdout, stderr)
			}
			if strings.Contains(stdout, "PROVED") || strings.Contains(stdout, ": 1 proved") {
				t.Errorf("says proved:\n%s", stdout)
			}
		})
	}
	code, stdout, _ := vgcheck("prove", "-q", "-timeout", "1s", "-kernel", "vg.dev/testdata/kernels/bad.addCPUID", "-spec", "vg.dev/testdata/kernels/bad.addGo")
	if code != exitError || strings.Contains(stdout, "PROVED") {
		t.Errorf("unmodelled instruction: exit %d\n%s", code, stdout)
	}
}

// TestBudget: an obligation not proved within -budget is unknown (exit 2),
// also while the kernel is still being lifted (a long loop).
func TestBudget(t *testing.T) {
	code, stdout, _ := vgcheck("prove", "-q", "-budget", "300ms",
		"-kernel", "vg.dev/testdata/kernels/unknown.spinLong", "-spec", "vg.dev/testdata/kernels/unknown.idGo")
	if code != exitError || !strings.Contains(stdout, "not proved within the budget") || strings.Contains(stdout, "more than") {
		t.Errorf("long loop: exit %d:\n%s", code, stdout)
	}
	code, stdout, _ = vgcheck("prove", "-q", "-budget", "1s", "-timeout", "1m",
		"-kernel", "vg.dev/testdata/kernels/unknown.mulShiftAdd", "-spec", "vg.dev/testdata/kernels/unknown.mulGo")
	if code != exitError || !strings.Contains(stdout, "not proved within the budget") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

// TestProfiles: -cpuprofile and -memprofile write profiles pprof reads
// (gzipped protocol buffers), and the proof still runs.
func TestProfiles(t *testing.T) {
	dir := t.TempDir()
	cpu, heap := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	code, stdout, stderr := vgcheck("prove", "-q", "-cpuprofile", cpu, "-memprofile", heap, "./examples/u128")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, f := range []string{cpu, heap} {
		b, err := os.ReadFile(f)
		if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s: not a gzipped profile (%d bytes, %v)", f, len(b), err)
		}
	}
}

// TestMessagesNameRealFlags: a message that tells the user to change a
// flag ("raise -timeout", "(or -sizes p=N)") names a flag of vgcheck
// prove.
func TestMessagesNameRealFlags(t *testing.T) {
	var help strings.Builder
	run([]string{"prove", "-h"}, &help, io.Discard) // -h prints to stdout
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+-([a-z][a-z0-9-]*)`).FindAllStringSubmatch(help.String(), -1) {
		flags[m[1]] = true
	}
	if !flags["timeout"] || !flags["budget"] {
		t.Fatalf("flags not found in the help text:\n%s", help.String())
	}
	mention := regexp.MustCompile(`(?:raise|\(or) -([a-z][a-z0-9-]*)`)
	n := 0
	// TestMain runs the tests in the module root.
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "bench" || strings.HasPrefix(d.Name(), ".")) && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range mention.FindAllStringSubmatch(string(src), -1) {
			n++
			if !flags[m[1]] {
				t.Errorf("%s: a message names -%s, which vgcheck prove does not have", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("no message names a flag: the pattern is stale")
	}
}
