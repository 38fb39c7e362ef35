package prove

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"golang.org/x/tools/go/ssa"
	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/amd64"
	"vg.dev/symexec/arm64"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/machine"
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
	return decode.Config{Arch: o.Arch, Dir: o.Dir, Tags: o.Tags}
}

// Skipped is an assembly function without a //vg:spec directive.
type Skipped struct {
	Func string
	Pos  string
}

// Collect reads the obligations declared by //vg: directives in the packages
// matching patterns. Assembly functions without directives are returned as
// skipped. A malformed directive is an error.
func Collect(ctx context.Context, opts Options, patterns ...string) ([]*obligation.Obligation, []Skipped, error) {
	opts.defaults()
	pkgs, err := decode.Load(ctx, opts.config(), patterns...)
	if err != nil {
		return nil, nil, err
	}
	var obls []*obligation.Obligation
	var skipped []Skipped
	for _, p := range pkgs {
		for _, f := range p.AsmFuncs {
			var lines []obligation.Line
			if f.Decl.Doc != nil {
				for _, c := range f.Decl.Doc.List {
					lines = append(lines, obligation.Line{Pos: p.Fset.Position(c.Pos()), Text: c.Text})
				}
			}
			d, ok, err := obligation.Parse(lines)
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				skipped = append(skipped, Skipped{p.QualifiedName(f), f.Pos.String()})
				continue
			}
			for _, sizes := range obligation.Expand(d.Sizes) {
				o := &obligation.Obligation{
					Kernel: p.QualifiedName(f),
					Spec:   obligation.Qualify(d.Spec, p.PkgPath),
					Arch:   opts.Arch,
					Secret: d.Secret,
					Public: d.Public,
					Sizes:  sizes,
					Assume: opts.Assume,
					Pos:    f.Pos,
				}
				if d.Requires != "" {
					o.Requires = obligation.Qualify(d.Requires, p.PkgPath)
				}
				obls = append(obls, o)
			}
		}
	}
	return obls, skipped, nil
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
}

// Prove proves each obligation and returns one result per obligation, in
// order. The error is for failures of the run as a whole (the build of the
// kernels' packages, loading the specs); a failure of one obligation is its
// result's verdict Error.
func Prove(ctx context.Context, opts Options, obls []*obligation.Obligation) ([]*Result, error) {
	opts.defaults()
	s, err := open(ctx, opts, obls)
	if err == nil {
		s.ctx = ctx
	}
	if err != nil {
		return nil, err
	}
	results := make([]*Result, len(obls))
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var mu sync.Mutex // serialises Progress
	progress := func(r *Result, done bool) {
		if opts.Progress != nil {
			mu.Lock()
			defer mu.Unlock()
			opts.Progress(r, done)
		}
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(jobs, len(obls)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				o := obls[i]
				r := &Result{Kernel: o.Kernel, Spec: o.Spec, Arch: o.Arch, Sizes: o.Sizes, obl: o, start: time.Now(), Layers: map[string]int{}}
				if o.Pos.IsValid() {
					r.File, r.Line = o.Pos.Filename, o.Pos.Line
				}
				progress(r, false)
				octx, cancel := ctx, context.CancelFunc(func() {})
				if opts.Budget > 0 {
					octx, cancel = context.WithTimeout(ctx, opts.Budget)
				}
				r = s.proveWithin(octx, r, opts.Budget)
				expired := errors.Is(octx.Err(), context.DeadlineExceeded) && ctx.Err() == nil
				cancel()
				if expired && r.Equivalence != Proved && r.Equivalence != Refuted {
					r.Equivalence = Unknown
					r.Message = fmt.Sprintf("not proved within the budget of %v per obligation (raise -budget): %s", opts.Budget, r.Message)
				}
				r.Seconds = time.Since(r.start).Seconds()
				progress(r, true)
				results[i] = r
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

// proveWithin runs s.prove on r, and when a budget is set and the run has
// not ended budgetGrace after it, gives up on it: it returns a copy of r
// with an unknown verdict and leaves the run to end at its next poll of
// ctx (its result is discarded).
func (s *session) proveWithin(ctx context.Context, r *Result, budget time.Duration) *Result {
	if budget <= 0 {
		s.prove(ctx, r)
		return r
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.prove(ctx, r)
	}()
	t := time.NewTimer(budget + budgetGrace)
	defer t.Stop()
	select {
	case <-done:
		return r
	case <-t.C:
		late := &Result{Kernel: r.Kernel, Spec: r.Spec, Arch: r.Arch, Sizes: r.Sizes, File: r.File, Line: r.Line,
			obl: r.obl, start: r.start, Layers: map[string]int{}, CT: Unknown, Frame: Unknown}
		late.fail(Unknown, "one step ran past the budget by more than %v and was abandoned", budgetGrace)
		return late
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
	if len(fns) > 0 {
		lc := gossa.LoadConfig{Arch: opts.Arch, Dir: opts.Dir, Tags: opts.SpecTags, Overlay: opts.SpecOverlay}
		if s.specs, err = lc.Load(ctx, fns...); err != nil {
			return nil, err
		}
	}
	return s, nil
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
	return nil, nil, fmt.Errorf("kernel %s: no such function in package %s", name, pkgPath)
}

// prove runs the pipeline on one obligation, recording the outcome in r.
func (s *session) prove(ctx context.Context, r *Result) {
	o := r.obl
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
	if err := s.run(ctx, r, frame, spec); err != nil {
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
		s.replay(r, spec)
	case r.Counterexample != nil:
		// A kernel that violates the frame or constant time, or never
		// returns, run on random inputs: a result that differs, a fault
		// or (for a loop shown to repeat forever) no return refutes it.
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

// UnknownError is a solver answer that is neither sat nor unsat.
type UnknownError struct{ Reason string }

func (e *UnknownError) Error() string { return "solver gave up: " + e.Reason }
