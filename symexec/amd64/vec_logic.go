package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// Bitwise logic. The VEX and legacy forms have no element size; they are
// built on 64-bit lanes, in narrower lanes where both operands are
// concatenations of such (bitwiseAtCuts). The EVEX forms mask at
// their element size (D or Q).

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
		g := func(v *vinst) error {
			return v.lanewise(64, func(x, y *term.Term) *term.Term { return bitwiseAtCuts(v.b, x, y, o.f) })
		}
		registerVec(g, o.vex, binForms("0F", o.opc, "")...)
		registerVec(g, o.sse, "66.0F "+o.opc+" /r V,W")
		registerVec(f(32), o.d, "EVEX.128|256|512.66.0F.W0 "+o.opc+" /r V,H,W k z b4")
		registerVec(f(64), o.q, "EVEX.128|256|512.66.0F.W1 "+o.opc+" /r V,H,W k z b8")
	}
	// The single-precision logic: bitwise, as the integer forms (the
	// register holds bits, not numbers).
	for _, o := range []struct {
		sse, vex x86asm.Op
		opc      string
		f        func(b *term.Builder, x, y *term.Term) *term.Term
	}{
		{x86asm.ANDPS, x86asm.VANDPS, "54", and},
		{x86asm.ANDNPS, x86asm.VANDNPS, "55", andn},
		{x86asm.ORPS, x86asm.VORPS, "56", or},
		{x86asm.XORPS, x86asm.VXORPS, "57", xor},
	} {
		o := o
		f := func(v *vinst) error {
			return v.lanewise(64, func(x, y *term.Term) *term.Term { return o.f(v.b, x, y) })
		}
		registerVec(f, o.sse, "NP.0F "+o.opc+" /r V,W")
		registerVec(f, o.vex, "VEX.128|256.0F.WIG "+o.opc+" /r V,H,W")
	}
	registerVec(vptest, x86asm.PTEST, "66.0F38 17 /r V,W")
	registerVec(vptest, x86asm.VPTEST, "VEX.128|256.66.0F38.WIG 17 /r V,W")
}

// bitwiseAtCuts applies the bitwise f to x and y (64-bit lanes) in
// narrower lanes where both operands show them: the widest of 32, 16 and
// 8 bits at every multiple of which both are concatenations with a part
// boundary. The bits are f(x, y)'s whatever the width; the shape follows
// the data: two registers of 32-bit lanes (ChaCha's rotations, PSLLL and
// PSRLL joined by PXOR) are joined lane by lane, where a rotation is
// recognised, not in the pieces a finer cut of either operand would make.
func bitwiseAtCuts(b *term.Builder, x, y *term.Term, f func(b *term.Builder, x, y *term.Term) *term.Term) *term.Term {
	w := x.Width()
	common := map[int]bool{}
	cy := map[int]bool{}
	for _, c := range concatCuts(y) {
		cy[c] = true
	}
	for _, c := range concatCuts(x) {
		if cy[c] {
			common[c] = true
		}
	}
	for _, ew := range []int{32, 16, 8} {
		all := true
		for c := ew; c < w && all; c += ew {
			all = common[c]
		}
		if !all || ew >= w {
			continue
		}
		parts := make([]*term.Term, 0, w/ew) // most significant first
		for hi := w; hi > 0; hi -= ew {
			parts = append(parts, f(b, b.Extract(x, hi-1, hi-ew), b.Extract(y, hi-1, hi-ew)))
		}
		return b.Concat(parts...)
	}
	return f(b, x, y)
}

// concatCuts are the part boundaries of a concatenation, ascending; none
// for another term.
func concatCuts(t *term.Term) []int {
	if t.Op() != term.OpConcat {
		return nil
	}
	args := t.Args()
	var out []int
	at := 0
	for i := len(args) - 1; i > 0; i-- {
		at += args[i].Width()
		out = append(out, at)
	}
	return out
}

// vptest: (V)PTEST sets ZF when the AND of the operands is zero and CF
// when the AND of the second with the complement of the first is; AF, OF,
// PF and SF are cleared. No register is written.
func vptest(v *vinst) error {
	x, err := v.read(0, v.vl)
	if err != nil {
		return err
	}
	y, err := v.read(1, v.vl)
	if err != nil {
		return err
	}
	b, s := v.b, v.s
	zero := b.Zero(v.vl)
	s.setFlag(ZF, b.Eq(b.And(x, y), zero))
	s.setFlag(CF, b.Eq(b.And(b.Not(x), y), zero))
	for _, f := range []int{AF, OF, PF, SF} {
		s.setFlag(f, b.Bool(false))
	}
	return nil
}
