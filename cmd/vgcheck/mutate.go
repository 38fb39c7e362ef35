package main

import (
	"context"
	"flag"
	"fmt"
	"io"
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
	budget := fs.Duration("budget", time.Minute, "wall time per mutant before it is reported unknown (0: none)")
	timeout := fs.Duration("timeout", 30*time.Second, "solver timeout per query")
	if err := fs.Parse(args); err != nil {
		return exitError
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	opts := prove.Options{Arch: *arch, Budget: *budget, Timeout: *timeout}
	obls, _, err := prove.Collect(ctx, opts, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", oneLine(err))
		return exitError
	}
	seen := map[string]bool{}
	kept := obls[:0]
	for _, o := range obls {
		// One obligation per kernel: sizes do not change the mutants.
		if !seen[o.Kernel] && (*run == "" || contains(o.Kernel, *run)) {
			seen[o.Kernel] = true
			kept = append(kept, o)
		}
	}
	mo := mutate.Options{Prove: opts, Max: *max}
	if !*quiet {
		mo.Progress = func(r mutate.Result) {
			fmt.Fprintf(stdout, "%-10s %s  %s\n", r.Outcome, r.Mutant, r.Detail)
		}
	}
	results, err := mutate.Run(ctx, mo, kept)
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", oneLine(err))
		return exitError
	}
	printScore(stdout, results)
	for _, r := range results {
		if r.Outcome == mutate.Unknown {
			return exitError
		}
	}
	return exitProved
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// printScore prints the outcomes per kernel and in total.
func printScore(w io.Writer, results []mutate.Result) {
	per := map[string]map[mutate.Outcome]int{}
	for _, r := range results {
		if per[r.Mutant.Kernel] == nil {
			per[r.Mutant.Kernel] = map[mutate.Outcome]int{}
		}
		per[r.Mutant.Kernel][r.Outcome]++
	}
	var kernels []string
	for k := range per {
		kernels = append(kernels, k)
	}
	sort.Strings(kernels)
	fmt.Fprintf(w, "\n%-50s %7s %7s %10s %8s %7s\n", "kernel", "mutants", "killed", "equivalent", "unknown", "invalid")
	total := map[mutate.Outcome]int{}
	line := func(name string, m map[mutate.Outcome]int) {
		valid := m[mutate.Killed] + m[mutate.Equivalent] + m[mutate.Unknown]
		fmt.Fprintf(w, "%-50s %7d %7d %10d %8d %7d\n", name, valid, m[mutate.Killed], m[mutate.Equivalent], m[mutate.Unknown], m[mutate.Invalid])
	}
	for _, k := range kernels {
		line(k, per[k])
		for o, n := range per[k] {
			total[o] += n
		}
	}
	line("total", total)
}
