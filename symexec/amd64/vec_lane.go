package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// Moves of single elements and of widened elements: inserts and extracts
// of a byte, dword or qword (PINSR*, PEXTR*, legacy and VEX), the zero-
// and sign-extending moves (PMOVZX*, PMOVSX*), and the duplicating moves
// MOVSLDUP and MOVSHDUP.

func init() {
	type ins struct {
		sse, vex x86asm.Op
		opc, w   string // opcode; "W1" for the qword forms
		ew       int
	}
	for _, o := range []ins{
		{x86asm.PINSRB, x86asm.VPINSRB, "20", "W0", 8},
		{x86asm.PINSRD, x86asm.VPINSRD, "22", "W0", 32},
		{x86asm.PINSRQ, x86asm.VPINSRQ, "22", "W1", 64},
	} {
		legacy := "66.0F3A "
		if o.ew == 64 {
			legacy = "66.REX.W.0F3A "
		}
		registerVec(vpinsr(o.ew), o.sse, legacy+o.opc+" /r ib V,E,I")
		registerVec(vpinsr(o.ew), o.vex, "VEX.128.66.0F3A."+o.w+" "+o.opc+" /r ib V,H,E,I")
	}
	for _, o := range []ins{
		{x86asm.PEXTRB, x86asm.VPEXTRB, "14", "W0", 8},
		{x86asm.PEXTRD, x86asm.VPEXTRD, "16", "W0", 32},
		{x86asm.PEXTRQ, x86asm.VPEXTRQ, "16", "W1", 64},
	} {
		legacy := "66.0F3A "
		if o.ew == 64 {
			legacy = "66.REX.W.0F3A "
		}
		registerVec(vpextr(o.ew), o.sse, legacy+o.opc+" /r ib E,V,I")
		registerVec(vpextr(o.ew), o.vex, "VEX.128.66.0F3A."+o.w+" "+o.opc+" /r ib E,V,I")
	}

	type widen struct {
		sse, vex x86asm.Op
		opc      string
		from, to int
		signed   bool
	}
	for _, o := range []widen{
		{x86asm.PMOVZXBW, x86asm.VPMOVZXBW, "30", 8, 16, false},
		{x86asm.PMOVZXBD, x86asm.VPMOVZXBD, "31", 8, 32, false},
		{x86asm.PMOVZXBQ, x86asm.VPMOVZXBQ, "32", 8, 64, false},
		{x86asm.PMOVZXWD, x86asm.VPMOVZXWD, "33", 16, 32, false},
		{x86asm.PMOVZXWQ, x86asm.VPMOVZXWQ, "34", 16, 64, false},
		{x86asm.PMOVZXDQ, x86asm.VPMOVZXDQ, "35", 32, 64, false},
		{x86asm.PMOVSXBW, x86asm.VPMOVSXBW, "20", 8, 16, true},
		{x86asm.PMOVSXBD, x86asm.VPMOVSXBD, "21", 8, 32, true},
		{x86asm.PMOVSXBQ, x86asm.VPMOVSXBQ, "22", 8, 64, true},
		{x86asm.PMOVSXWD, x86asm.VPMOVSXWD, "23", 16, 32, true},
		{x86asm.PMOVSXWQ, x86asm.VPMOVSXWQ, "24", 16, 64, true},
		{x86asm.PMOVSXDQ, x86asm.VPMOVSXDQ, "25", 32, 64, true},
	} {
		f := vpmovx(o.from, o.to, o.signed)
		// The EVEX forms are W0 for DQ and WIG for the others (SDM).
		w := "WIG"
		if o.from == 32 {
			w = "W0"
		}
		registerVec(f, o.sse, "66.0F38 "+o.opc+" /r V,W")
		registerVec(f, o.vex, "VEX.128|256.66.0F38.WIG "+o.opc+" /r V,W",
			"EVEX.128|256|512.66.0F38."+w+" "+o.opc+" /r V,W")
	}

	registerVec(vmovdup(0), x86asm.MOVSLDUP, "F3.0F 12 /r V,W")
	registerVec(vmovdup(1), x86asm.MOVSHDUP, "F3.0F 16 /r V,W")
	registerVec(vmovdup(0), x86asm.VMOVSLDUP, "VEX.128|256.F3.0F.WIG 12 /r V,W")
	registerVec(vmovdup(1), x86asm.VMOVSHDUP, "VEX.128|256.F3.0F.WIG 16 /r V,W")
}

// vpinsr: (V)PINSRB/D/Q xmm1, [xmm2,] r/m, imm is the first source with the
// element imm (modulo the element count) replaced by the low bits of the
// general register or the memory element.
func vpinsr(ew int) vecSemFunc {
	return func(v *vinst) error {
		n := len(v.args)
		x, err := v.readLanes(n-3, ew)
		if err != nil {
			return err
		}
		e, err := v.read(n-2, ew)
		if err != nil {
			return err
		}
		x[v.imm()%len(x)] = e
		return v.write(0, v.join(x))
	}
}

// vpextr: (V)PEXTRB/D/Q r/m, xmm, imm writes element imm (modulo the
// element count) of the source: to memory as the element, to a general
// register zero-extended (a 32-bit write, which clears bits 63..32).
func vpextr(ew int) vecSemFunc {
	return func(v *vinst) error {
		x, err := v.readLanes(1, ew)
		if err != nil {
			return err
		}
		e := x[v.imm()%len(x)]
		if r, ok := v.args[0].(x86asm.Reg); ok && ew < 32 {
			g, ok := gprOf(r)
			if !ok {
				return v.s.unsupported("destination " + r.String())
			}
			return v.s.setReg(r, v.b.ZeroExt(e, g.w))
		}
		return v.write(0, e)
	}
}

// vpmovx: (V)PMOVZX/SX widen the low elements of the source (a register,
// or memory of just the elements read) from `from` to `to` bits.
func vpmovx(from, to int, signed bool) vecSemFunc {
	return func(v *vinst) error {
		n := v.vl / to
		x, err := v.read(1, n*from)
		if err != nil {
			return err
		}
		ls := v.lanes(x, from)
		out := make([]*term.Term, n)
		for j, l := range ls {
			if signed {
				out[j] = v.b.SignExt(l, to)
			} else {
				out[j] = v.b.ZeroExt(l, to)
			}
		}
		return v.write(0, v.join(out))
	}
}

// vmovdup: (V)MOVSLDUP copies each even dword (odd 0) into the odd one
// above it, (V)MOVSHDUP each odd dword (odd 1) into the even one below.
func vmovdup(odd int) vecSemFunc {
	return func(v *vinst) error {
		x, err := v.readLanes(1, 32)
		if err != nil {
			return err
		}
		out := make([]*term.Term, len(x))
		for j := range out {
			out[j] = x[j&^1+odd]
		}
		return v.write(0, v.join(out))
	}
}
