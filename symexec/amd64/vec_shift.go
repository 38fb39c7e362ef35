package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// Lane-wise shifts by an immediate or by the low 64 bits of an XMM register
// or 128-bit memory operand (the same count for every lane), and the byte
// shifts of each 128-bit lane.
//
// A count of at least the lane width gives 0 for the logical shifts and
// the sign fill for the arithmetic ones.

type shiftKind uint8

const (
	shiftL shiftKind = iota
	shiftRL
	shiftRA
)

func init() {
	type shift struct {
		vex, sse x86asm.Op
		kind     shiftKind
		ew       int
		imm      string // opcode and extension of the immediate form
		cnt      string // opcode of the XMM-count form
		evexW    string // the EVEX form's W field
		bcst     string // its broadcast flag
	}
	for _, o := range []shift{
		{x86asm.VPSRLD, x86asm.PSRLD, shiftRL, 32, "72 /2", "D2", "W0", "b4"},
		{x86asm.VPSLLD, x86asm.PSLLD, shiftL, 32, "72 /6", "F2", "W0", "b4"},
		{x86asm.VPSRAD, x86asm.PSRAD, shiftRA, 32, "72 /4", "E2", "W0", "b4"},
		{x86asm.VPSRLQ, x86asm.PSRLQ, shiftRL, 64, "73 /2", "D3", "W1", "b8"},
		{x86asm.VPSLLQ, x86asm.PSLLQ, shiftL, 64, "73 /6", "F3", "W1", "b8"},
		{x86asm.VPSRAW, x86asm.PSRAW, shiftRA, 16, "71 /4", "E1", "WIG", ""},
	} {
		f := vshift(o.ew, o.kind)
		registerVec(f, o.vex,
			"VEX.128|256.66.0F.WIG "+o.imm+" ib H,U,I",
			"VEX.128|256.66.0F.WIG "+o.cnt+" /r V,H,W",
			"EVEX.128|256|512.66.0F."+o.evexW+" "+o.imm+" ib H,W,I k z "+o.bcst,
			"EVEX.128|256|512.66.0F."+o.evexW+" "+o.cnt+" /r V,H,W k z")
		registerVec(f, o.sse, "66.0F "+o.imm+" ib U,I", "66.0F "+o.cnt+" /r V,W")
	}
	registerVec(vbyteShift(true), x86asm.VPSLLDQ,
		"VEX.128|256.66.0F.WIG 73 /7 ib H,U,I", "EVEX.128|256|512.66.0F.WIG 73 /7 ib H,W,I")
	registerVec(vbyteShift(false), x86asm.VPSRLDQ,
		"VEX.128|256.66.0F.WIG 73 /3 ib H,U,I", "EVEX.128|256|512.66.0F.WIG 73 /3 ib H,W,I")
	registerVec(vbyteShift(true), x86asm.PSLLDQ, "66.0F 73 /7 ib U,I")
	registerVec(vbyteShift(false), x86asm.PSRLDQ, "66.0F 73 /3 ib U,I")
}

// vshift: the operands are (destination,) source, count: the count is the
// last operand, the source the one before it (in the two-operand legacy
// forms the destination itself).
func vshift(ew int, kind shiftKind) vecSemFunc {
	return func(v *vinst) error {
		n := len(v.args)
		x, err := v.readLanes(n-2, ew)
		if err != nil {
			return err
		}
		var c *term.Term
		if v.f.imm {
			c = v.b.Uint(uint64(v.imm()), 64)
		} else {
			cx, err := v.read(n-1, 128)
			if err != nil {
				return err
			}
			c = v.b.Extract(cx, 63, 0)
		}
		out := make([]*term.Term, len(x))
		for j, l := range x {
			out[j] = shiftLane(v.b, l, c, kind)
		}
		return v.writeLanes(0, out)
	}
}

// shiftLane shifts x by the 64-bit count c.
func shiftLane(b *term.Builder, x, c *term.Term, kind shiftKind) *term.Term {
	ew := x.Width()
	if k, ok := c.Uint64(); ok {
		switch {
		case k < uint64(ew) && kind == shiftL:
			return b.ShlC(x, int(k))
		case k < uint64(ew) && kind == shiftRL:
			return b.LshrC(x, int(k))
		case kind == shiftRA:
			return b.AshrC(x, int(min(k, uint64(ew-1))))
		}
		return b.Zero(ew)
	}
	big := b.Ugt(c, b.Uint(uint64(ew-1), 64))
	n := b.Extract(c, ew-1, 0)
	switch kind {
	case shiftL:
		return b.Ite(big, b.Zero(ew), b.Shl(x, n))
	case shiftRL:
		return b.Ite(big, b.Zero(ew), b.Lshr(x, n))
	}
	return b.Ite(big, b.AshrC(x, ew-1), b.Ashr(x, n))
}

// vbyteShift: VPSLLDQ and VPSRLDQ shift each 128-bit lane left or right by
// imm8 bytes (all zero beyond 15).
func vbyteShift(left bool) vecSemFunc {
	return func(v *vinst) error {
		// The source is the operand before the count: the destination
		// itself in the legacy form.
		x, err := v.read(len(v.args)-2, v.vl)
		if err != nil {
			return err
		}
		b := v.b
		k := v.imm()
		var out []*term.Term
		for _, lane := range v.lanes(x, 128) {
			bs := v.lanes(lane, 8)
			for j := range bs {
				src := j + k
				if left {
					src = j - k
				}
				if src < 0 || src >= 16 {
					out = append(out, b.Zero(8))
				} else {
					out = append(out, bs[src])
				}
			}
		}
		return v.write(0, v.join(out))
	}
}
