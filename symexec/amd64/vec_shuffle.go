package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// Shuffles, unpacks, permutes, blends, broadcasts, inserts and extracts.
// Selections by an immediate pick lanes directly; selections by a register
// (VPSHUFB, VPERMB, VPERMD, VPERMI2Q) pick through a multiplexer on the index bits
// when the index is not a constant.

func init() {
	registerVec(vpshufd, x86asm.VPSHUFD,
		"VEX.128|256.66.0F.WIG 70 /r ib V,W,I", "EVEX.128|256|512.66.0F.W0 70 /r ib V,W,I k z b4")
	registerVec(vpshufd, x86asm.PSHUFD, "66.0F 70 /r ib V,W,I")
	registerVec(vpshufb, x86asm.VPSHUFB, binForms("0F38", "00", "WIG k z")...)
	registerVec(vpshufb, x86asm.PSHUFB, "66.0F38 00 /r V,W")

	type unpack struct {
		vex, sse x86asm.Op
		opc      string
		evex     string
		ew       int
		high     bool
	}
	for _, o := range []unpack{
		{x86asm.VPUNPCKLDQ, x86asm.PUNPCKLDQ, "62", "W0 k z b4", 32, false},
		{x86asm.VPUNPCKHDQ, x86asm.PUNPCKHDQ, "6A", "W0 k z b4", 32, true},
		{x86asm.VPUNPCKLQDQ, x86asm.PUNPCKLQDQ, "6C", "W1 k z b8", 64, false},
		{x86asm.VPUNPCKHQDQ, x86asm.PUNPCKHQDQ, "6D", "W1 k z b8", 64, true},
		{x86asm.VPUNPCKLBW, x86asm.PUNPCKLBW, "60", "", 8, false},
		{x86asm.VPUNPCKHBW, x86asm.PUNPCKHBW, "68", "", 8, true},
		{x86asm.VPUNPCKLWD, x86asm.PUNPCKLWD, "61", "", 16, false},
		{x86asm.VPUNPCKHWD, x86asm.PUNPCKHWD, "69", "", 16, true},
	} {
		f := vunpack(o.ew, o.high)
		registerVec(f, o.vex, binForms("0F", o.opc, o.evex)...)
		registerVec(f, o.sse, "66.0F "+o.opc+" /r V,W")
	}

	registerVec(vperm2i128, x86asm.VPERM2I128, "VEX.256.66.0F3A.W0 46 /r ib V,H,W,I")
	registerVec(vperm2i128, x86asm.VPERM2F128, "VEX.256.66.0F3A.W0 06 /r ib V,H,W,I")
	registerVec(vpalignr, x86asm.PALIGNR, "66.0F3A 0F /r ib V,W,I")
	registerVec(vpalignr, x86asm.VPALIGNR, "VEX.128|256.66.0F3A.WIG 0F /r ib V,H,W,I")
	registerVec(vshufps, x86asm.SHUFPS, "NP.0F C6 /r ib V,W,I")
	registerVec(vshufps, x86asm.VSHUFPS, "VEX.128|256.0F.WIG C6 /r ib V,H,W,I")
	registerVec(vpermq, x86asm.VPERMQ,
		"VEX.256.66.0F3A.W1 00 /r ib V,W,I", "EVEX.256|512.66.0F3A.W1 00 /r ib V,W,I k z b8")
	registerVec(vperm(32), x86asm.VPERMD,
		"VEX.256.66.0F38.W0 36 /r V,H,W", "EVEX.256|512.66.0F38.W0 36 /r V,H,W k z b4")
	registerVec(vperm(8), x86asm.VPERMB, "EVEX.128|256|512.66.0F38.W0 8D /r V,H,W k z")
	registerVec(vblend(32), x86asm.VPBLENDD, "VEX.128|256.66.0F3A.W0 02 /r ib V,H,W,I")
	registerVec(vblend(16), x86asm.VPBLENDW, "VEX.128|256.66.0F3A.WIG 0E /r ib V,H,W,I")
	registerVec(vblend(16), x86asm.PBLENDW, "66.0F3A 0E /r ib V,W,I")

	registerVec(vbroadcast(8), x86asm.VPBROADCASTB, "VEX.128|256.66.0F38.W0 78 /r V,W")
	registerVec(vbroadcast(16), x86asm.VPBROADCASTW, "VEX.128|256.66.0F38.W0 79 /r V,W")
	registerVec(vbroadcast(32), x86asm.VPBROADCASTD,
		"VEX.128|256.66.0F38.W0 58 /r V,W",
		"EVEX.128|256|512.66.0F38.W0 58 /r V,W k z", "EVEX.128|256|512.66.0F38.W0 7C /r V,R k z")
	registerVec(vbroadcast(64), x86asm.VPBROADCASTQ,
		"VEX.128|256.66.0F38.W0 59 /r V,W",
		"EVEX.128|256|512.66.0F38.W1 59 /r V,W k z", "EVEX.128|256|512.66.0F38.W1 7C /r V,R k z")

	registerVec(vextracti128, x86asm.VEXTRACTI128, "VEX.256.66.0F3A.W0 39 /r ib W,V,I")
	registerVec(vinserti128, x86asm.VINSERTI128, "VEX.256.66.0F3A.W0 38 /r ib V,H,W,I")
}

// pick selects table[idx] for an index term of log2(len(table)) bits.
func pick(b *term.Builder, table []*term.Term, idx *term.Term) *term.Term {
	if k, ok := idx.Uint64(); ok {
		return table[k]
	}
	if len(table) == 1 {
		return table[0]
	}
	h := len(table) / 2
	top := idx.Width() - 1
	var rest *term.Term
	if top > 0 {
		rest = b.Extract(idx, top-1, 0)
	} else {
		rest = b.Zero(1)
	}
	return b.Ite(b.Bit(idx, top), pick(b, table[h:], rest), pick(b, table[:h], rest))
}

// vpshufd: dword j of each 128-bit lane is dword imm[2j+1:2j] of that lane
// of the source.
func vpshufd(v *vinst) error {
	x, err := v.readLanes(1, 32)
	if err != nil {
		return err
	}
	k := v.imm()
	out := make([]*term.Term, len(x))
	for j := range out {
		out[j] = x[j&^3+(k>>(2*(j&3)))&3]
	}
	return v.writeLanes(0, out)
}

// vpshufb: byte j of each 128-bit lane is 0 when bit 7 of control byte j is
// set, else the byte of that lane of the source selected by its low four
// bits.
func vpshufb(v *vinst) error {
	x, ctl, err := v.binary(8)
	if err != nil {
		return err
	}
	b := v.b
	out := make([]*term.Term, len(x))
	for j, c := range ctl {
		lane := x[j&^15 : j&^15+16]
		out[j] = b.Ite(b.Bit(c, 7), b.Zero(8), pick(b, lane, b.Extract(c, 3, 0)))
	}
	return v.writeLanes(0, out)
}

// vunpack: VPUNPCKL/H DQ/QDQ interleave the low (or high) halves of each
// 128-bit lane of the two sources, the first source's element first.
func vunpack(ew int, high bool) vecSemFunc {
	return func(v *vinst) error {
		x, y, err := v.binary(ew)
		if err != nil {
			return err
		}
		per := 128 / ew // elements per 128-bit lane
		out := make([]*term.Term, 0, len(x))
		for base := 0; base < len(x); base += per {
			from := base
			if high {
				from += per / 2
			}
			for j := 0; j < per/2; j++ {
				out = append(out, x[from+j], y[from+j])
			}
		}
		return v.writeLanes(0, out)
	}
}

// vperm2i128: each 128-bit half of the result is the half of the two
// sources selected by imm[1:0] (imm[5:4]), or zero when imm[3] (imm[7]).
func vperm2i128(v *vinst) error {
	x, y, err := v.binary(128)
	if err != nil {
		return err
	}
	k := v.imm()
	table := []*term.Term{x[0], x[1], y[0], y[1]}
	out := make([]*term.Term, 2)
	for h := range out {
		sel := k >> (4 * h)
		if sel&8 != 0 {
			out[h] = v.b.Zero(128)
		} else {
			out[h] = table[sel&3]
		}
	}
	return v.write(0, v.join(out))
}

// vpalignr: each 128-bit lane of the result is the lane pair first
// source : second source (the first in the high half), shifted right by
// imm bytes (zero past 32).
func vpalignr(v *vinst) error {
	x, y, err := v.binary(8)
	if err != nil {
		return err
	}
	k := v.imm()
	out := make([]*term.Term, len(x))
	for base := 0; base < len(x); base += 16 {
		for j := 0; j < 16; j++ {
			switch i := j + k; {
			case i < 16:
				out[base+j] = y[base+i]
			case i < 32:
				out[base+j] = x[base+i-16]
			default:
				out[base+j] = v.b.Zero(8)
			}
		}
	}
	return v.write(0, v.join(out))
}

// vshufps: in each 128-bit lane, dwords 0 and 1 are the dwords of the
// first source selected by imm[1:0] and imm[3:2], dwords 2 and 3 those of
// the second source selected by imm[5:4] and imm[7:6].
func vshufps(v *vinst) error {
	x, y, err := v.binary(32)
	if err != nil {
		return err
	}
	k := v.imm()
	out := make([]*term.Term, len(x))
	for base := 0; base < len(x); base += 4 {
		for j := 0; j < 4; j++ {
			src := x
			if j >= 2 {
				src = y
			}
			out[base+j] = src[base+(k>>(2*j))&3]
		}
	}
	return v.write(0, v.join(out))
}

// vpermq: qword j of each 256-bit half is qword imm[2j+1:2j] of that half
// of the source.
func vpermq(v *vinst) error {
	x, err := v.readLanes(1, 64)
	if err != nil {
		return err
	}
	k := v.imm()
	out := make([]*term.Term, len(x))
	for j := range out {
		out[j] = x[j&^3+(k>>(2*(j&3)))&3]
	}
	return v.writeLanes(0, out)
}

// vperm: VPERMB and VPERMD dst, idx, table: element j of dst is the
// element of table (the whole vector, across 128-bit lanes) that the low
// log2(n) bits of element j of idx select, n elements per vector.
func vperm(ew int) vecSemFunc {
	return func(v *vinst) error {
		idx, table, err := v.binary(ew)
		if err != nil {
			return err
		}
		bits := log2(len(table))
		out := make([]*term.Term, len(idx))
		for j, i := range idx {
			out[j] = pick(v.b, table, v.b.Extract(i, bits-1, 0))
		}
		return v.writeLanes(0, out)
	}
}

// log2 of a power of two.
func log2(n int) int {
	k := 0
	for 1<<k < n {
		k++
	}
	return k
}

// vblend: element j is from the second source when imm bit j (mod 8) is
// set, else from the first.
func vblend(ew int) vecSemFunc {
	return func(v *vinst) error {
		x, y, err := v.binary(ew)
		if err != nil {
			return err
		}
		k := v.imm()
		out := make([]*term.Term, len(x))
		for j := range out {
			if k>>(j%8)&1 == 1 {
				out[j] = y[j]
			} else {
				out[j] = x[j]
			}
		}
		return v.write(0, v.join(out))
	}
}

// vbroadcast: VPBROADCASTD/Q repeat the low dword or qword of the source
// (an XMM register, memory, or, EVEX, a general register).
func vbroadcast(ew int) vecSemFunc {
	return func(v *vinst) error {
		x, err := v.read(1, ew)
		if err != nil {
			return err
		}
		out := make([]*term.Term, v.vl/ew)
		for j := range out {
			out[j] = x
		}
		return v.writeLanes(0, out)
	}
}

// vextracti128: VEXTRACTI128 xmm/m128, ymm, imm writes the 128-bit half
// imm[0] of the source (to a register: zeroing bits 511..128).
func vextracti128(v *vinst) error {
	x, err := v.readLanes(1, 128)
	if err != nil {
		return err
	}
	return v.write(0, x[v.imm()&1])
}

// vinserti128: VINSERTI128 ymm1, ymm2, xmm/m128, imm is ymm2 with the
// 128-bit half imm[0] replaced.
func vinserti128(v *vinst) error {
	x, err := v.readLanes(1, 128)
	if err != nil {
		return err
	}
	h, err := v.read(2, 128)
	if err != nil {
		return err
	}
	x[v.imm()&1] = h
	return v.write(0, v.join(x))
}
