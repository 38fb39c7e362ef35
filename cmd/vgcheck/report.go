package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"vg.dev/prove"
)

// reporter prints results in one output format.
type reporter interface {
	result(r *prove.Result)
	summary(rs []*prove.Result, wall time.Duration)
}

type textReporter struct {
	w    io.Writer
	root string // paths are shown relative to it (prove.Root)
}

func (t *textReporter) result(r *prove.Result) {
	headline := headline(r)
	if r.Spec == "" {
		fmt.Fprintf(t.w, "%-8s %s  %s  %.2fs  ct %s, frame %s\n", strings.ToUpper(string(headline)), r.Name(), r.Arch, r.Seconds, checked(r.CT), checked(r.Frame))
	} else {
		fmt.Fprintf(t.w, "%-8s %s ≡ %s  %s  %.2fs", strings.ToUpper(string(headline)), r.Name(), r.Spec, r.Arch, r.Seconds)
		if r.Equivalence == prove.Proved || r.Equivalence == prove.Refuted {
			cached := ""
			if r.CachedQueries > 0 {
				cached = fmt.Sprintf(" (%d cached)", r.CachedQueries)
			}
			infeasible := ""
			if r.InfeasiblePaths > 0 {
				infeasible = fmt.Sprintf(", %d of %d paths infeasible under the precondition", r.InfeasiblePaths, r.Paths)
			}
			fmt.Fprintf(t.w, "  [%s; %d queries%s, %d insts%s]", layers(r), r.Queries, cached, r.Insts, infeasible)
		}
		fmt.Fprintf(t.w, "  ct %s, frame %s\n", checked(r.CT), checked(r.Frame))
	}
	if r.Message != "" && headline != prove.Proved {
		fmt.Fprintf(t.w, "    %s\n", prove.RelText(t.root, r.Message))
	}
	if headline != prove.Proved && headline != prove.Unchanged {
		if at := where(r, t.root); at != "" {
			fmt.Fprintf(t.w, "    at %s\n", at)
		}
	}
	if len(r.Aliasings) > 0 {
		fmt.Fprintf(t.w, "    also proved with %s (the same memory)\n", strings.Join(r.Aliasings, "; "))
		var inst []string
		for _, a := range r.Aliasings {
			if of, ok := r.AliasingInstances[a]; ok {
				inst = append(inst, a+" of "+of)
			}
		}
		if len(inst) > 0 {
			fmt.Fprintf(t.w, "    as instances (no byte loaded after another pointer stored it): %s\n", strings.Join(inst, "; "))
			var run []string
			for _, a := range r.Aliasings {
				if why, ok := r.AliasingsRun[a]; ok {
					run = append(run, a+" ("+why+")")
				}
			}
			if len(run) > 0 {
				fmt.Fprintf(t.w, "    lifted on their own: %s\n", strings.Join(run, "; "))
			}
		}
	}
	if len(r.AliasingsExcluded) > 0 {
		fmt.Fprintf(t.w, "    the precondition excludes %s: no input meets it so\n", strings.Join(r.AliasingsExcluded, "; "))
	}
	for _, a := range r.Assumptions {
		fmt.Fprintf(t.w, "    assumes %s\n", a)
	}
	var warnings []prove.Violation
	for _, v := range r.Violations {
		if v.Warning {
			warnings = append(warnings, v)
			continue
		}
		fmt.Fprintf(t.w, "    violation %s at %s (pc %#x): %s\n", v.Kind, prove.Location{File: v.File, Line: v.Line}.Pos(t.root), v.PC, prove.RelText(t.root, v.Detail))
		if len(v.SecretsA) > 0 {
			fmt.Fprintf(t.w, "      secrets A: %s\n      secrets B: %s\n", inputs(v.SecretsA), inputs(v.SecretsB))
		}
		if h := prove.Hint(v); h != "" {
			fmt.Fprintf(t.w, "      hint: %s\n", h)
		}
	}
	t.warnings(warnings)
	if cx := r.Counterexample; cx != nil {
		for _, in := range cx.Inputs {
			switch {
			case in.Alias != "":
				fmt.Fprintf(t.w, "    input  %s = %s (the same pointer)\n", in.Name, in.Alias)
			case in.Cap != 0:
				fmt.Fprintf(t.w, "    input  %s = %s (cap %d)\n", in.Name, abbreviate(in.Bytes), in.Cap)
			default:
				fmt.Fprintf(t.w, "    input  %s = %s\n", in.Name, abbreviate(in.Bytes))
			}
		}
		const maxDiffs = 8 // -json has them all
		for i, d := range cx.Diffs {
			if i == maxDiffs {
				fmt.Fprintf(t.w, "    … and %d more output words differ (-json has all)\n", len(cx.Diffs)-maxDiffs)
				break
			}
			fmt.Fprintf(t.w, "    differ %s: kernel %s, spec %s\n", d.Output, d.Kernel, d.Spec)
		}
		confirmed := "not confirmed"
		if cx.Confirmed {
			confirmed = "confirmed on the real kernel"
		}
		fmt.Fprintf(t.w, "    replay: %s (%s)\n", confirmed, prove.RelText(t.root, cx.Replay))
		if cx.Test != "" {
			fmt.Fprintf(t.w, "    regression test:\n")
			for _, l := range strings.Split(strings.TrimRight(cx.Test, "\n"), "\n") {
				fmt.Fprintf(t.w, "\t%s\n", l)
			}
		}
	}
}

// warnings prints the warnings grouped by kind and text: an unrolled
// kernel repeats one warning at hundreds of instructions. -json lists
// every site.
func (t *textReporter) warnings(ws []prove.Violation) {
	type group struct {
		first prove.Violation
		lines []string
		n     int
	}
	var order []string
	groups := map[string]*group{}
	for _, w := range ws {
		key := string(w.Kind) + "\x00" + w.Detail
		g := groups[key]
		if g == nil {
			g = &group{first: w}
			groups[key] = g
			order = append(order, key)
		}
		g.n++
		site := fmt.Sprintf("%s:%d", filepath.Base(w.File), w.Line)
		if len(g.lines) < 4 && (len(g.lines) == 0 || g.lines[len(g.lines)-1] != site) {
			g.lines = append(g.lines, site)
		}
	}
	for _, key := range order {
		g := groups[key]
		sites := strings.Join(g.lines, ", ")
		if g.n > len(g.lines) {
			sites += ", …"
		}
		fmt.Fprintf(t.w, "    warning %s at %d instruction(s) (%s): %s\n", g.first.Kind, g.n, sites, g.first.Detail)
	}
}

// where is the finding's .s line and the stub, relative to root: "a.s:12
// (stub a_amd64.go:9)".
func where(r *prove.Result, root string) string {
	asm, stub := r.Located()
	a, s := asm.Pos(root), stub.Pos(root)
	switch {
	case a != "" && s != "":
		return a + " (stub " + s + ")"
	case a != "":
		return a
	}
	return s
}

// checked prints a verdict, "not checked" for none.
func checked(v prove.Verdict) string {
	if v == "" {
		return "not checked"
	}
	return string(v)
}

// worst is the verdict to headline: a finding over an error over an unknown
// over a proof.
func worst(vs ...prove.Verdict) prove.Verdict {
	rank := map[prove.Verdict]int{prove.Unchanged: 1, prove.Proved: 1, prove.Unknown: 2, prove.Error: 3, prove.Violated: 4, prove.Refuted: 5}
	w := prove.Verdict("")
	for _, v := range vs {
		if rank[v] > rank[w] {
			w = v
		}
	}
	return w
}

func inputs(ins []prove.Input) string {
	var parts []string
	for _, in := range ins {
		parts = append(parts, in.Name+"="+abbreviate(in.Bytes))
	}
	return strings.Join(parts, " ")
}

// abbreviate shortens long hex in the text report (-json has it whole).
func abbreviate(hex string) string {
	const max = 96
	if len(hex) <= max {
		return hex
	}
	return fmt.Sprintf("%s… (%d bytes; -json has all)", hex[:max], len(hex)/2)
}

func layers(r *prove.Result) string {
	var names []string
	for k := range r.Layers {
		names = append(names, k)
	}
	sort.Strings(names)
	var parts []string
	for _, k := range names {
		parts = append(parts, fmt.Sprintf("%s %d", k, r.Layers[k]))
	}
	if len(parts) == 0 {
		return r.Layer
	}
	return "closed by " + strings.Join(parts, ", ")
}

func (t *textReporter) summary(rs []*prove.Result, wall time.Duration) {
	counts := map[prove.Verdict]int{}
	for _, r := range rs {
		counts[headline(r)]++
	}
	var parts []string
	for _, v := range []prove.Verdict{prove.Proved, prove.Unchanged, prove.Refuted, prove.Violated, prove.Unknown, prove.Error} {
		if n := counts[v]; n > 0 || v == prove.Proved {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	fmt.Fprintf(t.w, "%d obligations: %s (%.1fs)\n", len(rs), strings.Join(parts, ", "), wall.Seconds())
}

// headline is the one verdict an obligation is counted as: its worst, an
// unproved check counting as an error; unchanged only when all three are.
func headline(r *prove.Result) prove.Verdict {
	vs := []prove.Verdict{r.CT, r.Frame}
	if r.Spec != "" {
		vs = append(vs, r.Equivalence)
	}
	all := true
	for i, v := range vs {
		if v == "" {
			vs[i] = prove.Error
		}
		all = all && v == prove.Unchanged
	}
	if all {
		return prove.Unchanged
	}
	return worst(vs...)
}

type jsonReporter struct{ w io.Writer }

func (j *jsonReporter) result(r *prove.Result) {
	b, err := json.Marshal(r)
	if err != nil {
		fmt.Fprintf(j.w, "{\"kernel\":%q,\"equivalence\":\"error\",\"message\":%q}\n", r.Kernel, err.Error())
		return
	}
	fmt.Fprintln(j.w, string(b))
}

func (j *jsonReporter) summary([]*prove.Result, time.Duration) {}
