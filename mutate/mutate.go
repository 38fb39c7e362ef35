package mutate

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/prove"
)

// Mutant is one single-instruction change to a kernel's source.
type Mutant struct {
	Kernel   string `json:"kernel"` // importpath.Name
	File     string `json:"file"`   // the .s file, or the header holding the macro
	Line     int    `json:"line"`
	Macro    string `json:"macro,omitempty"` // the macro whose body holds the line
	Operator string `json:"operator"`        // e.g. "ADC→ADD"
	From     string `json:"from"`            // the statement before
	To       string `json:"to"`              // and after; "" when dropped
	Before   string `json:"-"`               // the whole line before
	After    string `json:"-"`               // and after
}

func (m Mutant) String() string {
	to := m.To
	if to == "" {
		to = "(dropped)"
	}
	where := fmt.Sprintf("%s:%d", filepath.Base(m.File), m.Line)
	if m.Macro != "" {
		where += " " + m.Macro
	}
	return fmt.Sprintf("%s %s: %s ⇒ %s", where, m.Operator, m.From, to)
}

// Outcome classifies a proved mutant.
type Outcome string

// The outcomes.
const (
	Killed     Outcome = "killed"     // refuted (confirmed), violated, or rejected for a defect
	Equivalent Outcome = "equivalent" // proved equal to the spec
	Invalid    Outcome = "invalid"    // the assembler rejected it
	Unknown    Outcome = "unknown"    // refuted but not confirmed, build error, or unknown
)

// How a mutant was killed.
const (
	HowRefuted   = "refuted"   // a counterexample, confirmed on the real kernel
	HowViolation = "violation" // constant time or the frame violated, no confirmed refutation
	HowDefect    = "defect"    // rejected for a defect of its own
)

// Result is a mutant and what the prover made of it.
type Result struct {
	Mutant  Mutant  `json:"mutant"`
	Outcome Outcome `json:"outcome"`
	How     string  `json:"how,omitempty"` // for Killed: HowRefuted, HowViolation or HowDefect
	Detail  string  `json:"detail"`
}

// Generate lists the mutants of kernel (importpath.Name) for the
// architecture archName ("" for the host's): those of its TEXT block, then
// those of the macros it expands, in file and line order.
func (s *Source) Generate(archName, kernel string) ([]Mutant, error) {
	a, err := archNamed(archName)
	if err != nil {
		return nil, err
	}
	_, fn, _ := obligation.SplitName(kernel)
	for _, path := range s.sfiles {
		f := s.files[path]
		text, ok := f.textStmts(fn)
		if !ok {
			continue
		}
		vis := s.visible(f)
		c := &site{arch: a, macros: vis}
		out := c.mutants(kernel, f, "", text)
		for _, m := range expanded(text, vis) {
			if m.encoding() {
				continue
			}
			mc := &site{arch: a, macros: vis, params: m.params}
			out = append(out, mc.mutants(kernel, m.file, m.name, m.body)...)
		}
		return out, nil
	}
	return nil, fmt.Errorf("mutate %s: no TEXT ·%s(SB) in the package's .s files", kernel, fn)
}

// mutants lists the mutants of the statements of f.
func (c *site) mutants(kernel string, f *file, macro string, stmts []stmt) []Mutant {
	var out []Mutant
	for _, st := range stmts {
		line := f.lines[st.line]
		for _, e := range c.edits(st.text) {
			out = append(out, Mutant{
				Kernel: kernel, File: f.path, Line: st.line + 1, Macro: macro, Operator: e.op,
				From: st.text, To: e.to, Before: line, After: line[:st.start] + e.to + line[st.end:],
			})
		}
	}
	return out
}

// Sample keeps at most n mutants, spread evenly over the list (all when n ≤ 0).
func Sample(ms []Mutant, n int) []Mutant {
	if n <= 0 || len(ms) <= n {
		return ms
	}
	out := make([]Mutant, 0, n)
	for k := 0; k < n; k++ {
		out = append(out, ms[k*len(ms)/n])
	}
	return out
}

// Options configure a mutation run.
type Options struct {
	Prove prove.Options
	Max   int // mutants per kernel (0: all)
	// Jobs is how many mutants are built and proved at once (≤ 1: one).
	Jobs int
	// Progress, if set, sees each result as it is decided (in that order,
	// one call at a time).
	Progress func(Result)
}

// Run generates, proves and classifies the mutants of every obligation.
// The results are in generation order whatever Jobs is.
func Run(ctx context.Context, opts Options, obls []*obligation.Obligation) ([]Result, error) {
	files, err := asmFiles(ctx, opts.Prove, obls)
	if err != nil {
		return nil, err
	}
	type task struct {
		src *Source
		o   *obligation.Obligation
		m   Mutant
	}
	var tasks []task
	sources := map[string]*Source{}
	for _, o := range obls {
		pkg, _, _ := obligation.SplitName(o.Kernel)
		src := sources[pkg]
		if src == nil {
			if src, err = LoadSource(files[pkg]); err != nil {
				return nil, err
			}
			sources[pkg] = src
		}
		ms, err := src.Generate(opts.Prove.Arch, o.Kernel)
		if err != nil {
			return nil, err
		}
		for _, m := range Sample(ms, opts.Max) {
			tasks = append(tasks, task{src, o, m})
		}
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]Result, len(tasks))
	next := make(chan int)
	var mu sync.Mutex // Progress and firstErr
	var firstErr error
	var wg sync.WaitGroup
	for w := 0; w < max(1, opts.Jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				t := tasks[i]
				r, err := t.src.one(ctx, opts.Prove, t.o, t.m)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				if err == nil {
					results[i] = r
					if opts.Progress != nil {
						opts.Progress(r)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for i := range tasks {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return results, nil
}

// one proves one mutant.
func (s *Source) one(ctx context.Context, po prove.Options, o *obligation.Obligation, m Mutant) (Result, error) {
	ovl, cleanup, err := s.overlay(m)
	if err != nil {
		return Result{}, err
	}
	defer cleanup()
	po.Overlay = ovl
	po.Jobs = 1
	o1 := *o
	rs, err := prove.Prove(ctx, po, []*obligation.Obligation{&o1})
	var asm *decode.AsmError
	switch {
	case errors.As(err, &asm):
		return Result{Mutant: m, Outcome: Invalid, Detail: "assembler: " + shortPaths(asm.Diag)}, nil
	case err != nil && ctx.Err() != nil:
		return Result{}, err
	case err != nil:
		// It assembled but did not link, or the prover failed: not a
		// verdict on the mutant, so not counted as invalid.
		return Result{Mutant: m, Outcome: Unknown, Detail: "error: " + errSummary(err)}, nil
	}
	return classify(m, rs[0]), nil
}

// classify turns the prover's verdicts on a mutant into its outcome. A
// confirmed refutation comes first: it is the strongest evidence, even
// when the mutant also violates constant time or the frame.
func classify(m Mutant, r *prove.Result) Result {
	var kinds []string
	for _, v := range r.Violations {
		if !v.Warning && !slices.Contains(kinds, v.Kind) {
			kinds = append(kinds, v.Kind)
		}
	}
	violated := r.CT == prove.Violated || r.Frame == prove.Violated
	switch {
	case r.Equivalence == prove.Refuted && r.Counterexample != nil && r.Counterexample.Confirmed:
		d := "refuted, confirmed on the real kernel"
		if violated {
			d += "; also violates: " + strings.Join(kinds, ", ")
		}
		return Result{m, Killed, HowRefuted, d}
	case violated:
		eq := string(r.Equivalence)
		if r.Equivalence == prove.Refuted {
			eq += " (replay did not confirm)"
		}
		return Result{m, Killed, HowViolation, fmt.Sprintf("violation only (%s), equivalence %s", strings.Join(kinds, ", "), eq)}
	case r.Equivalence == prove.Proved:
		return Result{m, Equivalent, "", "proved equal to the spec"}
	case r.Equivalence == prove.Refuted:
		replay := ""
		if r.Counterexample != nil {
			replay = r.Counterexample.Replay
		}
		return Result{m, Unknown, "", "refuted but the replay did not confirm: " + replay}
	case r.Defect != "":
		// Rejected for a defect of the mutant itself (it reads state the
		// caller or the processor decides): no input can show it, but
		// the mutant cannot pass.
		return Result{m, Killed, HowDefect, "rejected: " + r.Defect + ": " + firstLine(r.Message)}
	}
	return Result{m, Unknown, "", fmt.Sprintf("%s: %s", r.Equivalence, firstLine(r.Message))}
}

// asmFiles lists the .s files of each kernel package.
func asmFiles(ctx context.Context, po prove.Options, obls []*obligation.Obligation) (map[string][]string, error) {
	var paths []string
	seen := map[string]bool{}
	for _, o := range obls {
		p, _, _ := obligation.SplitName(o.Kernel)
		if !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	dir := po.Dir
	if dir == "" {
		dir = "."
	}
	pkgs, err := decode.Load(ctx, decode.Config{Arch: po.Arch, Dir: dir, Tags: po.Tags}, paths...)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, p := range pkgs {
		for _, f := range p.OtherFiles {
			if strings.HasSuffix(f, ".s") {
				out[p.PkgPath] = append(out[p.PkgPath], f)
			}
		}
	}
	return out, nil
}

// Score counts the outcomes.
func Score(rs []Result) map[Outcome]int {
	m := map[Outcome]int{}
	for _, r := range rs {
		m[r.Outcome]++
	}
	return m
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// errSummary is the first line of a build or prover error, followed by the
// first line of the tool output it carries (the go command's first line
// says only that it failed).
func errSummary(err error) string {
	lines := strings.Split(err.Error(), "\n")
	out := lines[0]
	for _, l := range lines[1:] {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "# ") {
			return out + ": " + shortPaths(l)
		}
	}
	return out
}

var dirRE = regexp.MustCompile(`(?:/[^\s:()\[\]/]+)+/([^\s:()\[\]/]+\.[sh]):`)

// shortPaths names source files by their base names in a tool message.
func shortPaths(s string) string { return dirRE.ReplaceAllString(s, "$1:") }
