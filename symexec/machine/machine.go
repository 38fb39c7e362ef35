// Package machine holds what every instruction-set lifter shares: its
// configuration, the paths and events it returns, its errors, and the
// description of an architecture that the prover dispatches on
// (symexec/amd64, symexec/arm64).
package machine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"vg.dev/decode"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Program is what a lifter needs from the binary: the functions that CALL,
// BL and tail jumps reach.
type Program interface {
	FuncAt(addr uint64) (Callee, bool)
}

// Callee is a function a CALL, BL or tail jump reaches.
type Callee struct {
	Name  string
	Insts []decode.Inst
	// SPMax is its declared frame (decode.Frame.SPMax): the bytes below
	// its entry SP it may use.
	SPMax int64
}

// FromBinary returns the Program of the functions of a decoded binary. The
// function returned contains addr; the lifter finds the instruction. A
// function without an entry in the binary's function table is not found.
func FromBinary(b *decode.Binary) Program { return binaryProgram{b} }

type binaryProgram struct{ b *decode.Binary }

func (p binaryProgram) FuncAt(addr uint64) (Callee, bool) {
	f, err := p.b.FuncAt(addr)
	if err != nil {
		return Callee{}, false
	}
	fr, err := f.Frame()
	if err != nil {
		return Callee{}, false
	}
	return Callee{Name: f.Name, Insts: f.Insts, SPMax: fr.SPMax}, true
}

// Config configures a run of a lifter.
type Config struct {
	B *term.Builder
	// Mem holds the regions of the pointer arguments (and any data
	// regions), with the data resolver set. A lifter does not modify it:
	// the paths work on clones, to which it adds the region "stack".
	Mem      *mem.Memory
	Prog     Program // resolves calls and tail jumps; may be nil for leaf functions
	MaxPaths int     // paths, i.e. forks on symbolic branches + 1 (default 64)
	MaxSteps int     // instructions executed over all paths (default 2_000_000)
	// Secret reports whether an input variable is secret; it marks events
	// (may be nil).
	Secret func(v *term.Term) bool
	// OnEvent, if set, sees every event as it happens, so a caller keeps
	// the events of a path that ends in an error.
	OnEvent func(Event)
	// NoPathEvents leaves Path.Events empty, for a caller that keeps the
	// events through OnEvent: on a long kernel the paths' copy was half
	// the memory of both.
	NoPathEvents bool
	// OnStep, if set, sees each instruction executed, after it ran, with
	// the values it wrote (registers, flags and their operands, memory):
	// reports show which instructions touch a secret.
	OnStep func(pc uint64, wrote []*term.Term)
	// Stop, if set, is asked before every StopEvery-th instruction (one
	// instruction over huge terms can take seconds); when it returns
	// an error the run ends with it (a caller's deadline: a long loop
	// must not outlive the time budget).
	Stop func() error
	// SPMax is the entry function's declared frame (decode.Frame.SPMax):
	// the bytes below its entry SP it may use. Zero, the default, grants
	// none (see StackFrame).
	SPMax int64
}

// StopEvery is how many instructions a lifter executes between calls of
// Config.Stop.
const StopEvery = 1

// Arg is the content of one ABI0 argument slot: Value (of 8×size bits) at
// byte offset Offset of the argument frame.
type Arg struct {
	Offset int64
	Value  *term.Term
}

// Lifter executes a function symbolically, entered per ABI0 with the
// argument frame holding args, and returns one Path per control path.
type Lifter func(cfg Config, name string, insts []decode.Inst, frame *abi.Frame, args []Arg) ([]*Path, error)

// Arch describes an instruction set to the prover.
type Arch struct {
	Name string
	Lift Lifter
	// Preserved are the registers that must hold their entry value (the
	// variable "entry."+name) when the function returns.
	Preserved []string
	// VarTime is the variable-time instruction policy, by mnemonic.
	VarTime map[string]VarTimeRule
	// DefinedAtEntry are the registers whose entry value (the variable
	// "entry."+name) ABI0 defines: the caller's frame pointer, g. Every
	// other entry.* value is whatever the caller left, and may be secret.
	DefinedAtEntry []string
	// LeftoverBelow is the offset in Path.Stack below which the stack
	// holds what earlier calls left there: undefined at entry, and
	// possibly secret.
	LeftoverBelow int64
	// ArgBase is the offset in Path.Stack of argument frame offset 0
	// (Path.ArgOff).
	ArgBase int64
}

// UndefinedAtEntry reports whether the variable v is a value the caller
// left and ABI0 does not define: a register other than those of
// DefinedAtEntry, or a stack word below LeftoverBelow.
func (a *Arch) UndefinedAtEntry(v *term.Term) bool {
	name := v.Name()
	if reg, ok := strings.CutPrefix(name, "entry."); ok {
		return !slices.Contains(a.DefinedAtEntry, reg)
	}
	if off, ok := strings.CutPrefix(name, "stack@"); ok {
		n, err := strconv.ParseInt(off, 10, 64)
		return err == nil && n < a.LeftoverBelow
	}
	return false
}

// Path is one control path through the function, from entry to the return
// to the caller.
type Path struct {
	Cond   *term.Term            // path condition (width 1)
	Mem    *mem.Memory           // final memory (input regions and the stack)
	Stack  *mem.Region           // the stack region
	ArgOff int64                 // offset in Stack of argument frame offset 0
	Regs   map[string]*term.Term // final general registers by name
	Events []Event               // in execution order
	Steps  int                   // instructions executed on this path
	Ret    *decode.Inst          // the final return
	// Callees are the other functions the run entered (CALL, BL, tail
	// jumps), by name: their code is part of what was proved.
	Callees []Callee
	// Assumptions are what the lift assumed, for the report ("stack
	// suffices: …", the fast path of a stack-growth prologue).
	Assumptions []string
}

// StackSuffices is the assumption a lifter records when it runs only the
// fast path of fn's stack-growth prologue (the check of SP against
// g.stackguard0 the assembler inserts in a function that is not NOSPLIT).
func StackSuffices(fn string) string {
	return fmt.Sprintf("stack suffices: %s's stack-growth prologue takes its fast path (the runtime.morestack path is not proved)", fn)
}

// EventKind says what an Event records.
type EventKind uint8

// The kinds of event.
const (
	Branch  EventKind = iota // a conditional branch; Term is the condition (taken when 1)
	Load                     // a memory read; Term is the address, Size the bytes
	Store                    // a memory write; Term is the address, Size the bytes
	VarTime                  // an instruction whose timing depends on Operands
)

func (k EventKind) String() string {
	switch k {
	case Branch:
		return "branch"
	case Load:
		return "load"
	case Store:
		return "store"
	case VarTime:
		return "variable-time"
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// An Event is an observation for the constant-time checker.
type Event struct {
	Kind     EventKind
	Mnemonic string // the instruction, e.g. DIV
	PC       uint64
	File     string
	Line     int
	Term     *term.Term   // branch condition or address
	Size     int          // bytes accessed
	Operands []*term.Term // VarTime: the operands
	Secret   bool         // Term or Operands depend on a variable Config.Secret reports
	Cond     *term.Term   // the path condition when the event happened
	// InBounds is set on a load or store at a symbolic offset whose range
	// does not prove it in bounds: the condition (width 1) that it is, an
	// obligation under Cond (symidx.go).
	InBounds *term.Term
}

// Severity says how a secret operand of a variable-time instruction is
// reported.
type Severity int

// The severities.
const (
	Forbidden Severity = iota // a violation
	Warning                   // reported; an error only when warnings are errors
)

func (s Severity) String() string { return [...]string{"forbidden", "warning"}[s] }

// VarTimeRule is the policy for one variable-time instruction.
type VarTimeRule struct {
	Severity Severity
	Why      string
	// Source is where the entry comes from (a vendor's document or a
	// measurement anyone can repeat).
	Source string
}

// ErrUndefinedFlags is wrapped by every lifter's error for a read of a
// condition flag that holds no defined value (undefined at entry, or left
// undefined by an earlier instruction): the kernel's result would depend on
// the caller or the processor model. It is an error, never a proof.
var ErrUndefinedFlags = errors.New("reads an undefined condition flag")

// Errors of the ABI0 frame at the final return.
var (
	ErrUnbalancedStack = errors.New("SP not restored at RET")
	ErrCorruptReturn   = errors.New("return to a corrupted address")
)

// UnsupportedError reports an instruction the lifter does not model.
type UnsupportedError struct {
	Mnemonic string
	Inst     string // the instruction in Go syntax
	Func     string
	PC       uint64
	File     string
	Line     int
	Reason   string // why this form is not modelled, if known
}

func (e *UnsupportedError) Error() string {
	s := fmt.Sprintf("unmodelled instruction %s (%s) at pc %#x (%s) in %s", e.Mnemonic, e.Inst, e.PC, Pos(e.File, e.Line), e.Func)
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	return s
}

// Error is any other failure of a lifter at an instruction.
type Error struct {
	Inst string
	Func string
	PC   uint64
	File string
	Line int
	Err  error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s at pc %#x (%s) in %s: %v", e.Inst, e.PC, Pos(e.File, e.Line), e.Func, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Pos formats file:line, or "?" when unknown.
func Pos(file string, line int) string {
	if file == "" {
		return "?"
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// TooManyPaths is the error of a fork past Config.MaxPaths, at a branch
// whose condition depends on a secret (secret) or only on public values.
func TooManyPaths(max int, secret bool) error {
	if secret {
		return fmt.Errorf("more than %d paths: a branch on a secret value inside a loop (a trip count that depends on a secret?); it is a constant-time violation", max)
	}
	return fmt.Errorf("more than %d paths: a branch on a public symbolic value inside a loop (a length not fixed by -sizes?); raise -max-paths", max)
}

// ErrNoReturn is wrapped by a lifter's error for a path whose loop repeats
// forever: it comes back to a loop head in exactly the state it was in the
// time before (execution from there is deterministic), or a probe shows
// that what changes decides no branch (loop.go). It is a defect of the
// kernel (a loop counter never advanced), never a proof.
var ErrNoReturn = errors.New("the loop repeats forever: the function never returns")
