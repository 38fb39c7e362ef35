package arm64

import (
	"fmt"
	"strings"

	"vg.dev/symexec/machine"
)

// The stack-growth prologue. The Go arm64 assembler (cmd/internal/obj/arm64,
// stacksplit) starts an ABI0 function that is not NOSPLIT with
//
//	MOVD 16(R28), R16     // g.stackguard0 (R28 is g)
//	SUB  $(d), RSP, R17   // only for frames above StackSmall (d ≤ 4095)
//	CMP  R16, RSP|R17
//	BLS  slow
//
// and ends it with slow: MOVD R30, R3; CALL runtime.morestack_noctxt;
// JMP entry. The slow path grows the stack and runs the function again
// from its entry on the same arguments. The lifter runs the fast path only
// and records the assumption that the stack suffices (Path.Assumptions):
// the morestack path is not proved. Only that exact shape is recognised,
// word for word (the registers, g's offset of stackguard0, the condition
// LS), its slow path checked to be the MOVD R30, R3, the CALL to
// runtime.morestack* and the JMP back to the entry. Anything else is lifted
// as written, and its access through g is then an error (access). Frames
// above StackBig (SUBS, BLO and a second compare) are not recognised.
// After the prologue R16 is a fresh variable (the stack guard, which no
// kernel's result may depend on), R17 is what the SUB computed, and the
// flags are undefined.

// The prologue's fixed instruction words.
const (
	encLoadGuard = 0xf9400b90 // MOVD 16(R28), R16: LDR X16, [X28, #16]
	encCmpSP     = 0xeb3063ff // CMP R16, RSP: SUBS XZR, SP, X16, UXTX
	encCmpR17    = 0xeb10023f // CMP R16, R17: SUBS XZR, X17, X16
	encSaveLR    = 0xaa1e03e3 // MOVD R30, R3: ORR X3, XZR, X30

	maskSubR17 = 0xffc003ff // SUB $imm12, RSP, R17 without the immediate
	encSubR17  = 0xd10003f1
	maskBLS    = 0xff00001f // B.LS without the offset
	encBLS     = 0x54000009
	maskImm26  = 0xfc000000 // B and BL without the offset
	encBL      = 0x94000000
	encB       = 0x14000000
)

// prologue is a function's stack-growth prologue.
type prologue struct {
	n     int   // its instructions (0: none)
	sub   bool  // with SUB $d, RSP, R17
	d     int64 // R17 = SP − d
	found bool  // looked for already
}

// findPrologue recognises the prologue at the start of f; prog resolves
// the slow path's CALL (without it there is none).
func findPrologue(f *function, prog machine.Program) prologue {
	insts := f.insts
	if prog == nil || len(insts) < 3 {
		return prologue{}
	}
	enc := func(i int) uint32 { return word(&insts[i]) }
	if insts[0].Data || enc(0) != encLoadGuard {
		return prologue{}
	}
	p := prologue{}
	i := 1
	if e := enc(1); e&maskSubR17 == encSubR17 {
		p.sub, p.d = true, int64(field(e, 21, 10))
		i = 2
	}
	if i+1 >= len(insts) {
		return prologue{}
	}
	cmp := uint32(encCmpSP)
	if p.sub {
		cmp = encCmpR17
	}
	if enc(i) != cmp {
		return prologue{}
	}
	bls := insts[i+1]
	if e := enc(i + 1); e&maskBLS != encBLS {
		return prologue{}
	}
	target := uint64(int64(bls.PC) + 4*sext(uint64(field(enc(i+1), 23, 5)), 19))
	j, ok := f.find(target)
	if !ok || j+2 >= len(insts) {
		return prologue{}
	}
	if insts[j].Data || insts[j+1].Data || insts[j+2].Data || enc(j) != encSaveLR {
		return prologue{}
	}
	call, back := insts[j+1], insts[j+2]
	if enc(j+1)&maskImm26 != encBL || enc(j+2)&maskImm26 != encB {
		return prologue{}
	}
	callee := uint64(int64(call.PC) + 4*sext(uint64(field(enc(j+1), 25, 0)), 26))
	c, ok := prog.FuncAt(callee)
	if !ok || !strings.HasPrefix(c.Name, "runtime.morestack") {
		return prologue{}
	}
	if uint64(int64(back.PC)+4*sext(uint64(field(enc(j+2), 25, 0)), 26)) != insts[0].PC {
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
	s.x[16] = b.Var(fmt.Sprintf("%s.stackguard0", f.name), 64)
	if f.pro.sub {
		s.x[17] = b.Sub(s.sp, b.Uint(uint64(f.pro.d), 64))
	}
	s.adrp &^= 1<<16 | 1<<17
	s.flags = [nflags]flag{}
	s.idx = f.pro.n
	r.assume(machine.StackSuffices(f.name))
	return true
}

// assume records an assumption of the run, once.
func (r *runner) assume(a string) {
	if r.assumed[a] {
		return
	}
	if r.assumed == nil {
		r.assumed = map[string]bool{}
	}
	r.assumed[a] = true
	r.assumptions = append(r.assumptions, a)
}
