package gossa

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"runtime/debug"

	"golang.org/x/tools/go/ssa"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Config is the setting of a run.
type Config struct {
	B     *term.Builder
	Mem   *mem.Memory // the argument regions; Run works on a clone
	Sizes types.Sizes
	// MaxSteps bounds the number of SSA instructions executed, over all
	// paths and calls (default 10,000,000).
	MaxSteps int
	// Stop, if set, is polled as the run goes; a non-nil error (the
	// proof's budget expired) ends it with that error.
	Stop func() error
}

// Outcome is the result of a run.
type Outcome struct {
	// Results are the function's results, merged over every returning path.
	// They are meaningful when no panic happens. Nil if no path returns.
	Results []Value
	// Mem is the final memory, merged like Results: it holds the argument
	// regions of Config.Mem and a Local region for each allocation.
	Mem *mem.Memory
	// Panics are the reachable panics, in the order they were found.
	Panics []Panic
	// Compared are the pairs of different regions whose pointers the
	// function compared (== or !=): false here, as the regions are
	// disjoint, but true of two arguments a caller passes equal. Two
	// regions whose addresses it converted to integers (unsafe.Pointer
	// to uintptr: alias.AnyOverlap orders them) are a pair too: the
	// comparisons of those integers hold as of disjoint objects only
	// where the caller assumes the regions apart.
	Compared [][2]*mem.Region
}

// Panic is a proof obligation: the spec panics iff Cond holds. With
// Unmodelled set, Cond is instead where the spec leaves what the
// interpreter models (a reslice of an argument past the elements it
// holds, up to a capacity that has no bytes here): not a panic of Go, but
// no result to prove anything against either, and the path goes on under
// its negation.
type Panic struct {
	Cond       *term.Term // width 1
	Pos        token.Position
	What       string // "index out of range", "nil dereference", "integer divide by zero", ...
	Unmodelled bool
}

// DefaultMaxSteps is the step bound when Config.MaxSteps is 0.
const DefaultMaxSteps = 10_000_000

// maxPathDepth bounds the symbolic branches one path takes without
// merging with another: only a loop whose exit depends on a symbolic value
// (and so never ends) reaches it in practice, and it does so faster than
// the step bound.
const maxPathDepth = 1 << 14

// maxDepth bounds the nesting of calls.
const maxDepth = 256

// ErrSteps is wrapped by the error of a run that exceeds its step bound.
var ErrSteps = errors.New("step bound exceeded")

// interp is one run.
type interp struct {
	b         *term.Builder
	sizes     types.Sizes
	fset      *token.FileSet
	maxSteps  int
	steps     int
	stop      func() error
	depth     int
	nalloc    int
	names     map[string]bool // region names in use
	panics    []Panic
	compared  [][2]*mem.Region // Outcome.Compared
	addressed []*mem.Region    // regions whose address was converted to an integer
	cfgs      map[*ssa.Function]*flow
	consts    map[*ssa.Const]Value
	globals   map[*ssa.Global]*mem.Region // globals.go
}

// state is one path (or a merge of paths) through a function. The blocks
// taken are summed up by the path condition pc; guard says no panic
// happened on the way (panics end their paths, so guard only narrows the
// panic conditions found later, never the values).
type state struct {
	block    *ssa.BasicBlock
	pc       *cond
	guard    *term.Term
	env      map[ssa.Value]Value
	mem      *mem.Memory
	returned bool
	results  []Value
	// defers are the calls deferred so far, run last first at RunDefers.
	defers []deferred
	// bad is why this state (a merge) cannot go on, or nil.
	bad error
}

// deferred is a deferred call: the function and its arguments, evaluated
// where the defer statement ran.
type deferred struct {
	at   *ssa.Defer
	fn   *ssa.Function
	args []Value
	free []Value
}

// cond is a path condition: a conjunction kept as a list sharing its prefix
// with the conditions of the other paths split from the same state (nil is
// true).
type cond struct {
	c      *term.Term
	parent *cond
	depth  int
	conj   *term.Term // the conjunction of the list
}

func (in *interp) extend(p *cond, c *term.Term) *cond {
	n := &cond{c: c, parent: p, depth: 1, conj: c}
	if p != nil {
		n.depth, n.conj = p.depth+1, in.and2(p.conj, c)
	}
	return n
}

func (in *interp) conj(p *cond) *term.Term {
	if p == nil {
		return in.b.Bool(true)
	}
	return p.conj
}

func depth(p *cond) int {
	if p == nil {
		return 0
	}
	return p.depth
}

// flatMax bounds the operands of the conjunctions and disjunctions built
// step by step along a path; past it they nest as ites instead of
// flattening, so that a long path (a loop with a symbolic exit) costs
// linear, not quadratic, time.
const flatMax = 32

func nargs(t *term.Term, op term.Op) int {
	if t.Op() == op {
		return len(t.Args())
	}
	return 1
}

// and2 is x ∧ y.
func (in *interp) and2(x, y *term.Term) *term.Term {
	if nargs(x, term.OpAnd)+nargs(y, term.OpAnd) > flatMax {
		return in.b.Ite(x, y, in.b.Bool(false))
	}
	return in.b.And(x, y)
}

// or2 is x ∨ y.
func (in *interp) or2(x, y *term.Term) *term.Term {
	if nargs(x, term.OpOr)+nargs(y, term.OpOr) > flatMax {
		return in.b.Ite(x, in.b.Bool(true), y)
	}
	return in.b.Or(x, y)
}

// Run interprets fn on args. fn must have no free variables; args are its
// parameters in order.
func Run(cfg Config, fn *ssa.Function, args []Value) (out *Outcome, err error) {
	if cfg.B == nil || cfg.Mem == nil || cfg.Sizes == nil {
		return nil, errors.New("gossa: Config needs B, Mem and Sizes")
	}
	if fn == nil || fn.Blocks == nil {
		return nil, errors.New("gossa: function has no body")
	}
	if len(fn.FreeVars) > 0 {
		return nil, fmt.Errorf("gossa: %s has free variables", fn)
	}
	if len(args) != len(fn.Params) {
		return nil, fmt.Errorf("gossa: %s takes %d arguments, got %d", fn, len(fn.Params), len(args))
	}
	defer func() {
		// A last resort: the interpreter reports what it does not model
		// as errors, but a bug (or a term-level misuse) must not crash
		// the prover.
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("gossa: internal error interpreting %s: %v\n%s", fn, r, debug.Stack())
		}
	}()
	in := &interp{
		b:        cfg.B,
		sizes:    cfg.Sizes,
		fset:     fn.Prog.Fset,
		maxSteps: cfg.MaxSteps,
		stop:     cfg.Stop,
		names:    map[string]bool{},
		cfgs:     map[*ssa.Function]*flow{},
		consts:   map[*ssa.Const]Value{},
		globals:  map[*ssa.Global]*mem.Region{},
	}
	if in.maxSteps <= 0 {
		in.maxSteps = DefaultMaxSteps
	}
	m := cfg.Mem.Clone()
	for _, r := range m.Regions() {
		in.names[r.Name] = true
	}
	ret, err := in.call(fn, args, nil, nil, cfg.B.Bool(true), m)
	if err != nil {
		return nil, err
	}
	out = &Outcome{Panics: in.panics, Mem: cfg.Mem.Clone(), Compared: in.compared}
	if ret != nil {
		out.Results, out.Mem = ret.results, ret.mem
	}
	return out, nil
}

// call interprets fn from memory m under the path condition pc and guard,
// and returns the merge of its returning paths, or nil if none returns.
func (in *interp) call(fn *ssa.Function, args, free []Value, pc *cond, guard *term.Term, m *mem.Memory) (*state, error) {
	if in.depth >= maxDepth {
		return nil, fmt.Errorf("%s: calls nested more than %d deep", fn, maxDepth)
	}
	in.depth++
	defer func() { in.depth-- }()
	f := in.flowOf(fn)
	env := make(map[ssa.Value]Value, f.values)
	for i, p := range fn.Params {
		env[p] = args[i]
	}
	for i, fv := range fn.FreeVars {
		env[fv] = free[i]
	}
	// work holds at most one state per block: a state reaching a block
	// where another waits merges with it.
	work := []*state{{block: fn.Blocks[0], pc: pc, guard: guard, env: env, mem: m}}
	var ret *state
	for len(work) > 0 {
		i := f.pick(work)
		s := work[i]
		work = append(work[:i], work[i+1:]...)
		next, err := in.runBlock(s)
		if err != nil {
			return nil, err
		}
	add:
		for _, n := range next {
			if n.bad != nil {
				return nil, n.bad
			}
			if n.returned {
				if ret == nil {
					ret = n
				} else {
					ret = in.merge(ret, n)
					if ret.bad != nil {
						return nil, ret.bad
					}
				}
				continue
			}
			for j, w := range work {
				if w.block == n.block {
					work[j] = in.merge(w, n)
					if work[j].bad != nil {
						return nil, work[j].bad
					}
					continue add
				}
			}
			work = append(work, n)
		}
	}
	return ret, nil
}

// runBlock executes the block of s (its phis already evaluated) and returns
// the states it leaves in: none if it panics, two at a symbolic branch, a
// returned state at a return.
func (in *interp) runBlock(s *state) ([]*state, error) {
	for _, instr := range s.block.Instrs {
		if _, ok := instr.(*ssa.Phi); ok {
			continue
		}
		in.steps++
		if in.steps > in.maxSteps {
			return nil, fmt.Errorf("spec did not terminate within %d steps: a loop bound that depends on a symbolic value? (%w)", in.maxSteps, ErrSteps)
		}
		if in.stop != nil && in.steps&15 == 0 {
			if err := in.stop(); err != nil {
				return nil, fmt.Errorf("interpreting the spec: %w", err)
			}
		}
		switch instr := instr.(type) {
		case *ssa.Jump:
			return in.enter(s, s.block.Succs[0])
		case *ssa.If:
			return in.branch(s, instr)
		case *ssa.Return:
			s.results = make([]Value, len(instr.Results))
			for i, r := range instr.Results {
				v, err := in.lookup(s, r)
				if err != nil {
					return nil, in.wrap(instr, err)
				}
				s.results[i] = v
			}
			s.returned, s.env = true, nil
			return []*state{s}, nil
		case *ssa.Panic:
			in.fail(s, in.b.Bool(true), instr.Pos(), "explicit panic")
			return nil, nil
		default:
			alive, err := in.exec(s, instr)
			if err != nil {
				return nil, err
			}
			if !alive {
				return nil, nil
			}
		}
	}
	return nil, in.errorf(s.block.Parent().Pos(), "block %d of %s has no terminator", s.block.Index, s.block.Parent())
}

// branch splits s at an If on a symbolic condition.
func (in *interp) branch(s *state, instr *ssa.If) ([]*state, error) {
	cv, err := in.scalar(s, instr.Cond)
	if err != nil {
		return nil, in.wrap(instr, err)
	}
	c := cv.T
	then, els := s.block.Succs[0], s.block.Succs[1]
	if k, ok := c.Uint64(); ok {
		if k == 1 {
			return in.enter(s, then)
		}
		return in.enter(s, els)
	}
	nc := in.b.Not(c)
	// A condition decided by a recent one on the path goes one way.
	for p, k := s.pc, 0; p != nil && k < flatMax; p, k = p.parent, k+1 {
		switch p.c {
		case c:
			return in.enter(s, then)
		case nc:
			return in.enter(s, els)
		}
	}
	if depth(s.pc) >= maxPathDepth {
		return nil, in.wrap(instr, fmt.Errorf("spec did not terminate: a path took more than %d symbolic branches without merging: a loop bound that depends on a symbolic value? (%w)", maxPathDepth, ErrSteps))
	}
	pt, pe := in.extend(s.pc, c), in.extend(s.pc, nc)
	switch {
	case isFalse(pt.conj):
		return in.enter(s, els)
	case isFalse(pe.conj):
		return in.enter(s, then)
	}
	t := in.clone(s)
	s.pc, t.pc = pt, pe
	a, err := in.enter(s, then)
	if err != nil {
		return nil, err
	}
	e, err := in.enter(t, els)
	return append(a, e...), err
}

// enter moves s along the edge to blk, evaluating blk's phis.
func (in *interp) enter(s *state, blk *ssa.BasicBlock) ([]*state, error) {
	pred := -1
	for i, p := range blk.Preds {
		if p == s.block {
			pred = i
			break
		}
	}
	var phis []*ssa.Phi
	var vals []Value
	for _, instr := range blk.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		in.steps++
		if pred < 0 {
			return nil, in.errorf(phi.Pos(), "internal: edge %d -> %d not found", s.block.Index, blk.Index)
		}
		v, err := in.lookup(s, phi.Edges[pred])
		if err != nil {
			return nil, in.wrap(phi, err)
		}
		phis = append(phis, phi)
		vals = append(vals, v)
	}
	for i, phi := range phis {
		s.env[phi] = vals[i]
	}
	s.block = blk
	return []*state{s}, nil
}

func (in *interp) clone(s *state) *state {
	env := make(map[ssa.Value]Value, len(s.env))
	for k, v := range s.env {
		env[k] = v
	}
	return &state{block: s.block, pc: s.pc, guard: s.guard, env: env, mem: s.mem.Clone(), defers: s.defers}
}

// conjList is the conjunction of cs (true if empty).
func (in *interp) conjList(cs []*term.Term) *term.Term {
	r := in.b.Bool(true)
	for _, c := range cs {
		r = in.and2(r, c)
	}
	return r
}

// merge joins two states at the same block (or two returned states) into
// one whose values are "if x's path then x's value else y's". The paths of
// two live states are disjoint, so any condition that holds on x's path and
// fails on y's selects between them: the negated pair where the paths split
// if there is one, so that merged values read ite(c, then, else).
func (in *interp) merge(x, y *state) *state {
	b := in.b
	// The conditions since the paths split, if they split recently.
	var rx, ry []*term.Term
	px, py := x.pc, y.pc
	for px != py && len(rx)+len(ry) <= 2*flatMax {
		if depth(px) >= depth(py) {
			rx, px = append(rx, px.c), px.parent
		} else {
			ry, py = append(ry, py.c), py.parent
		}
	}
	var sel *term.Term
	var pc *cond
	if px != py {
		// Paths that split long ago (a loop with a symbolic exit): select
		// by the whole path condition.
		sel = in.conj(x.pc)
		or := in.or2(sel, in.conj(y.pc))
		pc = &cond{c: or, depth: 1, conj: or}
	} else {
		for _, c := range rx {
			nc := b.Not(c)
			for _, d := range ry {
				if d == nc {
					sel = c
					break
				}
			}
			if sel != nil {
				break
			}
		}
		cx, cy := in.conjList(rx), in.conjList(ry)
		if sel == nil {
			sel = cx
		}
		pc = px
		if !(len(rx) == 1 && len(ry) == 1 && ry[0] == b.Not(rx[0])) {
			if or := in.or2(cx, cy); !isTrue(or) {
				pc = in.extend(pc, or)
			}
		}
	}
	out := &state{
		block:    x.block,
		pc:       pc,
		guard:    b.Ite(sel, x.guard, y.guard),
		mem:      in.mergeMem(sel, x.mem, y.mem),
		returned: x.returned,
	}
	out.defers, out.bad = in.mergeDefers(sel, x.defers, y.defers)
	if x.env != nil {
		out.env = make(map[ssa.Value]Value, len(x.env))
		for k, vx := range x.env {
			// A value defined on one path only does not dominate the
			// join, so nothing after it can use it.
			if vy, ok := y.env[k]; ok {
				out.env[k] = mergeValue(b, sel, vx, vy)
			}
		}
	}
	if x.returned {
		out.results = make([]Value, len(x.results))
		for i := range x.results {
			out.results[i] = mergeValue(b, sel, x.results[i], y.results[i])
		}
	}
	return out
}

// mergeDefers joins the deferred calls of two paths: the same defer
// statements in the same order, their arguments merged; paths that
// deferred different calls are not supported.
func (in *interp) mergeDefers(sel *term.Term, x, y []deferred) ([]deferred, error) {
	if len(x) == 0 && len(y) == 0 {
		return nil, nil
	}
	if len(x) != len(y) {
		longer := x
		if len(y) > len(x) {
			longer = y
		}
		return nil, in.errorf(longer[len(longer)-1].at.Pos(), "paths that deferred different calls join (%d and %d deferred): defer on some paths only is not supported", len(x), len(y))
	}
	out := make([]deferred, len(x))
	for i := range x {
		dx, dy := x[i], y[i]
		if dx.at != dy.at || dx.fn != dy.fn || len(dx.args) != len(dy.args) || len(dx.free) != len(dy.free) {
			return nil, in.errorf(dx.at.Pos(), "paths that deferred different calls join: defer on some paths only is not supported")
		}
		d := deferred{at: dx.at, fn: dx.fn}
		for j := range dx.args {
			d.args = append(d.args, mergeValue(in.b, sel, dx.args[j], dy.args[j]))
		}
		for j := range dx.free {
			d.free = append(d.free, mergeValue(in.b, sel, dx.free[j], dy.free[j]))
		}
		out[i] = d
	}
	return out, nil
}

func isTrue(t *term.Term) bool {
	k, ok := t.Uint64()
	return ok && k == 1
}

func isFalse(t *term.Term) bool {
	k, ok := t.Uint64()
	return ok && k == 0
}

// mergeMem is the memory "if sel then x else y". Differing bytes are merged
// a word at a time (the span of differing bytes within each aligned 8-byte
// word), so that a word written on both paths reads back as one ite.
func (in *interp) mergeMem(sel *term.Term, x, y *mem.Memory) *mem.Memory {
	if x == y {
		return x
	}
	m := x.Clone()
	m.MergeAccesses(x, y)
	for _, r := range y.Regions() {
		if _, ok := m.Region(r.Name); !ok {
			m.Add(r)
		}
	}
	for _, r := range m.Regions() {
		// Only bytes in chunks the two memories no longer share can differ.
		offs := mem.Differ(x, y, r)
		// Per aligned word: the lowest and highest differing byte.
		type span struct{ lo, hi int64 }
		spans := map[int64]*span{}
		var words []int64
		for _, o := range offs {
			if x.Byte(r, o) == y.Byte(r, o) {
				continue
			}
			w := o &^ 7
			sp := spans[w]
			if sp == nil {
				spans[w] = &span{o, o}
				words = append(words, w)
				continue
			}
			sp.lo, sp.hi = min(sp.lo, o), max(sp.hi, o)
		}
		for _, w := range words {
			sp := spans[w]
			n := int(sp.hi - sp.lo + 1)
			vx, err1 := x.Load(r, sp.lo, n)
			vy, err2 := y.Load(r, sp.lo, n)
			if err := errors.Join(err1, err2, m.Store(r, sp.lo, in.b.Ite(sel, vx, vy))); err != nil {
				panic(err) // offsets were written, so they are in bounds
			}
		}
	}
	return m
}

// fail records that s panics (what) when cond holds, and narrows s to the
// paths where it does not. It reports whether s may go on.
func (in *interp) fail(s *state, cond *term.Term, pos token.Pos, what string) bool {
	return in.obligation(s, cond, pos, what, false)
}

// unmodelled records that the path leaves the model where cond holds
// (Panic.Unmodelled) and goes on under its negation, as fail does.
func (in *interp) unmodelled(s *state, cond *term.Term, pos token.Pos, what string) bool {
	return in.obligation(s, cond, pos, what, true)
}

func (in *interp) obligation(s *state, cond *term.Term, pos token.Pos, what string, unmodelled bool) bool {
	b := in.b
	if k, ok := cond.Uint64(); ok && k == 0 {
		return true
	}
	full := in.and2(in.and2(in.conj(s.pc), s.guard), cond)
	if k, ok := full.Uint64(); !ok || k == 1 {
		in.panics = append(in.panics, Panic{Cond: full, Pos: in.fset.Position(pos), What: what, Unmodelled: unmodelled})
	}
	if isTrue(cond) {
		return false
	}
	s.guard = in.and2(s.guard, b.Not(cond))
	return true
}

func (in *interp) errorf(pos token.Pos, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	if p := in.fset.Position(pos); p.IsValid() {
		return fmt.Errorf("%s: %w", p, err)
	}
	return err
}

// flow is the control-flow information of a function that schedules its
// states: a block order in which every forward edge goes forward and each
// loop's blocks follow its header contiguously, and each loop's blocks.
type flow struct {
	index map[*ssa.BasicBlock]int
	loops map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool // header -> its blocks
	// values is how many values a call's environment holds at most: the
	// size to make it (most calls are of small helpers).
	values int
}

func (in *interp) flowOf(fn *ssa.Function) *flow {
	if f := in.cfgs[fn]; f != nil {
		return f
	}
	f := &flow{index: map[*ssa.BasicBlock]int{}, loops: map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{}}
	in.cfgs[fn] = f
	f.values = len(fn.Params) + len(fn.FreeVars)
	for _, b := range fn.Blocks {
		for _, i := range b.Instrs {
			if _, ok := i.(ssa.Value); ok {
				f.values++
			}
		}
	}
	// Reverse postorder of the reachable blocks.
	var post []*ssa.BasicBlock
	seen := map[*ssa.BasicBlock]bool{}
	var dfs func(b *ssa.BasicBlock)
	dfs = func(b *ssa.BasicBlock) {
		seen[b] = true
		for _, s := range b.Succs {
			if !seen[s] {
				dfs(s)
			}
		}
		post = append(post, b)
	}
	dfs(fn.Blocks[0])
	rpo := make([]*ssa.BasicBlock, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
	}
	// Natural loops: a back edge t -> h (h dominates t) and the blocks
	// that reach t without passing h.
	for _, t := range rpo {
		for _, h := range t.Succs {
			if !h.Dominates(t) {
				continue
			}
			body := f.loops[h]
			if body == nil {
				body = map[*ssa.BasicBlock]bool{h: true}
				f.loops[h] = body
			}
			stack := []*ssa.BasicBlock{t}
			for len(stack) > 0 {
				b := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if body[b] || !seen[b] {
					continue
				}
				body[b] = true
				stack = append(stack, b.Preds...)
			}
		}
	}
	// Emit in reverse postorder, but a loop header's body right after it.
	var emit func(list []*ssa.BasicBlock)
	emit = func(list []*ssa.BasicBlock) {
		for _, b := range list {
			if _, done := f.index[b]; done {
				continue
			}
			f.index[b] = len(f.index)
			if body := f.loops[b]; body != nil {
				var sub []*ssa.BasicBlock
				for _, c := range rpo {
					if body[c] && c != b {
						sub = append(sub, c)
					}
				}
				emit(sub)
			}
		}
	}
	emit(rpo)
	return f
}

// pick chooses the state to advance: the one earliest in the block order,
// except that a state at a loop header waits for the states still inside
// that loop (so that one iteration's paths merge before the next starts).
func (f *flow) pick(work []*state) int {
	best := 0
	for i, s := range work {
		if f.index[s.block] < f.index[work[best].block] {
			best = i
		}
	}
	for range work {
		h := work[best].block
		body := f.loops[h]
		if body == nil {
			break
		}
		alt := -1
		for i, s := range work {
			if s.block != h && body[s.block] && (alt < 0 || f.index[s.block] < f.index[work[alt].block]) {
				alt = i
			}
		}
		if alt < 0 {
			break
		}
		best = alt
	}
	return best
}
