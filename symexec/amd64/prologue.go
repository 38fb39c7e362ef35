package amd64

import (
	"fmt"
	"strings"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/machine"
)

// The stack-growth prologue. The assembler starts a function that is not
// NOSPLIT with
//
//	MOVQ FS:-8, R14       // g, from thread-local storage
//	LEAQ -d(SP), R12      // only for frames above StackSmall
//	CMPQ SP|R12, 16(R14)  // g.stackguard0
//	JBE  slow
//
// and ends it with slow: CALL runtime.morestack_noctxt; JMP entry. The
// slow path grows the stack and runs the function again from its entry on
// the same arguments. The lifter runs the fast path only and records the
// assumption that the stack suffices (Path.Assumptions): the morestack
// path is not proved. Only that exact shape is recognised, its slow path
// checked to be the CALL to runtime.morestack* and the JMP back to the
// entry; anything else is lifted as written (and the TLS load is then an
// unmodelled instruction). After the prologue R14 is a fresh variable
// (g's address, which no kernel's result may depend on), R12 is what the
// LEAQ computed, and the flags are undefined.

// prologue is a function's stack-growth prologue.
type prologue struct {
	n     int   // its instructions (0: none)
	lea   bool  // with LEAQ -d(SP), R12
	disp  int64 // d's negation: R12 = SP + disp
	found bool  // looked for already
}

// findPrologue recognises the prologue at the start of f; prog resolves
// the slow path's CALL (without it there is none).
func findPrologue(f *function, prog machine.Program) prologue {
	insts := f.insts
	if prog == nil || len(insts) < 4 {
		return prologue{}
	}
	mem := func(i, arg int) (x86asm.Mem, bool) {
		m, ok := insts[i].X86.Args[arg].(x86asm.Mem)
		return m, ok
	}
	if x := insts[0].X86; x.Op != x86asm.MOV || x.Args[0] != x86asm.R14 || x.MemBytes != 8 {
		return prologue{}
	}
	if m, ok := mem(0, 1); !ok || m.Segment != x86asm.FS || m.Base != 0 || m.Index != 0 || m.Disp != -8 {
		return prologue{}
	}
	p := prologue{}
	i := 1
	cmpReg := x86asm.RSP
	if x := insts[1].X86; x.Op == x86asm.LEA && x.Args[0] == x86asm.R12 {
		m, ok := mem(1, 1)
		if !ok || m.Base != x86asm.RSP || m.Index != 0 || m.Segment != 0 {
			return prologue{}
		}
		p.lea, p.disp = true, m.Disp
		cmpReg = x86asm.R12
		i = 2
	}
	if x := insts[i].X86; x.Op != x86asm.CMP || x.Args[0] != cmpReg {
		return prologue{}
	}
	if m, ok := mem(i, 1); !ok || m.Segment != 0 || m.Base != x86asm.R14 || m.Index != 0 || m.Disp != 16 {
		return prologue{}
	}
	jbe := insts[i+1]
	rel, ok := jbe.X86.Args[0].(x86asm.Rel)
	if jbe.X86.Op != x86asm.JBE || !ok {
		return prologue{}
	}
	j, ok := f.find(jbe.PC + uint64(jbe.Len) + uint64(int64(rel)))
	if !ok || j+1 >= len(insts) {
		return prologue{}
	}
	call, back := insts[j], insts[j+1]
	crel, ok1 := call.X86.Args[0].(x86asm.Rel)
	brel, ok2 := back.X86.Args[0].(x86asm.Rel)
	if call.X86.Op != x86asm.CALL || !ok1 || back.X86.Op != x86asm.JMP || !ok2 {
		return prologue{}
	}
	c, ok := prog.FuncAt(call.PC + uint64(call.Len) + uint64(int64(crel)))
	if !ok || !strings.HasPrefix(c.Name, "runtime.morestack") {
		return prologue{}
	}
	if back.PC+uint64(back.Len)+uint64(int64(brel)) != insts[0].PC {
		return prologue{}
	}
	p.n = i + 2
	return p
}

// skipPrologue runs the prologue's fast path when s is at the entry of a
// function that has one, and reports whether it did.
func (r *runner) skipPrologue(s *state) bool {
	f := s.fn
	if s.idx != 0 {
		return false
	}
	if !f.pro.found {
		f.pro = findPrologue(f, r.cfg.Prog)
		f.pro.found = true
	}
	if f.pro.n == 0 {
		return false
	}
	b := s.b
	s.regs[R14] = b.Var(fmt.Sprintf("%s.g", f.name), 64)
	if f.pro.lea {
		s.regs[R12] = b.Add(s.regs[RSP], b.Uint(uint64(f.pro.disp), 64))
	}
	s.undefine(fAll, "after the stack-growth prologue")
	s.idx = f.pro.n
	a := machine.StackSuffices(f.name)
	if !r.assumed[a] {
		if r.assumed == nil {
			r.assumed = map[string]bool{}
		}
		r.assumed[a] = true
		r.assumptions = append(r.assumptions, a)
	}
	return true
}
