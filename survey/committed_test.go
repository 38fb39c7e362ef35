package survey

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommittedSurvey checks that the survey committed under docs/survey is
// whole: for each architecture the text ends in its totals line, the JSON
// has one row per function, the totals the rows give are the ones the text
// states, and every function of the JSON has its row in the text. A run of
// regen.sh stopped half way, or the two files of different runs, fail it.
func TestCommittedSurvey(t *testing.T) {
	for _, arch := range []string{"amd64", "arm64"} {
		t.Run(arch, func(t *testing.T) {
			dir := filepath.Join("..", "docs", "survey")
			text, err := os.ReadFile(filepath.Join(dir, arch+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			rows, stated := readRows(t, filepath.Join(dir, arch+".json"))
			if len(rows) == 0 {
				t.Fatalf("%s.json has no rows", arch)
			}
			totals := lastLine(text)
			s := Summarize(rows, 0)
			if stated == nil {
				t.Errorf("%s.json has no summary line", arch)
			} else if stated.Functions != s.Functions || stated.Paired != s.Paired || stated.Proved != s.Proved ||
				stated.Equivalent != s.Equivalent || stated.CTFrameOnly != s.CTFrameOnly {
				t.Errorf("%s.json states %+v, its rows give %+v", arch, *stated, s)
			}
			want := fmt.Sprintf("%d functions: %d with a counterpart, %d of them proved (equivalence, frame, and ct unless exempt), %d proved equivalent; %d without a counterpart proved ct and frame safe",
				s.Functions, s.Paired, s.Proved, s.Equivalent, s.CTFrameOnly)
			if !strings.HasPrefix(totals, want) {
				t.Errorf("%s.txt ends in\n\t%q\nthe rows of %s.json give\n\t%q", arch, totals, arch, want)
			}
			for _, r := range rows {
				if r.Arch != arch {
					t.Errorf("%s.json: %s is surveyed for %q", arch, r.Kernel, r.Arch)
				}
				if !bytes.Contains(text, []byte("\n"+r.Kernel+" ")) {
					t.Errorf("%s.txt has no row for %s", arch, r.Kernel)
				}
			}
		})
	}
}

// readRows reads the rows of a -json-file and the summary line it ends in.
func readRows(t *testing.T, path string) ([]*Row, *Summary) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, sum, err := ReadJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows, sum
}

func lastLine(b []byte) string {
	s := strings.TrimRight(string(b), "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}
