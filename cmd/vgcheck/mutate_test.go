//go:build cgo

package main

import (
	"bytes"
	"strings"
	"testing"

	"vg.dev/mutate"
)

// TestTally: killed mutants are split by how, and invalid ones (not
// programs) are not counted among the mutants.
func TestTally(t *testing.T) {
	r := func(kernel string, o mutate.Outcome, how string) mutate.Result {
		return mutate.Result{Mutant: mutate.Mutant{Kernel: kernel}, Outcome: o, How: how}
	}
	results := []mutate.Result{
		r("p.a", mutate.Killed, mutate.HowRefuted),
		r("p.a", mutate.Killed, mutate.HowRefuted),
		r("p.a", mutate.Killed, mutate.HowViolation),
		r("p.a", mutate.Invalid, ""),
		r("p.b", mutate.Killed, mutate.HowDefect),
		r("p.b", mutate.Equivalent, ""),
		r("p.b", mutate.Unknown, ""),
	}
	per, total := tally(results)
	tests := []struct {
		name      string
		got, want score
	}{
		{"p.a", per["p.a"], score{Mutants: 3, Killed: 3, Refuted: 2, Violation: 1, Invalid: 1}},
		{"p.b", per["p.b"], score{Mutants: 3, Killed: 1, Defect: 1, Equivalent: 1, Unknown: 1}},
		{"total", total, score{Mutants: 6, Killed: 4, Refuted: 2, Violation: 1, Defect: 1, Equivalent: 1, Unknown: 1, Invalid: 1}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, tt.got, tt.want)
		}
	}
	var b bytes.Buffer
	printScore(&b, per, total)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], "refuted") || !strings.HasPrefix(lines[1], "p.a") || !strings.HasPrefix(lines[3], "total") {
		t.Errorf("score table:\n%s", b.String())
	}
	if f := strings.Fields(lines[3]); strings.Join(f[1:], " ") != "6 4 2 1 1 1 1 1" {
		t.Errorf("total row %q", lines[3])
	}
}

// TestMutateRunNoMatch: a -run that matches no kernel (a regular
// expression taken for the substring it is) says so, instead of failing
// further on with no packages to build.
func TestMutateRunNoMatch(t *testing.T) {
	code, _, stderr := vgcheck("mutate", "-q", "-run", "^add$", "./examples/u128")
	if code != exitError || !strings.Contains(stderr, `no kernel of ./examples/u128 has a name containing "^add$"`) {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
