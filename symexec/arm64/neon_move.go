package arm64

import (
	A "golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

// AdvSIMD shift by immediate, modified immediate, copy, permute, extract.

func init() {
	// Shift by immediate: 0 Q U 011110 immh immb opcode 1 Rn Rd, immh ≠ 0,
	// one form per element size (the highest set bit of immh), so that
	// immh = 0 (modified immediate) is no shift form's.
	sizes := []struct {
		name        string
		mask, value uint32
	}{{"8", 0xF << 19, 1 << 19}, {"16", 0xE << 19, 2 << 19}, {"32", 0xC << 19, 4 << 19}, {"64", 0x8 << 19, 8 << 19}}
	for _, z := range sizes {
		sh := func(u, opc uint32) uint32 { return 0x0F000400 | u<<29 | opc<<11 | z.value }
		m := 0xBF80FC00 | z.mask
		registerNeon("SSHR/USHR "+z.name, m&^(1<<29), sh(0, 0x00), neonShift, A.SSHR, A.USHR)
		registerNeon("SSRA/USRA "+z.name, m&^(1<<29), sh(0, 0x02), neonShift, A.SSRA, A.USRA)
		registerNeon("SRSHR/URSHR "+z.name, m&^(1<<29), sh(0, 0x04), neonShift, A.SRSHR, A.URSHR)
		registerNeon("SHL "+z.name, m, sh(0, 0x0A), neonShift, A.SHL)
		registerNeon("SRI "+z.name, m, sh(1, 0x08), neonShift, A.SRI)
		registerNeon("SLI "+z.name, m, sh(1, 0x0A), neonShift, A.SLI)
	}
	registerNeon("MOVI/MVNI/ORR/BIC (vector, immediate)", 0x9FF80C00, 0x0F000400, neonMovi, A.MOVI, A.MVNI, A.ORR, A.BIC)
	registerNeon("DUP/INS/SMOV/UMOV", 0x9FE08400, 0x0E000400, neonCopy, A.DUP, A.INS, A.SMOV, A.UMOV, A.MOV)
	registerNeon("DUP (element, scalar)", 0xFFE0FC00, 0x5E000400, neonDupScalar, A.DUP, A.MOV)
	registerNeon("ADD/SUB (scalar)", 0xDF20FC00, 0x5E208400, neonAddSubScalar, A.ADD, A.SUB)
	registerNeon("UZP/TRN/ZIP", 0xBF208C00, 0x0E000800, neonPermute, A.UZP1, A.UZP2, A.TRN1, A.TRN2, A.ZIP1, A.ZIP2)
	registerNeon("EXT", 0xBFE08400, 0x2E000000, neonExt, A.EXT)
}

// neonShift: SSHR, USHR, SSRA, USRA, SRSHR, URSHR, SRI (right shifts by
// 2×esize − immh:immb, 1..esize) and SHL, SLI (by immh:immb − esize).
// SRI and SLI insert: the bits of each Vd lane the shifted Vn lane does
// not reach are kept.
func neonShift(s *state) error {
	e := s.enc
	immh := field(e, 22, 19)
	es := 8
	for h := immh >> 1; h != 0; h >>= 1 {
		es <<= 1
	}
	if es == 64 && !vq(e) {
		return s.reserved("reserved arrangement")
	}
	imm := int(field(e, 22, 16))
	b := s.b
	u := bit(e, 29)
	opc := field(e, 15, 11)
	x := s.vregQ(fRn(e), vq(e))
	d := s.vregQ(fRd(e), vq(e))
	// low is the lane with its low k bits set.
	low := func(k int) *term.Term {
		if k >= 64 {
			return b.Ones(es)
		}
		return b.Const(term.U64(1<<uint(k)-1, es), es)
	}
	if opc == 0x0A {
		n := imm - es
		s.setV(fRd(e), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
			if u { // SLI: Vd's low n bits stay
				return b.Or(b.And(a[1], low(n)), b.ShlC(a[0], n))
			}
			return b.ShlC(a[0], n)
		}, x, d))
		return nil
	}
	n := 2*es - imm
	s.setV(fRd(e), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
		var r *term.Term
		switch {
		case opc == 0x08: // SRI: Vd's high n bits stay
			if n == es {
				return a[1]
			}
			return b.Or(b.And(a[1], b.Not(low(es-n))), b.LshrC(a[0], n))
		case opc == 0x04: // rounding: in es+1 bits
			var w *term.Term
			if u {
				w = b.ZeroExt(a[0], es+1)
			} else {
				w = b.SignExt(a[0], es+1)
			}
			w = b.Add(w, b.Const(term.U64(1<<uint(n-1), es+1), es+1))
			if u {
				w = b.LshrC(w, n)
			} else {
				w = b.AshrC(w, n)
			}
			r = b.Extract(w, es-1, 0)
		case u && n == es:
			r = b.Zero(es)
		case u:
			r = b.LshrC(a[0], n)
		case n == es:
			r = b.AshrC(a[0], es-1)
		default:
			r = b.AshrC(a[0], n)
		}
		if opc == 0x02 {
			r = b.Add(a[1], r)
		}
		return r
	}, x, d))
	return nil
}

// neonMovi: MOVI, MVNI, ORR, BIC (vector, immediate) by cmode and op
// (AdvSIMDExpandImm); FMOV (cmode 1111) is not modelled.
func neonMovi(s *state) error {
	e := s.enc
	op := bit(e, 29)
	cmode := field(e, 15, 12)
	abc := uint64(field(e, 18, 16)<<5 | field(e, 9, 5))
	var imm uint64 // 64-bit pattern, replicated
	rep32 := func(v uint64) uint64 { return v | v<<32 }
	rep16 := func(v uint64) uint64 { v |= v << 16; return v | v<<32 }
	orbic := false
	switch {
	case cmode>>3 == 0: // 0xxy: 32-bit shifted
		imm = rep32(abc << (8 * (cmode >> 1 & 3)))
		orbic = cmode&1 == 1
	case cmode>>2 == 2: // 10xy: 16-bit shifted
		imm = rep16(abc << (8 * (cmode >> 1 & 1)))
		orbic = cmode&1 == 1
	case cmode>>1 == 6: // 110x: shifting ones
		if cmode&1 == 0 {
			imm = rep32(abc<<8 | 0xFF)
		} else {
			imm = rep32(abc<<16 | 0xFFFF)
		}
	case cmode == 14 && !op: // 8-bit
		imm = abc * 0x0101010101010101
	case cmode == 14: // 64-bit byte mask
		for i := 0; i < 8; i++ {
			if abc>>uint(i)&1 == 1 {
				imm |= 0xFF << uint(8*i)
			}
		}
	default:
		return s.reserved("FMOV (vector, immediate) is not modelled")
	}
	b := s.b
	notImm := op && cmode != 14 // MVNI and BIC invert the immediate
	if notImm {
		imm = ^imm
	}
	k := b.Uint(imm, 64)
	v := k
	if vq(e) {
		v = b.Concat(k, k)
	}
	if orbic {
		d := s.vregQ(fRd(e), vq(e))
		if op { // BIC: AND with the inverted immediate
			v = b.And(d, v)
		} else {
			v = b.Or(d, v)
		}
	}
	s.setV(fRd(e), v)
	return nil
}

// neonCopy: DUP (element, general), INS (general, element), SMOV, UMOV.
func neonCopy(s *state) error {
	e := s.enc
	q, op := vq(e), bit(e, 29)
	imm5, imm4 := field(e, 20, 16), field(e, 14, 11)
	size := 0
	for size < 4 && imm5>>uint(size)&1 == 0 {
		size++
	}
	if size == 4 {
		return s.reserved("reserved imm5")
	}
	es := 8 << uint(size)
	idx := int(imm5 >> uint(size+1))
	b := s.b
	d, n := fRd(e), fRn(e)
	switch {
	case op && q: // INS (element)
		src := s.lanes(s.vreg(n), es)[int(imm4>>uint(size))]
		ls := s.lanes(s.vreg(d), es)
		ls[idx] = src
		s.setV(d, s.join(ls))
	case op:
		return s.reserved("unallocated copy encoding")
	case imm4 == 0 || imm4 == 1: // DUP element / general
		if es == 64 && !q {
			return s.reserved("reserved arrangement")
		}
		var x *term.Term
		if imm4 == 0 {
			x = s.lanes(s.vreg(n), es)[idx]
		} else {
			x = b.Extract(s.reg(n, 64), es-1, 0)
		}
		ls := make([]*term.Term, vdata(e)/es)
		for i := range ls {
			ls[i] = x
		}
		s.setV(d, s.join(ls))
	case imm4 == 3 && q: // INS (general)
		ls := s.lanes(s.vreg(d), es)
		ls[idx] = b.Extract(s.reg(n, 64), es-1, 0)
		s.setV(d, s.join(ls))
	case imm4 == 7: // UMOV
		if q != (es == 64) {
			return s.reserved("reserved UMOV size")
		}
		x := s.lanes(s.vreg(n), es)[idx]
		return s.setReg(d, b.ZeroExt(x, 64))
	case imm4 == 5: // SMOV
		if es == 64 || es == 32 && !q {
			return s.reserved("reserved SMOV size")
		}
		x := s.lanes(s.vreg(n), es)[idx]
		if q {
			return s.setReg(d, b.SignExt(x, 64))
		}
		return s.setReg(d, b.SignExt(x, 32))
	default:
		return s.reserved("unallocated copy encoding")
	}
	return nil
}

// neonPermute: UZP1, TRN1, ZIP1, UZP2, TRN2, ZIP2 (opcode bits 14:12).
func neonPermute(s *state) error {
	e := s.enc
	es := vsize(e)
	if es == 64 && !vq(e) {
		return s.reserved("reserved arrangement")
	}
	opc := field(e, 14, 12)
	if opc&3 == 0 {
		return s.reserved("unallocated permute opcode")
	}
	part := int(opc >> 2)
	xs := s.lanes(s.vregQ(fRn(e), vq(e)), es)
	ys := s.lanes(s.vregQ(fRm(e), vq(e)), es)
	n := len(xs)
	out := make([]*term.Term, n)
	switch opc & 3 {
	case 1: // UZP
		all := append(append([]*term.Term{}, xs...), ys...)
		for i := range out {
			out[i] = all[2*i+part]
		}
	case 2: // TRN
		for p := 0; p < n/2; p++ {
			out[2*p], out[2*p+1] = xs[2*p+part], ys[2*p+part]
		}
	case 3: // ZIP
		base := part * n / 2
		for p := 0; p < n/2; p++ {
			out[2*p], out[2*p+1] = xs[base+p], ys[base+p]
		}
	}
	s.setV(fRd(e), s.join(out))
	return nil
}

// neonExt: EXT Vd, Vn, Vm, #imm4: bytes imm4.. of Vm:Vn.
func neonExt(s *state) error {
	e := s.enc
	q := vq(e)
	pos := int(field(e, 14, 11))
	if !q && pos >= 8 {
		return s.reserved("reserved EXT index")
	}
	w := vdata(e)
	b := s.b
	cat := b.Concat(s.vregQ(fRm(e), q), s.vregQ(fRn(e), q))
	s.setV(fRd(e), b.Extract(cat, 8*pos+w-1, 8*pos))
	return nil
}

// neonDupScalar: DUP (MOV) Vd, Vn.T[i]: the element, zero-extended to the
// register (imm5 gives its size, the lowest set bit, and its index).
func neonDupScalar(s *state) error {
	imm5 := field(s.enc, 20, 16)
	if imm5&0xF == 0 {
		return s.reserved("reserved imm5")
	}
	k := 0
	for imm5>>uint(k)&1 == 0 {
		k++
	}
	es := 8 << k
	idx := int(imm5 >> uint(k+1))
	s.setV(fRd(s.enc), s.lanes(s.vreg(fRn(s.enc)), es)[idx])
	return nil
}

// neonAddSubScalar: ADD and SUB (U) Dd, Dn, Dm of the low doublewords
// (size 11 only).
func neonAddSubScalar(s *state) error {
	e := s.enc
	if field(e, 23, 22) != 3 {
		return s.reserved("reserved size")
	}
	b := s.b
	x, y := b.Extract(s.vreg(fRn(e)), 63, 0), b.Extract(s.vreg(fRm(e)), 63, 0)
	if bit(e, 29) {
		s.setV(fRd(e), b.Sub(x, y))
	} else {
		s.setV(fRd(e), b.Add(x, y))
	}
	return nil
}
