//go:build cgo

package main

import (
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

func TestJUnitAndShards(t *testing.T) {
	f := findings(t)
	var b strings.Builder
	out := &junitReporter{w: &b, root: f.root}
	for _, r := range f.results {
		if strings.HasPrefix(r.Kernel, "vg.dev/testdata/kernels/bad.") {
			out.result(r)
		}
	}
	out.summary(nil, f.wall)
	stdout := b.String()
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
