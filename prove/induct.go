package prove

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"slices"
	"sort"
	"time"

	"golang.org/x/tools/go/ssa"

	"vg.dev/decode"
	"vg.dev/obligation"
	"vg.dev/smt"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/amd64"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Induction over lengths. The proofs of run.go are per length. For the
// common shape — a kernel that walks slices of one length n with unrolled
// loops, and a spec that is one counted loop over them (gossa.FindLoop) —
// AllLengths proves the kernel equal to the spec for every n:
//
//   - The kernel is cut at the heads of its loops (the targets of its
//     backward jumps). For each cut point the tool finds a relation between
//     the kernel's registers there and the spec's state after i
//     iterations (the index i, the values the loop carries): a register is
//     a pointer to element i of a slice, an invariant (a term of n and the
//     scalar parameters), a counter (k·r − d·i constant: it moves by d
//     when i moves by k), an encoding of a carried value (the value, or its
//     negation), or irrelevant (a fresh variable). It reads these from the
//     state in which the code before the loops first reaches the cut point
//     and from one havocked iteration of the cut point's loop.
//   - Every segment of the kernel between cut points (and from the entry,
//     and to the return) is lifted once from the abstract state the
//     relation describes: i, n and the carried values are variables, and
//     each slice is a window of its elements i, i+1, … (a region whose base
//     the pointer registers hold). Z3 checks, for each path of the segment,
//     that if the relation held where it started it holds where it ends,
//     with i advanced by the elements the path consumed (k ≥ 1 for a path
//     that comes back to a cut point) and the carried values advanced by k
//     iterations of the spec's loop body run on the same window; that the
//     bytes the path writes are the bytes those iterations write; that the
//     elements it reads and writes exist (i + k ≤ n); and, for a path that
//     returns, that i + k = n and the results are the spec's after the
//     loop.
//
// By induction on the arrivals at cut points the relation holds at every
// arrival, every element is written as the spec writes it, and the kernel
// returns the spec's results. Only then is the kernel "proved for all n".
// Nothing here is assumed: a relation that does not hold, a read or write
// outside the window of the current iteration, a segment that does not
// lift, or an answer other than unsat, and the result says why, and the
// per-length proofs stand alone. The model is the per-length proofs': each
// slice's capacity is its own variable, n ≤ cap ≤ 2⁴⁸/8 (the bytes past
// the length are outside the window's reach: a path reads and writes only
// the elements it consumed), and the induction is run again for every
// aliasing of the slices those proofs try (equal slices share one
// window); the stack a path may touch is the kernel's declared frame; and
// at a loop head the vector and mask registers are fresh (what earlier
// iterations left), as are the registers the relation does not name. A
// spec that takes a slice's capacity or reslices is refused (its windows
// have neither). It proves equivalence only: constant time and the rest of
// frame safety are the per-length proofs' (amd64 only, for now).

// LengthResult is the outcome of AllLengths.
type LengthResult struct {
	Kernel, Spec string
	Proved       bool
	Why          string // when not proved, the first reason
	// Aliasings are the ways the slices may be equal also proved
	// ("z = x"), besides all distinct.
	Aliasings []string
	CutPoints int
	Segments  int // paths checked
	Queries   int
	Seconds   float64
}

// maxLength bounds the length n of the slices of words: 8n bytes fit
// below term.AddrLimit (2⁵⁶), the bound every region's base already has.
const maxLength = 1 << 53

// windowWords is the size of each slice's window in elements: the most any
// segment may touch.
const windowWords = 64

// AllLengths proves the obligation's kernel equal to its spec for every
// length of its slices, by induction (see above). The obligation's sizes
// are ignored.
func AllLengths(ctx context.Context, opts Options, o *obligation.Obligation) (*LengthResult, error) {
	opts.defaults()
	start := time.Now()
	lr := &LengthResult{Kernel: o.Kernel, Spec: o.Spec}
	defer func() { lr.Seconds = time.Since(start).Seconds() }()
	if opts.Arch != "amd64" {
		lr.Why = "the induction over lengths is implemented for amd64 only"
		return lr, nil
	}
	// The induction is over slices of one length n: an obligation whose
	// slices have different lengths is another contract.
	first := -1
	for _, n := range o.Sizes {
		if first >= 0 && n != first {
			lr.Why = fmt.Sprintf("the slices have different lengths (%s): the induction proves slices of one length n", obligation.FormatSizes(o.Sizes))
			return lr, nil
		}
		first = n
	}
	s, err := open(ctx, opts, []*obligation.Obligation{o})
	if err != nil {
		return nil, err
	}
	s.ctx = ctx
	octx, cancel := ctx, context.CancelFunc(func() {})
	if opts.Budget > 0 {
		octx, cancel = context.WithTimeout(ctx, opts.Budget)
	}
	defer cancel()
	err = s.allLengths(octx, o, lr)
	if err != nil {
		var ne *notShape
		if !errors.As(err, &ne) && octx.Err() == nil {
			return nil, err
		}
		lr.Why = err.Error()
		if octx.Err() != nil {
			lr.Why = fmt.Sprintf("not within the budget of %v: %v", opts.Budget, err)
		}
		return lr, nil
	}
	lr.Proved = true
	return lr, nil
}

// allLengths runs the induction for all slices distinct and then for
// each aliasing the per-length proofs try (the first failure decides).
func (s *session) allLengths(ctx context.Context, o *obligation.Obligation, lr *LengthResult) error {
	decl, _, err := s.kernelDecl(o.Kernel)
	if err != nil {
		return err
	}
	frame, err := abi.Layout(decl.Obj.Type().(*types.Signature), s.opts.Arch)
	if err != nil {
		return err
	}
	// The induction walks slices: a pointer to n elements or a pinned
	// integer is a contract it does not express.
	for _, sl := range frame.Params {
		if _, listed := o.Sizes[sl.Name]; listed {
			if _, isSlice := sl.Type.Underlying().(*types.Slice); !isSlice {
				return fail("%s has a listed length but is not a slice: the induction proves slices of one length n", sl.Name)
			}
		}
	}
	// Every slice has the length n: the classes are by type alone.
	sameLen := *o
	sameLen.Sizes = nil
	aliases, err := aliasings(&sameLen, frame)
	if err != nil {
		return fail("%v", err)
	}
	for _, a := range aliases {
		ind, err := s.newInduction(ctx, o, a)
		if err == nil {
			err = ind.prove()
			lr.CutPoints, lr.Segments, lr.Queries = len(ind.cuts), lr.Segments+ind.segments, lr.Queries+ind.solver.Queries()
			ind.solver.Close()
		}
		if err != nil {
			if !a.isDistinct() {
				var ne *notShape
				if errors.As(err, &ne) {
					return fail("with %s (the same memory): %v", a.describe(frame), err)
				}
				return fmt.Errorf("with %s (the same memory): %w", a.describe(frame), err)
			}
			return err
		}
		if !a.isDistinct() {
			lr.Aliasings = append(lr.Aliasings, a.describe(frame))
		}
	}
	return nil
}

// notShape is a reason the induction does not apply or does not go through.
type notShape struct{ msg string }

func (e *notShape) Error() string { return e.msg }

func fail(format string, args ...any) error { return &notShape{fmt.Sprintf(format, args...)} }

// role is what a register at a cut point stands for.
type role struct {
	kind  roleKind
	slice int        // rolePtr: the slice parameter's index
	inv   *term.Term // roleInv: its value, a term of n and the scalars
	// roleCount: k·r − d·i = c, and r ≠ 0 (nonzero), r ≤ n (atMostN)
	k, d             int64
	c                *term.Term
	nonzero, atMostN bool
	// roleCarry: r = enc(carried[j])
	j   int
	neg bool
}

type roleKind int

const (
	roleDead roleKind = iota
	rolePtr
	roleInv
	roleCount
	roleCarry
)

// induction is the state of one AllLengths.
type induction struct {
	ctx    context.Context
	s      *session
	o      *obligation.Obligation
	b      *term.Builder
	frame  *abi.Frame
	kfn    *kernelFunc
	loop   *gossa.Loop
	spec   *ssa.Function
	solver *smt.Solver

	n      *term.Term   // the length
	slices []int        // the parameters that are slices, by index
	bases  []*term.Term // their base addresses before the loops
	caps   []*term.Term // their capacities
	// shared is, per slice (by position in slices), the position of the
	// first slice it is equal to under the aliasing (itself if none).
	shared  []int
	spMax   int64 // the kernel's declared frame
	scalars map[int]*term.Term
	c0      []*term.Term // the carried values before the loop
	cw      []int        // their widths
	bounds  []uint64     // per carried value, a bound at every iteration (0: none)

	cuts     []uint64
	roles    map[uint64][]role // per cut point, per register
	segments int
}

// kernelFunc is the kernel's machine code and what lifting it needs.
type kernelFunc struct {
	name  string
	insts []amd64.Inst
	data  func(uint64) (*mem.Region, bool)
	bin   *decode.Binary
}

func (s *session) newInduction(ctx context.Context, o *obligation.Obligation, alias aliasing) (*induction, error) {
	decl, _, err := s.kernelDecl(o.Kernel)
	if err != nil {
		return nil, err
	}
	frame, err := abi.Layout(decl.Obj.Type().(*types.Signature), s.opts.Arch)
	if err != nil {
		return nil, err
	}
	spec, err := s.specs.Func(o.Spec)
	if err != nil {
		return nil, err
	}
	loop, err := gossa.FindLoop(spec)
	if err != nil {
		return nil, fail("the spec is not one counted loop: %v", err)
	}
	if err := windowsSuffice(spec); err != nil {
		return nil, err
	}
	fn, err := s.prog.Func(o.Kernel)
	if err != nil {
		return nil, err
	}
	fr, err := fn.Frame()
	if err != nil {
		return nil, err
	}
	b := term.NewBuilder()
	ind := &induction{ctx: ctx, s: s, o: o, b: b, frame: frame, loop: loop, spec: spec,
		solver: smt.NewSolver(s.opts.Timeout, s.opts.SMT2Dir), scalars: map[int]*term.Term{}}
	ind.spMax = fr.SPMax
	ind.kfn = &kernelFunc{name: fn.Name, insts: fn.Insts, data: s.dataResolver(fn.Bin, s.opts.Assume, nil), bin: fn.Bin}
	ind.n = b.Var("n", 64)
	indexed := map[string]bool{}
	for _, p := range loop.IndexedSlices() {
		indexed[p.Name()] = true
	}
	for i, p := range frame.Params {
		switch t := p.Type.Underlying().(type) {
		case *types.Slice:
			if !indexed[spec.Params[i].Name()] {
				return nil, fail("the spec's loop does not walk the slice %s", p.Name)
			}
			if err := plainData(t.Elem()); err != nil || frame.Sizes.Sizeof(t.Elem()) != 8 {
				return nil, fail("slice %s: only slices of 64-bit words are walked", p.Name)
			}
			ind.slices = append(ind.slices, i)
			k := len(ind.slices) - 1
			if alias != nil && alias[i] != i {
				for j, sj := range ind.slices {
					if sj == alias[i] {
						k = j
					}
				}
			}
			ind.shared = append(ind.shared, k)
			base := b.Var(p.Name+".base", 64)
			if k != len(ind.slices)-1 {
				base = ind.bases[k]
			}
			ind.bases = append(ind.bases, base)
			ind.caps = append(ind.caps, b.Var(p.Name+".cap", 64))
		case *types.Basic:
			if t.Info()&types.IsInteger == 0 || p.Size != 8 {
				return nil, fail("parameter %s: only 64-bit integers besides the slices", p.Name)
			}
			ind.scalars[i] = b.Var(p.Name, 64)
		default:
			return nil, fail("parameter %s of type %s", p.Name, p.Type)
		}
	}
	if len(ind.slices) == 0 {
		return nil, fail("no slice parameters")
	}
	for _, r := range frame.Results {
		if r.Size != 8 {
			return nil, fail("result %s: only 64-bit results", r.Name)
		}
	}
	cuts := amd64.Cuts(fn.Insts)
	for pc := range cuts {
		ind.cuts = append(ind.cuts, pc)
	}
	sort.Slice(ind.cuts, func(i, j int) bool { return ind.cuts[i] < ind.cuts[j] })
	return ind, nil
}

// bound is the assumption on n and the capacities: n ≤ cap ≤ 2⁴⁸/8
// (maxSliceBytes, as the per-length proofs), and n < 2⁵³.
func (ind *induction) bound() *term.Term {
	b := ind.b
	conds := []*term.Term{b.Ult(ind.n, b.Uint(maxLength, 64))}
	for _, c := range ind.caps {
		conds = append(conds, b.Ule(ind.n, c), b.Ule(c, b.Uint(maxSliceBytes/8, 64)))
	}
	return b.And(conds...)
}

// windowsFor makes the windows (or the one-byte regions around the loop)
// of the slices in m, one per group of equal slices.
func (ind *induction) windowsFor(m *mem.Memory, name func(k int) string, size int64) []*mem.Region {
	var ws []*mem.Region
	for k := range ind.slices {
		if j := ind.shared[k]; j != k {
			ws = append(ws, ws[j])
			continue
		}
		ws = append(ws, m.Add(&mem.Region{Name: name(k), Kind: mem.Input, Size: size, Writable: true}))
	}
	return ws
}

// distinctWindows are ws without the repeats of equal slices.
func distinctWindows(ws []*mem.Region) []*mem.Region {
	var out []*mem.Region
	for _, w := range ws {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// windowsSuffice refuses a spec (or a function it calls) that takes a
// slice's capacity or reslices: the windows the spec runs on have the
// window's length and capacity, not the slice's.
func windowsSuffice(spec *ssa.Function) error {
	seen := map[*ssa.Function]bool{}
	var walk func(f *ssa.Function) error
	walk = func(f *ssa.Function) error {
		if f == nil || seen[f] {
			return nil
		}
		seen[f] = true
		for _, bl := range f.Blocks {
			for _, in := range bl.Instrs {
				switch x := in.(type) {
				case *ssa.Slice:
					if _, isSlice := x.X.Type().Underlying().(*types.Slice); isSlice {
						return fail("the spec reslices at %s, which the induction's windows do not model", f.Prog.Fset.Position(x.Pos()))
					}
				case ssa.CallInstruction:
					c := x.Common()
					if bi, ok := c.Value.(*ssa.Builtin); ok && bi.Name() == "cap" {
						return fail("the spec takes a capacity at %s, which the induction's windows do not model", f.Prog.Fset.Position(x.Pos()))
					}
					if err := walk(c.StaticCallee()); err != nil {
						return err
					}
				}
			}
		}
		for _, an := range f.AnonFuncs {
			if err := walk(an); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(spec)
}

// kernelArgs are the argument slots before the loops: the slices' bases
// and lengths, and the scalars.
func (ind *induction) kernelArgs() []machine.Arg {
	var args []machine.Arg
	k := 0
	for i, p := range ind.frame.Params {
		if v, ok := ind.scalars[i]; ok {
			args = append(args, machine.Arg{Offset: p.Offset, Value: v})
			continue
		}
		args = append(args, machine.Arg{Offset: p.Offset, Value: ind.bases[k]},
			machine.Arg{Offset: p.Offset + 8, Value: ind.n}, machine.Arg{Offset: p.Offset + 16, Value: ind.caps[k]})
		k++
	}
	return args
}

// specArgs are the spec's arguments on windows (or, windows nil, on
// regions of one byte for the code around the loop, which reads no
// element), of length ln.
func (ind *induction) specArgs(windows []*mem.Region, ln *term.Term) []gossa.Value {
	var args []gossa.Value
	k := 0
	for i := range ind.frame.Params {
		if v, ok := ind.scalars[i]; ok {
			args = append(args, gossa.Scalar{T: v})
			continue
		}
		args = append(args, gossa.Slice{Ptr: gossa.Pointer{Region: windows[k], Off: ind.b.Zero(64)}, Len: ln, Cap: ln})
		k++
	}
	return args
}

// lift lifts the segment from start.
func (ind *induction) lift(m *mem.Memory, start amd64.SegmentStart) ([]*amd64.Segment, error) {
	m.SetDataResolver(ind.kfn.data)
	cuts := map[uint64]bool{}
	for _, c := range ind.cuts {
		cuts[c] = true
	}
	segs, err := amd64.RunSegment(machine.Config{B: ind.b, Mem: m, MaxPaths: ind.s.opts.MaxPaths, Stop: ind.ctx.Err, SPMax: ind.spMax},
		ind.kfn.name, ind.kfn.insts, ind.frame, ind.kernelArgs(), start, cuts)
	if err != nil {
		return nil, fail("a segment from %#x does not lift: %v", start.PC, firstLine(err.Error()))
	}
	// Read-only data that holds an address is refused, as by the
	// per-length proofs: another program holds other bytes there.
	var paths []*machine.Path
	for _, sg := range segs {
		paths = append(paths, sg.Path)
	}
	if err := ind.s.linkedBytes(ind.ctx, ind.kfn.bin, readOnlyData(paths)); err != nil {
		return nil, fail("a segment from %#x: %v", start.PC, err)
	}
	return segs, nil
}

// valid asks Z3 whether goal holds under assume (unsat of its negation).
func (ind *induction) valid(what string, assume []*term.Term, goal *term.Term) error {
	if ok, _ := goal.Uint64(); goal.IsConst() && ok == 1 {
		return nil
	}
	q := append(append([]*term.Term(nil), assume...), ind.b.Not(goal))
	out, err := ind.solver.Check(ind.ctx, q, smt.Options{Abstract: true, Name: "induct"})
	if err != nil {
		return err
	}
	if out.Answer == smt.Unsat {
		return nil
	}
	if out.Answer == smt.Sat {
		// Products were uninterpreted: ask again without that.
		out, err = ind.solver.Check(ind.ctx, q, smt.Options{Name: "induct-full"})
		if err != nil {
			return err
		}
		if out.Answer == smt.Unsat {
			return nil
		}
	}
	if out.Answer == smt.Unknown {
		return fail("%s: the solver gave up (%s)", what, out.Reason)
	}
	return fail("%s does not hold", what)
}

// prove runs the induction.
func (ind *induction) prove() error {
	b := ind.b
	// The spec before its loop: the initial carried values.
	pm := mem.New(b)
	dummies := ind.windowsFor(pm, func(k int) string { return fmt.Sprintf("pre%d", k) }, 1)
	c0, out, err := ind.loop.Prelude(gossa.Config{B: b, Mem: pm, Sizes: ind.frame.Sizes, Stop: ind.ctx.Err}, ind.specArgs(dummies, ind.n))
	if err != nil {
		return fail("the spec's code before its loop: %v", err)
	}
	for _, p := range out.Panics {
		if err := ind.valid("the spec's code before its loop cannot panic", []*term.Term{ind.bound()}, b.Not(p.Cond)); err != nil {
			return err
		}
	}
	if c0 == nil {
		return fail("the spec never reaches its loop")
	}
	for _, v := range c0 {
		sc, ok := v.(gossa.Scalar)
		if !ok || sc.T.Width() > 64 {
			return fail("the spec's loop carries a value that is not an integer")
		}
		ind.c0 = append(ind.c0, sc.T)
		ind.cw = append(ind.cw, sc.T.Width())
	}

	if err := ind.specInvariants(); err != nil {
		return err
	}

	// The kernel before its loops, from its entry.
	entry := ind.kfn.insts[0].PC
	first, err := ind.lift(mem.New(b), amd64.SegmentStart{PC: entry})
	if err != nil {
		return err
	}
	// Roles from the first arrivals, with alternatives where the first
	// arrival cannot tell (a carry that is 0 there: the value or its
	// negation; or a register that is irrelevant).
	type arrival struct {
		regs map[string]*term.Term
		cond *term.Term
	}
	arrivals := map[uint64]arrival{}
	for _, sg := range first {
		if sg.End != 0 {
			if _, ok := arrivals[sg.End]; !ok {
				arrivals[sg.End] = arrival{sg.Regs, sg.Cond}
			}
		}
	}
	type choice struct {
		pc   uint64
		reg  int
		alts []role
	}
	var choices []choice
	base := map[uint64][]role{}
	probes := map[uint64]*probe{}
	for _, pc := range ind.cuts {
		a, ok := arrivals[pc]
		if !ok {
			return fail("the loop at %s is not entered from the code before the loops", ind.pos(pc))
		}
		pr, err := ind.probeAt(pc, a.regs)
		if err != nil {
			return err
		}
		probes[pc] = pr
	}
	live := liveness(ind.b, probes)
	for _, pc := range ind.cuts {
		a := arrivals[pc]
		rs, alts, err := ind.infer(pc, a.regs, a.cond, probes[pc], live[pc])
		if err != nil {
			return err
		}
		base[pc] = rs
		for r, as := range alts {
			choices = append(choices, choice{pc, r, as})
		}
	}
	sort.Slice(choices, func(i, j int) bool {
		if choices[i].pc != choices[j].pc {
			return choices[i].pc < choices[j].pc
		}
		return choices[i].reg < choices[j].reg
	})
	combos := 1
	for _, c := range choices {
		combos *= len(c.alts)
		if combos > maxCombos {
			return fail("too many ways to relate the loops' registers to the spec (more than %d)", maxCombos)
		}
	}
	var firstErr error
	for c := 0; c < combos; c++ {
		ind.roles = map[uint64][]role{}
		for pc, rs := range base {
			ind.roles[pc] = append([]role(nil), rs...)
		}
		k := c
		for _, ch := range choices {
			ind.roles[ch.pc][ch.reg] = ch.alts[k%len(ch.alts)]
			k /= len(ch.alts)
		}
		err := ind.checkAll(first)
		if err == nil {
			return nil
		}
		var ne *notShape
		if !errors.As(err, &ne) || ind.ctx.Err() != nil {
			return err
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return firstErr
}

// maxCombos bounds the combinations of ambiguous roles tried.
const maxCombos = 64

// checkAll checks the paths from the entry and from every cut point under
// the current roles.
func (ind *induction) checkAll(first []*amd64.Segment) error {
	for _, sg := range first {
		ind.segments++
		if err := ind.checkEnd(sg, []*term.Term{ind.bound()}, ind.b.Zero(64), 0, ind.c0, nil, nil); err != nil {
			return fmt.Errorf("from the entry: %w", err)
		}
	}
	for _, pc := range ind.cuts {
		if err := ind.checkCut(pc); err != nil {
			return fmt.Errorf("from the loop head at %s: %w", ind.pos(pc), err)
		}
	}
	return nil
}

func (ind *induction) pos(pc uint64) string {
	for _, in := range ind.kfn.insts {
		if in.PC == pc {
			return fmt.Sprintf("%#x (%s)", pc, in.Pos())
		}
	}
	return fmt.Sprintf("%#x", pc)
}
