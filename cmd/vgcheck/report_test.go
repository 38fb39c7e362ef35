//go:build cgo

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vg.dev/prove"
	"vg.dev/vgtest"
)

// findings is one proof run of the testdata kernels with refutations,
// violations and errors, shared by the report tests: results with traces,
// and the stages each obligation went through.
type findingsRun struct {
	results []*prove.Result
	stages  map[string][]string // by obligation ("" for the run's own)
	root    string
	wall    time.Duration
	err     error
}

var (
	findingsOnce sync.Once
	findingsData findingsRun
)

func findings(t *testing.T) *findingsRun {
	t.Helper()
	findingsOnce.Do(func() {
		f := &findingsData
		f.stages = map[string][]string{}
		opts := prove.Options{Trace: true, Stage: func(r *prove.Result, st string) {
			name := ""
			if r != nil {
				name = r.Name()
			}
			f.stages[name] = append(f.stages[name], st)
		}}
		ctx := context.Background()
		col, err := prove.Collect(ctx, opts, "./testdata/kernels/bad", "./testdata/kernels/ctcheck")
		if err != nil {
			f.err = err
			return
		}
		start := time.Now()
		f.results, f.err = prove.Prove(ctx, opts, col.Obligations)
		f.wall = time.Since(start)
		f.root = prove.Root(".")
	})
	if findingsData.err != nil {
		t.Fatal(findingsData.err)
	}
	return &findingsData
}

func (f *findingsRun) result(t *testing.T, kernel string) *prove.Result {
	t.Helper()
	for _, r := range f.results {
		if r.Kernel == "vg.dev/testdata/kernels/"+kernel {
			return r
		}
	}
	t.Fatalf("no result for %s", kernel)
	return nil
}

// report renders the shared results in one format.
func (f *findingsRun) report(format string) string {
	var b bytes.Buffer
	var out reporter = &textReporter{w: &b, root: f.root}
	switch format {
	case "sarif":
		out = &sarifReporter{w: &b, root: f.root}
	case "junit":
		out = &junitReporter{w: &b, root: f.root}
	}
	for _, r := range f.results {
		out.result(r)
	}
	out.summary(f.results, f.wall)
	return b.String()
}

// TestLocations: every finding is at its .s file and line, the stub as
// related location, repository-relative, the same in the text report,
// vgtest, SARIF and JUnit: a violation at its instruction, an error at the
// instruction it names, a refutation at the TEXT line.
func TestLocations(t *testing.T) {
	f := findings(t)
	cases := []struct {
		kernel, at, stub string
	}{
		{"bad.addWrong", "testdata/kernels/bad/bad_amd64.s:16", "testdata/kernels/bad/bad.go:16"},                         // refuted: TEXT line
		{"bad.addCPUID", "testdata/kernels/bad/bad_amd64.s:10", "testdata/kernels/bad/bad.go:11"},                         // error: the CPUID
		{"ctcheck.selectBranch", "testdata/kernels/ctcheck/ctcheck_amd64.s:14", "testdata/kernels/ctcheck/ctcheck.go:19"}, // violation: the JNE
	}
	text, sarif, junit := f.report("text"), f.report("sarif"), f.report("junit")
	for _, c := range cases {
		r := f.result(t, c.kernel)
		// text: the obligation's "at" line names the .s line of the
		// finding (for a violation, the violation's own line)
		if len(r.Violations) > 0 {
			if !strings.Contains(text, "violation "+r.Violations[0].Kind+" at "+c.at+" ") {
				t.Errorf("%s: the text report has no violation at %s", c.kernel, c.at)
			}
		} else if !strings.Contains(text, "    at "+c.at+" (stub "+c.stub+")\n") {
			t.Errorf("%s: the text report does not say at %s (stub %s)", c.kernel, c.at, c.stub)
		}
		// vgtest
		msg := vgtest.Failure(r)
		if len(r.Violations) > 0 {
			if !strings.Contains(msg, "\n"+c.at+": "+r.Violations[0].Kind) {
				t.Errorf("%s: vgtest does not report the violation at %s:\n%s", c.kernel, c.at, msg)
			}
		} else if !strings.HasPrefix(msg, c.at+": ") {
			t.Errorf("%s: vgtest's failure does not start at %s:\n%s", c.kernel, c.at, firstLine(msg))
		}
		if !strings.Contains(msg, "stub: "+c.stub) {
			t.Errorf("%s: vgtest does not name the stub %s", c.kernel, c.stub)
		}
		// SARIF: a result at that line, the stub related
		if !sarifAt(t, sarif, r.Name()+":", r.Name()+" ≡", c.at, c.stub) {
			t.Errorf("%s: no SARIF result at %s with the stub %s related", c.kernel, c.at, c.stub)
		}
		// JUnit: the test case's file and line
		file, line, _ := strings.Cut(c.at, ".s:")
		if !strings.Contains(junit, `file="`+file+`.s" line="`+line+`"`) {
			t.Errorf("%s: no JUnit test case at %s", c.kernel, c.at)
		}
	}
	if strings.Contains(text+junit, f.root+"/") {
		t.Errorf("a report has an absolute path below the repository root %s", f.root)
	}
	if n := strings.Count(sarif, f.root+"/"); n != 1 {
		t.Errorf("SARIF names the repository root %d times, want once (originalUriBaseIds)", n)
	}
	// JUnit's failure text is the text report's: inputs and the
	// regression test.
	var suites struct {
		Suites []struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(junit), &suites); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range suites.Suites[0].Cases {
		if c.Name == "vg.dev/testdata/kernels/bad.addWrong" && c.Failure != nil {
			found = true
			for _, want := range []string{"testdata/kernels/bad/bad_amd64.s:16: equivalence refuted", "input  x = ", "regression test:", "func TestVGCounterexample_addWrong("} {
				if !strings.Contains(c.Failure.Message+"\n"+c.Failure.Text, want) {
					t.Errorf("the JUnit failure of addWrong lacks %q", want)
				}
			}
		}
	}
	if !found {
		t.Error("no JUnit failure for addWrong")
	}
}

// TestSpecTypoPosition: a //vg:spec that names no function is an error at
// the directive's line.
func TestSpecTypoPosition(t *testing.T) {
	code, _, stderr := vgcheck("prove", "-q", "./testdata/kernels/spectypo")
	want := "testdata/kernels/spectypo/spectypo_amd64.go:3:1: //vg:spec addd: spec vg.dev/testdata/kernels/spectypo.addd: no such function"
	if code != exitError || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, want %d and %q:\n%s", code, exitError, want, stderr)
	}
}

// TestSummaryCounts: each obligation is counted once, as its worst
// verdict, and a check that did not run prints as "not checked".
func TestSummaryCounts(t *testing.T) {
	p, u, v, e := prove.Proved, prove.Unchanged, prove.Violated, prove.Error
	tests := []struct {
		name    string
		results []*prove.Result
		summary string
		line    string
	}{
		{"ct violation", []*prove.Result{{Kernel: "k", Spec: "s", Equivalence: p, CT: v, Frame: p}, {Kernel: "j", Spec: "s", Equivalence: p, CT: p, Frame: p}},
			"2 obligations: 1 proved, 1 violated", "VIOLATED k ≡ s"},
		{"all unchanged", []*prove.Result{{Kernel: "k", Spec: "s", Equivalence: u, CT: u, Frame: u}, {Kernel: "j", Spec: "s", Equivalence: u, CT: u, Frame: u}},
			"2 obligations: 0 proved, 2 unchanged", "UNCHANGED k ≡ s"},
		{"vgcheck ct", []*prove.Result{{Kernel: "k", CT: p, Frame: p}, {Kernel: "j", CT: v, Frame: p}},
			"2 obligations: 1 proved, 1 violated", "PROVED   k  amd64"},
		{"error before the checks", []*prove.Result{{Kernel: "k", Spec: "s", Equivalence: e}},
			"1 obligations: 0 proved, 1 error", "ct not checked, frame not checked"},
		{"ct error, equivalence proved", []*prove.Result{{Kernel: "k", Spec: "s", Equivalence: p, Frame: p}},
			"1 obligations: 0 proved, 1 error", "ct not checked, frame proved"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		out := &textReporter{w: &b}
		for _, r := range tt.results {
			r.Arch = "amd64"
			out.result(r)
		}
		out.summary(tt.results, time.Second)
		if !strings.Contains(b.String(), tt.summary+" (") || !strings.Contains(b.String(), tt.line) {
			t.Errorf("%s: want %q and %q in\n%s", tt.name, tt.summary, tt.line, b.String())
		}
		if strings.Contains(b.String(), "ct , ") || strings.Contains(b.String(), "frame \n") {
			t.Errorf("%s: a blank verdict:\n%s", tt.name, b.String())
		}
	}
}

// TestHintsInReports: every violation the testdata kernels show carries
// its hint in the text report, vgtest and SARIF.
func TestHintsInReports(t *testing.T) {
	f := findings(t)
	text, sarif := f.report("text"), f.report("sarif")
	n := 0
	for _, r := range f.results {
		for _, v := range r.Violations {
			if v.Warning {
				continue // a warning is no violation: its hint is in SARIF only
			}
			h := prove.Hint(v)
			if h == "" {
				t.Errorf("%s: violation %s has no hint", r.Name(), v.Kind)
				continue
			}
			n++
			if !strings.Contains(text, "      hint: "+h+"\n") || !strings.Contains(vgtest.Failure(r), "hint: "+h) || !strings.Contains(sarif, "Hint: "+jsonEscape(h)) {
				t.Errorf("%s: the hint of %s is missing from a report: %s", r.Name(), v.Kind, h)
			}
		}
	}
	if n < 5 {
		t.Errorf("only %d violations with hints", n)
	}
}

func jsonEscape(s string) string {
	return strings.NewReplacer(`"`, `\"`, "<", `\u003c`, ">", `\u003e`, "&", `\u0026`).Replace(s)
}

// TestStages: Options.Stage reports the build, then each obligation's
// steps in order, the replay of a refutation included.
func TestStages(t *testing.T) {
	f := findings(t)
	if got := f.stages[""]; !slices.Equal(got, []string{"build"}) {
		t.Errorf("run stages %q", got)
	}
	ordered := func(name string, want ...string) {
		got := f.stages["vg.dev/testdata/kernels/"+name]
		i := 0
		for _, s := range got {
			if i < len(want) && s == want[i] {
				i++
			}
		}
		if i < len(want) {
			t.Errorf("%s: stages %q, want %q in order", name, got, want)
		}
	}
	ordered("bad.addRight", "lift", "frame", "interpret the spec", "simulation", "constant time")
	ordered("bad.addWrong", "lift", "simulation", "replay")
	ordered("ctcheck.selectBranch", "lift", "constant time", "z3-quick")
}

var firstLineRE = regexp.MustCompile(`^[^\n]*`)

func firstLine(s string) string { return firstLineRE.FindString(s) }

// TestNoObligationsIsANoteUnderStrict: with -strict, a package set with no
// assembly for the architecture passes with a note (the gate's arm64 run
// of an amd64-only module); without, it is an error.
func TestNoObligationsIsANoteUnderStrict(t *testing.T) {
	code, stdout, stderr := vgcheck("prove", "-strict", "-arch", "arm64", "-sarif", "./examples/...")
	if code != exitProved || !strings.Contains(stderr, "note: no obligations for arm64 in ./examples/... (no assembly functions)") || !strings.Contains(stdout, `"version": "2.1.0"`) {
		t.Errorf("-strict: exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = vgcheck("prove", "-arch", "arm64", "./examples/...")
	if code != exitError || !strings.Contains(stderr, "no obligations for arm64") {
		t.Errorf("without -strict: exit %d\n%s", code, stderr)
	}
}

// TestPastedRegressionTests: the regression tests of three kernels of one
// package, pasted into it under the names their headers give, build
// together and each fails, printing only its failure.
func TestPastedRegressionTests(t *testing.T) {
	f := findings(t)
	dir, err := filepath.Abs("testdata/kernels/bad")
	if err != nil {
		t.Fatal(err)
	}
	overlay := map[string]string{}
	var names []string
	for _, k := range []string{"addWrong", "pickBack", "clearPast"} {
		r := f.result(t, "bad."+k)
		cx := r.Counterexample
		if r.Equivalence != prove.Refuted || cx == nil || !cx.Confirmed || cx.Test == "" {
			t.Fatalf("%s: no confirmed counterexample with a test", k)
		}
		file := "vg_" + k + "_amd64_test.go"
		if !strings.Contains(cx.Test, "Save it as "+file+" in the kernel's package") || !strings.Contains(cx.Test, "func TestVGCounterexample_"+k+"(t *testing.T)") {
			t.Errorf("%s: the test is not named after the kernel:\n%s", k, firstLine(cx.Test))
		}
		path := filepath.Join(t.TempDir(), file)
		writeFile(t, path, cx.Test)
		overlay[filepath.Join(dir, file)] = path
		names = append(names, "TestVGCounterexample_"+k)
	}
	b, _ := json.Marshal(map[string]any{"Replace": overlay})
	ovl := filepath.Join(t.TempDir(), "overlay.json")
	writeFile(t, ovl, string(b))
	cmd := exec.Command("go", "test", "-count=1", "-v", "-overlay", ovl, "-run", "^("+strings.Join(names, "|")+")$", "./testdata/kernels/bad")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the pasted tests pass:\n%s", out)
	}
	for _, n := range names {
		if !strings.Contains(string(out), "--- FAIL: "+n+" ") {
			t.Errorf("%s does not fail:\n%s", n, out)
		}
	}
	if strings.Contains(string(out), "VGREPLAY") || strings.Contains(string(out), "redeclared") {
		t.Errorf("the pasted tests clash or are not quiet:\n%s", out)
	}
}

// sarifAt reports whether the SARIF log has a result whose message starts
// with one of the prefixes, located at the .s position at (file:line)
// relative to %SRCROOT%, with the stub as related location.
func sarifAt(t *testing.T, sarif, prefix1, prefix2, at, stub string) bool {
	t.Helper()
	type loc struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI       string `json:"uri"`
				URIBaseID string `json:"uriBaseId"`
			} `json:"artifactLocation"`
			Region struct {
				StartLine int `json:"startLine"`
			} `json:"region"`
		} `json:"physicalLocation"`
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations        []loc `json:"locations"`
				RelatedLocations []loc `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(sarif), &log); err != nil {
		t.Fatal(err)
	}
	pos := func(l loc) string {
		return fmt.Sprintf("%s:%d", l.PhysicalLocation.ArtifactLocation.URI, l.PhysicalLocation.Region.StartLine)
	}
	for _, r := range log.Runs[0].Results {
		if !strings.HasPrefix(r.Message.Text, prefix1) && !strings.HasPrefix(r.Message.Text, prefix2) {
			continue
		}
		if len(r.Locations) == 1 && pos(r.Locations[0]) == at && r.Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID == "%SRCROOT%" &&
			len(r.RelatedLocations) == 1 && pos(r.RelatedLocations[0]) == stub {
			return true
		}
	}
	return false
}
