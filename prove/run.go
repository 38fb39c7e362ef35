package prove

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"vg.dev/decode"
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

// run lifts the kernel, checks constant time and the frame, interprets the
// spec, and solves every path's goal.
func (s *session) run(ctx context.Context, r *Result, frame *abi.Frame, spec *ssa.Function) error {
	o := r.obl
	b := term.NewBuilder()
	in, err := makeInputs(b, o, frame)
	if err != nil {
		return fmt.Errorf("obligation %s: %w", o.Name(), err)
	}
	fn, err := s.prog.Func(o.Kernel)
	if err != nil {
		return err
	}
	r.Insts = len(fn.Insts)
	solver := smt.NewSolver(s.opts.Timeout, s.opts.SMT2Dir)
	defer solver.Close()
	defer func() { r.Queries, r.CachedQueries = solver.Queries(), solver.CacheHits() }()
	sv := &solveState{ctx: ctx, b: b, solver: solver, r: r, in: in, name: strings.ReplaceAll(o.Name(), "/", "_"), warnErr: s.opts.WarningsAreErrors, arch: s.arch}

	// lift, keeping the events of a path that fails
	kmem := in.mem.Clone()
	assumed := map[string]uint64{}
	for k, v := range o.Assume {
		assumed[k] = v
	}
	for k, v := range s.opts.Assume {
		assumed[k] = v
	}
	kmem.SetDataResolver(s.dataResolver(fn.Bin, assumed))
	var args []machine.Arg
	for _, a := range in.kernelArgs() {
		args = append(args, machine.Arg{Offset: a.off, Value: a.val})
	}
	var events []machine.Event
	paths, liftErr := s.arch.Lift(machine.Config{
		B: b, Mem: kmem, Prog: machine.FromBinary(fn.Bin), MaxPaths: s.opts.MaxPaths, Secret: in.isSecretVar,
		OnEvent: func(e machine.Event) { events = append(events, e) },
		Stop:    ctx.Err, // the budget
	}, fn.Name, fn.Insts, frame, args)
	r.Paths = len(paths)
	r.CodeHash = codeHash(fn, readOnlyData(paths))

	// the precondition, assumed by every check
	var assume []*term.Term
	specFns := []*ssa.Function{spec}
	if o.Requires != "" {
		if f, err := s.specs.Func(o.Requires); err == nil {
			specFns = append(specFns, f)
		}
		req, err := s.requires(b, in, frame, o.Requires)
		if err != nil {
			return err
		}
		assume = append(assume, b.Conjuncts(req)...)
		// Under a precondition no input meets, every claim holds.
		ok, err := sv.feasible(assume)
		if err != nil {
			return fmt.Errorf("precondition %s: %w", o.Requires, err)
		}
		if !ok {
			return fmt.Errorf("precondition %s holds for no input: a proof under it would be vacuous", o.Requires)
		}
	}

	if spec != nil {
		r.SpecHash = specHash(specFns...)
	}
	if rev := s.opts.ChangedSince; rev != "" && liftErr == nil {
		rec, err := ReadRecord(s.opts.Records, rev, r.Arch, r.Name())
		if err == nil && rec.CodeHash == r.CodeHash && rec.SpecHash == r.SpecHash && rec.Spec == r.Spec &&
			rec.Equivalence == Proved && rec.CT == Proved && rec.Frame == Proved {
			r.Equivalence, r.CT, r.Frame = Unchanged, Unchanged, Unchanged
			r.Message = "machine code and spec unchanged since " + rev
			return nil
		}
	}

	// frame safety, from the events and the final states
	sv.checkFrame(paths, frame, events, liftErr)
	if liftErr == nil && spec != nil && s.refuteWithRegisters(sv, spec, assume) {
		return nil
	}
	if liftErr != nil || spec == nil {
		if err := sv.checkCTTimed(events, assume, liftErr); err != nil {
			return err
		}
		if liftErr == nil {
			return nil
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
		return fmt.Errorf("lift %s: %w", o.Kernel, liftErr)
	}

	// interpret
	out, err := gossa.Run(gossa.Config{B: b, Mem: in.mem.Clone(), Sizes: frame.Sizes, Stop: ctx.Err}, spec, in.specArgs())
	if err != nil {
		return fmt.Errorf("interpret %s: %w", o.Spec, err)
	}

	// A spec that can panic under the preconditions is a finding.
	for _, p := range out.Panics {
		model, err := sv.satisfiable(append(append([]*term.Term(nil), assume...), p.Cond))
		if err != nil {
			return err
		}
		if model != nil {
			r.Counterexample = sv.counterexample(model, nil)
			r.fail(Refuted, "spec %s can panic (%s at %s) on an input the preconditions allow", o.Spec, p.What, p.Pos)
			return nil
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
			return fmt.Errorf("path condition: %w", err)
		} else if !ok {
			r.InfeasiblePaths++
			continue
		}
		if g.pairs, err = comparePairs(b, in, p, out, frame); err != nil {
			return err
		}
		goals = append(goals, g)
	}
	// A kernel that reads what its caller left in registers, and whose
	// run on random inputs did not differ, is run on inputs chosen for
	// the pattern the trampoline puts in them (entry.go).
	if s.refuteAtEntry(sv, spec, goals) {
		return nil
	}
	// Random simulation before the constant-time check: a kernel it
	// refutes needs no such check, which on the huge terms of a broken
	// kernel (a pointer not advanced, a block transformed four times) can
	// take minutes.
	for i := range goals {
		if model := sv.simulate(goals[i].assume, goals[i].open()); model != nil {
			sv.refute(model, goals[i], LayerSimulation)
			r.CT = Unknown
			r.Message += "; constant time not checked"
			return nil
		}
		goals[i].simulated = true
	}
	if err := sv.checkCTTimed(events, assume, nil); err != nil {
		return err
	}

	// solve
	for _, g := range goals {
		if done, err := sv.solve(g); err != nil || done {
			return err
		}
	}
	r.Equivalence = Proved
	return nil
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
	for _, prm := range in.params {
		r := prm.region
		if r == nil {
			continue
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
		bytes, err := gossa.Flatten(b, out.Results[i], res.Type, frame.Sizes)
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

// specArgs are the spec's arguments: the same regions and variables.
func (in *inputs) specArgs() []gossa.Value {
	b := in.b
	var args []gossa.Value
	for _, p := range in.params {
		switch p.kind {
		case pointerParam:
			args = append(args, gossa.Pointer{Region: p.region, Off: b.Zero(64)})
		case sliceParam:
			n := b.Uint(uint64(p.length), 64)
			args = append(args, gossa.Slice{Ptr: gossa.Pointer{Region: p.region, Off: b.Zero(64)}, Len: n, Cap: n})
		default:
			args = append(args, gossa.Scalar{T: p.scalar})
		}
	}
	return args
}

// requires interprets the precondition on the initial inputs.
func (s *session) requires(b *term.Builder, in *inputs, frame *abi.Frame, name string) (*term.Term, error) {
	fn, err := s.specs.Func(name)
	if err != nil {
		return nil, err
	}
	sig := fn.Signature
	if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type().Underlying(), types.Typ[types.Bool]) {
		return nil, fmt.Errorf("precondition %s must return bool", name)
	}
	pf, err := abi.Layout(types.NewSignatureType(nil, nil, nil, sig.Params(), types.NewTuple(), false), frame.Arch)
	if err == nil {
		kf := *frame
		kf.Results = nil
		err = abi.SameLayout(&kf, pf)
	}
	if err != nil {
		return nil, fmt.Errorf("precondition %s does not take the kernel's parameters: %v", name, err)
	}
	out, err := gossa.Run(gossa.Config{B: b, Mem: in.mem.Clone(), Sizes: frame.Sizes}, fn, in.specArgs())
	if err != nil {
		return nil, fmt.Errorf("interpret precondition %s: %w", name, err)
	}
	v, ok := out.Results[0].(gossa.Scalar)
	if !ok || v.T.Width() != 1 {
		return nil, fmt.Errorf("precondition %s: result is not a bool", name)
	}
	return v.T, nil
}

// dataResolver makes a region for a data symbol the first time the kernel
// addresses it: read-only data holds the binary's bytes; writable data is a
// public symbolic input unless an assumption fixes it.
func (s *session) dataResolver(bin *decode.Binary, assume map[string]uint64) func(uint64) (*mem.Region, bool) {
	made := map[string]*mem.Region{}
	return func(addr uint64) (*mem.Region, bool) {
		sym, ok := bin.SymbolAt(addr)
		if !ok || sym.Size == 0 {
			return nil, false
		}
		if r, ok := made[sym.Name]; ok {
			return r, true
		}
		r := &mem.Region{Name: sym.Name, Size: int64(sym.Size), Addr: sym.Addr}
		if sym.Writable {
			r.Kind = mem.Global
			if v, ok := assume[sym.Name]; ok {
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
