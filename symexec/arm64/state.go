package arm64

import (
	"errors"
	"fmt"

	"golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Register numbers with a role in the Go ABI0 on arm64.
const (
	RegPlatform = 18 // R18: reserved by the platform, never written
	RegG        = 28 // R28: the current goroutine, g
	RegFP       = 29 // R29: the frame pointer
	RegLR       = 30 // R30: the link register
	regZR       = 31 // encoding 31: ZR or SP, by form
)

// RegNames are the Go assembler names of X0..X30, by number (Path.Regs
// uses them; RSP is the stack pointer).
var RegNames = func() [31]string {
	var n [31]string
	for i := range n {
		n[i] = fmt.Sprintf("R%d", i)
	}
	return n
}()

// The condition flags, in the order of the NZCV register (N is bit 31).
const (
	flagN = iota
	flagZ
	flagC
	flagV
	nflags
)

// FlagNames are the names of the flags, by number.
var FlagNames = [nflags]string{"N", "Z", "C", "V"}

// flag is a condition flag: its value v, or the operation lz it is
// computed from on demand, or neither (undefined at function entry).
type flag struct {
	v  *term.Term
	lz *lazyFlags
}

// state is one control path being executed.
//
// The SIMD&FP registers are not part of it yet: NEON will add
// v [32]*term.Term (128 bits each) with its own read and write helpers, as
// the general registers have here.
type state struct {
	r     *runner
	b     *term.Builder
	x     [31]*term.Term // X0..X30, 64 bits
	sp    *term.Term     // SP, 64 bits
	flags [nflags]flag
	adrp  uint32 // bit n: Xn holds the page address an ADRP wrote (see mov.go)
	mem   *mem.Memory
	cond  *term.Term // path condition

	fn     *function
	idx    int                // index of the current instruction in fn.insts
	frame  machine.StackFrame // the stack fn may touch
	calls  []callFrame
	events []Event
	steps  int

	heads map[loopHead]*snapshot // loop.go; shared with forks, copied on write
	probe *probe                 // set while the state probes a loop (loop.go)

	in     *Inst       // the current instruction
	enc    uint32      // its encoding
	op     arm64asm.Op // its decoded mnemonic
	jumped bool        // the instruction set fn and idx
	done   bool        // the path returned from the function

	// NEON (AdvSIMD): V0..V31, 128 bits each; nil until first read, when
	// it becomes the variable entry.Vn (neon.go: vreg, setV). fork copies
	// the array, sharing the (immutable) terms.
	v [32]*term.Term
}

// callFrame is an active BL or BLR: where RET must return to, with SP as
// it was.
type callFrame struct {
	ret   uint64
	sp    *term.Term
	fn    *function
	frame machine.StackFrame // the caller's
}

// fork returns a copy of s with its own memory. Slices shared with s are
// capped so that appends by either copy do not overwrite the other's.
func (s *state) fork() *state {
	c := *s
	c.mem = s.mem.Clone()
	s.calls = s.calls[:len(s.calls):len(s.calls)]
	s.events = s.events[:len(s.events):len(s.events)]
	c.calls, c.events = s.calls, s.events
	return &c
}

// unsupported reports the current instruction (form) as not modelled.
func (s *state) unsupported(reason string) error {
	return &UnsupportedError{
		Mnemonic: mnemonic(s.in), Inst: syntax(s.in), Func: s.fn.name,
		PC: s.in.PC, File: s.in.File, Line: s.in.Line, Reason: reason,
	}
}

// reg reads general register n (31 is ZR) at width w (32 or 64).
func (s *state) reg(n, w int) *term.Term {
	if n == regZR {
		return s.b.Zero(w)
	}
	if w == 64 {
		return s.x[n]
	}
	return s.b.Extract(s.x[n], w-1, 0)
}

// regSP reads general register n (31 is SP) at width w.
func (s *state) regSP(n, w int) *term.Term {
	if n != regZR {
		return s.reg(n, w)
	}
	if w == 64 {
		return s.sp
	}
	return s.b.Extract(s.sp, w-1, 0)
}

// setReg writes general register n (31 is ZR: the value is discarded); a
// 32-bit value is zero-extended.
func (s *state) setReg(n int, v *term.Term) error {
	if n == regZR {
		return nil
	}
	if n == RegPlatform {
		return ErrPlatformRegister
	}
	s.x[n] = s.wide(v)
	s.adrp &^= 1 << uint(n)
	return nil
}

// setRegSP writes general register n (31 is SP).
func (s *state) setRegSP(n int, v *term.Term) error {
	if n != regZR {
		return s.setReg(n, v)
	}
	s.sp = s.wide(v)
	return nil
}

// wide zero-extends a 32-bit value to 64 bits.
func (s *state) wide(v *term.Term) *term.Term {
	switch v.Width() {
	case 64:
		return v
	case 32:
		return s.b.ZeroExt(v, 64)
	}
	panic(fmt.Sprintf("arm64: register write of %d bits", v.Width()))
}

// access resolves an address to a region and a constant offset, or to the
// places of a symbolic offset (machine/symidx.go), recording the access as
// an event first.
func (s *state) access(addr *term.Term, n int, kind EventKind) (*mem.Region, int64, *mem.Places, error) {
	// A loop probe's havocked offsets stay errors: it stops there, as
	// it concludes only from an iteration that adds nothing to the path
	// condition (machine/loop.go).
	if s.probe == nil {
		if r, pl, err := machine.SymbolicPlaces(s.mem, addr, n); pl != nil || err != nil {
			return s.symbolicAccess(addr, n, kind, r, pl, err)
		}
	}
	s.event(kind, addr, n)
	r, off, err := s.mem.ConstOffset(addr)
	if err == nil && r == s.r.stack {
		err = s.frame.Check(kind.String(), off, n)
	}
	if err == nil {
		err = s.checkSPBase()
	}
	if err == nil && r.Code && kind == Load && !s.literalPool(r.Addr+uint64(off), n) {
		err = &mem.AccessError{Op: "load", Region: r.Name, Off: off, Size: n, Err: mem.ErrCodeLoad}
	}
	if err == nil && !r.Code && !s.mem.Based(addr) {
		// Go's arm64 assembler reaches a symbol through ADR or ADRP and
		// its low bits, which give the region's base (mov.go); a data
		// address that is a bare number (MOVD $n, a word loaded from
		// somewhere) names what the linker put there in the proving
		// binary only.
		err = &mem.AccessError{Op: kind.String(), Region: r.Name, Off: off, Size: n, Err: mem.ErrAbsolute}
	}
	if err != nil {
		if s.throughG(addr) {
			return nil, 0, nil, s.unsupported(fmt.Sprintf("%s through g (R28) not modelled: the goroutine's fields are the runtime's; only the fast path of the stack-growth prologue the assembler emits is (prologue.go)", kind))
		}
		var ae *mem.AccessError
		if errors.As(err, &ae) {
			ae.Op = kind.String()
			ae.Size = n
		}
		return nil, 0, nil, fmt.Errorf("address %v: %w", addr, err)
	}
	return r, off, nil, nil
}

// throughG reports whether addr is g (R28 as the function was entered)
// plus a constant: a field of the goroutine.
func (s *state) throughG(addr *term.Term) bool {
	g, ok := s.b.LookupVar("entry." + RegNames[RegG])
	if !ok {
		return false
	}
	if addr == g {
		return true
	}
	if addr.Op() != term.OpAdd || len(addr.Args()) != 2 {
		return false
	}
	x, y := addr.Arg(0), addr.Arg(1)
	return x == g && y.IsConst() || y == g && x.IsConst()
}

// loadAt reads n bytes at addr (little-endian).
func (s *state) loadAt(addr *term.Term, n int) (*term.Term, error) {
	r, off, pl, err := s.access(addr, n, Load)
	if err != nil {
		return nil, err
	}
	if pl != nil {
		return s.mem.LoadAt(r, pl, n)
	}
	return s.mem.Load(r, off, n)
}

// storeAt writes v at addr (little-endian).
func (s *state) storeAt(addr, v *term.Term) error {
	r, off, pl, err := s.access(addr, v.Width()/8, Store)
	if err != nil {
		return err
	}
	if s.r.cfg.OnStep != nil {
		s.r.stored = append(s.r.stored, v)
	}
	if pl != nil {
		return s.mem.StoreAt(r, pl, 0, v)
	}
	return s.mem.Store(r, off, v)
}

// event records an event at the current instruction.
func (s *state) event(kind EventKind, t *term.Term, size int, operands ...*term.Term) {
	s.eventInBounds(kind, t, size, nil, operands...)
}

// eventInBounds is event, for an access at a symbolic offset with the
// condition that it is in bounds (Event.InBounds).
func (s *state) eventInBounds(kind EventKind, t *term.Term, size int, inBounds *term.Term, operands ...*term.Term) {
	e := Event{Kind: kind, Mnemonic: mnemonic(s.in), PC: s.in.PC, File: s.in.File, Line: s.in.Line,
		Term: t, Size: size, Operands: operands, Cond: s.cond, InBounds: inBounds}
	if sec := s.r.cfg.Secret; sec != nil {
		e.Secret = dependsOn(sec, append([]*term.Term{t}, operands...))
	}
	if !s.r.cfg.NoPathEvents {
		s.events = append(s.events, e)
	}
	if f := s.r.cfg.OnEvent; f != nil {
		f(e)
	}
}

// dependsOn reports whether any of ts has a variable in its support for
// which secret is true.
func dependsOn(secret func(*term.Term) bool, ts []*term.Term) bool {
	var roots []*term.Term
	for _, t := range ts {
		if t != nil && !t.IsConst() {
			roots = append(roots, t)
		}
	}
	found := false
	term.Walk(func(x *term.Term) {
		if !found && x.Op() == term.OpVar && secret(x) {
			found = true
		}
	}, roots...)
	return found
}

// regMap names the general registers and SP.
func (s *state) regMap() map[string]*term.Term {
	m := make(map[string]*term.Term, len(s.x)+1)
	for i, r := range s.x {
		m[RegNames[i]] = r
	}
	m["RSP"] = s.sp
	return m
}
