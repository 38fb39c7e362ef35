package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// AVX-512 bitwise ternary logic (VPTERNLOGD/Q) and rotates by an
// immediate (VPROLD/Q, VPRORD/Q), EVEX-encoded at every vector length
// (AVX512F, and AVX512VL for 128 and 256 bits), with masking and
// embedded broadcast.

func init() {
	registerVec(vternlog(32), x86asm.VPTERNLOGD, "EVEX.128|256|512.66.0F3A.W0 25 /r ib V,H,W,I k z b4")
	registerVec(vternlog(64), x86asm.VPTERNLOGQ, "EVEX.128|256|512.66.0F3A.W1 25 /r ib V,H,W,I k z b8")
	registerVec(vrotate(32, true), x86asm.VPROLD, "EVEX.128|256|512.66.0F.W0 72 /1 ib H,W,I k z b4")
	registerVec(vrotate(64, true), x86asm.VPROLQ, "EVEX.128|256|512.66.0F.W1 72 /1 ib H,W,I k z b8")
	registerVec(vrotate(32, false), x86asm.VPRORD, "EVEX.128|256|512.66.0F.W0 72 /0 ib H,W,I k z b4")
	registerVec(vrotate(64, false), x86asm.VPRORQ, "EVEX.128|256|512.66.0F.W1 72 /0 ib H,W,I k z b8")
}

// vternlog: VPTERNLOG{D,Q} a{k}, b, c, imm sets each bit of a to bit
// 4a + 2b + c of imm (the bits of a, b and c at that position). The
// operand order gives a the weight 4, b 2 and c 1.
func vternlog(ew int) vecSemFunc {
	return func(v *vinst) error {
		a, err := v.readLanes(0, ew)
		if err != nil {
			return err
		}
		bs, cs, err := v.binary(ew)
		if err != nil {
			return err
		}
		imm := uint8(v.imm())
		out := make([]*term.Term, len(a))
		for j := range a {
			out[j] = ternary(v.b, imm, a[j], bs[j], cs[j])
		}
		return v.writeLanes(0, out)
	}
}

// ternary is the bitwise function with truth table imm of a, b and c
// (a the most significant index bit). The immediates that name familiar
// functions are built as those functions, so that code written with them
// meets the same operations written out (a three-way XOR, Keccak's χ);
// every other immediate is the Shannon expansion on a of two functions of
// b and c. Which term is built does not change the value: the forms are
// co-simulated for random immediates.
func ternary(b *term.Builder, imm uint8, a, x, y *term.Term) *term.Term {
	switch imm {
	case 0x96: // a ⊕ b ⊕ c
		return b.Xor(a, x, y)
	case 0xD2: // a ⊕ (¬b ∧ c): Keccak's χ
		return b.Xor(a, b.And(b.Not(x), y))
	case 0xB4: // a ⊕ (b ∧ ¬c)
		return b.Xor(a, b.And(x, b.Not(y)))
	case 0x78: // a ⊕ (b ∧ c)
		return b.Xor(a, b.And(x, y))
	case 0xE8: // majority
		return b.Or(b.And(a, x), b.And(a, y), b.And(x, y))
	case 0xCA: // a ? b : c
		return b.Or(b.And(a, x), b.And(b.Not(a), y))
	case 0xF8: // a ∨ (b ∧ c): a word kept under a mask, ORed in
		return b.Or(a, b.And(x, y))
	case 0xEC: // b ∨ (a ∧ c)
		return b.Or(x, b.And(a, y))
	case 0xEA: // c ∨ (a ∧ b)
		return b.Or(y, b.And(a, x))
	}
	hi := binary2(b, imm>>4, x, y) // a = 1: bits 4…7
	lo := binary2(b, imm&15, x, y) // a = 0: bits 0…3
	return b.Or(b.And(a, hi), b.And(b.Not(a), lo))
}

// binary2 is the bitwise function of b and c with truth table t (bit
// 2b + c).
func binary2(b *term.Builder, t uint8, x, y *term.Term) *term.Term {
	w := x.Width()
	nx, ny := b.Not(x), b.Not(y)
	switch t & 15 {
	case 0x0:
		return b.Zero(w)
	case 0x1:
		return b.And(nx, ny)
	case 0x2:
		return b.And(nx, y)
	case 0x3:
		return nx
	case 0x4:
		return b.And(x, ny)
	case 0x5:
		return ny
	case 0x6:
		return b.Xor(x, y)
	case 0x7:
		return b.Not(b.And(x, y))
	case 0x8:
		return b.And(x, y)
	case 0x9:
		return b.Not(b.Xor(x, y))
	case 0xA:
		return y
	case 0xB:
		return b.Or(nx, y)
	case 0xC:
		return x
	case 0xD:
		return b.Or(x, ny)
	case 0xE:
		return b.Or(x, y)
	}
	return b.Ones(w)
}

// vrotate: VPROL{D,Q} and VPROR{D,Q} rotate each element of the source
// by the immediate taken modulo the element width.
func vrotate(ew int, left bool) vecSemFunc {
	return func(v *vinst) error {
		x, err := v.readLanes(1, ew)
		if err != nil {
			return err
		}
		n := v.imm() % ew
		if !left {
			n = (ew - n) % ew
		}
		out := make([]*term.Term, len(x))
		for j, l := range x {
			out[j] = v.b.RotL(l, n)
		}
		return v.writeLanes(0, out)
	}
}
