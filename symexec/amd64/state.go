package amd64

import (
	"errors"
	"fmt"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// General register numbers, in the order of the x86 encoding (and of
// Path.Regs).
const (
	RAX = iota
	RCX
	RDX
	RBX
	RSP
	RBP
	RSI
	RDI
	R8
	R9
	R10
	R11
	R12
	R13
	R14
	R15
)

// RegNames are the Go assembler names of the general registers, by number.
var RegNames = [16]string{"AX", "CX", "DX", "BX", "SP", "BP", "SI", "DI",
	"R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}

// gpr describes how an x86asm register maps onto a general register.
type gpr struct {
	n     int // register number
	w     int // width in bits
	shift int // 8 for AH, CH, DH, BH
}

// gprOf returns the general register r denotes.
func gprOf(r x86asm.Reg) (gpr, bool) {
	switch {
	case r >= x86asm.AL && r <= x86asm.BL:
		return gpr{int(r - x86asm.AL), 8, 0}, true
	case r >= x86asm.AH && r <= x86asm.BH:
		return gpr{int(r - x86asm.AH), 8, 8}, true
	case r >= x86asm.SPB && r <= x86asm.R15B:
		return gpr{4 + int(r-x86asm.SPB), 8, 0}, true
	case r >= x86asm.AX && r <= x86asm.R15W:
		return gpr{int(r - x86asm.AX), 16, 0}, true
	case r >= x86asm.EAX && r <= x86asm.R15L:
		return gpr{int(r - x86asm.EAX), 32, 0}, true
	case r >= x86asm.RAX && r <= x86asm.R15:
		return gpr{int(r - x86asm.RAX), 64, 0}, true
	}
	return gpr{}, false
}

// The flags.
const (
	CF = iota
	PF
	AF
	ZF
	SF
	OF
	nflags
)

// FlagNames are the names of the flags, by number.
var FlagNames = [nflags]string{"CF", "PF", "AF", "ZF", "SF", "OF"}

// A flag is defined (v), computed on demand from the operands of the
// instruction that set it (lz), or undefined (neither; by and why say who
// left it so).
type flag struct {
	v   *term.Term
	lz  *lazyFlags
	by  *Inst
	bx  *x86asm.Inst
	why string
}

// state is one control path being executed.
type state struct {
	r     *runner
	b     *term.Builder
	regs  [16]*term.Term
	flags [nflags]flag
	mem   *mem.Memory
	cond  *term.Term // path condition

	// Vector state (vector.go): ZMM0–31 as 512-bit terms and the opmask
	// registers K0–K7 as 64-bit terms. A nil entry holds its entry value,
	// the variable entry.Zn or entry.Kn, created when first read. fork
	// copies these arrays of pointers; the terms are immutable.
	vregs [32]*term.Term
	kregs [8]*term.Term

	fn     *function
	idx    int                // index of the current instruction in fn.insts
	frame  machine.StackFrame // the stack fn may touch
	calls  []callFrame
	events []Event
	steps  int
	// pageChecks are this path's loads past an argument (pageread.go).
	pageChecks []machine.PageCheck
	// residue is the stack base's low r.residueBits bits on this path
	// (realign.go).
	residue uint64

	heads map[loopHead]*snapshot // loop.go; shared with forks, copied on write
	probe *probe                 // set while the state probes a loop (loop.go)

	in     *Inst        // the current instruction
	x      *x86asm.Inst // its x86asm form
	jumped bool         // the instruction set fn and idx
	done   bool         // the path returned from the function
}

// callFrame is an active CALL: where RET must return to, and the
// caller's stack frame.
type callFrame struct {
	ret   uint64
	fn    *function
	idx   int // index of the CALL in fn
	frame machine.StackFrame
}

// fork returns a copy of s with its own memory. Slices shared with s are
// capped so that appends by either copy do not overwrite the other's.
func (s *state) fork() *state {
	c := *s
	c.mem = s.mem.Clone()
	s.calls = s.calls[:len(s.calls):len(s.calls)]
	s.events = s.events[:len(s.events):len(s.events)]
	s.pageChecks = s.pageChecks[:len(s.pageChecks):len(s.pageChecks)]
	c.calls, c.events, c.pageChecks = s.calls, s.events, s.pageChecks
	return &c
}

// unsupported reports the current instruction (form) as not modelled.
func (s *state) unsupported(reason string) error {
	return &UnsupportedError{
		Mnemonic: OpName(s.x.Op), Inst: syntax(s.in, s.x), Func: s.fn.name,
		PC: s.in.PC, File: s.in.File, Line: s.in.Line, Reason: reason,
	}
}

// getReg reads register r.
func (s *state) getReg(r x86asm.Reg) (*term.Term, error) {
	g, ok := gprOf(r)
	if !ok {
		return nil, s.unsupported(fmt.Sprintf("register %v is not a general register", r))
	}
	v := s.regs[g.n]
	if g.w == 64 {
		return v, nil
	}
	return s.b.Extract(v, g.shift+g.w-1, g.shift), nil
}

// setReg writes register r: 32-bit writes zero the upper half, 8- and
// 16-bit writes keep the other bits.
func (s *state) setReg(r x86asm.Reg, v *term.Term) error {
	g, ok := gprOf(r)
	if !ok {
		return s.unsupported(fmt.Sprintf("register %v is not a general register", r))
	}
	if v.Width() != g.w {
		panic(fmt.Sprintf("amd64: write of %d bits to %v", v.Width(), r))
	}
	s.regs[g.n] = s.merge(s.regs[g.n], v, g)
	return nil
}

func (s *state) merge(old, v *term.Term, g gpr) *term.Term {
	b := s.b
	switch g.w {
	case 64:
		return v
	case 32:
		return b.ZeroExt(v, 64)
	}
	parts := make([]*term.Term, 0, 3)
	if top := g.shift + g.w; top < 64 {
		parts = append(parts, b.Extract(old, 63, top))
	}
	parts = append(parts, v)
	if g.shift > 0 {
		parts = append(parts, b.Extract(old, g.shift-1, 0))
	}
	return b.Concat(parts...)
}

// width is the width in bits of operand a; immediates take the operand size.
func (s *state) width(a x86asm.Arg) int {
	switch a := a.(type) {
	case x86asm.Reg:
		if g, ok := gprOf(a); ok {
			return g.w
		}
	case x86asm.Mem:
		return 8 * s.x.MemBytes
	}
	return s.x.DataSize
}

// read returns the value of operand a; an immediate is truncated (after
// x86asm's sign extension) to w bits.
func (s *state) read(a x86asm.Arg, w int) (*term.Term, error) {
	switch a := a.(type) {
	case x86asm.Reg:
		return s.getReg(a)
	case x86asm.Mem:
		if isTLSLoadOfG(s.x, a) {
			return s.g(), nil
		}
		return s.load(a, s.x.MemBytes)
	case x86asm.Imm:
		return s.b.Uint(uint64(int64(a)), w), nil
	}
	return nil, s.unsupported(fmt.Sprintf("operand %v", a))
}

// isTLSLoadOfG reports whether x reads operand m as MOVQ FS:-8, R: the
// current goroutine's g from thread-local storage (linux/amd64), as the
// stack-growth prologue and the ABI0-to-ABIInternal wrappers of Go
// functions (which need g in R14) do.
func isTLSLoadOfG(x *x86asm.Inst, m x86asm.Mem) bool {
	return x.Op == x86asm.MOV && x.MemBytes == 8 && m.Segment == x86asm.FS && m.Base == 0 && m.Index == 0 && m.Disp == -8
}

// g is the address of the current goroutine's g: a public value no
// result may depend on. Nothing is read through it (addr refuses it as a
// base) but the stack bound of the prologue's fast path (prologue.go).
func (s *state) g() *term.Term { return s.b.Var(gName, 64) }

// gName names the variable of g's address: not a Go identifier, so no
// parameter's variable is the same term.
const gName = "tls.g"

// write stores v into operand a.
func (s *state) write(a x86asm.Arg, v *term.Term) error {
	switch a := a.(type) {
	case x86asm.Reg:
		return s.setReg(a, v)
	case x86asm.Mem:
		return s.store(a, v)
	}
	return s.unsupported(fmt.Sprintf("destination operand %v", a))
}

// addr computes the effective address of a memory operand.
func (s *state) addr(m x86asm.Mem) (*term.Term, error) {
	b := s.b
	switch m.Segment {
	case x86asm.FS, x86asm.GS:
		return nil, s.unsupported("TLS access (FS/GS segment) not modelled")
	}
	// x86asm leaves AddrSize 0 for VEX instructions; the base and index
	// registers, which must be 64-bit, and the 67 prefix tell.
	if s.x.AddrSize == 16 || s.x.AddrSize == 32 || s.hasPrefix(x86asm.PrefixAddrSize) {
		return nil, s.unsupported("32-bit address size not modelled")
	}
	if m.Base == x86asm.RIP {
		if m.Index != 0 {
			return nil, s.unsupported("RIP-relative address with an index")
		}
		// A data symbol's address is its region's symbolic base plus the
		// offset, so that indexing past its end is caught as out of bounds
		// rather than landing in the next symbol.
		abs := s.in.PC + uint64(s.in.Len) + uint64(m.Disp)
		if a, ok := s.mem.AddressOf(abs); ok {
			return a, nil
		}
		return b.Uint(abs, 64), nil
	}
	a := b.Uint(uint64(m.Disp), 64)
	if m.Base != 0 {
		g, ok := gprOf(m.Base)
		if !ok || g.w != 64 {
			return nil, s.unsupported(fmt.Sprintf("base register %v", m.Base))
		}
		if s.regs[g.n] == s.g() {
			return nil, s.unsupported("an access through g (the goroutine, loaded from TLS) is not modelled: the goroutine's fields are the runtime's; only the fast path of the stack-growth prologue is (prologue.go)")
		}
		a = b.Add(a, s.regs[g.n])
	}
	if m.Index != 0 && m.Scale != 0 {
		g, ok := gprOf(m.Index)
		if !ok || g.w != 64 {
			return nil, s.unsupported(fmt.Sprintf("index register %v", m.Index))
		}
		a = b.Add(a, b.Mul(b.Uint(uint64(m.Scale), 64), s.regs[g.n]))
	}
	return a, nil
}

// hasPrefix reports whether the current instruction has legacy prefix p
// (before any REX or VEX prefix).
func (s *state) hasPrefix(p x86asm.Prefix) bool {
	for _, q := range s.x.Prefix {
		if q == 0 || q.IsREX() || q.IsVEX() || q.IsEVEX() {
			break
		}
		if q&0xFF == p {
			return true
		}
	}
	return false
}

// access resolves an address to a region and a constant offset, or to the
// places of a symbolic offset (machine/symidx.go), recording the access as
// an event.
func (s *state) access(addr *term.Term, n int, kind EventKind) (*mem.Region, int64, *mem.Places, error) {
	// A loop probe's havocked offsets stay errors: it stops there, as
	// it concludes only from an iteration that adds nothing to the path
	// condition (machine/loop.go).
	// A realigned stack address is a constant offset on each path
	// (realign.go).
	resolved, err := s.realigned(addr)
	if err != nil {
		s.event(kind, addr, n)
		return nil, 0, nil, fmt.Errorf("address %v: %w", addr, err)
	}
	if s.probe == nil {
		if r, pl, err := machine.SymbolicPlaces(s.mem, resolved, n); pl != nil || err != nil {
			return s.symbolicAccess(addr, n, kind, r, pl, err)
		}
	}
	s.event(kind, addr, n)
	r, off, err := s.mem.ConstOffset(resolved)
	if err == nil && r == s.r.stack {
		err = s.frame.Check(kind.String(), off, n)
	}
	if err == nil && r.Code && kind == Load {
		err = &mem.AccessError{Op: "load", Region: r.Name, Off: off, Size: n, Err: mem.ErrCodeLoad}
	}
	if err == nil && !s.mem.Based(resolved) {
		// Go's amd64 assembler names a symbol only RIP-relative (MOVQ
		// $sym(SB) is a LEAQ; sym(SB) takes no index), so a data address
		// that is a bare number was not written by the linker: another
		// program holds something else there. Words the linker did write
		// into read-only data are prove's linkedBytes check.
		err = &mem.AccessError{Op: kind.String(), Region: r.Name, Off: off, Size: n, Err: mem.ErrAbsolute}
	}
	if err != nil {
		var ae *mem.AccessError
		if errors.As(err, &ae) {
			ae.Op = kind.String()
			ae.Size = n
		}
		return nil, 0, nil, fmt.Errorf("address %v: %w", addr, err)
	}
	return r, off, nil, nil
}

// loadAt reads n bytes at addr.
func (s *state) loadAt(addr *term.Term, n int) (*term.Term, error) {
	r, off, pl, err := s.access(addr, n, Load)
	if err != nil {
		return nil, err
	}
	if pl != nil {
		return s.mem.LoadAt(r, pl, n)
	}
	v, err := s.mem.Load(r, off, n)
	if err != nil && errors.Is(err, mem.ErrOutOfBounds) {
		if pv, ok, perr := s.pageRead(addr, n); ok || perr != nil {
			return pv, perr
		}
	}
	return v, err
}

// storeAt writes v at addr.
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

func (s *state) load(m x86asm.Mem, n int) (*term.Term, error) {
	a, err := s.addr(m)
	if err != nil {
		return nil, err
	}
	return s.loadAt(a, n)
}

// storeLanesAt writes the lanes (least significant first, of one width)
// at addr as one store. At a symbolic offset each lane is written over
// the places on its own, as the spec interpreter writes the elements of
// an array: the same contents, in the same terms as a spec's.
func (s *state) storeLanesAt(addr *term.Term, ls []*term.Term) error {
	ew := ls[0].Width() / 8
	r, off, pl, err := s.access(addr, ew*len(ls), Store)
	if err != nil {
		return err
	}
	parts := make([]*term.Term, len(ls))
	for i, l := range ls {
		parts[len(ls)-1-i] = l
	}
	whole := s.b.Concat(parts...)
	if s.r.cfg.OnStep != nil {
		s.r.stored = append(s.r.stored, whole)
	}
	if pl == nil {
		return s.mem.Store(r, off, whole)
	}
	for i, l := range ls {
		if err := s.mem.StoreAt(r, pl, int64(i*ew), l); err != nil {
			return fmt.Errorf("store of %d bytes, element %d: %w", ew*len(ls), i, err)
		}
	}
	return nil
}

func (s *state) store(m x86asm.Mem, v *term.Term) error {
	a, err := s.addr(m)
	if err != nil {
		return err
	}
	return s.storeAt(a, v)
}

// event records an event at the current instruction.
func (s *state) event(kind EventKind, t *term.Term, size int, operands ...*term.Term) {
	s.eventInBounds(kind, t, size, nil, operands...)
}

// eventInBounds is event, for an access at a symbolic offset with the
// condition that it is in bounds (Event.InBounds).
func (s *state) eventInBounds(kind EventKind, t *term.Term, size int, inBounds *term.Term, operands ...*term.Term) {
	e := Event{Kind: kind, PC: s.in.PC, File: s.in.File, Line: s.in.Line, Term: t, Size: size, Operands: operands, Cond: s.cond, InBounds: inBounds}
	if s.x != nil {
		e.Mnemonic = OpName(s.x.Op)
	}
	if sec := s.r.cfg.Secret; sec != nil {
		e.Secret = s.r.dependsOnSecret(append([]*term.Term{t}, operands...)...)
	}
	if !s.r.cfg.NoPathEvents {
		s.events = append(s.events, e)
	}
	if f := s.r.cfg.OnEvent; f != nil {
		f(e)
	}
}

// dependsOnSecret reports whether any of ts has a variable in its
// support for which cfg.Secret is true. The answers are remembered for
// the whole run (machine.Taint): a whole-ladder kernel asks about tens of
// thousands of multiply operands that share one DAG, and walking it anew
// for each made the lift quadratic.
func (r *runner) dependsOnSecret(ts ...*term.Term) bool {
	if r.cfg.Secret == nil {
		return false
	}
	if r.taint == nil {
		r.taint = machine.NewTaint(r.cfg.Secret)
	}
	return r.taint.Any(ts...)
}
