package mutate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vg.dev/obligation"
	"vg.dev/prove"
)

// TestOverlayHeader: a mutant in a header reaches the assembler through
// temporary copies of the header and of the headers including it, named
// by the #include lines of the overlaid .s files; line numbers stay.
func TestOverlayHeader(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		filepath.Join(dir, "k_amd64.s"): "#include \"textflag.h\"\n#include \"a.h\"\nTEXT ·k(SB), NOSPLIT, $0-0\n\tOUTER(AX)\n\tRET\n",
		filepath.Join(dir, "o_amd64.s"): "// includes nothing\nTEXT ·o(SB), NOSPLIT, $0-0\n\tRET\n",
		filepath.Join(dir, "a.h"):       "#include \"b.h\"\n#define OUTER(r) INNER(r); \\\n\tADDQ r, r\n",
		filepath.Join(dir, "b.h"):       "// b\n#define INNER(r) \\\n\tSUBQ $1, r\n",
	}
	for p, src := range files {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := LoadSource([]string{filepath.Join(dir, "k_amd64.s"), filepath.Join(dir, "o_amd64.s")})
	if err != nil {
		t.Fatal(err)
	}
	ms, err := s.Generate("amd64", "p.k")
	if err != nil {
		t.Fatal(err)
	}
	var m Mutant
	for _, x := range ms {
		if x.Macro == "INNER" && x.Operator == "immediate+1" {
			m = x
		}
	}
	if m.File != filepath.Join(dir, "b.h") || m.Line != 3 {
		t.Fatalf("INNER's immediate mutant: %+v", m)
	}
	ovl, cleanup, err := s.overlay(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(ovl) != 1 {
		t.Errorf("overlay of %d files, want the includer k_amd64.s only: %v", len(ovl), ovl)
	}
	k := ovl[filepath.Join(dir, "k_amd64.s")]
	lines := strings.Split(k, "\n")
	if len(lines) != strings.Count(files[filepath.Join(dir, "k_amd64.s")], "\n")+1 || lines[0] != `#include "textflag.h"` {
		t.Fatalf("k_amd64.s overlaid as %q", k)
	}
	aCopy := strings.TrimSuffix(strings.TrimPrefix(lines[1], `#include "`), `"`)
	a, err := os.ReadFile(aCopy)
	if err != nil || !filepath.IsAbs(aCopy) {
		t.Fatalf("a.h copy %q: %v", aCopy, err)
	}
	aLines := strings.Split(string(a), "\n")
	bCopy := strings.TrimSuffix(strings.TrimPrefix(aLines[0], `#include "`), `"`)
	b, err := os.ReadFile(bCopy)
	if err != nil || bCopy == filepath.Join(dir, "b.h") {
		t.Fatalf("b.h copy %q: %v", bCopy, err)
	}
	if got := strings.Split(string(b), "\n")[2]; got != "\tSUBQ $2, r" {
		t.Errorf("b.h copy line 3 = %q, want the mutant", got)
	}
	if aLines[1] != "#define OUTER(r) INNER(r); \\" {
		t.Errorf("a.h copy changed beyond its #include: %q", a)
	}
	cleanup()
	if _, err := os.Stat(bCopy); !os.IsNotExist(err) {
		t.Errorf("temporary header left after cleanup: %v", err)
	}

	// A .s mutant is its file, overlaid.
	for _, x := range ms {
		if x.Macro == "" {
			ovl, cleanup, err := s.overlay(x)
			cleanup()
			if err != nil || len(ovl) != 1 || !strings.Contains(ovl[x.File], x.After) {
				t.Errorf("overlay of %v: %v, %v", x, ovl, err)
			}
			break
		}
	}
	// A mutant that no longer matches its line is an error.
	m.Before = "\tSUBQ $7, r"
	if _, _, err := s.overlay(m); err == nil {
		t.Error("no error for a stale mutant")
	}
}

func TestClassify(t *testing.T) {
	confirmed := &prove.Counterexample{Confirmed: true}
	unconfirmed := &prove.Counterexample{Replay: "outputs agree"}
	viol := []prove.Violation{{Kind: "secret-address"}, {Kind: "variable-time", Warning: true}, {Kind: "secret-address"}}
	tests := []struct {
		name    string
		r       prove.Result
		outcome Outcome
		how     string
		detail  string
	}{
		{"refuted", prove.Result{Equivalence: prove.Refuted, CT: prove.Proved, Frame: prove.Proved, Counterexample: confirmed},
			Killed, HowRefuted, "refuted, confirmed on the real kernel"},
		{"refuted and violated", prove.Result{Equivalence: prove.Refuted, CT: prove.Violated, Frame: prove.Proved, Counterexample: confirmed, Violations: viol},
			Killed, HowRefuted, "refuted, confirmed on the real kernel; also violates: secret-address"},
		{"violation, equivalent", prove.Result{Equivalence: prove.Proved, CT: prove.Violated, Frame: prove.Proved, Violations: viol},
			Killed, HowViolation, "violation only (secret-address), equivalence proved"},
		{"violation, refutation not confirmed", prove.Result{Equivalence: prove.Refuted, CT: prove.Proved, Frame: prove.Violated, Counterexample: unconfirmed, Violations: []prove.Violation{{Kind: "store-out-of-bounds"}}},
			Killed, HowViolation, "violation only (store-out-of-bounds), equivalence refuted (replay did not confirm)"},
		{"equivalent", prove.Result{Equivalence: prove.Proved, CT: prove.Proved, Frame: prove.Proved},
			Equivalent, "", "proved equal to the spec"},
		{"refutation not confirmed", prove.Result{Equivalence: prove.Refuted, CT: prove.Proved, Frame: prove.Proved, Counterexample: unconfirmed},
			Unknown, "", "refuted but the replay did not confirm: outputs agree"},
		{"defect", prove.Result{Equivalence: prove.Error, Defect: prove.DefectUndefinedFlags, Message: "reads CF\nmore"},
			Killed, HowDefect, "rejected: undefined-flags: reads CF"},
		{"unknown", prove.Result{Equivalence: prove.Unknown, Message: "timeout"},
			Unknown, "", "unknown: timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.r
			got := classify(Mutant{}, &r)
			if got.Outcome != tt.outcome || got.How != tt.how || got.Detail != tt.detail {
				t.Errorf("classify = %s/%s %q, want %s/%s %q", got.Outcome, got.How, got.Detail, tt.outcome, tt.how, tt.detail)
			}
		})
	}
}

// TestBuildFailures builds real mutants that do not make a program: one
// the assembler rejects, in a .s file and in a header (which shows the
// header's mutant reaches the assembler), is invalid with the assembler's
// message; one that assembles but does not link is unknown.
func TestBuildFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kernel packages")
	}
	ctx := context.Background()
	po := prove.Options{Arch: "amd64", Dir: "..", NoReplay: true}
	tests := []struct {
		pkg, kernel string
		pick        func(Mutant) bool
		after       func(string) string
		outcome     Outcome
		want        []string
	}{
		{
			pkg: "kernels/ctselect", kernel: "selectCMOV",
			pick:    func(m Mutant) bool { return m.Macro == "" && m.Operator == "drop" },
			after:   func(string) string { return "\tADDSQ AX, BX" },
			outcome: Invalid, want: []string{"assembler: ", "ctselect_amd64.s:", `unrecognized instruction "ADDSQ"`},
		},
		{
			pkg: "kernels/mldsa", kernel: "nttAVX2",
			pick:    func(m Mutant) bool { return m.Macro == "MONT2" && m.Operator == "VPMULDQ→VPMULUDQ" },
			after:   func(l string) string { return strings.Replace(l, "VPMULUDQ", "VPMULUDX", 1) },
			outcome: Invalid, want: []string{"assembler: ", "_amd64.s:", `unrecognized instruction "VPMULUDX"`},
		},
		{
			pkg: "kernels/ctselect", kernel: "selectCMOV",
			pick:    func(m Mutant) bool { return m.Macro == "" && m.Operator == "drop" },
			after:   func(string) string { return "\tCALL ·vgNoSuchFunction(SB)" },
			outcome: Unknown, want: []string{"error: ", "vgNoSuchFunction"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.kernel+" "+tt.want[len(tt.want)-1], func(t *testing.T) {
			col, err := prove.Collect(ctx, po, "./"+tt.pkg)
			if err != nil {
				t.Fatal(err)
			}
			obls := col.Obligations
			var o *obligation.Obligation
			for _, x := range obls {
				if strings.HasSuffix(x.Kernel, "."+tt.kernel) {
					o = x
				}
			}
			if o == nil {
				t.Fatalf("no obligation for %s", tt.kernel)
			}
			sfiles, err := filepath.Glob(filepath.Join("..", tt.pkg, "*_amd64.s"))
			if err != nil {
				t.Fatal(err)
			}
			for i := range sfiles {
				sfiles[i], _ = filepath.Abs(sfiles[i])
			}
			s, err := LoadSource(sfiles)
			if err != nil {
				t.Fatal(err)
			}
			ms, err := s.Generate("amd64", o.Kernel)
			if err != nil {
				t.Fatal(err)
			}
			var m *Mutant
			for i := range ms {
				if tt.pick(ms[i]) {
					m = &ms[i]
					break
				}
			}
			if m == nil {
				t.Fatal("no mutant to start from")
			}
			m.After = tt.after(m.After)
			r, err := s.one(ctx, po, o, *m)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %s", r.Outcome, r.Detail)
			if r.Outcome != tt.outcome {
				t.Errorf("outcome %s (%s), want %s", r.Outcome, r.Detail, tt.outcome)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.Detail, w) {
					t.Errorf("detail %q does not contain %q", r.Detail, w)
				}
			}
		})
	}
}

// TestRunJobs: proving mutants two at a time gives the results of one at a
// time, in generation order.
func TestRunJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and proves mutants")
	}
	ctx := context.Background()
	po := prove.Options{Arch: "amd64", Dir: "..", NoReplay: true}
	col, err := prove.Collect(ctx, po, "./kernels/fe25519")
	if err != nil {
		t.Fatal(err)
	}
	obls := col.Obligations
	var keep []*obligation.Obligation
	for _, o := range obls {
		if strings.HasSuffix(o.Kernel, ".carryAMD64") {
			keep = append(keep, o)
		}
	}
	if len(keep) != 1 {
		t.Fatalf("%d obligations for carryAMD64, want 1", len(keep))
	}
	var runs [2][]Result
	for i, jobs := range []int{1, 2} {
		calls := 0
		runs[i], err = Run(ctx, Options{Prove: po, Max: 4, Jobs: jobs, Progress: func(Result) { calls++ }}, keep)
		if err != nil {
			t.Fatal(err)
		}
		if calls != len(runs[i]) || len(runs[i]) != 4 {
			t.Fatalf("jobs %d: %d results, %d progress calls; want 4 each", jobs, len(runs[i]), calls)
		}
	}
	for i := range runs[0] {
		a, b := runs[0][i], runs[1][i]
		if a.Mutant != b.Mutant || a.Outcome != b.Outcome || a.How != b.How {
			t.Errorf("mutant %d: %v %s/%s with one job, %v %s/%s with two", i, a.Mutant, a.Outcome, a.How, b.Mutant, b.Outcome, b.How)
		}
	}
}
