package main

import (
	"encoding/json"
	"fmt"
	"io"
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

type textReporter struct{ w io.Writer }

func (t *textReporter) result(r *prove.Result) {
	fmt.Fprintf(t.w, "%-8s %s ≡ %s  %s  %.2fs", strings.ToUpper(string(r.Equivalence)), r.Name(), r.Spec, r.Arch, r.Seconds)
	if r.Equivalence == prove.Proved || r.Equivalence == prove.Refuted {
		fmt.Fprintf(t.w, "  [%s; %d queries, %d insts]", layers(r), r.Queries, r.Insts)
	}
	fmt.Fprintln(t.w)
	if r.Message != "" && r.Equivalence != prove.Proved {
		fmt.Fprintf(t.w, "    %s\n", r.Message)
	}
	if cx := r.Counterexample; cx != nil {
		for _, in := range cx.Inputs {
			fmt.Fprintf(t.w, "    input  %s = %s\n", in.Name, in.Bytes)
		}
		for _, d := range cx.Diffs {
			fmt.Fprintf(t.w, "    differ %s: kernel %s, spec %s\n", d.Output, d.Kernel, d.Spec)
		}
		confirmed := "not confirmed"
		if cx.Confirmed {
			confirmed = "confirmed on the real kernel"
		}
		fmt.Fprintf(t.w, "    replay: %s (%s)\n", confirmed, cx.Replay)
		if cx.Test != "" {
			fmt.Fprintf(t.w, "    regression test:\n")
			for _, l := range strings.Split(strings.TrimRight(cx.Test, "\n"), "\n") {
				fmt.Fprintf(t.w, "\t%s\n", l)
			}
		}
	}
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
		counts[r.Equivalence]++
	}
	fmt.Fprintf(t.w, "%d obligations: %d proved, %d refuted, %d unknown, %d error (%.1fs)\n",
		len(rs), counts[prove.Proved], counts[prove.Refuted], counts[prove.Unknown], counts[prove.Error], wall.Seconds())
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
