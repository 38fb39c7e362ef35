package prove

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/ssa"
	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/smt"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/amd64"
	"vg.dev/symexec/arm64"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// Options configure a proof run.
type Options struct {
	Arch     string        // "amd64" (default) or "arm64"
	Dir      string        // directory the go command runs in (default ".")
	Tags     []string      // build tags
	Timeout  time.Duration // per solver query (default 30s)
	Budget   time.Duration // per obligation, wall time (0: none); past it, unknown
	SMT2Dir  string        // if set, every solver query is written there
	NoReplay bool          // do not run refutations on the real kernel
	MaxPaths int           // kernel paths on public branches (default 64)
	Jobs     int           // obligations proved at once (default: the number of CPUs)
	// Records is the directory of proof records (default Dir/proofs).
	Records string
	// ChangedSince, a git revision, skips every obligation whose machine
	// code and spec hash as in its record at that revision, if that record
	// says proved.
	ChangedSince string
	// WarningsAreErrors makes constant-time warnings (SIMD multiplies on
	// secrets) violations.
	WarningsAreErrors bool
	Assume            map[string]uint64
	// Overlay replaces or adds source files for the build and the replay,
	// without touching the disk (mutation testing uses it).
	Overlay decode.Overlay
	// Progress, if set, is called as each obligation starts and ends.
	Progress func(r *Result, done bool)
	// SpecTags and SpecOverlay are the build configuration of the spec
	// side when it differs from the kernels' (decode.GenericOverlay: a
	// spec built only under purego or for other architectures).
	SpecTags    []string
	SpecOverlay decode.Overlay
	// Stage, if set, is called as the proof of an obligation moves from
	// step to step ("lift", "sweep", "z3-full out[0:8]", "replay"; r is
	// nil for "build", before any obligation starts). Calls are
	// serialised with Progress.
	Stage func(r *Result, stage string)
	// Trace keeps in each result the kernel's listing, which
	// instructions touch a secret and the layer that closed each output
	// (Result.Trace), for reports; it costs some time.
	Trace bool
}

func (o *Options) defaults() {
	if o.Arch == "" {
		o.Arch = runtime.GOARCH
	}
	if o.Dir == "" {
		o.Dir = "."
	}
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	if o.MaxPaths == 0 {
		o.MaxPaths = 64
	}
	if o.Records == "" {
		o.Records = filepath.Join(o.Dir, "proofs")
	}
}

func (o *Options) config() decode.Config {
	return decode.Config{Arch: o.Arch, Dir: o.Dir, Tags: o.Tags, Overlay: o.Overlay}
}

// Skipped is an assembly function without an obligation: no directives,
// or //vg:unverified with its reason.
type Skipped struct {
	Func string
	Pos  string
	// Unverified is the reason a //vg:unverified directive gives; empty
	// when the function has no directives at all.
	Unverified string
}

// Warning is a comment that looks like a directive but does not act as
// one: "// vg:spec" (a space), a directive separated from its declaration
// by a blank line, or on a declaration that is no assembly function.
type Warning struct {
	Pos  string
	Text string
	Msg  string
}

func (w Warning) String() string { return fmt.Sprintf("%s: %s: %q", w.Pos, w.Msg, w.Text) }

// Collected is what Collect finds in the packages.
type Collected struct {
	Obligations []*obligation.Obligation
	Skipped     []Skipped // assembly functions without an obligation
	Warnings    []Warning
}

// Collect reads the obligations declared by //vg: directives in the packages
// matching patterns. Assembly functions without directives, or with
// //vg:unverified, are returned as skipped; comments that look like
// directives but are none as warnings. A malformed directive is an error.
func Collect(ctx context.Context, opts Options, patterns ...string) (*Collected, error) {
	opts.defaults()
	pkgs, err := decode.Load(ctx, opts.config(), patterns...)
	if err != nil {
		return nil, err
	}
	c := &Collected{}
	for _, p := range pkgs {
		c.Warnings = append(c.Warnings, directiveWarnings(p)...)
		for _, f := range p.AsmFuncs {
			var lines []obligation.Line
			if f.Decl.Doc != nil {
				for _, cm := range f.Decl.Doc.List {
					lines = append(lines, obligation.Line{Pos: p.Fset.Position(cm.Pos()), Text: cm.Text})
				}
			}
			d, ok, err := obligation.Parse(lines)
			if err != nil {
				return nil, err
			}
			if !ok || d.Unverified != "" {
				c.Skipped = append(c.Skipped, Skipped{p.QualifiedName(f), f.Pos.String(), d.Unverified})
				continue
			}
			for _, sizes := range obligation.Expand(d.Sizes) {
				o := &obligation.Obligation{
					Kernel:    p.QualifiedName(f),
					Spec:      obligation.Qualify(d.Spec, p.PkgPath),
					Arch:      opts.Arch,
					Secret:    d.Secret,
					Public:    d.Public,
					Sizes:     sizes,
					NoAlias:   d.NoAlias,
					Align:     d.Align,
					Assume:    opts.Assume,
					PageReads: d.PageReads,
					Tail:      d.Tail,
					Pos:       f.Pos,
				}
				if d.Requires != "" {
					o.Requires = obligation.Qualify(d.Requires, p.PkgPath)
				}
				if d.Leaks != "" {
					o.Leaks = obligation.Qualify(d.Leaks, p.PkgPath)
				}
				c.Obligations = append(c.Obligations, o)
			}
		}
	}
	return c, nil
}

// nearDirective matches comment text that was meant as a vg: directive
// but is not written as one.
var nearDirective = regexp.MustCompile(`^(//\s+vg\s*:|//vg\s+:|/\*\s*vg\s*:|//\s*VG\s*:|//\S*\s+//\s*vg\s*:)`)

// directiveWarnings finds the comments of p that look like vg: directives
// but are not read as such: near misses ("// vg:spec"), and directives in
// a comment that is not the doc comment of an assembly function's
// declaration (a blank line between them, or a Go function).
func directiveWarnings(p *decode.Package) []Warning {
	attached := map[*ast.CommentGroup]bool{}
	for _, f := range p.AsmFuncs {
		if f.Decl.Doc != nil {
			attached[f.Decl.Doc] = true
		}
	}
	var out []Warning
	for _, file := range p.Syntax {
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				text := strings.TrimSpace(c.Text)
				warn := func(msg string) {
					out = append(out, Warning{Pos: p.Fset.Position(c.Pos()).String(), Text: text, Msg: msg})
				}
				switch {
				case strings.HasPrefix(text, "//vg:"):
					if !attached[cg] {
						warn("vg: directive not in the doc comment of an assembly function's declaration (a blank line or code between them?); it is ignored")
					}
				case nearDirective.MatchString(text):
					warn("looks like a vg: directive but is not one (write //vg:verb, at the start of its own line, with no space after //); it is ignored")
				}
			}
		}
	}
	return out
}

// session holds what all obligations of a run share: the built kernels and
// the loaded specs.
type session struct {
	// ctx is the whole run's: replays run under it, not under an
	// obligation's budget, so that a counterexample found in time is
	// run even when little time is left (a replay has its own limit).
	ctx   context.Context
	opts  Options
	arch  machine.Arch
	pkgs  map[string]*decode.Package // by import path
	prog  *decode.Program
	specs *gossa.Program
	level string // the architecture level built for (decode.Level)
	// onStage is Options.Stage, serialised (stage.go).
	onStage func(r *Result, stage string)
}

// Prove proves each obligation and returns one result per obligation, in
// order. The error is for failures of the run as a whole (the build of the
// kernels' packages, loading the specs); a failure of one obligation is its
// result's verdict Error.
func Prove(ctx context.Context, opts Options, obls []*obligation.Obligation) ([]*Result, error) {
	opts.defaults()
	var mu sync.Mutex // serialises Progress and Stage
	progress := func(r *Result, done bool) {
		if opts.Progress != nil {
			mu.Lock()
			defer mu.Unlock()
			opts.Progress(r, done)
		}
	}
	var onStage func(*Result, string)
	if opts.Stage != nil {
		onStage = func(r *Result, st string) {
			mu.Lock()
			defer mu.Unlock()
			opts.Stage(r, st)
		}
		onStage(nil, "build")
	}
	s, err := open(ctx, opts, obls)
	if err == nil {
		s.ctx = ctx
	}
	if err != nil {
		return nil, err
	}
	s.onStage = onStage
	results := make([]*Result, len(obls))
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(jobs, len(obls)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				o := obls[i]
				r := &Result{Kernel: o.Kernel, Spec: o.Spec, Arch: o.Arch, Level: s.level, Sizes: o.Sizes, obl: o, start: time.Now(), Layers: map[string]int{}}
				if o.Pos.IsValid() {
					r.File, r.Line = o.Pos.Filename, o.Pos.Line
				}
				progress(r, false)
				octx, cancel := ctx, context.CancelFunc(func() {})
				if opts.Budget > 0 {
					octx, cancel = context.WithTimeout(ctx, opts.Budget)
				}
				r, settle := s.proveWithin(octx, r, opts.Budget)
				s.locate(r)
				expired := errors.Is(octx.Err(), context.DeadlineExceeded) && ctx.Err() == nil
				cancel()
				if expired && r.Equivalence != Proved && r.Equivalence != Refuted {
					r.Equivalence = Unknown
					r.Message = fmt.Sprintf("not proved within the budget of %v per obligation (raise -budget): %s", opts.Budget, r.Message)
				}
				r.Seconds = time.Since(r.start).Seconds()
				progress(r, true)
				results[i] = r
				// An abandoned run still holds its terms: let it end
				// before this worker starts another, so that a long
				// survey never has more than -j runs' memory at once.
				settle()
			}
		}()
	}
	for i := range obls {
		next <- i
	}
	close(next)
	wg.Wait()
	return results, nil
}

// budgetGrace is how long past its budget an obligation may run: every
// step polls the budget, but one step over huge terms may take long.
const budgetGrace = 5 * time.Second

// abandonWait bounds how long a worker waits for an abandoned run to
// reach its next poll of ctx before it starts the next obligation anyway.
const abandonWait = 10 * time.Minute

// proveWithin runs s.prove on r, and when a budget is set and the run has
// not ended budgetGrace after it, gives up on it: it returns a copy of r
// with an unknown verdict and leaves the run to end at its next poll of
// ctx (its result is discarded). settle waits for such a run to end (at
// most abandonWait); it returns at once otherwise.
func (s *session) proveWithin(ctx context.Context, r *Result, budget time.Duration) (_ *Result, settle func()) {
	if budget <= 0 {
		s.prove(ctx, r)
		return r, func() {}
	}
	abandoned, settle := runWithin(func() { s.prove(ctx, r) }, budget+budgetGrace, abandonWait)
	if !abandoned {
		return r, settle
	}
	late := &Result{Kernel: r.Kernel, Spec: r.Spec, Arch: r.Arch, Sizes: r.Sizes, File: r.File, Line: r.Line,
		obl: r.obl, start: r.start, Layers: map[string]int{}, CT: Unknown, Frame: Unknown}
	late.fail(Unknown, "one step ran past the budget by more than %v and was abandoned", budgetGrace)
	return late, settle
}

// runWithin runs run in its own goroutine and waits for it at most limit.
// If it has not ended by then, abandoned is true and settle waits for it
// to end, at most wait more; otherwise settle returns at once.
func runWithin(run func(), limit, wait time.Duration) (abandoned bool, settle func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		run()
	}()
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case <-done:
		return false, func() {}
	case <-t.C:
		return true, func() {
			select {
			case <-done:
			case <-time.After(wait):
			}
		}
	}
}

// open builds the kernels' packages and loads the specs.
func open(ctx context.Context, opts Options, obls []*obligation.Obligation) (*session, error) {
	s := &session{opts: opts, pkgs: map[string]*decode.Package{}}
	var err error
	if s.arch, err = archOf(opts.Arch); err != nil {
		return nil, err
	}
	var kpkgs, fns []string
	seen := map[string]bool{}
	for _, o := range obls {
		if o.Arch != "" && o.Arch != opts.Arch {
			return nil, fmt.Errorf("obligation %s is for %s, the run for %s", o.Kernel, o.Arch, opts.Arch)
		}
		pkg, _, ok := obligation.SplitName(o.Kernel)
		if !ok {
			return nil, fmt.Errorf("kernel %q: want importpath.Name", o.Kernel)
		}
		if !seen[pkg] {
			seen[pkg] = true
			kpkgs = append(kpkgs, pkg)
		}
		if o.Spec != "" {
			fns = append(fns, o.Spec)
		}
		if o.Requires != "" {
			fns = append(fns, o.Requires)
		}
		if o.Leaks != "" {
			fns = append(fns, o.Leaks)
		}
	}
	if len(obls) == 0 {
		return s, nil
	}
	sort.Strings(kpkgs)
	pkgs, err := decode.Load(ctx, opts.config(), kpkgs...)
	if err != nil {
		return nil, err
	}
	for _, p := range pkgs {
		s.pkgs[p.PkgPath] = p
	}
	if s.prog, err = decode.Build(ctx, opts.config(), pkgs, opts.Overlay); err != nil {
		return nil, err
	}
	if s.level, err = decode.Level(ctx, opts.config()); err != nil {
		return nil, err
	}
	if err := s.checkAssumed(obls); err != nil {
		return nil, err
	}
	if len(fns) > 0 {
		lc := gossa.LoadConfig{Arch: opts.Arch, Dir: opts.Dir, Tags: opts.SpecTags, Overlay: opts.SpecOverlay}
		if s.specs, err = lc.Load(ctx, fns...); err != nil {
			return nil, specError(err, obls)
		}
	}
	return s, nil
}

// checkAssumed refuses an -assume naming no writable data symbol of the
// built binaries: it would fix nothing, silently.
func (s *session) checkAssumed(obls []*obligation.Obligation) error {
	names := map[string]bool{}
	for k := range s.opts.Assume {
		names[k] = true
	}
	for _, o := range obls {
		for k := range o.Assume {
			names[k] = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(names)) {
		found := false
		for _, b := range s.prog.Binaries {
			for _, sym := range b.SymbolsNamed(k) {
				found = found || sym.Writable
			}
		}
		if !found {
			return fmt.Errorf("-assume %s: no writable global of that name in the kernels' binaries", k)
		}
	}
	return nil
}

// arches are the instruction sets vgcheck lifts.
var arches = map[string]machine.Arch{
	"amd64": amd64.Arch,
	"arm64": arm64.Arch,
}

func archOf(name string) (machine.Arch, error) {
	a, ok := arches[name]
	if !ok {
		return machine.Arch{}, fmt.Errorf("architecture %q is not supported (want amd64 or arm64)", name)
	}
	return a, nil
}

// kernelDecl finds the Go declaration of an assembly kernel.
func (s *session) kernelDecl(name string) (*decode.AsmFunc, *decode.Package, error) {
	pkgPath, fn, _ := obligation.SplitName(name)
	p, ok := s.pkgs[pkgPath]
	if !ok {
		return nil, nil, fmt.Errorf("kernel %s: package %s not loaded", name, pkgPath)
	}
	for _, f := range p.AsmFuncs {
		if f.Name == fn {
			return f, p, nil
		}
	}
	if obj := p.Types.Scope().Lookup(fn); obj != nil {
		if _, isFunc := obj.(*types.Func); isFunc {
			return nil, nil, fmt.Errorf("kernel %s is not an assembly function (it has a Go body)", name)
		}
		return nil, nil, fmt.Errorf("kernel %s is not a function", name)
	}
	if file, ok := declaredElsewhere(p, fn); ok {
		return nil, nil, fmt.Errorf("kernel %s is declared in %s, which the build for %s excludes (another architecture's file, or a build tag): try -arch or -tags", name, filepath.Base(file), s.opts.Arch)
	}
	return nil, nil, fmt.Errorf("kernel %s: no such function in package %s", name, pkgPath)
}

// declaredElsewhere finds fn in the package's Go files that the build
// excludes.
func declaredElsewhere(p *decode.Package, fn string) (string, bool) {
	fset := token.NewFileSet()
	for _, file := range p.IgnoredFiles {
		if !strings.HasSuffix(file, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == fn {
				return file, true
			}
		}
	}
	return "", false
}

// sizeContracts lists what the obligation's sizes declare beyond a
// slice's length, for the report: a pointer to the first of n elements
// (the caller's contract), an integer pinned to a value (public, and the
// proof is for that value).
func sizeContracts(o *obligation.Obligation, frame *abi.Frame) []string {
	var out []string
	for _, p := range frame.Params {
		n, ok := o.Sizes[p.Name]
		if !ok {
			continue
		}
		switch p.Type.Underlying().(type) {
		case *types.Pointer:
			out = append(out, fmt.Sprintf("%s points to the first of %d elements", p.Name, n))
		case *types.Basic:
			out = append(out, fmt.Sprintf("%s = %d (pinned: public, proved for this value)", p.Name, n))
		}
	}
	return out
}

// prove runs the pipeline on one obligation, recording the outcome in r.
func (s *session) prove(ctx context.Context, r *Result) {
	o := r.obl
	r.Assumptions = o.Assumptions()
	decl, _, err := s.kernelDecl(o.Kernel)
	if err != nil {
		r.fail(Error, "%v", err)
		return
	}
	frame, err := abi.Layout(decl.Obj.Type().(*types.Signature), s.opts.Arch)
	if err != nil {
		r.fail(Error, "kernel %s: %v", o.Kernel, err)
		return
	}
	r.Assumptions = append(r.Assumptions, sizeContracts(o, frame)...)
	r.signature = types.TypeString(decl.Obj.Type(), nil)
	var spec *ssa.Function
	if o.Spec != "" {
		if spec, err = s.specs.Func(o.Spec); err != nil {
			r.fail(Error, "%v", err)
			return
		}
		specFrame, err := abi.Layout(FuncSignature(spec.Signature), s.opts.Arch)
		if err == nil {
			err = abi.SameLayout(frame, specFrame)
		}
		if err != nil {
			r.fail(Error, "spec %s does not have the layout of kernel %s: %v", o.Spec, o.Kernel, err)
			return
		}
	}
	aliases, err := aliasings(o, frame)
	if err != nil {
		r.fail(Error, "kernel %s: %v", o.Kernel, err)
		return
	}
	// The record hashes what may alias too: a type made an alias of
	// another changes it without changing code, spec or directives.
	for _, a := range aliases[1:] {
		r.signature += "; " + a.describe(frame)
	}
	rs := &runShared{b: term.NewBuilder(), solver: smt.NewSolver(s.opts.Timeout, s.opts.SMT2Dir), track: len(aliases) > 1}
	defer rs.solver.Close()
	base, err := s.run(ctx, r, rs, frame, spec, aliases[0], nil)
	if err == nil && len(aliases) > 1 && r.CT == Proved && r.Frame == Proved && (spec == nil || r.Equivalence == Proved) {
		rs.bases = append(rs.bases, base)
		if err = s.runAliased(ctx, r, rs, frame, spec, aliases[1:], base); err != nil {
			// An aliasing that did not run to the end (an error, the
			// budget) leaves every verdict open: what the distinct run
			// proved does not cover it.
			r.Equivalence = ""
			for _, v := range []*Verdict{&r.CT, &r.Frame} {
				if *v == Proved {
					*v = Unknown
				}
			}
		}
	}
	r.Queries, r.CachedQueries = rs.solver.Queries(), rs.solver.CacheHits()
	if err != nil {
		r.ErrorFile, r.ErrorLine = errorPos(err)
		if r.Equivalence == "" && spec == nil {
			r.Message = err.Error()
		} else if r.Equivalence == "" {
			var ue *UnknownError
			if errors.As(err, &ue) {
				r.fail(Unknown, "%v", err)
			} else {
				r.fail(Error, "%v", err)
				switch {
				case errors.Is(err, machine.ErrUndefinedFlags):
					r.Defect = DefectUndefinedFlags
				case errors.Is(err, machine.ErrNoReturn):
					r.Defect = DefectNoReturn
				case errors.Is(err, decode.ErrUndecodable):
					r.Defect = DefectUndecodable
				}
			}
		}
	}
	switch {
	case r.Equivalence == Refuted:
		s.stage(r, "replay")
		s.replay(r, spec)
	case r.Counterexample != nil:
		// A kernel that violates the frame or constant time, or never
		// returns, run on random inputs: a result that differs, a fault
		// or (for a loop shown to repeat forever) no return refutes it.
		s.stage(r, "replay")
		compared := s.replay(r, spec)
		for _, w := range r.moreWitnesses {
			// Other inputs only help a kernel that ran, and returned
			// what the spec did.
			if r.Counterexample.Confirmed || !compared {
				break
			}
			r.Counterexample = w
			compared = s.replay(r, spec)
		}
		if r.Counterexample.Confirmed {
			r.Equivalence, r.Layer = Refuted, LayerReplay
			r.Message = "run on these inputs, the kernel does not do what the spec does (" + replaySummary(r.Counterexample.Replay) + "); it was not lifted: " + firstLine(r.Message)
		} else {
			r.Counterexample = nil
		}
	}
}

// FuncSignature is sig with its receiver, if any, as the first parameter:
// the layout of a method value called as a function.
func FuncSignature(sig *types.Signature) *types.Signature {
	recv := sig.Recv()
	if recv == nil {
		return sig
	}
	params := []*types.Var{recv}
	for i := 0; i < sig.Params().Len(); i++ {
		params = append(params, sig.Params().At(i))
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
}

// runAliased proves the obligation again for each aliasing of its pointer
// parameters, after the all-distinct run proved it (base). The first that
// is not proved decides the result, its message naming the pointers that
// are equal.
func (s *session) runAliased(ctx context.Context, r *Result, rs *runShared, frame *abi.Frame, spec *ssa.Function, aliases []aliasing, base *aliasBase) error {
	for _, a := range aliases {
		desc := a.describe(frame)
		sub := &Result{Kernel: r.Kernel, Spec: r.Spec, Arch: r.Arch, Sizes: r.Sizes, obl: r.obl, start: time.Now(), Layers: map[string]int{}, Trace: r.Trace}
		next, err := s.run(ctx, sub, rs, frame, spec, a, base)
		for k, n := range sub.Layers {
			r.Layers[k] += n
		}
		r.CTSeconds += sub.CTSeconds
		r.InfeasiblePaths += sub.InfeasiblePaths
		if err != nil {
			return fmt.Errorf("with %s (the same memory): %w", desc, err)
		}
		if sub.CT == "" && sub.Frame == "" && sub.Equivalence == "" {
			// No input meets the precondition with these pointers equal:
			// a caller may not pass them so, and there is nothing to prove.
			r.AliasingsExcluded = append(r.AliasingsExcluded, desc)
			continue
		}
		proved := sub.CT == Proved && sub.Frame == Proved && (spec == nil || sub.Equivalence == Proved)
		if !proved {
			if sub.Equivalence != "" {
				r.Equivalence = sub.Equivalence
			}
			r.CT, r.Frame, r.Layer = sub.CT, sub.Frame, sub.Layer
			for _, v := range sub.Violations {
				v.Detail = "with " + desc + ": " + v.Detail
				r.Violations = append(r.Violations, v)
			}
			r.Counterexample, r.moreWitnesses, r.Defect = sub.Counterexample, sub.moreWitnesses, sub.Defect
			r.Message = "with " + desc + " (the same memory): " + sub.Message
			return nil
		}
		r.Aliasings = append(r.Aliasings, desc)
		switch {
		case sub.instanceOf != nil:
			of := sub.instanceOf.describe(frame)
			if of == "" {
				of = "all distinct"
			}
			if r.AliasingInstances == nil {
				r.AliasingInstances = map[string]string{}
			}
			r.AliasingInstances[desc] = of
		case next != nil:
			rs.bases = append(rs.bases, next)
			fallthrough
		default:
			if r.AliasingsRun == nil {
				r.AliasingsRun = map[string]string{}
			}
			r.AliasingsRun[desc] = sub.notInstance
		}
	}
	return nil
}

// UnknownError is a solver answer that is neither sat nor unsat.
type UnknownError struct{ Reason string }

func (e *UnknownError) Error() string { return "solver gave up: " + e.Reason }
