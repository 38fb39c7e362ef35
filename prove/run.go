package prove

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/smt"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// pair is one output word: the kernel's value and the spec's.
type pair struct {
	name string
	k, s *term.Term
}

// goal is what must hold on one kernel path: under assume, every pair equal.
type goal struct {
	assume    []*term.Term
	pairs     []pair
	simulated bool // random simulation found no difference already
}

// open are the pairs of g whose two sides are not the same term.
func (g goal) open() []pair {
	var open []pair
	for _, p := range g.pairs {
		if p.k != p.s {
			open = append(open, p)
		}
	}
	return open
}

// aliasBase is what the run with every pointer distinct leaves for the
// runs with aliased pointers: its inputs and its proved goals.
type aliasBase struct {
	in     *inputs
	goals  []goal
	events []machine.Event
	assume []*term.Term
	// For aliased runs as instances of this one (alias_instance.go): its
	// aliasing, the final memories of the kernel's paths and the spec's,
	// recording their accesses, and the regions whose pointers the spec
	// compared.
	alias    aliasing
	execs    []*mem.Memory
	compared [][2]*mem.Region
}

// instances are the proved goals and constant-time checks of the
// distinct run with every variable of its inputs renamed to its aliased
// group's. They are renamed on first use: an aliased run whose pairs all
// meet by hash-consing and whose events touch no secret needs none.
type instances struct {
	b      *term.Builder
	base   *aliasBase
	in     *inputs
	assume []*term.Term
	built  bool

	goals []instance
	// events are the distinct run's checked events, renamed, when its
	// assumptions are among the aliased run's and every aliased group is
	// all secret or all public (then two runs that agree on the public
	// inputs here are two such runs there).
	events map[eventKey]bool
}

type instance struct {
	assume []*term.Term
	pairs  map[[2]*term.Term]bool
}

// eventKey is one term of a constant-time event, on its path.
type eventKey struct {
	kind machine.EventKind
	pc   uint64
	t    *term.Term
	cond *term.Term
}

func newInstances(b *term.Builder, base *aliasBase, in *inputs, assume []*term.Term) *instances {
	return &instances{b: b, base: base, in: in, assume: assume}
}

// build renames the distinct run's goals and events, once.
func (out *instances) build() {
	if out.built {
		return
	}
	out.built = true
	b, base, in, assume := out.b, out.base, out.in, out.assume
	rn := renamer{b: b, sub: substitution(b, base.in, in), memo: map[*term.Term]*term.Term{}}
	for _, d := range base.goals {
		g := instance{pairs: map[[2]*term.Term]bool{}}
		for _, a := range d.assume {
			g.assume = append(g.assume, rn.rename(a))
		}
		for _, p := range d.pairs {
			g.pairs[[2]*term.Term{rn.rename(p.k), rn.rename(p.s)}] = true
		}
		out.goals = append(out.goals, g)
	}
	have := map[*term.Term]bool{}
	for _, a := range assume {
		have[a] = true
	}
	for _, a := range base.assume {
		if !have[rn.rename(a)] {
			return
		}
	}
	if !in.uniformSecrecy() {
		return
	}
	out.events = map[eventKey]bool{}
	for _, e := range base.events {
		for _, t := range append([]*term.Term{e.Term}, e.Operands...) {
			if t != nil {
				out.events[eventKey{e.Kind, e.PC, rn.rename(t), rn.rename(e.Cond)}] = true
			}
		}
	}
}

// checked reports whether term t of event e was checked, renamed, by the
// distinct run: its verdict there holds here.
func (ins *instances) checked(e machine.Event, t *term.Term) bool {
	if ins == nil {
		return false
	}
	ins.build()
	return ins.events[eventKey{e.Kind, e.PC, t, e.Cond}]
}

// close removes from an aliased run's goal g the pairs that are instances
// of pairs the distinct run proved: renamed, the proved goal's assumptions
// are among g's and its kernel and spec terms are g's. Such a pair needs
// no solver: it is the proved claim with some variables equal. It returns
// the other pairs, and the names of those it closed that were not
// syntactically equal.
func (ins *instances) close(g goal) (rest []pair, closed []string) {
	if len(g.open()) == 0 {
		return g.pairs, nil // all meet already
	}
	ins.build()
	have := map[*term.Term]bool{}
	for _, a := range g.assume {
		have[a] = true
	}
	var usable []instance
	for _, in := range ins.goals {
		if !slices.ContainsFunc(in.assume, func(a *term.Term) bool { return !have[a] }) {
			usable = append(usable, in)
		}
	}
	for _, p := range g.pairs {
		key := [2]*term.Term{p.k, p.s}
		switch {
		case !slices.ContainsFunc(usable, func(in instance) bool { return in.pairs[key] }):
			rest = append(rest, p)
		case p.k != p.s:
			closed = append(closed, p.name)
		}
	}
	return rest, closed
}

// renamer substitutes variables in terms, sharing its memo across terms
// (the outputs of a kernel share most of their DAG).
type renamer struct {
	b    *term.Builder
	sub  map[*term.Term]*term.Term
	memo map[*term.Term]*term.Term
}

func (rn *renamer) rename(x *term.Term) *term.Term {
	if r, ok := rn.memo[x]; ok {
		return r
	}
	r, ok := rn.sub[x]
	if !ok {
		r = x
		if args := x.Args(); len(args) > 0 {
			next := make([]*term.Term, len(args))
			changed := false
			for i, a := range args {
				next[i] = rn.rename(a)
				changed = changed || next[i] != a
			}
			if changed {
				r = rn.b.With(x, next)
			}
		}
	}
	rn.memo[x] = r
	return r
}

// run lifts the kernel, checks constant time and the frame, interprets the
// spec, and solves every path's goal, with the parameters aliased as alias
// says. An aliased run (base set) closes what it can as instances of the
// distinct run's proved goals and solves the rest. It returns what an
// aliased run needs of this one.
func (s *session) run(ctx context.Context, r *Result, rs *runShared, frame *abi.Frame, spec *ssa.Function, alias aliasing, base *aliasBase) (*aliasBase, error) {
	o := r.obl
	b := rs.b
	in, err := makeInputs(b, o, frame, alias, s.isPkgVar)
	if err != nil {
		return nil, fmt.Errorf("obligation %s: %w", o.Name(), err)
	}
	in.leftover = s.leftover(frame)
	if rs.track {
		in.mem.TrackAccesses()
	}
	fn, err := s.prog.Func(o.Kernel)
	if err != nil {
		return nil, err
	}
	regABI, fn, err := internalABI(fn, o.Kernel, frame)
	if err != nil {
		return nil, err
	}
	fr, err := fn.Frame()
	if err != nil {
		return nil, err
	}
	r.Insts = len(fn.Insts)
	sv := &solveState{ctx: ctx, b: b, solver: rs.solver, r: r, in: in, name: strings.ReplaceAll(o.Name(), "/", "_"), warnErr: s.opts.WarningsAreErrors, arch: s.arch}
	if !alias.isDistinct() {
		sv.name += "-" + strings.NewReplacer(" ", "", ",", "_").Replace(alias.describe(frame))
		sv.prefix = "with " + alias.describe(frame) + ": "
	}
	sv.stage = func(st string) { s.stage(r, sv.prefix+st) }
	tr := s.tracer(r, fn, in, base == nil && alias.isDistinct())

	// The bounds an earlier run assumed do not hold in this one: its
	// precondition is built, and implies its own, below.
	b.AssumeBounds(nil)
	defer b.AssumeBounds(nil)

	// the precondition, assumed by every check, with what every caller
	// guarantees (slice capacities)
	assume := append([]*term.Term(nil), in.assume...)
	specFns := []*ssa.Function{spec}
	if o.Requires != "" {
		if f, err := s.specs.Func(o.Requires); err == nil {
			specFns = append(specFns, f)
		}
		req, err := s.requires(sv, b, in, frame, o.Requires)
		if err != nil {
			return nil, err
		}
		assume = append(assume, b.Conjuncts(req)...)
		// Under a precondition no input meets, every claim holds.
		ok, err := sv.feasible(assume)
		if err != nil {
			return nil, fmt.Errorf("precondition %s: %w", o.Requires, err)
		}
		if !ok {
			if !alias.isDistinct() {
				return nil, nil // no input with these pointers equal: nothing to prove
			}
			return nil, fmt.Errorf("precondition %s holds for no input: a proof under it would be vacuous", o.Requires)
		}
	}
	if o.Leaks != "" {
		if f, err := s.specs.Func(o.Leaks); err == nil {
			specFns = append(specFns, f)
		}
		if sv.leaks, err = s.leaks(sv, in, frame, o.Leaks, assume); err != nil {
			return nil, err
		}
	}
	// What the assumptions say of the inputs' ranges, the normaliser may
	// use in this run (a constant factor moves out of a product no side
	// of which can wrap): every query, sample and replay of its terms
	// assumes them. Terms built before (the assumptions themselves) are
	// as written.
	b.AssumeBounds(term.ImpliedBounds(assume))

	// An aliased run that is an instance of a proved run needs no lift.
	if !alias.isDistinct() {
		ib, why := instanceBase(b, rs.bases, alias, in, assume)
		r.notInstance = why
		if ib != nil {
			n := 0
			for _, g := range ib.goals {
				n += len(g.pairs)
			}
			if n > 0 {
				r.Layers[LayerInstance] += n
			}
			r.Equivalence, r.CT, r.Frame = Proved, Proved, Proved
			if spec == nil {
				r.Equivalence = ""
			}
			r.instanceOf = ib.alias
			return nil, nil
		}
	}

	// lift, keeping the events of a path that fails
	kmem := in.mem.Clone()
	assumed := map[string]uint64{}
	for k, v := range o.Assume {
		assumed[k] = v
	}
	for k, v := range s.opts.Assume {
		assumed[k] = v
	}
	kmem.SetDataResolver(s.dataResolver(fn.Bin, assumed, in))
	var args []machine.Arg
	for _, a := range in.kernelArgs() {
		args = append(args, machine.Arg{Offset: a.off, Value: a.val})
	}
	var events []machine.Event
	sv.stage("lift")
	paths, liftErr := s.arch.Lift(machine.Config{
		B: b, Mem: kmem, Prog: machine.FromBinary(fn.Bin), MaxPaths: s.opts.MaxPaths, Secret: in.isSecretVar,
		PageReads: o.PageReads && s.arch.Name == "amd64",
		RegABI:    regABI,
		OnEvent:   func(e machine.Event) { events = append(events, e); tr.event(e) },
		OnStep:    tr.hook(),
		Stop:      ctx.Err, // the budget
		SPMax:     fr.SPMax,
		// events holds every event once; a path's own copy is for the
		// induction's segments.
		NoPathEvents: true,
	}, fn.Name, fn.Insts, frame, args)
	r.Paths = len(paths)
	kernelMems := pathMems(paths) // before anything reads the outputs
	// An aliased run's result keeps only its verdicts.
	if base == nil {
		r.CodeHash = codeHash(fn, readOnlyData(paths), callees(paths))
	}
	if regABI != nil && !slices.Contains(r.Assumptions, abiInternalNote) {
		r.Assumptions = append(r.Assumptions, abiInternalNote)
	}
	// What the lift assumed (the fast path of a stack-growth prologue).
	for _, p := range paths {
		for _, a := range p.Assumptions {
			if !slices.Contains(r.Assumptions, a) {
				r.Assumptions = append(r.Assumptions, a)
			}
		}
	}
	// A variable read as declared is so only while nothing writes it.
	for _, g := range slices.Sorted(maps.Keys(in.declared)) {
		if a := "the global " + g + " holds its declared value: its package's Go code only loads it (checked: every Go file of its directory, tests included), and no assembly, and no //go:linkname in another package, writes it"; !slices.Contains(r.Assumptions, a) {
			r.Assumptions = append(r.Assumptions, a)
		}
	}
	// A writable global the kernel reads could be where a pointer
	// argument points: the model keeps them apart.
	if hasPointerParams(in) {
		for _, g := range slices.Sorted(maps.Keys(in.globals)) {
			if a := "pointer arguments do not point into the global " + g; !slices.Contains(r.Assumptions, a) {
				r.Assumptions = append(r.Assumptions, a)
			}
		}
	}
	// A slice with a declared tail is a Go object of at least its length
	// and tail: not the memory of a data symbol the kernel names, so no
	// address within it is such a symbol's (a loop that ends when a
	// pointer into it reaches a table's address stops where the caller's
	// bytes do).
	assume = append(assume, tailApart(b, in, paths)...)
	if liftErr == nil {
		liftErr = s.linkedBytes(ctx, fn.Bin, readOnlyData(paths))
	}

	if spec != nil {
		r.SpecHash = specHash(specFns...)
	}
	if rev := s.opts.ChangedSince; rev != "" && liftErr == nil && base == nil {
		rec, err := ReadRecord(s.opts.Records, rev, r.Arch, r.Name())
		if err == nil && rec.CodeHash == r.CodeHash && rec.SpecHash == r.SpecHash && rec.Spec == r.Spec &&
			rec.ObligationHash == obligationHash(o, r.Arch, r.Level, r.signature) &&
			rec.Equivalence == Proved && rec.CT == Proved && rec.Frame == Proved {
			r.Equivalence, r.CT, r.Frame = Unchanged, Unchanged, Unchanged
			r.Message = "machine code, spec and directives unchanged since " + rev
			return nil, nil
		}
	}

	// With pointers aliased, what the distinct run proved is known.
	if base != nil && liftErr == nil {
		sv.instances = newInstances(b, base, in, assume)
	}

	// frame safety, from the events and the final states
	sv.stage("frame")
	sv.checkFrame(paths, frame, events, liftErr)
	if err := sv.checkPageReads(paths, assume); err != nil {
		return nil, err
	}
	if err := sv.checkSymbolicBounds(events, assume); err != nil {
		return nil, err
	}
	if base == nil && liftErr == nil && spec != nil && s.refuteWithRegisters(sv, spec, assume) {
		return nil, nil
	}
	if liftErr != nil || spec == nil {
		if err := sv.checkCTTimed(events, assume, liftErr); err != nil {
			return nil, err
		}
		if liftErr == nil {
			return &aliasBase{in: in, events: events, assume: assume, alias: alias, execs: kernelMems}, nil
		}
		// Inputs to run the kernel on: one that violates the frame or
		// constant time, or reads flags no instruction set, may fault
		// or differ (entry.go); one that never returns must not return
		// (replay.go).
		if spec != nil && (r.Frame == Violated || r.CT == Violated || errors.Is(liftErr, machine.ErrNoReturn) || errors.Is(liftErr, machine.ErrUndefinedFlags)) {
			if ws := sv.unsafeWitnesses(assume, unsafeDraws); len(ws) > 0 {
				r.Counterexample, r.moreWitnesses = ws[0], ws[1:]
			}
		}
		return nil, fmt.Errorf("lift %s: %w", o.Kernel, liftErr)
	}

	// interpret
	sv.stage("interpret the spec")
	out, err := gossa.Run(gossa.Config{B: b, Mem: in.mem.Clone(), Sizes: frame.Sizes, Stop: ctx.Err}, spec, in.specArgs())
	if err != nil {
		return nil, fmt.Errorf("interpret %s: %w", o.Spec, err)
	}
	out.Mem.FreezeAccesses()
	apart, notes := comparedApart(b, o, frame, in, out.Compared)
	assume = append(assume, apart...)
	for _, n := range notes {
		if !slices.Contains(r.Assumptions, n) {
			r.Assumptions = append(r.Assumptions, n)
		}
	}

	// A spec that can panic under the preconditions is a finding.
	for _, p := range out.Panics {
		model, err := sv.satisfiable(append(append([]*term.Term(nil), assume...), p.Cond))
		if err != nil {
			return nil, err
		}
		if model != nil && p.Unmodelled {
			r.fail(Error, "spec %s: %s at %s, on an input the preconditions allow, is not modelled", o.Spec, p.What, p.Pos)
			return nil, nil
		}
		if model != nil {
			r.Counterexample = sv.counterexample(model, nil)
			r.Layer = LayerSpecPanic
			r.fail(Refuted, "spec %s can panic (%s at %s) on an input the preconditions allow", o.Spec, p.What, p.Pos)
			return nil, nil
		}
	}

	// compare, path by path
	var goals []goal
	for _, p := range paths {
		g := goal{assume: append(append([]*term.Term(nil), assume...), b.Conjuncts(p.Cond)...)}
		// A path no allowed input takes has nothing to prove. (Checked
		// here, on all the assumptions: the queries below carry only
		// those that share variables with an output.)
		if ok, err := sv.feasible(g.assume); err != nil {
			return nil, fmt.Errorf("path condition: %w", err)
		} else if !ok {
			r.InfeasiblePaths++
			continue
		}
		if g.pairs, err = comparePairs(b, in, p, out, frame); err != nil {
			return nil, err
		}
		if sv.instances != nil {
			// What the distinct run proved needs no second proof.
			rest, names := sv.instances.close(g)
			for _, name := range names {
				sv.closed(name, LayerInstance)
			}
			g.pairs = rest
		}
		goals = append(goals, g)
	}
	// A kernel that reads what its caller left in registers, and whose
	// run on random inputs did not differ, is run on inputs chosen for
	// the pattern the trampoline puts in them (entry.go).
	if base == nil && s.refuteAtEntry(sv, spec, goals) {
		return nil, nil
	}
	// Random simulation before the constant-time check: a kernel it
	// refutes needs no such check, which on the huge terms of a broken
	// kernel (a pointer not advanced, a block transformed four times) can
	// take minutes.
	sv.stage(LayerSimulation)
	for i := range goals {
		if model := sv.simulate(goals[i].assume, goals[i].open()); model != nil {
			sv.refute(model, goals[i], LayerSimulation)
			r.CT = Unknown
			r.Message += "; constant time not checked"
			return nil, nil
		}
		goals[i].simulated = true
	}
	sv.stage("constant time")
	if err := sv.checkCTTimed(events, assume, nil); err != nil {
		return nil, err
	}

	// solve
	for _, g := range goals {
		if done, err := sv.solve(g); err != nil || done {
			return nil, err
		}
	}
	r.Equivalence = Proved
	execs := append(kernelMems, out.Mem)
	return &aliasBase{in: in, goals: goals, events: events, assume: assume, alias: alias, execs: execs, compared: out.Compared}, nil
}

// pathMems are the final memories of paths, their access records ended.
func pathMems(paths []*machine.Path) []*mem.Memory {
	var ms []*mem.Memory
	for _, p := range paths {
		p.Mem.FreezeAccesses()
		ms = append(ms, p.Mem)
	}
	return ms
}

// runShared is what the runs of one obligation (one per aliasing) share:
// the term builder, so that the aliased runs' terms meet the distinct
// run's, and the solver with its cache.
type runShared struct {
	b      *term.Builder
	solver *smt.Solver
	// track makes the runs record their memory accesses, and bases are
	// the runs that proved everything, for aliased runs as instances of
	// them (alias_instance.go).
	track bool
	bases []*aliasBase
}

// checkCTTimed is checkCT, its time recorded in the result.
func (sv *solveState) checkCTTimed(events []machine.Event, assume []*term.Term, liftErr error) error {
	start := time.Now()
	err := sv.checkCT(events, assume, liftErr)
	sv.r.CTSeconds = time.Since(start).Seconds()
	return err
}

// comparePairs pairs every output word of the kernel path with the spec's:
// the bytes of each parameter region that either side wrote, and the results.
func comparePairs(b *term.Builder, in *inputs, p *machine.Path, out *gossa.Outcome, frame *abi.Frame) ([]pair, error) {
	var pairs []pair
	for i, prm := range in.params {
		r := prm.region
		if r == nil || prm.alias != i {
			continue // a scalar, or memory compared as the parameter it aliases
		}
		words := map[int64]bool{}
		for _, off := range p.Mem.Written(r) {
			words[off&^7] = true
		}
		for _, off := range out.Mem.Written(r) {
			words[off&^7] = true
		}
		for _, w := range sortedKeys(words) {
			n := int(min(8, r.Size-w))
			k, err := p.Mem.Load(r, w, n)
			if err != nil {
				return nil, err
			}
			sp, err := out.Mem.Load(r, w, n)
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, pair{fmt.Sprintf("%s[%d:%d]", r.Name, w, w+int64(n)), k, sp})
		}
	}
	for i, res := range frame.Results {
		if v, ok := out.Results[i].(gossa.Scalar); ok && res.Size <= 8 {
			// A scalar is compared whole (its bytes would be extracts).
			k, err := p.Mem.Load(p.Stack, p.ArgOff+res.Offset, int(res.Size))
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, pair{res.Name, k, b.ZeroExt(v.T, int(8*res.Size))})
			continue
		}
		bytes, err := gossa.FlattenAddr(b, out.Results[i], res.Type, frame.Sizes, resultAddr(b))
		if err != nil {
			return nil, fmt.Errorf("result %s: %w", res.Name, err)
		}
		for w := int64(0); w < res.Size; w += 8 {
			n := int(min(8, res.Size-w))
			k, err := p.Mem.Load(p.Stack, p.ArgOff+res.Offset+w, n)
			if err != nil {
				return nil, err
			}
			parts := make([]*term.Term, n)
			for j := 0; j < n; j++ {
				parts[n-1-j] = bytes[w+int64(j)]
			}
			name := res.Name
			if res.Size > 8 {
				name = fmt.Sprintf("%s[%d:%d]", res.Name, w, w+int64(n))
			}
			pairs = append(pairs, pair{name, k, b.Concat(parts...)})
		}
	}
	return pairs, nil
}

// tailApart are the facts that the memory of each slice parameter with a
// declared tail (its length and tail) and each data symbol the paths
// resolved do not overlap: neither starts within the other. Stated on
// differences modulo 2⁶⁴, it needs no bound on the bases (the solver does
// not see term.Builder.Bound) and holds of any two disjoint objects.
func tailApart(b *term.Builder, in *inputs, paths []*machine.Path) []*term.Term {
	var out []*term.Term
	seen := map[*mem.Region]bool{}
	for _, p := range in.params {
		r := p.region
		if r == nil || r.Tail == 0 || seen[r] {
			continue
		}
		seen[r] = true
		data := map[*mem.Region]bool{}
		for _, path := range paths {
			for _, d := range path.Mem.Regions() {
				if d.Addr == 0 || data[d] {
					continue
				}
				data[d] = true
				out = append(out,
					b.Ule(b.Uint(uint64(r.Size), 64), b.Sub(d.Base, r.Base)),
					b.Ule(b.Uint(uint64(max(d.Size, 1)), 64), b.Sub(r.Base, d.Base)))
			}
		}
	}
	return out
}

// resultAddr encodes a pointer the spec returns as the address the kernel
// must return: nil is 0; a pointer into an argument's memory is that
// region's base (the kernel's argument) plus the offset; a pointer into a
// package-level variable is its symbol's base (mem.SymbolBase, the term a
// kernel's address of that symbol has) plus the offset. Memory the spec
// allocated has no address a kernel could return: an error.
func resultAddr(b *term.Builder) func(gossa.Pointer) (*term.Term, error) {
	return func(p gossa.Pointer) (*term.Term, error) {
		switch {
		case p.Region == nil:
			return b.Zero(64), nil
		case p.Region.Kind == mem.Local:
			return nil, fmt.Errorf("the spec returns a pointer into memory it allocated (%s): no kernel returns that address", p.Region.Name)
		}
		return b.Add(p.Region.Base, p.Off), nil
	}
}

// specArgs are the spec's arguments: the same regions and variables.
func (in *inputs) specArgs() []gossa.Value {
	b := in.b
	var args []gossa.Value
	for _, p := range in.params {
		switch p.kind {
		case pointerParam:
			args = append(args, gossa.Pointer{Region: p.region, Off: b.Zero(64)})
		case sliceParam, stringParam:
			// The spec sees the capacity the kernel does: its own
			// value, not the length (a spec returning cap(s) is not
			// the kernel returning len(s)).
			n := b.Uint(uint64(p.length), 64)
			c := n
			if p.cap != nil {
				c = p.cap
			}
			args = append(args, gossa.Slice{Ptr: gossa.Pointer{Region: p.region, Off: b.Zero(64)}, Len: n, Cap: c})
		default:
			args = append(args, gossa.Scalar{T: p.scalar})
		}
	}
	return args
}

// panicVerb says what a gossa obligation is, for an error message.
func panicVerb(p gossa.Panic) string {
	if p.Unmodelled {
		return "leaves the model (" + p.What + ")"
	}
	return "can panic (" + p.What + ")"
}

// takesKernelParams reports whether a function of signature sig (a
// precondition, a leak function) takes the kernel's parameters, laid out
// as the kernel's frame has them.
func takesKernelParams(sig *types.Signature, frame *abi.Frame) error {
	pf, err := abi.Layout(types.NewSignatureType(nil, nil, nil, sig.Params(), types.NewTuple(), false), frame.Arch)
	if err != nil {
		return err
	}
	kf := *frame
	kf.Results = nil
	return abi.SameLayout(&kf, pf)
}

// requires interprets the precondition on the initial inputs.
func (s *session) requires(sv *solveState, b *term.Builder, in *inputs, frame *abi.Frame, name string) (*term.Term, error) {
	fn, err := s.specs.Func(name)
	if err != nil {
		return nil, err
	}
	sig := fn.Signature
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type().Underlying(), types.Typ[types.Bool]) {
		return nil, fmt.Errorf("precondition %s must return bool", name)
	}
	if err := takesKernelParams(sig, frame); err != nil {
		return nil, fmt.Errorf("precondition %s does not take the kernel's parameters: %v", name, err)
	}
	out, err := gossa.Run(gossa.Config{B: b, Mem: in.mem.Clone(), Sizes: frame.Sizes}, fn, in.specArgs())
	if err != nil {
		return nil, fmt.Errorf("interpret precondition %s: %w", name, err)
	}
	// Its result means nothing where it panics or leaves the model; on
	// the other paths it is what Go computes.
	for _, p := range out.Panics {
		ok, err := sv.feasible(append(append([]*term.Term(nil), in.assume...), p.Cond))
		if err != nil {
			return nil, fmt.Errorf("precondition %s: %w", name, err)
		}
		if ok {
			return nil, fmt.Errorf("precondition %s %s at %s on an input the caller may pass", name, panicVerb(p), p.Pos)
		}
	}
	v, ok := out.Results[0].(gossa.Scalar)
	if !ok || v.T.Width() != 1 {
		return nil, fmt.Errorf("precondition %s: result is not a bool", name)
	}
	return v.T, nil
}

// dataResolver makes a region for a data symbol the first time the kernel
// addresses it: read-only data holds the binary's bytes; writable data is a
// symbolic input unless an assumption fixes it, secret unless declared
// public (it is recorded in in.globals).
func (s *session) dataResolver(bin *decode.Binary, assume map[string]uint64, in *inputs) func(uint64) (*mem.Region, bool) {
	made := map[string]*mem.Region{}
	return func(addr uint64) (*mem.Region, bool) {
		sym, ok := bin.SymbolAt(addr)
		if !ok || sym.Size == 0 {
			return nil, false
		}
		if r, ok := made[sym.Name]; ok {
			return r, true
		}
		r := &mem.Region{Name: sym.Name, Symbol: decode.SymbolGoName(sym.Name), Size: int64(sym.Size), Addr: sym.Addr, Align: dataAlign(sym.Addr, sym.Size), Code: sym.Exec}
		if sym.Writable {
			r.Kind = mem.Global
			r.Secret = in == nil || !in.publicGlobals[decode.SymbolGoName(sym.Name)]
			if in != nil {
				in.globals[r.Name] = r.Secret
			}
			if data, ok := s.declaredData(sym); ok && in != nil {
				// The variable's declared bytes, the ones the spec
				// reads (gossa checks that its package's Go code only
				// loads it). Read-only: a store by the kernel is an
				// error, not a new table.
				r.Kind, r.Secret, r.Data = mem.ReadOnly, false, data
				in.globals[r.Name] = false
				in.declared[r.Name] = true
			} else if v, ok := assume[sym.Name]; ok {
				r.Data = make([]byte, sym.Size)
				for i := range r.Data {
					if i < 8 {
						r.Data[i] = byte(v >> (8 * i))
					}
				}
			}
		} else {
			r.Kind = mem.ReadOnly
			r.Data = sym.Data
			if uint64(len(r.Data)) < sym.Size {
				r.Data = append(append([]byte(nil), sym.Data...), make([]byte, sym.Size-uint64(len(sym.Data)))...)
			}
		}
		made[sym.Name] = r
		return r, true
	}
}

// declaredData returns the bytes of a writable data symbol that is a
// package-level variable the spec side models as constant data
// (gossa.Program.GlobalData): its declared contents, when the binary links
// exactly those bytes (a declaration that differs between the kernels'
// build and the spec's is caught) and no code the spec side did not see
// names the variable (usedOutsideSpecView).
func (s *session) declaredData(sym *decode.Symbol) ([]byte, bool) {
	if s.specs == nil {
		return nil, false
	}
	qname := decode.SymbolGoName(sym.Name)
	data, err := s.specs.GlobalData(qname)
	if err != nil || uint64(len(data)) != sym.Size || s.usedOutsideSpecView(qname) {
		return nil, false
	}
	linked := sym.Data
	if uint64(len(linked)) < sym.Size {
		linked = append(append([]byte(nil), linked...), make([]byte, sym.Size-uint64(len(linked)))...)
	}
	if !bytes.Equal(data, linked) {
		return nil, false
	}
	return data, true
}

// usedOutsideSpecView reports whether Go code the spec side did not compile
// names the package-level variable qname, or whether that cannot be told:
// GlobalData's check covers only the files the spec side compiled. That
// code is any other Go file of the package's directory (the architecture's
// own files when the spec is built under purego, other systems' and tags'
// files, the tests) and any Go file of the directory that the kernels'
// overlay replaces (its contents on disk are not what was built).
func (s *session) usedOutsideSpecView(qname string) bool {
	path, name, ok := obligation.SplitName(qname)
	if !ok {
		return true
	}
	kp, ok := s.pkgs[path]
	if !ok || kp.Types == nil || kp.TypesInfo == nil {
		return true
	}
	obj := kp.Types.Scope().Lookup(name)
	if obj == nil {
		return true
	}
	specFiles := map[string]bool{}
	for _, f := range s.specs.PackageFiles(path) {
		specFiles[f] = true
	}
	// A test may set the variable in the program that runs the kernel (a
	// test of a timing leak does). A mention of the name is enough to
	// refuse.
	word := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
	dirs := map[string]bool{}
	for _, f := range kp.GoFiles {
		dirs[filepath.Dir(f)] = true
	}
	for file := range s.opts.Overlay {
		if strings.HasSuffix(file, ".go") && dirs[filepath.Dir(file)] {
			return true
		}
	}
	for dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return true
		}
		for _, e := range entries {
			file := filepath.Join(dir, e.Name())
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || specFiles[file] {
				continue
			}
			src, err := os.ReadFile(file)
			if err != nil || word.Match(src) {
				return true
			}
		}
	}
	used := false
	for _, f := range kp.Syntax {
		if specFiles[kp.Fset.Position(f.Pos()).Filename] {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && kp.TypesInfo.Uses[id] == obj {
				used = true
			}
			return !used
		})
	}
	return used
}

func hasPointerParams(in *inputs) bool {
	for _, p := range in.params {
		if p.region != nil {
			return true
		}
	}
	return false
}

// leftover reports the variables that hold what the caller left: the
// registers and stack ABI0 leaves undefined (machine.Arch), and the bytes
// of the argument frame no parameter covers (padding, the results).
func (s *session) leftover(frame *abi.Frame) func(*term.Term) bool {
	covered := map[int64]bool{}
	for _, p := range frame.Params {
		for i := int64(0); i < p.Size; i++ {
			covered[s.arch.ArgBase+p.Offset+i] = true
		}
	}
	return func(v *term.Term) bool {
		if s.arch.UndefinedAtEntry(v) {
			return true
		}
		off, ok := strings.CutPrefix(v.Name(), "stack@")
		if !ok {
			return false
		}
		n, err := strconv.ParseInt(off, 10, 64)
		if err != nil || n < s.arch.ArgBase || n >= s.arch.ArgBase+frame.Size {
			return false
		}
		// The word's bytes: any not covered by a parameter is padding or
		// a result, which the caller does not set.
		for i := n; i < n+int64(v.Width()/8); i++ {
			if !covered[i] {
				return true
			}
		}
		return false
	}
}

// isPkgVar reports whether package pkg (loaded for a kernel, or GOROOT's)
// declares a package-level variable name.
func (s *session) isPkgVar(pkg, name string) bool {
	p, ok := s.pkgs[pkg]
	if !ok {
		return false
	}
	_, isVar := p.Types.Scope().Lookup(name).(*types.Var)
	return isVar
}

// dataAlign is the alignment a data symbol has in every link: the
// linker aligns a symbol without an explicit alignment to the largest
// power of two at most its size, and at most 32 (cmd/link's symalign and
// Maxalign on amd64 and arm64); no more than its address here shows.
func dataAlign(addr, size uint64) int64 {
	a := uint64(32)
	for a > size && a > 1 {
		a >>= 1
	}
	if addr != 0 {
		a = min(a, addr&-addr)
	}
	return int64(a)
}

// linkedBytes refuses read-only data the kernel read that holds an
// address: the linker writes it, so another program that links the kernel
// holds another value there. Data that may hold one (a word whose value
// lies in a section of the binary) is compared with the same program
// linked elsewhere (decode.Binary.Moved).
func (s *session) linkedBytes(ctx context.Context, bin *decode.Binary, data []*mem.Region) error {
	for _, r := range data {
		if r.Code || !bin.MayHoldAddress(r.Data) {
			continue
		}
		moved, err := bin.Moved(ctx)
		if err != nil {
			return fmt.Errorf("read-only data %s may hold an address, and linking elsewhere to tell failed: %w", r.Name, err)
		}
		found := false
		for _, m := range moved.SymbolsNamed(r.Name) {
			if m.Size != uint64(r.Size) {
				continue
			}
			found = true
			for i := range min(len(m.Data), len(r.Data)) {
				if m.Data[i] != r.Data[i] {
					return fmt.Errorf("%w: read-only data %s holds an address at offset %d (the linker writes it: another program holds another value)", errLinkedData, r.Name, i)
				}
			}
		}
		if !found {
			return fmt.Errorf("read-only data %s may hold an address, and the program linked elsewhere has no such symbol to tell", r.Name)
		}
	}
	return nil
}

// errLinkedData marks a kernel that reads bytes the linker wrote.
var errLinkedData = errors.New("not modelled")

// callees lists the functions any path entered besides the kernel.
func callees(paths []*machine.Path) []machine.Callee {
	seen := map[string]bool{}
	var out []machine.Callee
	for _, p := range paths {
		for _, c := range p.Callees {
			if !seen[c.Name] {
				seen[c.Name] = true
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// readOnlyData lists the read-only data regions the kernel read.
func readOnlyData(paths []*machine.Path) []*mem.Region {
	seen := map[*mem.Region]bool{}
	var out []*mem.Region
	for _, p := range paths {
		for _, r := range p.Mem.Regions() {
			if r.Kind == mem.ReadOnly && !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	return out
}

func sortedKeys(m map[int64]bool) []int64 {
	var ks []int64
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}
