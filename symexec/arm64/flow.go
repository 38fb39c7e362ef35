package arm64

import (
	"errors"
	"fmt"
	"sort"

	"golang.org/x/arch/arm64/arm64asm"

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

// Arch describes arm64 to the prover. R28 (g) and R29 (the frame pointer)
// must hold their entry values at the final return.
var Arch = machine.Arch{
	Name:      "arm64",
	Lift:      Run,
	Preserved: []string{"R28", "R29"},
	VarTime:   VarTimePolicy,
	// g and the caller's frame pointer are defined; every other register
	// holds what the caller (or the ABI wrapper, which leaves the
	// arguments in R0, R1, …) left.
	DefinedAtEntry: []string{"R28", "R29"},
	// Below the caller's frame record (saved FP at −8(RSP)) is the frame
	// of whatever ran there last.
	LeftoverBelow: StackBelow - 8,
	ArgBase:       StackBelow + 8,
}

// StackBelow is the number of bytes of stack below the entry SP.
const StackBelow = 64 << 10

// function is a function whose instructions the lifter executes.
type function struct {
	name  string
	spMax int64 // its declared frame
	insts []Inst
	pro   prologue // its stack-growth prologue (prologue.go)
}

// find returns the index of the instruction at pc.
func (f *function) find(pc uint64) (int, bool) {
	i := sort.Search(len(f.insts), func(i int) bool { return f.insts[i].PC >= pc })
	return i, i < len(f.insts) && f.insts[i].PC == pc
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
	entryFP *term.Term // the variable entry.R29
	stack   *mem.Region
	argOff  int64
	funcs   map[string]*function
	stored  []*term.Term // values the current instruction stored (trace.go)
	// assumptions are what the run assumed (prologue.go), in order.
	assumptions []string
	assumed     map[string]bool
}

// Run lifts the function name whose instructions are insts (the first is
// the entry), entered per ABI0 with the argument frame (frame.Size bytes
// of arguments and results) holding args, and returns one Path per control
// path not syntactically infeasible, in the order they finish.
//
// X0..X29 start as the variables entry.R0 ... entry.R29 (R28 is g, R29
// the frame pointer) and X30 (LR) as the variable retaddr. SP points into
// a fresh stack region: StackBelow bytes, then the caller's saved-LR slot
// at 0(RSP), then the argument frame from 8(RSP). The flags start
// undefined. The variables are named the same in every Run with one
// Builder.
func Run(cfg Config, name string, insts []Inst, frame *abi.Frame, args []Arg) ([]*Path, error) {
	if cfg.B == nil || cfg.Mem == nil {
		return nil, errors.New("arm64: Config.B and Config.Mem are required")
	}
	if len(insts) == 0 {
		return nil, fmt.Errorf("arm64: %s has no instructions", name)
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
		return nil, errors.New("arm64: the memory already has a region named stack")
	}
	if cfg.SPMax < 0 || cfg.SPMax+8 > StackBelow {
		return nil, fmt.Errorf("arm64: %s declares a frame of %d bytes (at most %d are modelled)", name, cfg.SPMax, StackBelow-8)
	}
	m := cfg.Mem.Clone()
	// SP is 16-byte aligned at every call (AAPCS64, and the Go ABI).
	stack := m.Add(&mem.Region{Name: "stack", Kind: mem.Stack, Size: StackBelow + 8 + frameSize, Writable: true, Align: 16})
	r := &runner{
		cfg: cfg, b: b, npaths: 1,
		retaddr: b.Var("retaddr", 64),
		entrySP: b.Add(stack.Base, b.Uint(StackBelow, 64)),
		entryFP: b.Var("entry.R29", 64),
		stack:   stack,
		argOff:  StackBelow + 8,
		funcs:   map[string]*function{},
	}
	for _, a := range args {
		n := int64(a.Value.Width() / 8)
		if a.Value.Width()%8 != 0 || a.Offset < 0 || a.Offset+n > frameSize {
			return nil, fmt.Errorf("arm64: argument of %d bits at offset %d outside the %d-byte frame", a.Value.Width(), a.Offset, frameSize)
		}
		if err := m.Store(stack, r.argOff+a.Offset, a.Value); err != nil {
			return nil, err
		}
	}
	if err := decoded(name, insts); err != nil {
		return nil, err
	}
	fn := &function{name: name, insts: insts, spMax: cfg.SPMax}
	r.funcs[name] = fn
	s := &state{r: r, b: b, mem: m, cond: b.Bool(true), fn: fn}
	s.frame = frameOf(fn, StackBelow)
	for i := range s.x {
		s.x[i] = b.Var("entry."+RegNames[i], 64)
	}
	s.x[RegLR] = r.retaddr
	s.sp = r.entrySP
	if cfg.RegABI != nil {
		if err := r.enterInternal(s); err != nil {
			return nil, err
		}
	}
	r.work = append(r.work, s)
	for len(r.work) > 0 {
		s := r.work[len(r.work)-1]
		r.work = r.work[:len(r.work)-1]
		if err := r.exec(s); err != nil {
			return nil, err
		}
		r.paths = append(r.paths, &Path{
			Cond: s.cond, Mem: s.mem, Stack: stack, ArgOff: r.argOff,
			Regs: s.regMap(), Events: s.events, Steps: s.steps, Ret: s.in,
			Callees: r.callees(name), Assumptions: append([]string(nil), r.assumptions...),
		})
	}
	return r.paths, nil
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
	s.in, s.enc, s.op = in, word(in), in.ARM64.Op
	if in.Data {
		return s.wrap(fmt.Errorf("%w %#08x (alignment padding, UDF or a literal pool constant)", ErrDataWord, s.enc))
	}
	if in.Len != 4 {
		return s.wrap(fmt.Errorf("instruction of %d bytes", in.Len))
	}
	if s.op == 0 {
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
	f := formOf(s.enc)
	if f == nil {
		return s.unsupported(unmodelledReason(s.enc))
	}
	if !f.allows(s.op) {
		return s.unsupported(fmt.Sprintf("%v is not a modelled instruction of the form %s", s.op, f.Name))
	}
	s.jumped = false
	fn, idx := s.fn, s.idx
	before := r.beforeStep(s)
	if err := f.sem(s); err != nil {
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
	next := in.PC + 4
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
	var e *Error
	if errors.As(err, &ue) || errors.As(err, &e) {
		return err
	}
	return &Error{Inst: syntax(s.in), Func: s.fn.name, PC: s.in.PC, File: s.in.File, Line: s.in.Line, Err: err}
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
		return nil, 0, fmt.Errorf("target %#x is not an instruction of %s", pc, c.Name)
	}
	return f, i, nil
}

// goTo continues execution at pc. A function other than the current one
// (a BL, BLR, or tail jump) is entered at its first instruction and runs
// in the frame it declares below SP.
func (s *state) goTo(pc uint64) error {
	f, i, err := s.function(pc)
	if err != nil {
		return err
	}
	if f != s.fn {
		if i != 0 {
			return fmt.Errorf("transfer into the middle of %s: the stack frame it runs in is unknown", f.name)
		}
		r, off, err := s.mem.ConstOffset(s.sp)
		if err != nil || r != s.r.stack {
			return fmt.Errorf("transfer to %s with SP %v not in the stack", f.name, s.sp)
		}
		s.frame = frameOf(f, off)
	}
	s.fn, s.idx, s.jumped = f, i, true
	return nil
}

// frameOf is the stack frame of f entered with SP at offset entry of the
// stack region: its declared frame below SP and, below that, the slot
// where its prologue saves the frame pointer (MOVD R29, -8(RSP) after
// the frame is allocated); the caller's frame record at −8 and 0 is not
// its to write.
func frameOf(f *function, entry int64) machine.StackFrame {
	floor := entry
	if f.spMax > 0 {
		floor = entry - f.spMax - 8
	}
	return machine.StackFrame{Func: f.name, Entry: entry, Floor: floor, SPMax: f.spMax, Record: [2]int64{entry - 8, entry + 8}}
}

// transfer continues at target, which must be a constant address of an
// instruction of a known function (or a code symbol's base plus a
// constant).
func (s *state) transfer(target *term.Term, what string) error {
	pc, ok := target.Uint64()
	if !ok {
		// An address into the text as ADR makes it: the code symbol's
		// region base plus a constant.
		if r, off, err := s.mem.ConstOffset(target); err == nil && r.Addr != 0 {
			pc, ok = r.Addr+uint64(off), true
		}
	}
	if !ok {
		return fmt.Errorf("unresolved indirect %s: target %v is not a constant", what, target)
	}
	if err := s.goTo(pc); err != nil {
		return fmt.Errorf("unresolved indirect %s: %w", what, err)
	}
	return nil
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
		return machine.TooManyPaths(r.cfg.MaxPaths, r.cfg.Secret != nil && dependsOn(r.cfg.Secret, []*term.Term{c}))
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
	register("B, BL", 0x7C000000, 0x14000000, branchImm, arm64asm.B, arm64asm.BL)
	register("B.cond", 0xFF000010, 0x54000000, branchCond, arm64asm.B)
	register("CBZ, CBNZ", 0x7E000000, 0x34000000, compareBranch, arm64asm.CBZ, arm64asm.CBNZ)
	register("TBZ, TBNZ", 0x7E000000, 0x36000000, testBranch, arm64asm.TBZ, arm64asm.TBNZ)
	register("BR", 0xFFFFFC1F, 0xD61F0000, branchReg, arm64asm.BR)
	register("BLR", 0xFFFFFC1F, 0xD63F0000, branchReg, arm64asm.BLR)
	register("RET", 0xFFFFFC1F, 0xD65F0000, ret, arm64asm.RET)
}

// pcRel is the target of a PC-relative branch with an imm field of n bits
// at bit lo, scaled by 4.
func (s *state) pcRel(lo, n int) uint64 {
	imm := sext(uint64(field(s.enc, lo+n-1, lo)), n) * 4
	return s.in.PC + uint64(imm)
}

// branchImm: B and BL (bit 31) to PC + imm26×4, inside the function, to
// another function (a tail call), or a call that is followed. BL writes
// the address of the next instruction to X30.
func branchImm(s *state) error {
	target := s.pcRel(0, 26)
	if bit(s.enc, 31) {
		return s.call(s.b.Uint(target, 64))
	}
	return s.goTo(target)
}

// call enters the function at target (a BL or BLR), with X30 the
// address of the next instruction.
func (s *state) call(target *term.Term) error {
	ret := s.in.PC + 4
	if err := s.setReg(RegLR, s.b.Uint(ret, 64)); err != nil {
		return err
	}
	s.calls = append(s.calls, callFrame{ret: ret, sp: s.sp, fn: s.fn, frame: s.frame})
	return s.transfer(target, "call")
}

// branchCond: B.cond to PC + imm19×4.
func branchCond(s *state) error {
	c, err := s.condition(condCode(field(s.enc, 3, 0)))
	if err != nil {
		return err
	}
	return s.branch(c, s.pcRel(5, 19))
}

// compareBranch: CBZ and CBNZ (bit 24) Rt, branch if the W or X register is
// (not) zero.
func compareBranch(s *state) error {
	w := width(s.enc)
	c := s.b.Eq(s.reg(fRd(s.enc), w), s.b.Zero(w))
	if bit(s.enc, 24) {
		c = s.b.Not(c)
	}
	return s.branch(c, s.pcRel(5, 19))
}

// testBranch: TBZ and TBNZ (bit 24) Rt, #b5:b40, branch if the bit is
// zero (not zero).
func testBranch(s *state) error {
	n := int(field(s.enc, 31, 31)<<5 | field(s.enc, 23, 19))
	c := s.b.Not(s.b.Bit(s.reg(fRd(s.enc), 64), n))
	if bit(s.enc, 24) {
		c = s.b.Not(c)
	}
	return s.branch(c, s.pcRel(5, 14))
}

// branchReg: BR Xn and BLR Xn to a constant target. BLR reads Xn before
// it writes X30.
func branchReg(s *state) error {
	target := s.reg(fRn(s.enc), 64)
	if s.op == arm64asm.BLR {
		return s.call(target)
	}
	return s.transfer(target, "jump")
}

// ret: RET Xn (X30 by default). At depth 0 SP must be back at its entry
// value and Xn must be the caller's return address (retaddr); inside a
// call, SP must be as at the call and Xn the address after the BL.
func ret(s *state) error {
	v := s.reg(fRn(s.enc), 64)
	if len(s.calls) == 0 {
		r := s.r
		switch {
		case s.sp != r.entrySP:
			return fmt.Errorf("%w: SP is %v, not its entry value %v", ErrUnbalancedStack, s.sp, r.entrySP)
		case v != r.retaddr:
			return fmt.Errorf("%w %v (want retaddr)", ErrCorruptReturn, v)
		}
		// A leaf with a frame restores R29 by recomputing it from SP:
		// by the ABI's frame-pointer convention R29 at entry is SP − 8,
		// the caller's frame record.
		if s.x[RegFP] == s.b.Sub(r.entrySP, s.b.Uint(8, 64)) {
			s.x[RegFP] = r.entryFP
		}
		if r.cfg.RegABI != nil {
			if err := r.leaveInternal(s); err != nil {
				return err
			}
		}
		s.done = true
		return nil
	}
	f := s.calls[len(s.calls)-1]
	if k, ok := v.Uint64(); !ok || k != f.ret {
		return fmt.Errorf("%w %v (want %#x)", ErrCorruptReturn, v, f.ret)
	}
	if s.sp != f.sp {
		return fmt.Errorf("%w: SP is %v at the return from a call, not %v as at the call", ErrUnbalancedStack, s.sp, f.sp)
	}
	s.calls = s.calls[:len(s.calls)-1]
	s.frame = f.frame
	i, ok := f.fn.find(f.ret)
	if !ok {
		return fmt.Errorf("return address %#x is not an instruction of %s", f.ret, f.fn.name)
	}
	s.fn, s.idx, s.jumped = f.fn, i, true
	return nil
}

// decoded checks that every instruction of the function name carries its
// arm64 form, as decode's are: one built by hand may not.
func decoded(name string, insts []Inst) error {
	for _, in := range insts {
		if in.ARM64 == nil {
			return fmt.Errorf("arm64: instruction at %#x of %s has no arm64 form (Inst.ARM64 is nil)", in.PC, name)
		}
	}
	return nil
}
