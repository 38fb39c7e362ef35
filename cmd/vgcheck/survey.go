package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"vg.dev/prove"
	"vg.dev/survey"
)

// runSurvey runs "survey": every assembly function of the packages, paired
// with its Go counterpart and proved.
func runSurvey(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("survey", flag.ContinueOnError)
	var (
		arch    = fs.String("arch", "amd64", "target architecture: amd64 or arm64")
		jsonOut = fs.Bool("json", false, "print one JSON object per function as it finishes, then the summary")
		jsonTo  = fs.String("json-file", "", "also write the JSON rows and summary to `FILE` (as -json), the text to stdout")
		table   = fs.String("table", "", "`FILE` of sizes, public parameters, preconditions and counterparts, read after the built-in table of the standard library")
		budget  = fs.Duration("budget", time.Minute, "wall time per obligation before it is reported unknown (0: none)")
		timeout = fs.Duration("timeout", 30*time.Second, "solver timeout per query")
		jobs    = fs.Int("j", runtime.NumCPU(), "obligations proved at once")
		quiet   = fs.Bool("q", false, "no progress on stderr")
		replay  = fs.Bool("replay", true, "run counterexamples on the real kernel and spec")
		allLen  = fs.Bool("all-lengths", true, "prove functions over slices for every length by induction, when proved at their listed sizes (amd64)")
		merge   = fs.Bool("merge", false, "prove nothing: the arguments are -json-file outputs of finished runs (one per package, say), printed as one survey")
	)
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if *arch != "amd64" && *arch != "arm64" {
		fmt.Fprintf(stderr, "vgcheck: -arch %q: want amd64 or arm64\n", *arch)
		return exitError
	}
	if *merge {
		return mergeSurveys(fs.Args(), *arch, *jsonOut, *jsonTo, stdout, stderr)
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "vgcheck survey: name the packages to survey (for example crypto/... math/big internal/bytealg)")
		return exitError
	}
	tab, err := survey.StdlibTable()
	if err == nil && *table != "" {
		var src []byte
		if src, err = os.ReadFile(*table); err == nil {
			tab, err = tab.Add(*table, string(src))
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", err)
		return exitError
	}
	opts := survey.Options{
		Prove:      prove.Options{Arch: *arch, Budget: *budget, Timeout: *timeout, Jobs: *jobs, NoReplay: !*replay},
		Table:      tab,
		AllLengths: *allLen,
	}
	var mu sync.Mutex
	enc := json.NewEncoder(stdout)
	if *jsonTo != "" {
		f, err := os.Create(*jsonTo)
		if err != nil {
			fmt.Fprintf(stderr, "vgcheck: %v\n", err)
			return exitError
		}
		defer f.Close()
		enc = json.NewEncoder(f)
	}
	streamJSON := *jsonOut || *jsonTo != ""
	done := 0
	opts.Row = func(r *survey.Row) {
		mu.Lock()
		defer mu.Unlock()
		done++
		if streamJSON {
			enc.Encode(r)
		}
		if !*quiet {
			fmt.Fprintf(stderr, "[%d] %s %s (%.1fs)\n", done, r.Kernel, rowVerdict(r), r.Seconds)
		}
	}
	start := time.Now()
	rows, err := survey.Run(ctx, opts, fs.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", briefError(err))
		return exitError
	}
	sum := survey.Summarize(rows, time.Since(start))
	if streamJSON {
		enc.Encode(map[string]any{"summary": sum})
	}
	if !*jsonOut {
		printSurvey(stdout, rows, sum)
	}
	for _, r := range rows {
		if !r.Proved() {
			return exitError
		}
	}
	return exitProved
}

// mergeSurveys prints the rows of the -json-file outputs files as one
// survey, the wall time the sum of theirs. Each file must be a finished
// run (it ends in its summary) for arch, and no function may be in two.
func mergeSurveys(files []string, arch string, jsonOut bool, jsonTo string, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprintln(stderr, "vgcheck survey -merge: name the -json-file outputs to merge")
		return exitError
	}
	var rows []*survey.Row
	var wall time.Duration
	from := map[string]string{}
	for _, name := range files {
		fileRows, sum, err := readSurveyFile(name)
		if err == nil && sum == nil {
			err = fmt.Errorf("%s: no summary line: the run was stopped before it finished", name)
		}
		if err != nil {
			fmt.Fprintf(stderr, "vgcheck: %v\n", err)
			return exitError
		}
		for _, r := range fileRows {
			if r.Arch != arch {
				fmt.Fprintf(stderr, "vgcheck: %s: %s was surveyed for %s, not -arch %s\n", name, r.Kernel, r.Arch, arch)
				return exitError
			}
			if prev, ok := from[r.Kernel]; ok {
				fmt.Fprintf(stderr, "vgcheck: %s is in both %s and %s\n", r.Kernel, prev, name)
				return exitError
			}
			from[r.Kernel] = name
		}
		rows = append(rows, fileRows...)
		wall += time.Duration(sum.Wall * float64(time.Second))
	}
	sum := survey.Summarize(rows, wall)
	if jsonOut || jsonTo != "" {
		w := stdout
		if jsonTo != "" {
			f, err := os.Create(jsonTo)
			if err != nil {
				fmt.Fprintf(stderr, "vgcheck: %v\n", err)
				return exitError
			}
			defer f.Close()
			w = f
		}
		enc := json.NewEncoder(w)
		for _, r := range rows {
			enc.Encode(r)
		}
		enc.Encode(map[string]any{"summary": sum})
	}
	if !jsonOut {
		printSurvey(stdout, rows, sum)
	}
	for _, r := range rows {
		if !r.Proved() {
			return exitError
		}
	}
	return exitProved
}

func readSurveyFile(name string) ([]*survey.Row, *survey.Summary, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	rows, sum, err := survey.ReadJSON(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return rows, sum, nil
}

// rowVerdict is a row's headline: PROVED, or the worst verdict.
func rowVerdict(r *survey.Row) string {
	if r.Proved() {
		if r.Spec == "" {
			return "ct+frame"
		}
		return "proved"
	}
	ct := r.CT
	if r.CTExempt {
		ct = prove.Proved
	}
	v := worst(r.Equivalence, ct, r.Frame)
	if v == "" || v == prove.Proved {
		return "not proved"
	}
	return string(v)
}

// printSurvey prints the rows sorted by function, the causes, and the
// totals.
func printSurvey(w io.Writer, rows []*survey.Row, sum survey.Summary) {
	sorted := append([]*survey.Row(nil), rows...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Kernel < sorted[j].Kernel })
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "FUNCTION\tCOUNTERPART\tEQUIV\tALL n\tCT\tFRAME\tSECONDS\tVERDICT")
	for _, r := range sorted {
		spec := "-"
		if r.Spec != "" {
			spec = shortSpec(r.Kernel, r.Spec) + " (" + r.How + ")"
		}
		ct := orDash(r.CT)
		if r.CTExempt {
			ct += " (exempt)"
		}
		alln := "-"
		switch {
		case r.AllLengths == "proved":
			alln = "proved"
		case r.AllLengths != "":
			alln = "no"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%s\n", r.Kernel, spec, orDash(r.Equivalence), alln, ct, orDash(r.Frame), r.Seconds, strings.ToUpper(rowVerdict(r)))
	}
	tw.Flush()
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Not fully proved, by cause:")
	byCause := map[string][]*survey.Row{}
	var causes []string
	var ctOnly []*survey.Row
	for _, r := range sorted {
		if r.Proved() {
			if r.Spec == "" {
				ctOnly = append(ctOnly, r)
			}
			continue
		}
		if byCause[r.Cause] == nil {
			causes = append(causes, r.Cause)
		}
		byCause[r.Cause] = append(byCause[r.Cause], r)
	}
	sort.Slice(causes, func(i, j int) bool {
		if len(byCause[causes[i]]) != len(byCause[causes[j]]) {
			return len(byCause[causes[i]]) > len(byCause[causes[j]])
		}
		return causes[i] < causes[j]
	})
	for _, c := range causes {
		fmt.Fprintf(w, "\n  %s (%d)\n", c, len(byCause[c]))
		for _, r := range byCause[c] {
			reason := r.Reason
			if reason == "" {
				reason = r.NoPair
			}
			fmt.Fprintf(w, "    %s: %s\n", r.Kernel, reason)
		}
	}
	if len(ctOnly) > 0 {
		fmt.Fprintf(w, "\nWithout a counterpart, constant time and the frame proved (%d):\n", len(ctOnly))
		for _, r := range ctOnly {
			why := r.NoPair
			if why == "" {
				why = "no Go counterpart found"
			}
			fmt.Fprintf(w, "    %s: %s\n", r.Kernel, why)
		}
	}
	var allN, notN []*survey.Row
	for _, r := range sorted {
		switch {
		case r.AllLengths == "proved":
			allN = append(allN, r)
		case r.AllLengths != "":
			notN = append(notN, r)
		}
	}
	if len(allN)+len(notN) > 0 {
		fmt.Fprintf(w, "\nFor every length (induction over lengths), of the functions over slices proved at their listed sizes:\n")
		for _, r := range allN {
			fmt.Fprintf(w, "  proved for all n: %s\n", r.Kernel)
		}
		for _, r := range notN {
			fmt.Fprintf(w, "  listed sizes only: %s: %s\n", r.Kernel, r.AllLengths)
		}
	}
	fmt.Fprintf(w, "\n%d functions: %d with a counterpart, %d of them proved (equivalence, frame, and ct unless exempt), %d proved equivalent; %d without a counterpart proved ct and frame safe (%.0fs of proofs, %.0fs wall)\n",
		sum.Functions, sum.Paired, sum.Proved, sum.Equivalent, sum.CTFrameOnly, sum.Seconds, sum.Wall)
}

func orDash(v prove.Verdict) string {
	if v == "" {
		return "-"
	}
	return string(v)
}

// shortSpec drops the kernel's package from the counterpart's name.
func shortSpec(kernel, spec string) string {
	if i := strings.LastIndex(kernel, "."); i >= 0 {
		if rest, ok := strings.CutPrefix(spec, kernel[:i+1]); ok {
			return rest
		}
	}
	return spec
}
