//go:build cgo

package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"vg.dev/prove"
)

// TestHelp: vgcheck -h and vgcheck help list every flag of every command
// (those the issue missed by name), each CMD -h prints its flags and exits
// 0, a bad flag exits 2 with the help on stderr, the README's synopsis
// names every flag of prove, and version says the prover's, Go's and Z3's.
func TestHelp(t *testing.T) {
	flagRE := regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`)
	perCmd := map[string][]string{}
	for _, cmd := range []string{"prove", "ct", "mutate", "disasm", "lift"} {
		code, stdout, stderr := vgcheck(cmd, "-h")
		if code != exitProved || stderr != "" || !strings.Contains(stdout, "usage:\n  vgcheck "+cmd) {
			t.Errorf("%s -h: exit %d\n%s%s", cmd, code, stdout, stderr)
		}
		for _, m := range flagRE.FindAllStringSubmatch(stdout, -1) {
			perCmd[cmd] = append(perCmd[cmd], m[1])
		}
	}
	for _, f := range []string{"sarif", "junit", "write-records", "check-records", "changed-since", "j", "shard", "strict", "max-paths", "html", "json", "arch", "records", "budget", "timeout", "q", "tags", "smt2", "replay", "warnings-as-errors", "assume", "kernel", "spec", "secret", "public", "requires", "sizes", "tail"} {
		if !contains(perCmd["prove"], f) {
			t.Errorf("prove -h does not list -%s", f)
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, synopsis, _ := strings.Cut(string(readme), "## vgcheck\n\n```\n")
	synopsis, _, _ = strings.Cut(synopsis, "```")
	for _, f := range perCmd["prove"] {
		if !strings.Contains(synopsis, "-"+f) {
			t.Errorf("the README's vgcheck synopsis does not name prove's -%s", f)
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, stdout, _ := vgcheck(args...)
		if code != exitProved {
			t.Errorf("%v: exit %d", args, code)
		}
		for cmd, flags := range perCmd {
			if !strings.Contains(stdout, "== vgcheck "+cmd+"\n") {
				t.Errorf("%v does not cover %s", args, cmd)
			}
			for _, f := range flags {
				if !regexp.MustCompile(`(?m)^  -` + regexp.QuoteMeta(f) + `[ \t\n]`).MatchString(stdout) {
					t.Errorf("%v does not list %s -%s", args, cmd, f)
				}
			}
		}
		if !strings.Contains(stdout, "vgcheck version") || !strings.Contains(stdout, "Exit status:") {
			t.Errorf("%v: no version command or exit status:\n%s", args, stdout)
		}
	}
	if code, stdout, _ := vgcheck("help", "mutate"); code != exitProved || !strings.Contains(stdout, "-max int") || strings.Contains(stdout, "-sarif") {
		t.Errorf("help mutate: exit %d\n%s", code, stdout)
	}
	if code, stdout, stderr := vgcheck("prove", "-nosuchflag"); code != exitError || stdout != "" || !strings.Contains(stderr, "flag provided but not defined: -nosuchflag") || !strings.Contains(stderr, "-sarif") {
		t.Errorf("a bad flag: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ := vgcheck("version")
	if code != exitProved || !regexp.MustCompile(`^vgcheck \d+\.\d+\.\d+ \(go1\.\d+[^;]* linux/\w+; Z3 4\.\d+\.\d+\)\n$`).MatchString(stdout) {
		t.Errorf("version: exit %d %q", code, stdout)
	}
}

// TestProgress: on a terminal, one line rewritten in place names the
// obligation running longest and its step, with the time; elsewhere one
// line per finished obligation, as before, and nothing for steps.
func TestProgress(t *testing.T) {
	var b strings.Builder
	p := startProgress(&b, 2, false, 0, 0)
	p.stage(nil, "build")
	r1 := findingsLike("vg.dev/k.one", "proved")
	r2 := findingsLike("vg.dev/k.two", "refuted")
	p.result(r1, false)
	p.stage(r1, "lift")
	p.result(r1, true)
	p.result(r2, false)
	p.stage(r2, "z3-full out[0:8]")
	p.result(r2, true)
	p.stop()
	if want := "[1/2] vg.dev/k.one proved (0.5s)\n[2/2] vg.dev/k.two refuted (0.5s)\n"; b.String() != want {
		t.Errorf("not a terminal: %q, want %q", b.String(), want)
	}

	b.Reset()
	p = startProgress(&b, 2, true, 60, 0)
	p.stage(nil, "build")
	if !strings.HasSuffix(b.String(), "\r\033[Kbuilding and loading the kernels' packages…") {
		t.Errorf("build: %q", b.String())
	}
	p.result(r1, false)
	p.result(r2, false)
	p.stage(r1, "sweep")
	p.active["vg.dev/k.one"].start = time.Now().Add(-14 * time.Second)
	p.stage(r2, "lift")
	if !strings.HasSuffix(b.String(), "\r\033[K[0/2] vg.dev/k.one: sweep (14s), 1 more running") {
		t.Errorf("two running: %q", b.String()[strings.LastIndex(b.String(), "\r"):])
	}
	p.result(r1, true)
	if !strings.HasSuffix(b.String(), "\r\033[K[1/2] vg.dev/k.two: lift (0s); last: vg.dev/k.one proved") {
		t.Errorf("one done: %q", b.String()[strings.LastIndex(b.String(), "\r"):])
	}
	p.stage(r2, "a very long stage name that does not fit on the line at all")
	last := b.String()[strings.LastIndex(b.String(), "\r"):]
	if n := len([]rune(strings.TrimPrefix(last, "\r\033[K"))); n > 59 || !strings.HasSuffix(last, "…") {
		t.Errorf("not cut to the terminal's width (%d runes): %q", n, last)
	}
	p.stop()
	if !strings.HasSuffix(b.String(), "\r\033[K") || strings.Count(b.String(), "\n") != 0 {
		t.Errorf("the line is not cleared at the end: %q", b.String())
	}
	// The ticker redraws on its own.
	b.Reset()
	p = startProgress(&b, 1, true, 80, 10*time.Millisecond)
	p.mu.Lock()
	p.active["k"] = &step{name: "k", stage: "sweep", start: time.Now()}
	p.mu.Unlock()
	time.Sleep(100 * time.Millisecond)
	p.stop()
	if n := strings.Count(b.String(), "k: sweep"); n < 2 {
		t.Errorf("the ticker redrew %d times", n)
	}
}

func findingsLike(kernel string, v prove.Verdict) *prove.Result {
	return &prove.Result{Kernel: kernel, Spec: "s", Equivalence: v, CT: prove.Proved, Frame: prove.Proved, Seconds: 0.5}
}
