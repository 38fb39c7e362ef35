package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// Bitwise logic. The VEX and legacy forms have no element size; they are
// built on 64-bit lanes. The EVEX forms mask at their element size (D or Q).

func init() {
	and := func(b *term.Builder, x, y *term.Term) *term.Term { return b.And(x, y) }
	andn := func(b *term.Builder, x, y *term.Term) *term.Term { return b.And(b.Not(x), y) }
	or := func(b *term.Builder, x, y *term.Term) *term.Term { return b.Or(x, y) }
	xor := func(b *term.Builder, x, y *term.Term) *term.Term { return b.Xor(x, y) }
	type logop struct {
		vex, sse, d, q x86asm.Op
		opc            string
		f              func(b *term.Builder, x, y *term.Term) *term.Term
	}
	for _, o := range []logop{
		{x86asm.VPAND, x86asm.PAND, x86asm.VPANDD, x86asm.VPANDQ, "DB", and},
		{x86asm.VPANDN, x86asm.PANDN, x86asm.VPANDND, x86asm.VPANDNQ, "DF", andn},
		{x86asm.VPOR, x86asm.POR, x86asm.VPORD, x86asm.VPORQ, "EB", or},
		{x86asm.VPXOR, x86asm.PXOR, x86asm.VPXORD, x86asm.VPXORQ, "EF", xor},
	} {
		o := o
		f := func(ew int) vecSemFunc {
			return func(v *vinst) error {
				return v.lanewise(ew, func(x, y *term.Term) *term.Term { return o.f(v.b, x, y) })
			}
		}
		registerVec(f(64), o.vex, binForms("0F", o.opc, "")...)
		registerVec(f(64), o.sse, "66.0F "+o.opc+" /r V,W")
		registerVec(f(32), o.d, "EVEX.128|256|512.66.0F.W0 "+o.opc+" /r V,H,W k z b4")
		registerVec(f(64), o.q, "EVEX.128|256|512.66.0F.W1 "+o.opc+" /r V,H,W k z b8")
	}
}
