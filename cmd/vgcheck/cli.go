package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"vg.dev/obligation"
	"vg.dev/prove"
)

// Exit statuses.
const (
	exitProved  = 0
	exitRefuted = 1
	exitError   = 2
)

const usage = `usage:
  vgcheck prove [flags] [packages]
  vgcheck prove -kernel importpath.fn -spec importpath.fn [flags]
  vgcheck ct [flags] (-kernel importpath.fn | packages)
  vgcheck survey [flags] packages
  vgcheck mutate [flags] [packages]
  vgcheck disasm [-arch ...] importpath.fn
  vgcheck lift [-arch ...] [-sizes ...] importpath.fn
  vgcheck version
  vgcheck help [command]    every flag of every command (or of one)
`

// run is the whole command; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	switch args[0] {
	case "prove", "ct":
		return runProve(ctx, args[0], args[1:], stdout, stderr)
	case "mutate":
		return runMutate(ctx, args[1:], stdout, stderr)
	case "survey":
		return runSurvey(ctx, args[1:], stdout, stderr)
	case "disasm", "lift":
		return runShow(ctx, args[0], args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		return runHelp(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		return runVersion(stdout)
	}
	fmt.Fprintf(stderr, "vgcheck: unknown command %q\n%s", args[0], usage)
	return exitError
}

// assumeFlag collects -assume sym=value.
type assumeFlag map[string]uint64

func (a assumeFlag) String() string { return "" }
func (a assumeFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("want symbol=value")
	}
	n, err := strconv.ParseUint(v, 0, 64)
	if err != nil {
		return fmt.Errorf("value %q: %v", v, err)
	}
	a[k] = n
	return nil
}

// runProve runs "prove" (equivalence, constant time, frame) or "ct"
// (constant time and frame only, no spec needed).
func runProve(ctx context.Context, cmd string, args []string, stdout, stderr io.Writer) int {
	ctOnly := cmd == "ct"
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		arch     = fs.String("arch", "amd64", "target architecture: amd64 or arm64")
		jsonOut  = fs.Bool("json", false, "print one JSON object per obligation")
		timeout  = fs.Duration("timeout", 30*time.Second, "solver timeout per query")
		tags     = fs.String("tags", "", "comma list of build tags for the kernels' packages")
		budget   = fs.Duration("budget", time.Minute, "wall time per obligation before it is reported unknown (0: none)")
		smt2     = fs.String("smt2", "", "write every solver query to `DIR` as SMT-LIB2")
		kernel   = fs.String("kernel", "", "ad hoc: the assembly function importpath.fn")
		spec     = fs.String("spec", "", "ad hoc: the spec function importpath.fn")
		secret   = fs.String("secret", "", "ad hoc: comma list of secret parameters (default: all)")
		public   = fs.String("public", "", "ad hoc: comma list of public parameters")
		requires = fs.String("requires", "", "ad hoc: precondition importpath.fn")
		leaks    = fs.String("leaks", "", "ad hoc: importpath.fn over the kernel's parameters whose results the kernel may reveal (constant time is proved for secrets that agree on them)")
		sizes    = fs.String("sizes", "", "ad hoc: lengths of slices, of the arrays pointers point to the first of, or integers pinned: p1,p2=n1,n2 or p1,p2=a1:b1,a2:b2 (';' separates sets)")
		tail     = fs.String("tail", "", "ad hoc: bytes the caller leaves readable past slices' lengths: p=n,q=m (as //vg:tail)")
		replay   = fs.Bool("replay", true, "run counterexamples on the real kernel and spec")
		quiet    = fs.Bool("q", false, "no progress on stderr")
		werror   = fs.Bool("warnings-as-errors", false, "report constant-time warnings as violations")
		sarif    = fs.Bool("sarif", false, "print a SARIF 2.1.0 log")
		junit    = fs.Bool("junit", false, "print a JUnit XML report")
		jobs     = fs.Int("j", runtime.NumCPU(), "obligations proved at once")
		shard    = fs.String("shard", "", "prove only shard `i/n` of the obligations (1 ≤ i ≤ n)")
		write    = fs.Bool("write-records", false, "write the proof records of the proved obligations")
		check    = fs.Bool("check-records", false, "fail unless every obligation is proved and matches its record")
		records  = fs.String("records", "proofs", "directory of the proof records")
		since    = fs.String("changed-since", "", "prove only obligations whose machine code or spec changed since git `REV`")
		maxPaths = fs.Int("max-paths", 64, "kernel paths (forks on symbolic public branches + 1) before a lift gives up")
		allLen   = fs.Bool("all-lengths", false, "also prove each kernel over slices equal to its spec for every length, by induction (amd64)")
		strict   = fs.Bool("strict", false, "fail unless every assembly function has an obligation or //vg:unverified, and no comment looks like a directive without being one; a package set with no obligations for -arch is then a note, exit 0")
		htmlDir  = fs.String("html", "", "write a static HTML report to `DIR`: per kernel its listing, what touches a secret, the layer that closed each output, findings at their lines")
		cpuProf  = fs.String("cpuprofile", "", "write a CPU profile of the run to `FILE` (go tool pprof reads it)")
		memProf  = fs.String("memprofile", "", "write a heap profile at the end of the run to `FILE`")
		assume   = assumeFlag{}
	)
	fs.Var(assume, "assume", "fix the writable global `sym=value` (repeatable)")
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	stopProfiles, err := startProfiles(*cpuProf, *memProf)
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", err)
		return exitError
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintf(stderr, "vgcheck: %v\n", err)
		}
	}()
	if !needZ3(stderr) {
		return exitError
	}
	root := prove.Root(".") // paths in reports and messages are relative to it
	opts := prove.Options{Arch: *arch, Tags: splitComma(*tags), Timeout: *timeout, Budget: *budget, SMT2Dir: *smt2, NoReplay: !*replay, Assume: assume,
		WarningsAreErrors: *werror, Jobs: *jobs, Records: *records, ChangedSince: *since, MaxPaths: *maxPaths}
	if *arch != "amd64" && *arch != "arm64" {
		fmt.Fprintf(stderr, "vgcheck: -arch %q: want amd64 or arm64\n", *arch)
		return exitError
	}
	var obls []*obligation.Obligation
	if *kernel != "" || *spec != "" {
		if *kernel == "" || (*spec == "") != ctOnly || fs.NArg() > 0 {
			if ctOnly {
				fmt.Fprintln(stderr, "vgcheck ct: the ad hoc form takes -kernel (no -spec) and no packages")
			} else {
				fmt.Fprintln(stderr, "vgcheck: the ad hoc form needs both -kernel and -spec, and no packages")
			}
			return exitError
		}
		sets, err := obligation.ParseSizes(*sizes)
		if err != nil {
			fmt.Fprintf(stderr, "vgcheck: %v\n", err)
			return exitError
		}
		var tails map[string]int
		if *tail != "" {
			if tails, err = obligation.ParseTail(*tail); err != nil {
				fmt.Fprintf(stderr, "vgcheck: -tail: %v\n", err)
				return exitError
			}
		}
		for _, sz := range obligation.Expand(sets) {
			obls = append(obls, &obligation.Obligation{
				Kernel: *kernel, Spec: *spec, Arch: *arch, Requires: *requires, Leaks: *leaks, Sizes: sz, Assume: assume,
				Secret: splitComma(*secret), Public: splitComma(*public), Tail: tails,
			})
		}
	} else {
		// The ad hoc flags describe one kernel; in package mode the
		// directives on each stub do.
		for _, f := range []struct{ name, v string }{{"secret", *secret}, {"public", *public}, {"requires", *requires}, {"leaks", *leaks}, {"sizes", *sizes}, {"tail", *tail}} {
			if f.v != "" {
				fmt.Fprintf(stderr, "vgcheck: -%s applies to the ad hoc form (-kernel importpath.fn); in package mode write //vg:%s on the stub\n", f.name, f.name)
				return exitError
			}
		}
		patterns := fs.Args()
		if len(patterns) == 0 {
			patterns = []string{"."}
		}
		col, err := prove.Collect(ctx, opts, patterns...)
		if err != nil {
			fmt.Fprintf(stderr, "vgcheck: %v\n", prove.RelText(root, briefError(err)))
			return exitError
		}
		obls = col.Obligations
		for _, w := range col.Warnings {
			fmt.Fprintf(stderr, "vgcheck: warning: %v\n", prove.RelText(root, w.String()))
		}
		unproved := 0
		if ctOnly {
			// ct checks every assembly function, with or without a spec.
			for _, o := range obls {
				o.Spec = ""
			}
			for _, sk := range col.Skipped {
				obls = append(obls, &obligation.Obligation{Kernel: sk.Func, Arch: *arch, Assume: assume})
			}
		} else {
			for _, s := range col.Skipped {
				switch {
				case s.Unverified != "":
					if !*quiet {
						fmt.Fprintf(stderr, "vgcheck: note: %s is //vg:unverified (%s); not proved\n", s.Func, s.Unverified)
					}
				case *strict:
					unproved++
					fmt.Fprintf(stderr, "vgcheck: %s: %s has no //vg:spec directive (add one, or //vg:unverified <reason>)\n", prove.RelText(root, s.Pos), s.Func)
				case !*quiet:
					fmt.Fprintf(stderr, "vgcheck: note: %s has no //vg:spec directive; not proved\n", s.Func)
				}
			}
		}
		if *strict && (unproved > 0 || len(col.Warnings) > 0) {
			fmt.Fprintf(stderr, "vgcheck: -strict: %d assembly function(s) without an obligation, %d directive warning(s)\n", unproved, len(col.Warnings))
			return exitRefuted
		}
		if len(obls) == 0 {
			if *strict {
				// Every assembly function for this architecture has an
				// obligation or //vg:unverified: there is nothing to prove.
				what := "no assembly functions"
				if n := len(col.Skipped); n > 0 {
					what = fmt.Sprintf("%d assembly function(s), all //vg:unverified", n)
				}
				// The reports are written, empty (a SARIF upload needs a log).
				fmt.Fprintf(stderr, "vgcheck: note: no obligations for %s in %s (%s); nothing to prove\n", *arch, strings.Join(patterns, " "), what)
			} else {
				fmt.Fprintf(stderr, "vgcheck: no obligations for %s in %s (add //vg:spec directives to the assembly stubs; with -strict, as the gate runs, this is a note)\n", *arch, strings.Join(patterns, " "))
				return exitError
			}
		}
	}
	if *shard != "" {
		var err error
		if obls, err = shardOf(obls, *shard); err != nil {
			fmt.Fprintf(stderr, "vgcheck: -shard %s: %v\n", *shard, err)
			return exitError
		}
	}
	var prog *progress
	if !*quiet {
		prog = newProgress(stderr, len(obls))
		opts.Progress, opts.Stage = prog.result, prog.stage
	}
	if *jsonOut {
		// Each result as its obligation finishes (Progress calls are
		// serialised): a run that is killed keeps what it finished.
		js, shown := &jsonReporter{w: stdout}, opts.Progress
		opts.Progress = func(r *prove.Result, done bool) {
			if shown != nil {
				shown(r, done)
			}
			if done {
				js.result(r)
			}
		}
	}
	opts.Trace = *htmlDir != ""
	start := time.Now()
	results, err := prove.Prove(ctx, opts, obls)
	prog.stop() // the terminal's line is cleared before the report
	if err != nil {
		fmt.Fprintf(stderr, "vgcheck: %v\n", prove.RelText(root, briefError(err)))
		return exitError
	}
	var out reporter = &textReporter{w: stdout, root: root}
	switch {
	case *jsonOut:
		out = &jsonReporter{w: stdout}
	case *sarif:
		out = &sarifReporter{w: stdout, root: root}
	case *junit:
		out = &junitReporter{w: stdout, root: root}
	}
	for _, r := range results {
		if !*jsonOut {
			out.result(r)
		}
	}
	status := exitStatus(results)
	if *allLen && !ctOnly {
		if st := allLengths(ctx, opts, obls, stdout, *jsonOut); st > status {
			status = st
		}
	}
	out.summary(results, time.Since(start))
	if *htmlDir != "" {
		if err := writeHTML(*htmlDir, root, results, time.Since(start)); err != nil {
			fmt.Fprintf(stderr, "vgcheck: -html: %v\n", err)
			return exitError
		}
	}
	if *write {
		var proved []*prove.Result
		for _, r := range results {
			if r.Equivalence == prove.Proved && r.CT == prove.Proved && r.Frame == prove.Proved {
				proved = append(proved, r)
			}
		}
		if err := prove.WriteRecords(*records, proved); err != nil {
			fmt.Fprintf(stderr, "vgcheck: %v\n", err)
			return exitError
		}
	}
	if *check {
		for _, p := range prove.CheckRecords(*records, results) {
			fmt.Fprintf(stderr, "vgcheck: stale or failing record: %s\n", p)
			status = max(status, exitRefuted)
		}
	}
	return status
}

// shardOf keeps shard i of n: the obligations whose position in kernel order
// is i−1 modulo n, so shards are stable as long as the set is.
func shardOf(obls []*obligation.Obligation, spec string) ([]*obligation.Obligation, error) {
	var i, n int
	if _, err := fmt.Sscanf(spec, "%d/%d", &i, &n); err != nil || n < 1 || i < 1 || i > n {
		return nil, fmt.Errorf("want i/n with 1 ≤ i ≤ n")
	}
	sorted := append([]*obligation.Obligation(nil), obls...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Name() < sorted[b].Name() })
	var out []*obligation.Obligation
	for k, o := range sorted {
		if k%n == i-1 {
			out = append(out, o)
		}
	}
	return out, nil
}

// exitStatus is 1 when an obligation is refuted or violated, else 2 when
// one is not proved, else 0.
func exitStatus(results []*prove.Result) int {
	status := exitProved
	for _, r := range results {
		for _, v := range []prove.Verdict{r.Equivalence, r.CT, r.Frame} {
			switch v {
			case prove.Refuted, prove.Violated:
				return exitRefuted
			case prove.Proved, prove.Unchanged:
			case "":
				if v == r.Equivalence && r.Spec != "" {
					status = exitError
				}
			default:
				status = exitError
			}
		}
	}
	return status
}

func splitComma(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		out = append(out, f)
	}
	return out
}

// briefError keeps an error to a few lines (the go command's output can be
// long) without losing what the compiler or assembler said: a message that
// ends in a colon keeps the lines after it.
func briefError(err error) string {
	var de *obligation.DirectiveError
	if errors.As(err, &de) {
		return de.Error()
	}
	lines := strings.Split(strings.TrimSpace(err.Error()), "\n")
	const most = 12
	if len(lines) > most {
		lines = append(lines[:most], fmt.Sprintf("\t(and %d more lines)", len(lines)-most))
	}
	return strings.Join(lines, "\n")
}

// allLengths runs the induction over lengths for each kernel over slices
// (once per kernel and spec) and prints its outcome; a kernel not proved
// for every length makes the status at least exitError.
func allLengths(ctx context.Context, opts prove.Options, obls []*obligation.Obligation, w io.Writer, jsonOut bool) int {
	status := exitProved
	seen := map[string]bool{}
	for _, o := range obls {
		key := o.Kernel + " " + o.Spec
		if len(o.Sizes) == 0 || o.Spec == "" || seen[key] {
			continue
		}
		seen[key] = true
		lr, err := prove.AllLengths(ctx, opts, o)
		if err != nil {
			lr = &prove.LengthResult{Kernel: o.Kernel, Spec: o.Spec, Why: strings.SplitN(briefError(err), "\n", 2)[0]}
		}
		if !lr.Proved {
			status = exitError
		}
		if jsonOut {
			b, _ := json.Marshal(map[string]any{"kernel": lr.Kernel, "spec": lr.Spec, "all_lengths": lr.Proved, "why": lr.Why,
				"aliasings": lr.Aliasings, "cut_points": lr.CutPoints, "paths": lr.Segments, "queries": lr.Queries, "seconds": lr.Seconds})
			fmt.Fprintln(w, string(b))
			continue
		}
		if lr.Proved {
			also := ""
			if len(lr.Aliasings) > 0 {
				also = "; also with " + strings.Join(lr.Aliasings, "; ")
			}
			fmt.Fprintf(w, "ALL-N    %s ≡ %s  equivalence proved for every length (ct and frame: the listed sizes' proofs)%s  %.2fs  [%d loop heads, %d paths, %d queries]\n", lr.Kernel, lr.Spec, also, lr.Seconds, lr.CutPoints, lr.Segments, lr.Queries)
		} else {
			fmt.Fprintf(w, "ALL-N    %s ≡ %s  not proved for every length (the listed sizes stand alone): %s\n", lr.Kernel, lr.Spec, lr.Why)
		}
	}
	return status
}
