package amd64

import (
	"strings"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// Lane-wise integer arithmetic: add, subtract, multiply, minimum, maximum,
// absolute value and compare.

// binForms lists the VEX forms (128 and 256 bits) of a binary operation
// "op V, H, W" in opcode map m with opcode opc and, when evex is not "",
// its EVEX form with that W field and those flags (e.g. "W1 k z b8").
func binForms(m, opc, evex string) []string {
	fs := []string{"VEX.128|256.66." + m + ".WIG " + opc + " /r V,H,W"}
	if evex != "" {
		w, flags, _ := strings.Cut(evex, " ")
		fs = append(fs, "EVEX.128|256|512.66."+m+"."+w+" "+opc+" /r V,H,W "+flags)
	}
	return fs
}

func init() {
	type binop struct {
		vex, sse x86asm.Op // the VEX/EVEX and legacy operations (sse 0: none)
		m, opc   string
		evex     string
		ew       int
		f        func(b *term.Builder, x, y *term.Term) *term.Term
	}
	add := func(b *term.Builder, x, y *term.Term) *term.Term { return b.Add(x, y) }
	sub := func(b *term.Builder, x, y *term.Term) *term.Term { return b.Sub(x, y) }
	eq := func(b *term.Builder, x, y *term.Term) *term.Term { return b.SignExt(b.Eq(x, y), x.Width()) }
	gt := func(b *term.Builder, x, y *term.Term) *term.Term { return b.SignExt(b.Sgt(x, y), x.Width()) }
	minU := func(b *term.Builder, x, y *term.Term) *term.Term { return b.Ite(b.Ult(x, y), x, y) }
	maxU := func(b *term.Builder, x, y *term.Term) *term.Term { return b.Ite(b.Ugt(x, y), x, y) }
	minS := func(b *term.Builder, x, y *term.Term) *term.Term { return b.Ite(b.Slt(x, y), x, y) }
	maxS := func(b *term.Builder, x, y *term.Term) *term.Term { return b.Ite(b.Sgt(x, y), x, y) }
	ops := []binop{
		{x86asm.VPADDD, x86asm.PADDD, "0F", "FE", "W0 k z b4", 32, add},
		{x86asm.VPADDQ, x86asm.PADDQ, "0F", "D4", "W1 k z b8", 64, add},
		{x86asm.VPADDW, x86asm.PADDW, "0F", "FD", "WIG k z", 16, add},
		{x86asm.VPSUBD, x86asm.PSUBD, "0F", "FA", "W0 k z b4", 32, sub},
		{x86asm.VPSUBQ, x86asm.PSUBQ, "0F", "FB", "W1 k z b8", 64, sub},
		{x86asm.VPSUBW, x86asm.PSUBW, "0F", "F9", "WIG k z", 16, sub},
		{x86asm.VPCMPEQD, x86asm.PCMPEQD, "0F", "76", "", 32, eq},
		{x86asm.VPCMPEQB, x86asm.PCMPEQB, "0F", "74", "", 8, eq},
		{x86asm.VPCMPEQW, x86asm.PCMPEQW, "0F", "75", "", 16, eq},
		{x86asm.VPADDB, x86asm.PADDB, "0F", "FC", "", 8, add},
		{x86asm.VPSUBB, x86asm.PSUBB, "0F", "F8", "", 8, sub},
		{x86asm.VPCMPEQQ, 0, "0F38", "29", "", 64, eq},
		{x86asm.VPCMPGTD, 0, "0F", "66", "", 32, gt},
		{x86asm.VPMINUD, 0, "0F38", "3B", "W0 k z b4", 32, minU},
		{x86asm.VPMAXUD, 0, "0F38", "3F", "W0 k z b4", 32, maxU},
		{x86asm.VPMINSD, 0, "0F38", "39", "W0 k z b4", 32, minS},
		{x86asm.VPMAXSD, 0, "0F38", "3D", "W0 k z b4", 32, maxS},
	}
	for _, o := range ops {
		o := o
		f := func(v *vinst) error {
			return v.lanewise(o.ew, func(x, y *term.Term) *term.Term { return o.f(v.b, x, y) })
		}
		registerVec(f, o.vex, binForms(o.m, o.opc, o.evex)...)
		if o.sse != 0 {
			registerVec(f, o.sse, "66."+o.m+" "+o.opc+" /r V,W")
		}
	}

	// Multiplies: their operands are reported as variable-time events
	// (VarTimePolicy).
	type mulop struct {
		vex, sse x86asm.Op
		m, opc   string
		evex     string
		ew       int
		f        func(b *term.Builder, x, y *term.Term) *term.Term
	}
	muls := []mulop{
		{x86asm.VPMULUDQ, x86asm.PMULUDQ, "0F", "F4", "W1 k z b8", 64, func(b *term.Builder, x, y *term.Term) *term.Term {
			return b.Mul(b.ZeroExt(b.Extract(x, 31, 0), 64), b.ZeroExt(b.Extract(y, 31, 0), 64))
		}},
		{x86asm.VPMULDQ, 0, "0F38", "28", "W1 k z b8", 64, func(b *term.Builder, x, y *term.Term) *term.Term {
			return b.Mul(b.SignExt(b.Extract(x, 31, 0), 64), b.SignExt(b.Extract(y, 31, 0), 64))
		}},
		{x86asm.VPMULLD, 0, "0F38", "40", "W0 k z b4", 32, func(b *term.Builder, x, y *term.Term) *term.Term {
			return b.Mul(x, y)
		}},
		{x86asm.VPMULLW, 0, "0F", "D5", "WIG k z", 16, func(b *term.Builder, x, y *term.Term) *term.Term {
			return b.Mul(x, y)
		}},
		{x86asm.VPMULHW, 0, "0F", "E5", "WIG k z", 16, func(b *term.Builder, x, y *term.Term) *term.Term {
			return b.Extract(b.Mul(b.SignExt(x, 32), b.SignExt(y, 32)), 31, 16)
		}},
		{x86asm.VPMULHUW, 0, "0F", "E4", "WIG k z", 16, func(b *term.Builder, x, y *term.Term) *term.Term {
			return b.Extract(b.Mul(b.ZeroExt(x, 32), b.ZeroExt(y, 32)), 31, 16)
		}},
	}
	for _, o := range muls {
		o := o
		f := func(v *vinst) error { return v.mulwise(o.ew, o.f) }
		registerVec(f, o.vex, binForms(o.m, o.opc, o.evex)...)
		if o.sse != 0 {
			registerVec(f, o.sse, "66."+o.m+" "+o.opc+" /r V,W")
		}
	}

	registerVec(vpabsd, x86asm.VPABSD,
		"VEX.128|256.66.0F38.WIG 1E /r V,W", "EVEX.128|256|512.66.0F38.W0 1E /r V,W k z b4")
}

// mulwise is a lane-wise multiply: a binary operation whose sources are
// recorded as the operands of a variable-time event.
func (v *vinst) mulwise(ew int, f func(b *term.Builder, x, y *term.Term) *term.Term) error {
	x, y, err := v.binary(ew)
	if err != nil {
		return err
	}
	v.varTime(v.join(x), v.join(y))
	out := make([]*term.Term, len(x))
	for j := range x {
		out[j] = f(v.b, x[j], y[j])
	}
	return v.writeLanes(0, out)
}

// vpabsd: VPABSD is the absolute value of each signed dword (0x80000000
// stays 0x80000000).
func vpabsd(v *vinst) error {
	x, err := v.readLanes(1, 32)
	if err != nil {
		return err
	}
	b := v.b
	out := make([]*term.Term, len(x))
	for j, l := range x {
		out[j] = b.Ite(b.Slt(l, b.Zero(32)), b.Neg(l), l)
	}
	return v.writeLanes(0, out)
}
