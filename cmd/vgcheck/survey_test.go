//go:build cgo

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSurveyMerge: -merge prints the rows of several -json-file outputs as
// one survey (the totals those of all rows, the wall time the sum), and
// refuses a stopped run, a function in two files, another architecture and
// a malformed line, each with one error naming the file.
func TestSurveyMerge(t *testing.T) {
	dir := t.TempDir()
	const (
		proved = `{"kernel":"p/a.f","arch":"amd64","spec":"p/a.fGeneric","pairing":"suffix Generic","equivalence":"proved","ct":"proved","frame":"proved","seconds":2}`
		ctOnly = `{"kernel":"p/b.g","arch":"amd64","ct":"proved","frame":"proved","seconds":1}`
		unk    = `{"kernel":"p/b.h","arch":"amd64","spec":"p/b.hGeneric","pairing":"suffix Generic","equivalence":"unknown","ct":"proved","frame":"proved","seconds":90,"reason":"budget","cause":"budget exceeded"}`
		sum    = `{"summary":{"functions":1,"seconds":2,"wall_seconds":%s}}`
	)
	write := func(name string, lines ...string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.json", proved, strings.Replace(sum, "%s", "10", 1))
	b := write("b.json", ctOnly, unk, strings.Replace(sum, "%s", "95", 1))

	code, stdout, stderr := vgcheck("survey", "-merge", a, b)
	if code != exitError { // p/b.h is not proved
		t.Errorf("exit %d, want %d\n%s", code, exitError, stderr)
	}
	for _, want := range []string{
		"\np/a.f ", "\np/b.g ", "\np/b.h ",
		"budget exceeded (1)\n    p/b.h: budget",
		"3 functions: 2 with a counterpart, 1 of them proved (equivalence, frame, and ct unless exempt), 1 proved equivalent; 1 without a counterpart proved ct and frame safe (93s of proofs, 105s wall)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("merged survey lacks %q:\n%s", want, stdout)
		}
	}
	if code, _, stderr := vgcheck("survey", "-merge", a); code != exitProved {
		t.Errorf("merge of a proved file: exit %d, want %d\n%s", code, exitProved, stderr)
	}

	bad := []struct {
		name  string
		files []string
		want  string
	}{
		{"stopped run", []string{write("stopped.json", proved)}, "stopped.json: no summary line"},
		{"function twice", []string{a, write("again.json", proved, strings.Replace(sum, "%s", "1", 1))}, "p/a.f is in both"},
		{"other arch", []string{write("arm.json", strings.Replace(proved, "amd64", "arm64", 1), strings.Replace(sum, "%s", "1", 1))}, "surveyed for arm64, not -arch amd64"},
		{"not json", []string{write("garbage.json", "PROVED p/a.f")}, "garbage.json: line 1:"},
		{"row after summary", []string{write("late.json", strings.Replace(sum, "%s", "1", 1), proved)}, "late.json: line 2: a row after the summary"},
		{"no files", nil, "name the -json-file outputs"},
		{"missing file", []string{filepath.Join(dir, "nope.json")}, "nope.json"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := vgcheck(append([]string{"survey", "-merge"}, tt.files...)...)
			if code != exitError {
				t.Errorf("exit %d, want %d", code, exitError)
			}
			if !strings.Contains(stderr, tt.want) || strings.Contains(stderr, "panic") {
				t.Errorf("stderr %q does not say %q", stderr, tt.want)
			}
			if stdout != "" {
				t.Errorf("printed a survey: %s", stdout)
			}
		})
	}
}
