package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"time"

	"vg.dev/mutate"
	"vg.dev/prove"
)

// runMutate mutates each kernel's source one instruction at a time, proves
// every mutant, and prints the mutation score.
func runMutate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	arch := fs.String("arch", "amd64", "target architecture: amd64 or arm64")
	max := fs.Int("max", 20, "mutants per kernel, spread over its instructions (0: all)")
	run := fs.String("run", "", "only kernels whose name contains `S`")
	quiet := fs.Bool("q", false, "print only the score")
	jsonOut := fs.Bool("json", false, "print one JSON object per mutant, then one with the score")
	budget := fs.Duration("budget", time.Minute, "wall time per mutant before it is reported unknown (0: none)")
	timeout := fs.Duration("timeout", 30*time.Second, "solver timeout per query")
	jobs := fs.Int("j", runtime.NumCPU(), "mutants built and proved at once")
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if !needZ3(stderr) {
		return exitError
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	opts := prove.Options{Arch: *arch, Budget: *budget, Timeout: *timeout}
	col, err := prove.Collect(ctx, opts, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", briefError(err))
		return exitError
	}
	obls := col.Obligations
	seen := map[string]bool{}
	kept := obls[:0]
	for _, o := range obls {
		// One obligation per kernel: sizes do not change the mutants.
		if !seen[o.Kernel] && (*run == "" || strings.Contains(o.Kernel, *run)) {
			seen[o.Kernel] = true
			kept = append(kept, o)
		}
	}
	if len(kept) == 0 {
		if *run != "" {
			fmt.Fprintf(stderr, "vgcheck: no kernel of %s has a name containing %q (-run is a substring, not a pattern)\n", strings.Join(patterns, " "), *run)
		} else {
			fmt.Fprintf(stderr, "vgcheck: no kernels in %s\n", strings.Join(patterns, " "))
		}
		return exitError
	}
	mo := mutate.Options{Prove: opts, Max: *max, Jobs: *jobs}
	enc := json.NewEncoder(stdout)
	switch {
	case *jsonOut:
		mo.Progress = func(r mutate.Result) { enc.Encode(r) }
	case !*quiet:
		mo.Progress = func(r mutate.Result) {
			fmt.Fprintf(stdout, "%-10s %s  %s\n", r.Outcome, r.Mutant, r.Detail)
		}
	}
	results, err := mutate.Run(ctx, mo, kept)
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", briefError(err))
		return exitError
	}
	per, total := tally(results)
	if *jsonOut {
		enc.Encode(struct {
			Kernels map[string]score `json:"score"`
			Total   score            `json:"total"`
		}{per, total})
	} else {
		printScore(stdout, per, total)
	}
	for _, r := range results {
		if r.Outcome == mutate.Unknown {
			return exitError
		}
	}
	return exitProved
}

// score counts the outcomes of one kernel's mutants. Mutants counts the
// valid ones (those that assembled); killed ones are split by how.
type score struct {
	Mutants    int `json:"mutants"`
	Killed     int `json:"killed"`
	Refuted    int `json:"refuted"`
	Violation  int `json:"violation"`
	Defect     int `json:"defect"`
	Equivalent int `json:"equivalent"`
	Unknown    int `json:"unknown"`
	Invalid    int `json:"invalid"`
}

func (s *score) add(r mutate.Result) {
	switch r.Outcome {
	case mutate.Killed:
		s.Killed++
		switch r.How {
		case mutate.HowRefuted:
			s.Refuted++
		case mutate.HowViolation:
			s.Violation++
		case mutate.HowDefect:
			s.Defect++
		}
	case mutate.Equivalent:
		s.Equivalent++
	case mutate.Unknown:
		s.Unknown++
	case mutate.Invalid:
		s.Invalid++
		return
	}
	s.Mutants++
}

// tally scores the results per kernel and in total.
func tally(results []mutate.Result) (map[string]score, score) {
	per := map[string]score{}
	var total score
	for _, r := range results {
		s := per[r.Mutant.Kernel]
		s.add(r)
		per[r.Mutant.Kernel] = s
		total.add(r)
	}
	return per, total
}

// printScore prints the outcomes per kernel and in total.
func printScore(w io.Writer, per map[string]score, total score) {
	var kernels []string
	for k := range per {
		kernels = append(kernels, k)
	}
	sort.Strings(kernels)
	const format = "%-46s %7v %7v %7v %9v %6v %10v %7v %7v\n"
	fmt.Fprintf(w, "\n"+format, "kernel", "mutants", "killed", "refuted", "violation", "defect", "equivalent", "unknown", "invalid")
	line := func(name string, s score) {
		fmt.Fprintf(w, format, name, s.Mutants, s.Killed, s.Refuted, s.Violation, s.Defect, s.Equivalent, s.Unknown, s.Invalid)
	}
	for _, k := range kernels {
		line(k, per[k])
	}
	line("total", total)
}
