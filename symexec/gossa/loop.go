package gossa

import (
	"errors"
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"
	"vg.dev/symexec/mem"
)

// A spec whose work is one counted loop over slices, for every length: the
// prover's induction over lengths (prove/induct.go) takes it apart into
// the code before the loop (Prelude), one iteration of the body (Step) and
// the code after it (Epilogue), each interpreted like a whole function.
//
// The shape is `for i := range s { body }` (or `for i := 0; i < len(s);
// i++`): one loop, whose header's phis are the range index and the
// values the loop carries; a body that leaves only through the header,
// uses the index only to index the slice parameters, and uses no value
// computed before the loop other than the parameters; an exit block that
// returns. Anything else is an error that says what differs.

// Loop is the counted loop of a spec.
type Loop struct {
	Fn      *ssa.Function
	Header  *ssa.BasicBlock // the loop's header
	Body    *ssa.BasicBlock // the header's successor inside the loop
	Exit    *ssa.BasicBlock // its successor outside
	Index   *ssa.Phi        // the header's index phi
	Next    ssa.Value       // the index the body uses: Index+1 (range) or Index
	Carried []*ssa.Phi      // the other phis: what the loop carries
}

// FindLoop finds the counted loop of fn, or says why fn is not of that
// shape.
func FindLoop(fn *ssa.Function) (*Loop, error) {
	if fn.Blocks == nil {
		return nil, errors.New("no Go body")
	}
	l := &Loop{Fn: fn}
	// The header: the one block with a back edge (a predecessor it
	// dominates).
	for _, b := range fn.Blocks {
		for _, p := range b.Preds {
			if b.Dominates(p) {
				if l.Header != nil && l.Header != b {
					return nil, errors.New("more than one loop")
				}
				l.Header = b
			}
		}
	}
	if l.Header == nil {
		return nil, errors.New("no loop")
	}
	h := l.Header
	cond, ok := h.Instrs[len(h.Instrs)-1].(*ssa.If)
	if !ok || len(h.Succs) != 2 {
		return nil, errors.New("the loop header does not end in a conditional branch")
	}
	l.Body, l.Exit = h.Succs[0], h.Succs[1]
	in := loopBlocks(h)
	if in[l.Exit] || !in[l.Body] {
		return nil, errors.New("the loop's condition does not exit through its false edge")
	}
	for b := range in {
		for _, s := range b.Succs {
			if !in[s] && b != h {
				return nil, fmt.Errorf("the loop body leaves the loop other than through its header (block %d)", b.Index)
			}
		}
	}
	// The index: a phi starting at a constant and stepped by 1, compared
	// with a bound by the header's condition.
	for _, instr := range h.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			continue
		}
		if l.Index == nil && isIndexPhi(phi, in) {
			l.Index = phi
			continue
		}
		l.Carried = append(l.Carried, phi)
	}
	if l.Index == nil {
		return nil, errors.New("no index stepped by 1 in the loop header")
	}
	bin, ok := cond.Cond.(*ssa.BinOp)
	if !ok || bin.Op != token.LSS {
		return nil, errors.New("the loop's condition is not index < bound")
	}
	switch x := bin.X.(type) {
	case *ssa.Phi:
		if x != l.Index {
			return nil, errors.New("the loop's condition does not compare its index")
		}
		l.Next = l.Index
	case *ssa.BinOp:
		if x.Op != token.ADD || x.X != l.Index || !isConst(x.Y, 1) || x.Block() != h {
			return nil, errors.New("the loop's condition does not compare its index")
		}
		l.Next = x
	default:
		return nil, errors.New("the loop's condition does not compare its index")
	}
	// What the body uses from outside it.
	for b := range in {
		if b == h {
			continue
		}
		for _, instr := range b.Instrs {
			var ops [8]*ssa.Value
			for _, op := range instr.Operands(ops[:0]) {
				if op == nil || *op == nil {
					continue
				}
				v := *op
				if err := l.checkUse(v, instr, in); err != nil {
					return nil, err
				}
			}
		}
	}
	return l, nil
}

// checkUse accepts an operand of a body instruction: a constant, function
// or global, a parameter, a value of the body, a carried phi, or the index
// as the index of an element of a parameter slice (or array pointer).
func (l *Loop) checkUse(v ssa.Value, instr ssa.Instruction, in map[*ssa.BasicBlock]bool) error {
	pos := l.Fn.Prog.Fset.Position(instr.Pos())
	switch v := v.(type) {
	case *ssa.Const, *ssa.Function, *ssa.Global, *ssa.Builtin, *ssa.Parameter:
		return nil
	case *ssa.Phi:
		if v == l.Index {
			return fmt.Errorf("the body uses the index phi itself (%s at %s)", instr, pos)
		}
	}
	if v == l.Next {
		var base ssa.Value
		switch i := instr.(type) {
		case *ssa.IndexAddr:
			if i.Index == v {
				base = i.X
			}
		case *ssa.Index:
			if i.Index == v {
				base = i.X
			}
		}
		if _, isParam := base.(*ssa.Parameter); !isParam {
			return fmt.Errorf("the body uses the index other than to index a parameter (%s at %s)", instr, pos)
		}
		return nil
	}
	if ins, ok := v.(ssa.Instruction); ok {
		if b := ins.Block(); b != nil && (in[b] && b != l.Header || b == l.Header && isPhiOf(v, l.Carried)) {
			return nil
		}
	}
	return fmt.Errorf("the body uses %s, computed outside it (%s at %s)", v.Name(), instr, pos)
}

func isPhiOf(v ssa.Value, phis []*ssa.Phi) bool {
	for _, p := range phis {
		if v == p {
			return true
		}
	}
	return false
}

// loopBlocks are the blocks of the loop headed by h: those from which a
// back edge to h is reachable without passing h.
func loopBlocks(h *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	in := map[*ssa.BasicBlock]bool{h: true}
	var work []*ssa.BasicBlock
	for _, p := range h.Preds {
		if h.Dominates(p) {
			work = append(work, p)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if in[b] {
			continue
		}
		in[b] = true
		work = append(work, b.Preds...)
	}
	return in
}

// isIndexPhi: a phi whose edge from outside the loop is a constant and
// whose back edge is itself plus 1.
func isIndexPhi(phi *ssa.Phi, in map[*ssa.BasicBlock]bool) bool {
	h := phi.Block()
	for i, e := range phi.Edges {
		back := in[h.Preds[i]]
		if !back {
			if _, ok := e.(*ssa.Const); !ok {
				return false
			}
			continue
		}
		add, ok := e.(*ssa.BinOp)
		if !ok || add.Op != token.ADD || !isConst(add.Y, 1) || add.X != phi {
			return false
		}
	}
	return true
}

func isConst(v ssa.Value, k int64) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Int64() == k
}

// Prelude interprets fn from its entry to the loop's first arrival at the
// header on args, and returns the initial carried values (in Carried
// order) and the memory then.
func (l *Loop) Prelude(cfg Config, args []Value) ([]Value, *Outcome, error) {
	st, out, err := l.run(cfg, args, nil, l.Fn.Blocks[0], l.Header)
	if err != nil || st == nil {
		return nil, out, err
	}
	vals := make([]Value, len(l.Carried))
	for i, p := range l.Carried {
		vals[i] = st.env[p]
	}
	return vals, out, nil
}

// Step interprets one iteration of the body, the body seeing index j
// (Next = j), from the carried values and the memory of cfg, and returns
// the carried values on the back edge and the memory.
func (l *Loop) Step(cfg Config, args []Value, carried []Value, j int64) ([]Value, *Outcome, error) {
	b := cfg.B
	env := map[ssa.Value]Value{}
	for i, p := range l.Carried {
		env[p] = carried[i]
	}
	env[l.Next] = Scalar{b.Uint(uint64(j), 64)}
	if l.Next != l.Index {
		env[l.Index] = Scalar{b.Uint(uint64(j-1), 64)}
	}
	st, out, err := l.run(cfg, args, env, l.Body, l.Header)
	if err != nil || st == nil {
		return nil, out, err
	}
	vals := make([]Value, len(l.Carried))
	for i, p := range l.Carried {
		vals[i] = st.env[p]
	}
	return vals, out, nil
}

// Epilogue interprets the exit block from the carried values and returns
// fn's results.
func (l *Loop) Epilogue(cfg Config, args []Value, carried []Value) (*Outcome, error) {
	env := map[ssa.Value]Value{}
	for i, p := range l.Carried {
		env[p] = carried[i]
	}
	_, out, err := l.run(cfg, args, env, l.Exit, nil)
	return out, err
}

// run interprets fn from block start with the parameters bound to args and
// the values of env, until every path reaches stop (whose phis are then
// set) or returns (stop nil). It returns the merged state at stop.
func (l *Loop) run(cfg Config, args []Value, env map[ssa.Value]Value, start, stop *ssa.BasicBlock) (st *state, out *Outcome, err error) {
	if cfg.B == nil || cfg.Mem == nil || cfg.Sizes == nil {
		return nil, nil, errors.New("gossa: Config needs B, Mem and Sizes")
	}
	fn := l.Fn
	if len(args) != len(fn.Params) {
		return nil, nil, fmt.Errorf("gossa: %s takes %d arguments, got %d", fn, len(fn.Params), len(args))
	}
	in := &interp{
		b: cfg.B, sizes: cfg.Sizes, fset: fn.Prog.Fset, maxSteps: cfg.MaxSteps, stop: cfg.Stop,
		names: map[string]bool{}, cfgs: map[*ssa.Function]*flow{}, consts: map[*ssa.Const]Value{},
		globals: map[*ssa.Global]*mem.Region{},
	}
	if in.maxSteps <= 0 {
		in.maxSteps = DefaultMaxSteps
	}
	m := cfg.Mem.Clone()
	for _, r := range m.Regions() {
		in.names[r.Name] = true
	}
	e := make(map[ssa.Value]Value, 64)
	for i, p := range fn.Params {
		e[p] = args[i]
	}
	for k, v := range env {
		e[k] = v
	}
	f := in.flowOf(fn)
	work := []*state{{block: start, env: e, mem: m, guard: cfg.B.Bool(true)}}
	var at *state
	for len(work) > 0 {
		i := f.pick(work)
		s := work[i]
		work = append(work[:i], work[i+1:]...)
		next, err := in.runBlock(s)
		if err != nil {
			return nil, nil, err
		}
	add:
		for _, n := range next {
			if n.returned || n.block == stop {
				if at == nil {
					at = n
				} else {
					at = in.merge(at, n)
				}
				continue
			}
			for j, w := range work {
				if w.block == n.block {
					work[j] = in.merge(w, n)
					continue add
				}
			}
			work = append(work, n)
		}
	}
	out = &Outcome{Panics: in.panics, Mem: cfg.Mem.Clone(), Compared: in.compared}
	if at != nil {
		out.Mem = at.mem
		if at.returned {
			out.Results = at.results
		}
	}
	return at, out, nil
}

// IndexedSlices lists the parameters of fn the loop body indexes by the
// index: the slices (or array pointers) it walks.
func (l *Loop) IndexedSlices() []*ssa.Parameter {
	seen := map[*ssa.Parameter]bool{}
	var out []*ssa.Parameter
	if refs := l.Next.Referrers(); refs != nil {
		for _, r := range *refs {
			var x ssa.Value
			switch i := r.(type) {
			case *ssa.IndexAddr:
				x = i.X
			case *ssa.Index:
				x = i.X
			}
			if p, ok := x.(*ssa.Parameter); ok && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}
