//go:build cgo

package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vg.dev/obligation"
	"vg.dev/prove"
)

// mutatedKernel returns an overlay that changes one instruction of mulMULQ
// (a register, so the result changes too).
func mutatedKernel(t *testing.T) map[string]string {
	t.Helper()
	src, _ := filepath.Abs("kernels/fe25519/fe25519_amd64.s")
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	s := string(text)
	i := strings.Index(s, "TEXT ·mulMULQ(SB)")
	j := strings.Index(s[i:], "\tSHLQ $13, R8, R9\n")
	if i < 0 || j < 0 {
		t.Fatal("mulMULQ not found")
	}
	return map[string]string{src: s[:i+j] + "\tSHLQ $12, R8, R9\n" + s[i+j+len("\tSHLQ $13, R8, R9\n"):]}
}

// publicDirective returns an overlay that adds //vg:public b to mulMULQ's
// directives: the machine code and the spec stay as they were.
func publicDirective(t *testing.T) map[string]string {
	t.Helper()
	src, _ := filepath.Abs("kernels/fe25519/fe25519_amd64.go")
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	s := string(text)
	const decl = "//go:noescape\nfunc mulMULQ("
	i := strings.Index(s, decl)
	if i < 0 {
		t.Fatal("mulMULQ's declaration not found")
	}
	return map[string]string{src: s[:i] + "//vg:public b\n" + s[i:]}
}

// TestRecordsGate: the committed records match the shipped kernels, and a
// one-instruction change to one kernel makes the check fail naming it, and
// -changed-since proves only that kernel; so does a change of one
// directive line alone.
func TestRecordsGate(t *testing.T) {
	// ci/test checks every record; here the package the test changes.
	if code, stdout, stderr := vgcheck("prove", "-q", "-budget", "5m", "-check-records", "./kernels/fe25519"); code != exitProved {
		t.Fatalf("committed records do not check: exit %d\n%s%s", code, stdout, stderr)
	}
	ctx := t.Context()
	col, err := prove.Collect(ctx, prove.Options{}, "./kernels/fe25519")
	if err != nil {
		t.Fatal(err)
	}
	obls := col.Obligations
	results, err := prove.Prove(ctx, prove.Options{Overlay: mutatedKernel(t), NoReplay: true}, obls)
	if err != nil {
		t.Fatal(err)
	}
	problems := prove.CheckRecords("proofs", results)
	if len(problems) != 1 || !strings.Contains(problems[0], "vg.dev/kernels/fe25519.mulMULQ") {
		t.Errorf("check-records after changing mulMULQ: %q", problems)
	}

	results, err = prove.Prove(ctx, prove.Options{Overlay: mutatedKernel(t), NoReplay: true, ChangedSince: "HEAD"}, obls)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		changed := r.Kernel == "vg.dev/kernels/fe25519.mulMULQ"
		if (r.Equivalence == prove.Unchanged) == changed {
			t.Errorf("-changed-since HEAD: %s is %s", r.Kernel, r.Equivalence)
		}
	}

	// Only a directive changes: the obligation is another one.
	opts := prove.Options{Overlay: publicDirective(t), NoReplay: true}
	col, err = prove.Collect(ctx, opts, "./kernels/fe25519")
	if err != nil {
		t.Fatal(err)
	}
	results, err = prove.Prove(ctx, opts, col.Obligations)
	if err != nil {
		t.Fatal(err)
	}
	problems = prove.CheckRecords("proofs", results)
	if len(problems) != 1 || !strings.Contains(problems[0], "vg.dev/kernels/fe25519.mulMULQ") || !strings.Contains(problems[0], "directives") {
		t.Errorf("check-records after adding //vg:public b to mulMULQ: %q", problems)
	}
	opts.ChangedSince = "HEAD"
	results, err = prove.Prove(ctx, opts, col.Obligations)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		changed := r.Kernel == "vg.dev/kernels/fe25519.mulMULQ"
		if (r.Equivalence == prove.Unchanged) == changed {
			t.Errorf("-changed-since HEAD after the directive change: %s is %s", r.Kernel, r.Equivalence)
		}
	}
}

// TestSARIF checks the log against the 2.1.0 schema's requirements for what
// vgcheck writes: version, runs, tool.driver.name, and per result a ruleId
// naming a rule of the driver, a level of the schema's enum, a message text
// and locations with an artifact URI and a startLine ≥ 1.
func TestSARIF(t *testing.T) {
	code, stdout, _ := vgcheck("prove", "-q", "-sarif", "./testdata/kernels/ctcheck", "./testdata/kernels/bad")
	if code != exitRefuted {
		t.Errorf("exit %d", code)
	}
	var log map[string]any
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log["version"] != "2.1.0" || !strings.HasSuffix(log["$schema"].(string), "sarif-schema-2.1.0.json") {
		t.Errorf("version %v schema %v", log["version"], log["$schema"])
	}
	runs := log["runs"].([]any)
	if len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	run := runs[0].(map[string]any)
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	if driver["name"] != "vgcheck" {
		t.Errorf("driver %v", driver["name"])
	}
	rules := map[string]bool{}
	for _, r := range driver["rules"].([]any) {
		rule := r.(map[string]any)
		id, _ := rule["id"].(string)
		if id == "" || rule["shortDescription"].(map[string]any)["text"] == "" {
			t.Errorf("bad rule %v", rule)
		}
		rules[id] = true
	}
	levels := map[string]bool{"none": true, "note": true, "warning": true, "error": true}
	results := run["results"].([]any)
	kinds := map[string]bool{}
	for _, x := range results {
		r := x.(map[string]any)
		id := r["ruleId"].(string)
		kinds[id] = true
		if !rules[id] || !levels[r["level"].(string)] || r["message"].(map[string]any)["text"] == "" {
			t.Errorf("bad result %v", r)
		}
		for _, l := range r["locations"].([]any) {
			pl := l.(map[string]any)["physicalLocation"].(map[string]any)
			uri := pl["artifactLocation"].(map[string]any)["uri"].(string)
			line := pl["region"].(map[string]any)["startLine"].(float64)
			if uri == "" || line < 1 || filepath.IsAbs(uri) {
				t.Errorf("bad location %v", pl)
			}
		}
	}
	for _, want := range []string{"refuted", "error", prove.KindSecretBranch, prove.KindStoreOutOfBounds} {
		if !kinds[want] {
			t.Errorf("no %s result", want)
		}
	}
}

func TestJUnitAndShards(t *testing.T) {
	_, stdout, _ := vgcheck("prove", "-q", "-junit", "./testdata/kernels/bad")
	var suites struct {
		Suites []struct {
			Tests    int `xml:"tests,attr"`
			Failures int `xml:"failures,attr"`
			Errors   int `xml:"errors,attr"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(stdout), &suites); err != nil {
		t.Fatalf("not XML: %v\n%s", err, stdout)
	}
	if s := suites.Suites[0]; s.Tests != 7 || s.Failures != 5 || s.Errors != 1 { // addWrong, firstFar, pickBack, clearPast and exceedsPast fail, addCPUID errs
		t.Errorf("junit counts %+v", s)
	}
	var all []*obligation.Obligation
	for i := 0; i < 7; i++ {
		all = append(all, &obligation.Obligation{Kernel: string(rune('a' + i))})
	}
	seen := map[string]int{}
	for i := 1; i <= 3; i++ {
		part, err := shardOf(all, []string{"1/3", "2/3", "3/3"}[i-1])
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range part {
			seen[o.Kernel]++
		}
	}
	if len(seen) != 7 {
		t.Errorf("shards cover %d of 7", len(seen))
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("%s in %d shards", k, n)
		}
	}
	if _, err := shardOf(all, "0/3"); err == nil {
		t.Error("shard 0/3 accepted")
	}
}
