package directivetest

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The functions the stubs of testdata/directives.go stand for, and the
// specs and preconditions their directives name.
func good(x, y []uint64, n int) uint64              { return 0 }
func skipped(x, y []uint64, n int) uint64           { return 0 }
func undeclared(x, y []uint64, n int) uint64        { return 0 }
func malformed(x, y []uint64, n int) uint64         { return 0 }
func twoSpecs(x, y []uint64, n int) uint64          { return 0 }
func unknownVerb(x, y []uint64, n int) uint64       { return 0 }
func wrongSpec(x, y []uint64, n int) uint64         { return 0 }
func wrongType(x, y []uint64, n int) uint64         { return 0 }
func narrowed(x, y []uint64, n int) uint64          { return 0 }
func secretTypo(x, y []uint64, n int) uint64        { return 0 }
func noRequires(x, y []uint64, n int) uint64        { return 0 }
func extraRequires(x, y []uint64, n int) uint64     { return 0 }
func badPredicate(x, y []uint64, n int) uint64      { return 0 }
func wrongSizes(x, y []uint64, n int) uint64        { return 0 }
func unproved(x, y []uint64, n int) uint64          { return 0 }
func missing(x, y []uint64, n int) uint64           { return 0 }
func specless(x, y []uint64, n int) uint64          { return 0 }
func unverified(x, y []uint64, n int) uint64        { return 0 }
func claimedUnverified(x, y []uint64, n int) uint64 { return 0 }

func specAdd(x, y []uint64, n int) uint64    { return 0 }
func specOther(x, y []uint64, n int) uint64  { return 0 }
func specNarrow(x []uint64) uint64           { return 0 }
func inBounds(x, y []uint64, n int) bool     { return true }
func notPredicate(x, y []uint64, n int) int  { return 0 }
func leaky(x, y []uint64, n int) uint64      { return 0 }
func noLeaks(x, y []uint64, n int) uint64    { return 0 }
func extraLeaks(x, y []uint64, n int) uint64 { return 0 }
func narrowLeak(x, y []uint64, n int) uint64 { return 0 }
func lowBits(x, y []uint64, n int) uint64    { return 0 }
func lowBitsNarrow(x []uint64) uint64        { return 0 }

// directiveStubs is the table for testdata/directives.go.
var directiveStubs = map[string]Stub{
	"good":              {Func: good, Spec: specAdd, Requires: inBounds, Public: []string{"n"}, Secret: []string{"y", "x"}, Sizes: "x,y=1,4"},
	"skipped":           {Func: skipped},
	"misnamed":          {Func: good, Spec: specAdd},
	"closure":           {Func: func(x, y []uint64, n int) uint64 { return 0 }, Spec: specAdd},
	"undeclared":        {Func: undeclared, Spec: specAdd},
	"malformed":         {Func: malformed, Spec: specAdd},
	"twoSpecs":          {Func: twoSpecs, Spec: specAdd},
	"unknownVerb":       {Func: unknownVerb, Spec: specAdd},
	"wrongSpec":         {Func: wrongSpec, Spec: specAdd},
	"wrongType":         {Func: wrongType, Spec: specNarrow},
	"narrowed":          {Func: narrowed, Spec: specAdd},
	"secretTypo":        {Func: secretTypo, Spec: specAdd, Secret: []string{"z"}},
	"noRequires":        {Func: noRequires, Spec: specAdd, Requires: inBounds},
	"extraRequires":     {Func: extraRequires, Spec: specAdd},
	"badPredicate":      {Func: badPredicate, Spec: specAdd, Requires: notPredicate},
	"wrongSizes":        {Func: wrongSizes, Spec: specAdd, Sizes: "x=4"},
	"unproved":          {Func: unproved},
	"missing":           {Func: missing, Spec: specAdd},
	"specless":          {Func: specless, Requires: inBounds},
	"unverified":        {Func: unverified, Unverified: true},
	"claimedUnverified": {Func: claimedUnverified, Unverified: true},
	"leaky":             {Func: leaky, Spec: specAdd, Leaks: lowBits},
	"noLeaks":           {Func: noLeaks, Spec: specAdd, Leaks: lowBits},
	"extraLeaks":        {Func: extraLeaks, Spec: specAdd},
	"narrowLeak":        {Func: narrowLeak, Spec: specAdd, Leaks: lowBitsNarrow},
}

// TestCheck runs Check on testdata/directives.go: every
// error must be reported on a line whose want comment has a regular
// expression matching it, and every such expression must match an error.
func TestCheck(t *testing.T) {
	const file = "testdata/directives.go"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		re      *regexp.Regexp
		matched bool
	}
	wants := map[int][]*want{}
	for i, line := range strings.Split(string(src), "\n") {
		_, rest, ok := strings.Cut(line, "// want ")
		if !ok {
			continue
		}
		for _, m := range regexp.MustCompile("`([^`]*)`").FindAllStringSubmatch(rest, -1) {
			wants[i+1] = append(wants[i+1], &want{re: regexp.MustCompile(m[1])})
		}
	}
	if len(wants) == 0 {
		t.Fatalf("%s: no want comments", file)
	}

	rec := &recorder{TB: t}
	Check(rec, file, directiveStubs)
next:
	for _, e := range rec.errs {
		pos, msg, _ := strings.Cut(strings.TrimPrefix(e, file+":"), ": ")
		line, err := strconv.Atoi(pos)
		if err != nil {
			t.Errorf("error without a position in %s: %s", file, e)
			continue
		}
		for _, w := range wants[line] {
			if !w.matched && w.re.MatchString(msg) {
				w.matched = true
				continue next
			}
		}
		t.Errorf("unexpected error: %s", e)
	}
	for line, ws := range wants {
		for _, w := range ws {
			if !w.matched {
				t.Errorf("%s:%d: no error matching %s", file, line, w.re)
			}
		}
	}
}

func TestCheckNoFile(t *testing.T) {
	rec := &recorder{TB: t}
	Check(rec, "testdata/no_such_file.go", nil)
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "no_such_file.go") {
		t.Errorf("errors %q, want one naming the file", rec.errs)
	}
}

// recorder is a testing.TB that records errors instead of failing. The
// methods Check is not meant to call go to the real test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
