package amd64

import (
	"errors"
	"fmt"
	"sort"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// The lifter's types are the architecture-neutral ones of package machine.
type (
	Config    = machine.Config
	Arg       = machine.Arg
	Path      = machine.Path
	Event     = machine.Event
	EventKind = machine.EventKind
)

// The kinds of event.
const (
	Branch  = machine.Branch
	Load    = machine.Load
	Store   = machine.Store
	VarTime = machine.VarTime
)

// Errors of the ABI0 frame at the final RET.
var (
	ErrUnbalancedStack = machine.ErrUnbalancedStack
	ErrCorruptReturn   = machine.ErrCorruptReturn
)

// Arch describes amd64 to the prover.
var Arch = machine.Arch{
	Name:      "amd64",
	Lift:      Run,
	Preserved: []string{"BP"},
	VarTime:   VarTimePolicy,
	// BP holds the caller's frame pointer; every other register, the
	// vector and mask registers included, holds what the caller (or the
	// ABI wrapper, which leaves the arguments in AX, BX, …) left.
	DefinedAtEntry: []string{"BP"},
	// Below the return address is the frame of whatever ran there last.
	LeftoverBelow: StackBelow,
	ArgBase:       StackBelow + 8,
}

// StackBelow is the number of bytes of stack below the return address.
const StackBelow = 64 << 10

// function is a function whose instructions the lifter executes.
type function struct {
	name  string
	spMax int64 // its declared frame
	insts []Inst
	ext   map[int]*x86asm.Inst // instructions x86asm left undecoded, decoded here
	pro   prologue             // its stack-growth prologue (prologue.go)
}

// find returns the index of the instruction at pc.
func (f *function) find(pc uint64) (int, bool) {
	i := sort.Search(len(f.insts), func(i int) bool { return f.insts[i].PC >= pc })
	return i, i < len(f.insts) && f.insts[i].PC == pc
}

// machine returns the x86asm form of instruction i.
func (f *function) machine(i int) (*x86asm.Inst, bool) {
	in := &f.insts[i]
	if in.X86.Op != 0 {
		return in.X86, true
	}
	if x, ok := f.ext[i]; ok {
		return x, x != nil
	}
	x, ok := machineInst(in)
	if f.ext == nil {
		f.ext = map[int]*x86asm.Inst{}
	}
	if !ok {
		x = nil
	}
	f.ext[i] = x
	return x, ok
}

// runner holds what the paths of one Run share.
type runner struct {
	cfg     Config
	b       *term.Builder
	work    []*state
	paths   []*Path
	npaths  int
	steps   int
	retaddr *term.Term
	entrySP *term.Term
	stack   *mem.Region
	argOff  int64
	funcs   map[string]*function
	stored  []*term.Term // values the current instruction stored (trace.go)
	// assumptions are what the run assumed (prologue.go), in order.
	assumptions []string
	assumed     map[string]bool
	junk        int // variables page reads made (pageread.go)
	// residueBits is how many low bits of the stack base each path fixes
	// (realign.go); 0 until a realigned address needs them.
	residueBits int
	// taint remembers which terms depend on a secret (dependsOnSecret).
	taint *machine.Taint
}

// Run lifts the function name whose instructions are insts (the first is
// the entry), entered per ABI0 with the argument frame (frame.Size bytes of
// arguments and results) holding args, and returns one Path per control
// path not syntactically infeasible, in the order they finish.
//
// Registers other than SP start as the variables entry.AX, entry.CX, ...;
// SP points into a fresh stack region (StackBelow bytes, then the return
// address, the variable retaddr, then the argument frame). The flags start
// undefined. The variables are named the same in every Run with one
// Builder.
func Run(cfg Config, name string, insts []Inst, frame *abi.Frame, args []Arg) ([]*Path, error) {
	r, s, err := newRun(cfg, name, insts, frame, args)
	if err != nil {
		return nil, err
	}
	stack := r.stack
	init := s.fork() // to start again from, over the stack's residues (realign.go)
	r.work = append(r.work, s)
	for len(r.work) > 0 {
		s := r.work[len(r.work)-1]
		r.work = r.work[:len(r.work)-1]
		if err := r.exec(s); err != nil {
			if again, err := r.restartForResidues(init, err); !again {
				return nil, err
			}
			continue
		}
		r.paths = append(r.paths, &Path{
			Cond: s.cond, Mem: s.mem, Stack: stack, ArgOff: r.argOff,
			Regs: s.regMap(), Events: s.events, Steps: s.steps, Ret: s.in,
			Callees: r.callees(name), Assumptions: append([]string(nil), r.assumptions...),
			PageChecks: s.pageChecks,
		})
	}
	return r.paths, nil
}

// newRun lays out what every lift starts from (Run, RunSegment): the
// stack region with the return address and the arguments, the entry
// registers and flags, and the function's stack frame (Config.SPMax).
func newRun(cfg Config, name string, insts []Inst, frame *abi.Frame, args []Arg) (*runner, *state, error) {
	if cfg.B == nil || cfg.Mem == nil {
		return nil, nil, errors.New("amd64: Config.B and Config.Mem are required")
	}
	if len(insts) == 0 {
		return nil, nil, fmt.Errorf("amd64: %s has no instructions", name)
	}
	if cfg.MaxPaths <= 0 {
		cfg.MaxPaths = 64
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = 2_000_000
	}
	b := cfg.B
	var frameSize int64
	if frame != nil {
		frameSize = frame.Size
	}
	if _, dup := cfg.Mem.Region("stack"); dup {
		return nil, nil, errors.New("amd64: the memory already has a region named stack")
	}
	if cfg.SPMax < 0 || cfg.SPMax > StackBelow {
		return nil, nil, fmt.Errorf("amd64: %s declares a frame of %d bytes (at most %d are modelled)", name, cfg.SPMax, StackBelow)
	}
	m := cfg.Mem.Clone()
	// Go keeps SP 8-byte aligned on amd64, no more: frames are multiples
	// of 8 (the return address is at a multiple of 8).
	stack := m.Add(&mem.Region{Name: "stack", Kind: mem.Stack, Size: StackBelow + 8 + frameSize, Writable: true, Align: 8})
	r := &runner{
		cfg: cfg, b: b, npaths: 1,
		retaddr: b.Var("retaddr", 64),
		entrySP: b.Add(stack.Base, b.Uint(StackBelow, 64)),
		stack:   stack,
		argOff:  StackBelow + 8,
		funcs:   map[string]*function{},
	}
	if err := m.Store(stack, StackBelow, r.retaddr); err != nil {
		return nil, nil, err
	}
	for _, a := range args {
		n := int64(a.Value.Width() / 8)
		if a.Value.Width()%8 != 0 || a.Offset < 0 || a.Offset+n > frameSize {
			return nil, nil, fmt.Errorf("amd64: argument of %d bits at offset %d outside the %d-byte frame", a.Value.Width(), a.Offset, frameSize)
		}
		if err := m.Store(stack, r.argOff+a.Offset, a.Value); err != nil {
			return nil, nil, err
		}
	}
	if err := decoded(name, insts); err != nil {
		return nil, nil, err
	}
	fn := &function{name: name, insts: insts, spMax: cfg.SPMax}
	r.funcs[name] = fn
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true), fn: fn}
	s.frame = machine.StackFrame{Func: name, Entry: StackBelow, Floor: StackBelow - cfg.SPMax, SPMax: cfg.SPMax}
	for i := range s.regs {
		s.regs[i] = b.Var("entry."+RegNames[i], 64)
	}
	s.regs[RSP] = r.entrySP
	s.undefine(fAll, "undefined at function entry")
	if cfg.RegABI != nil {
		if err := r.enterInternal(s); err != nil {
			return nil, nil, err
		}
	}
	return r, s, nil
}

// callees lists the functions entered so far other than the entry one,
// by name.
func (r *runner) callees(entry string) []machine.Callee {
	var out []machine.Callee
	for name, f := range r.funcs {
		if name != entry {
			out = append(out, machine.Callee{Name: name, Insts: f.insts, SPMax: f.spMax})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// exec runs s until it returns from the function.
func (r *runner) exec(s *state) error {
	for !s.done {
		if err := r.step(s); err != nil {
			return err
		}
	}
	return nil
}

// step executes the instruction at s.idx and moves to the next one.
func (r *runner) step(s *state) error {
	r.skipPrologue(s)
	in := &s.fn.insts[s.idx]
	x, ok := s.fn.machine(s.idx)
	s.in, s.x = in, x
	if !ok {
		s.x = in.X86
		return s.unsupported("not decoded")
	}
	if r.steps >= r.cfg.MaxSteps {
		return s.wrap(fmt.Errorf("more than %d instructions executed over all paths: a loop with a symbolic or huge trip count?", r.cfg.MaxSteps))
	}
	r.steps++
	s.steps++
	if r.cfg.Stop != nil && r.steps%machine.StopEvery == 0 {
		if err := r.cfg.Stop(); err != nil {
			return s.wrap(err)
		}
	}
	f := semantics[x.Op]
	if f == nil {
		if x.Op == x86asm.INT && x.Args[0] == x86asm.Imm(3) {
			return s.unsupported("INT3 (padding or breakpoint) reached")
		}
		return s.unsupported("")
	}
	for _, p := range x.Prefix {
		if p == 0 {
			break
		}
		if p&x86asm.PrefixInvalid != 0 {
			return s.unsupported(fmt.Sprintf("invalid prefix %v", p))
		}
	}
	s.jumped = false
	fn, idx := s.fn, s.idx
	before := r.beforeStep(s)
	if err := f(s); err != nil {
		return s.wrap(err)
	}
	r.afterStep(s, in, before)
	if s.jumped && s.fn == fn && s.idx <= idx && !s.done {
		if err := s.atLoopHead(); err != nil {
			return s.wrap(err)
		}
	}
	if s.jumped || s.done {
		return nil
	}
	next := in.PC + uint64(in.Len)
	if s.idx+1 < len(s.fn.insts) && s.fn.insts[s.idx+1].PC == next {
		s.idx++
	} else if i, ok := s.fn.find(next); ok {
		s.idx = i
	} else {
		return s.wrap(fmt.Errorf("execution runs off the end of %s", s.fn.name))
	}
	return nil
}

// wrap attaches the current instruction to err, unless it already names one.
func (s *state) wrap(err error) error {
	var ue *UnsupportedError
	var fe *UndefinedFlagError
	var e *Error
	if errors.As(err, &ue) || errors.As(err, &fe) || errors.As(err, &e) {
		return err
	}
	return &Error{Inst: syntax(s.in, s.x), Func: s.fn.name, PC: s.in.PC, File: s.in.File, Line: s.in.Line, Err: err}
}

// function returns the function holding the instruction at pc and its
// index, looking outside the current function through Config.Prog.
func (s *state) function(pc uint64) (*function, int, error) {
	if i, ok := s.fn.find(pc); ok {
		return s.fn, i, nil
	}
	r := s.r
	if r.cfg.Prog == nil {
		return nil, 0, fmt.Errorf("target %#x is outside %s and no program is given to resolve it", pc, s.fn.name)
	}
	c, ok := r.cfg.Prog.FuncAt(pc)
	if !ok {
		return nil, 0, fmt.Errorf("target %#x is in no known function", pc)
	}
	f := r.funcs[c.Name]
	if f == nil {
		if err := decoded(c.Name, c.Insts); err != nil {
			return nil, 0, err
		}
		f = &function{name: c.Name, insts: c.Insts, spMax: c.SPMax}
		r.funcs[c.Name] = f
	}
	i, ok := f.find(pc)
	if !ok {
		return nil, 0, fmt.Errorf("target %#x is not an instruction boundary of %s", pc, c.Name)
	}
	return f, i, nil
}

// goTo continues execution at pc.
func (s *state) goTo(pc uint64) error {
	f, i, err := s.function(pc)
	if err != nil {
		return err
	}
	s.fn, s.idx, s.jumped = f, i, true
	return nil
}

// relTarget is the target of a relative branch.
func (s *state) relTarget() (uint64, bool) {
	rel, ok := s.x.Args[0].(x86asm.Rel)
	if !ok {
		return 0, false
	}
	return s.in.PC + uint64(s.in.Len) + uint64(int64(rel)), true
}

// branchTarget reads the target of a JMP or CALL: a constant for a
// relative branch, else the value of the register or memory operand.
func (s *state) branchTarget() (t *term.Term, indirect bool, err error) {
	if pc, ok := s.relTarget(); ok {
		return s.b.Uint(pc, 64), false, nil
	}
	v, err := s.read(s.x.Args[0], 64)
	if err != nil {
		return nil, true, err
	}
	if v.Width() != 64 {
		return nil, true, s.unsupported("indirect branch through a narrow operand")
	}
	return v, true, nil
}

// resolve finds the instruction at target, which must be a constant
// address of an instruction of a known function.
func (s *state) resolve(target *term.Term, indirect bool, what string) (*function, int, error) {
	pc, ok := target.Uint64()
	if !ok {
		return nil, 0, fmt.Errorf("unresolved indirect %s: target %v is not a constant", what, target)
	}
	f, i, err := s.function(pc)
	if err != nil && indirect {
		return nil, 0, fmt.Errorf("unresolved indirect %s: %w", what, err)
	}
	return f, i, err
}

// enter returns the stack frame of function f entered with SP at sp: a
// function other than the current one may use its declared frame below
// sp; a CALL to a label of the current function stays in its frame.
func (s *state) enter(f *function, i int, sp *term.Term) (machine.StackFrame, error) {
	if f == s.fn {
		return s.frame, nil
	}
	if i != 0 {
		return machine.StackFrame{}, fmt.Errorf("transfer into the middle of %s: the stack frame it runs in is unknown", f.name)
	}
	r, off, err := s.mem.ConstOffset(sp)
	if err != nil || r != s.r.stack {
		return machine.StackFrame{}, fmt.Errorf("transfer to %s with SP %v not in the stack", f.name, sp)
	}
	return machine.StackFrame{Func: f.name, Entry: off, Floor: off - f.spMax, SPMax: f.spMax}, nil
}

func isFalse(t *term.Term) bool {
	v, ok := t.Uint64()
	return ok && v == 0
}

// branch jumps to target when c holds, forking when c is symbolic and both
// sides are possible.
func (s *state) branch(c *term.Term, target uint64) error {
	s.event(Branch, c, 0)
	if v, ok := c.Uint64(); ok {
		if v == 1 {
			return s.goTo(target)
		}
		return nil
	}
	if s.probe != nil {
		return machine.ErrProbeBranch
	}
	b := s.b
	taken := b.And(s.cond, c)
	fall := b.And(s.cond, b.Not(c))
	switch {
	case isFalse(taken):
		s.cond = fall
		return nil
	case isFalse(fall):
		s.cond = taken
		return s.goTo(target)
	}
	r := s.r
	if r.npaths++; r.npaths > r.cfg.MaxPaths {
		return machine.TooManyPaths(r.cfg.MaxPaths, r.dependsOnSecret(c))
	}
	t := s.fork()
	t.cond = taken
	if err := t.goTo(target); err != nil {
		return err
	}
	r.work = append(r.work, t)
	s.cond = fall
	return nil
}

func init() {
	register(jmp, x86asm.JMP)
	register(jcc, x86asm.JO, x86asm.JNO, x86asm.JB, x86asm.JAE, x86asm.JE, x86asm.JNE, x86asm.JBE, x86asm.JA,
		x86asm.JS, x86asm.JNS, x86asm.JP, x86asm.JNP, x86asm.JL, x86asm.JGE, x86asm.JLE, x86asm.JG)
	register(jcxz, x86asm.JECXZ, x86asm.JRCXZ) // JCXZ needs a 16-bit address size: not encodable in 64-bit mode
	register(call, x86asm.CALL)
	register(ret, x86asm.RET)
}

// near16 refuses a near branch with an operand-size (66) prefix and no
// REX.W. In 64-bit mode Intel processors ignore the prefix, while AMD ones
// honour it: a 16-bit displacement (a shorter instruction), RIP truncated
// to 16 bits, and 2-byte pushes and pops for CALL and RET. No one meaning
// holds on every amd64 processor, so none is modelled.
func (s *state) near16() error {
	if s.x.DataSize == 16 {
		return s.unsupported("near branch with an operand-size prefix: 16-bit on AMD, ignored on Intel")
	}
	return nil
}

// jmp: JMP rel (inside the function, or a tail call) and JMP r/m (to a
// constant target).
func jmp(s *state) error {
	if err := s.near16(); err != nil {
		return err
	}
	t, indirect, err := s.branchTarget()
	if err != nil {
		return err
	}
	f, i, err := s.resolve(t, indirect, "jump")
	if err != nil {
		return err
	}
	// A tail jump to another function runs it in the frame it declares.
	if s.frame, err = s.enter(f, i, s.regs[RSP]); err != nil {
		return err
	}
	s.fn, s.idx, s.jumped = f, i, true
	return nil
}

// jcc: Jcc rel branches on a condition of the flags.
func jcc(s *state) error {
	if err := s.near16(); err != nil {
		return err
	}
	c, err := s.condition(ccOf[s.x.Op])
	if err != nil {
		return err
	}
	t, ok := s.relTarget()
	if !ok {
		return s.unsupported("conditional branch without a relative target")
	}
	return s.branch(c, t)
}

// jcxz: JECXZ and JRCXZ branch when ECX or RCX is zero.
func jcxz(s *state) error {
	if err := s.near16(); err != nil {
		return err
	}
	w := map[x86asm.Op]int{x86asm.JECXZ: 32, x86asm.JRCXZ: 64}[s.x.Op]
	cx := s.b.Extract(s.regs[RCX], w-1, 0)
	t, ok := s.relTarget()
	if !ok {
		return s.unsupported("conditional branch without a relative target")
	}
	return s.branch(s.b.Eq(cx, s.b.Zero(w)), t)
}

// call: CALL pushes the address of the next instruction and continues in
// the callee (followed, not trusted). The target is read before the push.
func call(s *state) error {
	if err := s.near16(); err != nil {
		return err
	}
	t, indirect, err := s.branchTarget()
	if err != nil {
		return err
	}
	f, i, err := s.resolve(t, indirect, "call")
	if err != nil {
		return err
	}
	ret := s.in.PC + uint64(s.in.Len)
	sp := s.b.Sub(s.regs[RSP], s.b.Uint(8, 64))
	// The callee's frame begins with the return address the CALL pushes.
	frame, err := s.enter(f, i, sp)
	if err != nil {
		return err
	}
	caller := callFrame{ret: ret, fn: s.fn, idx: s.idx, frame: s.frame}
	s.frame = frame
	if err := s.storeAt(sp, s.b.Uint(ret, 64)); err != nil {
		return err
	}
	s.regs[RSP] = sp
	s.calls = append(s.calls, caller)
	s.fn, s.idx, s.jumped = f, i, true
	return nil
}

// ret: RET pops the return address. At depth 0 SP must be back at its entry
// value and the address must be the caller's (retaddr); inside a CALL it
// must be the address that CALL pushed.
func ret(s *state) error {
	if err := s.near16(); err != nil {
		return err
	}
	var pop uint64
	if imm, ok := s.x.Args[0].(x86asm.Imm); ok {
		pop = uint64(imm)
	}
	b := s.b
	sp := s.regs[RSP]
	if len(s.calls) == 0 {
		r := s.r
		switch {
		case pop != 0:
			return fmt.Errorf("RET %d from the function itself: ABI0 callers pop their arguments", pop)
		case sp != r.entrySP:
			return fmt.Errorf("%w: SP is %v, not its entry value %v", ErrUnbalancedStack, sp, r.entrySP)
		}
		v, err := s.loadAt(sp, 8)
		if err != nil {
			return err
		}
		if v != r.retaddr {
			return fmt.Errorf("%w %v (want retaddr)", ErrCorruptReturn, v)
		}
		s.regs[RSP] = b.Add(sp, b.Uint(8, 64))
		if r.cfg.RegABI != nil {
			if err := r.leaveInternal(s); err != nil {
				return err
			}
		}
		s.done = true
		return nil
	}
	v, err := s.loadAt(sp, 8)
	if err != nil {
		return err
	}
	f := s.calls[len(s.calls)-1]
	if k, ok := v.Uint64(); !ok || k != f.ret {
		return fmt.Errorf("%w %v (want %#x)", ErrCorruptReturn, v, f.ret)
	}
	s.calls = s.calls[:len(s.calls)-1]
	s.frame = f.frame
	s.regs[RSP] = b.Add(sp, b.Uint(8+pop, 64))
	i, ok := f.fn.find(f.ret)
	if !ok {
		return fmt.Errorf("return address %#x is not an instruction of %s", f.ret, f.fn.name)
	}
	s.fn, s.idx, s.jumped = f.fn, i, true
	return nil
}

// regMap names the general registers.
func (s *state) regMap() map[string]*term.Term {
	m := make(map[string]*term.Term, len(s.regs))
	for i, r := range s.regs {
		m[RegNames[i]] = r
	}
	return m
}

// decoded checks that every instruction of the function name carries its
// amd64 form, as decode's are: one built by hand may not.
func decoded(name string, insts []Inst) error {
	for _, in := range insts {
		if in.X86 == nil {
			return fmt.Errorf("amd64: instruction at %#x of %s has no amd64 form (Inst.X86 is nil)", in.PC, name)
		}
	}
	return nil
}
