package arm64

import (
	A "golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/term"
)

// AdvSIMD three same (0 Q U 01110 size 1 Rm opcode 1 Rn Rd), two-register
// miscellaneous, across lanes, shift by immediate, modified immediate,
// copy, permute, extract and three different.

const (
	m3same  = 0xBF20FC00
	v3same  = 0x0E200400
	m2misc  = 0xBF3FFC00
	v2misc  = 0x0E200800
	vAcross = 0x0E300800
	m3diff  = 0xBF20FC00
	v3diff  = 0x0E200000
)

func same(u, opc uint32) uint32 { return v3same | u<<29 | opc<<11 }
func misc(u, opc uint32) uint32 { return v2misc | u<<29 | opc<<12 }

func init() {
	registerNeon("ADD/SUB (vector)", m3same&^(1<<29), same(0, 0x10), neonAddSub, A.ADD, A.SUB)
	registerNeon("MUL (vector)", m3same, same(0, 0x13), neonMul, A.MUL)
	registerNeon("MLA/MLS (vector)", m3same&^(1<<29), same(0, 0x12), neonMul, A.MLA, A.MLS)
	registerNeon("SQDMULH/SQRDMULH (vector)", m3same&^(1<<29), same(0, 0x16), neonQdmulh, A.SQDMULH, A.SQRDMULH)
	registerNeon("AND/BIC/ORR/ORN (vector)", m3same&^(3<<22), same(0, 0x03), neonLogic, A.AND, A.BIC, A.ORR, A.ORN, A.MOV)
	registerNeon("EOR/BSL/BIT/BIF", m3same&^(3<<22), same(1, 0x03), neonLogic, A.EOR, A.BSL, A.BIT, A.BIF)
	registerNeon("CMGT/CMHI (register)", m3same&^(1<<29), same(0, 0x06), neonCmp, A.CMGT, A.CMHI)
	registerNeon("CMGE/CMHS (register)", m3same&^(1<<29), same(0, 0x07), neonCmp, A.CMGE, A.CMHS)
	registerNeon("CMTST/CMEQ (register)", m3same&^(1<<29), same(0, 0x11), neonCmp, A.CMTST, A.CMEQ)
	registerNeon("SMAX/UMAX", m3same&^(1<<29), same(0, 0x0C), neonMinMax, A.SMAX, A.UMAX)
	registerNeon("SMIN/UMIN", m3same&^(1<<29), same(0, 0x0D), neonMinMax, A.SMIN, A.UMIN)

	registerNeon("CMGT/CMGE (zero)", m2misc&^(1<<29), misc(0, 0x08), neonCmpZero, A.CMGT, A.CMGE)
	registerNeon("CMEQ/CMLE (zero)", m2misc&^(1<<29), misc(0, 0x09), neonCmpZero, A.CMEQ, A.CMLE)
	registerNeon("CMLT (zero)", m2misc, misc(0, 0x0A), neonCmpZero, A.CMLT)
	registerNeon("ABS/NEG (vector)", m2misc&^(1<<29), misc(0, 0x0B), neonAbsNeg, A.ABS, A.NEG)
	registerNeon("NOT", m2misc|3<<22, misc(1, 0x05), neonNot, A.NOT, A.MVN)
	registerNeon("XTN/XTN2", m2misc, misc(0, 0x12), neonXtn, A.XTN, A.XTN2)

	registerNeon("ADDV", m2misc, vAcross|0x1B<<12, neonAcross, A.ADDV)
	registerNeon("UMAXV", m2misc, vAcross|1<<29|0x0A<<12, neonAcross, A.UMAXV)

	registerNeon("SMULL/UMULL (vector)", m3diff&^(1<<29), v3diff|0xC<<12, neonMull, A.SMULL, A.SMULL2, A.UMULL, A.UMULL2)
	registerNeon("SMLAL/UMLAL (vector)", m3diff&^(1<<29), v3diff|0x8<<12, neonMull, A.SMLAL, A.SMLAL2, A.UMLAL, A.UMLAL2)
}

// vsize is the element size of the size field (bits 23:22) in bits.
func vsize(e uint32) int { return 8 << field(e, 23, 22) }

// vdata is the operation's width: 128 with Q, else 64.
func vdata(e uint32) int {
	if vq(e) {
		return 128
	}
	return 64
}

// sameArgs reads Vn and Vm of a three-same word and checks the size: size
// 3 is allowed only with Q (allow64) or never.
func (s *state) sameArgs(allow64 bool) (x, y *term.Term, es int, err error) {
	e := s.enc
	es = vsize(e)
	if es == 64 && (!allow64 || !vq(e)) {
		return nil, nil, 0, s.reserved("reserved arrangement")
	}
	return s.vregQ(fRn(e), vq(e)), s.vregQ(fRm(e), vq(e)), es, nil
}

func neonAddSub(s *state) error {
	x, y, es, err := s.sameArgs(true)
	if err != nil {
		return err
	}
	sub := bit(s.enc, 29)
	s.setV(fRd(s.enc), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
		if sub {
			return s.b.Sub(a[0], a[1])
		}
		return s.b.Add(a[0], a[1])
	}, x, y))
	return nil
}

// neonMul: MUL, MLA, MLS (bit 29: subtract; opcode bit 0: no accumulate).
// A lane product is b.Mul of the lanes. Variable time (warning).
func neonMul(s *state) error {
	x, y, es, err := s.sameArgs(false)
	if err != nil {
		return err
	}
	s.event(VarTime, nil, 0, x, y)
	acc := !bit(s.enc, 11)
	sub := bit(s.enc, 29)
	d := s.vregQ(fRd(s.enc), vq(s.enc))
	s.setV(fRd(s.enc), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
		p := s.b.Mul(a[0], a[1])
		switch {
		case !acc:
			return p
		case sub:
			return s.b.Sub(a[2], p)
		}
		return s.b.Add(a[2], p)
	}, x, y, d))
	return nil
}

// neonQdmulh: SQDMULH and SQRDMULH (bit 29: rounding) for 16- and 32-bit
// lanes: the high half of the doubled (and rounded) 2e-bit product,
// saturated (only MIN×MIN saturates, to MAX). The product is the
// sign-extended 2e-bit Mul, the term SMULL builds.
func neonQdmulh(s *state) error {
	es := vsize(s.enc)
	if es != 16 && es != 32 {
		return s.reserved("reserved arrangement")
	}
	x, y, _, err := s.sameArgs(false)
	if err != nil {
		return err
	}
	s.event(VarTime, nil, 0, x, y)
	round := bit(s.enc, 29)
	b := s.b
	min := b.Const(term.U64(1<<uint(es-1), es), es)
	max := b.Uint(1<<uint(es-1)-1, es)
	s.setV(fRd(s.enc), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
		p := b.Mul(b.SignExt(a[0], 2*es), b.SignExt(a[1], 2*es))
		d := b.ShlC(p, 1)
		if round {
			d = b.Add(d, b.Uint(1<<uint(es-1), 2*es))
		}
		r := b.Extract(d, 2*es-1, es)
		sat := b.And(b.Eq(a[0], min), b.Eq(a[1], min))
		return b.Ite(sat, max, r)
	}, x, y))
	return nil
}

// neonLogic: AND, BIC, ORR, ORN (U = 0) and EOR, BSL, BIT, BIF (U = 1) by
// bits 23:22.
func neonLogic(s *state) error {
	e := s.enc
	q := vq(e)
	b := s.b
	x, y, d := s.vregQ(fRn(e), q), s.vregQ(fRm(e), q), s.vregQ(fRd(e), q)
	var r *term.Term
	switch field(e, 29, 29)<<2 | field(e, 23, 22) {
	case 0:
		r = b.And(x, y)
	case 1:
		r = b.And(x, b.Not(y))
	case 2:
		r = b.Or(x, y)
	case 3:
		r = b.Or(x, b.Not(y))
	case 4:
		r = b.Xor(x, y)
	case 5: // BSL
		r = b.Or(b.And(d, x), b.And(b.Not(d), y))
	case 6: // BIT
		r = b.Or(b.And(d, b.Not(y)), b.And(x, y))
	case 7: // BIF
		r = b.Or(b.And(d, y), b.And(x, b.Not(y)))
	}
	s.setV(fRd(e), r)
	return nil
}

// neonCmp: CMGT/CMHI, CMGE/CMHS, CMTST/CMEQ (register).
func neonCmp(s *state) error {
	x, y, es, err := s.sameArgs(true)
	if err != nil {
		return err
	}
	b := s.b
	u := bit(s.enc, 29)
	opc := field(s.enc, 15, 11)
	s.setV(fRd(s.enc), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
		var c *term.Term
		switch {
		case opc == 0x06 && !u:
			c = b.Sgt(a[0], a[1])
		case opc == 0x06:
			c = b.Ugt(a[0], a[1])
		case opc == 0x07 && !u:
			c = b.Sge(a[0], a[1])
		case opc == 0x07:
			c = b.Uge(a[0], a[1])
		case !u: // CMTST
			c = b.Ne(b.And(a[0], a[1]), b.Zero(es))
		default:
			c = b.Eq(a[0], a[1])
		}
		return s.mask1(c, es)
	}, x, y))
	return nil
}

func neonMinMax(s *state) error {
	x, y, es, err := s.sameArgs(false)
	if err != nil {
		return err
	}
	b := s.b
	u := bit(s.enc, 29)
	min := bit(s.enc, 11)
	s.setV(fRd(s.enc), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
		var gt *term.Term
		if u {
			gt = b.Ugt(a[0], a[1])
		} else {
			gt = b.Sgt(a[0], a[1])
		}
		if min {
			return b.Ite(gt, a[1], a[0])
		}
		return b.Ite(gt, a[0], a[1])
	}, x, y))
	return nil
}

// miscArg reads Vn of a two-register-misc word; size 3 needs Q.
func (s *state) miscArg() (*term.Term, int, error) {
	es := vsize(s.enc)
	if es == 64 && !vq(s.enc) {
		return nil, 0, s.reserved("reserved arrangement")
	}
	return s.vregQ(fRn(s.enc), vq(s.enc)), es, nil
}

// neonCmpZero: CMGT, CMGE, CMEQ, CMLE, CMLT against #0.
func neonCmpZero(s *state) error {
	x, es, err := s.miscArg()
	if err != nil {
		return err
	}
	b := s.b
	k := field(s.enc, 13, 12)<<1 | field(s.enc, 29, 29)
	s.setV(fRd(s.enc), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
		z := b.Zero(es)
		var c *term.Term
		switch k {
		case 0: // 01000 U0
			c = b.Sgt(a[0], z)
		case 1:
			c = b.Sge(a[0], z)
		case 2: // 01001
			c = b.Eq(a[0], z)
		case 3:
			c = b.Sle(a[0], z)
		default: // 01010 U0
			c = b.Slt(a[0], z)
		}
		return s.mask1(c, es)
	}, x))
	return nil
}

func neonAbsNeg(s *state) error {
	x, es, err := s.miscArg()
	if err != nil {
		return err
	}
	b := s.b
	neg := bit(s.enc, 29)
	s.setV(fRd(s.enc), s.mapLanes(es, func(_ int, a []*term.Term) *term.Term {
		if neg {
			return b.Neg(a[0])
		}
		return b.Ite(b.Slt(a[0], b.Zero(es)), b.Neg(a[0]), a[0])
	}, x))
	return nil
}

func neonNot(s *state) error {
	s.setV(fRd(s.enc), s.b.Not(s.vregQ(fRn(s.enc), vq(s.enc))))
	return nil
}

// neonXtn: XTN (Q = 0) writes the narrowed lanes to the low half and
// zeroes the rest; XTN2 writes the upper half and keeps the lower.
func neonXtn(s *state) error {
	es := vsize(s.enc)
	if es == 64 {
		return s.reserved("reserved arrangement")
	}
	b := s.b
	src := s.lanes(s.vreg(fRn(s.enc)), 2*es)
	for i := range src {
		src[i] = b.Extract(src[i], es-1, 0)
	}
	r := s.join(src)
	if vq(s.enc) {
		r = b.Concat(r, b.Extract(s.vreg(fRd(s.enc)), 63, 0))
	}
	s.setV(fRd(s.enc), r)
	return nil
}

// neonAcross: ADDV and UMAXV; the scalar result is zero-extended.
func neonAcross(s *state) error {
	es := vsize(s.enc)
	if es == 64 || es == 32 && !vq(s.enc) {
		return s.reserved("reserved arrangement")
	}
	b := s.b
	ls := s.lanes(s.vregQ(fRn(s.enc), vq(s.enc)), es)
	r := ls[0]
	for _, l := range ls[1:] {
		if bit(s.enc, 29) {
			r = b.Ite(b.Ugt(l, r), l, r)
		} else {
			r = b.Add(r, l)
		}
	}
	s.setV(fRd(s.enc), r)
	return nil
}

// neonMull: SMULL, UMULL (bit 29), SMLAL, UMLAL (opcode 1000) and their
// "2" forms (Q: the upper halves of Vn and Vm). A lane product is the Mul
// of the lanes extended to 2e bits.
func neonMull(s *state) error {
	es := vsize(s.enc)
	if es == 64 {
		return s.reserved("reserved arrangement")
	}
	b := s.b
	half := func(n int) *term.Term {
		if vq(s.enc) {
			return b.Extract(s.vreg(n), 127, 64)
		}
		return b.Extract(s.vreg(n), 63, 0)
	}
	x, y := half(fRn(s.enc)), half(fRm(s.enc))
	s.event(VarTime, nil, 0, x, y)
	xs, ys := s.lanes(x, es), s.lanes(y, es)
	u := bit(s.enc, 29)
	acc := !bit(s.enc, 14)
	var ds []*term.Term
	if acc {
		ds = s.lanes(s.vreg(fRd(s.enc)), 2*es)
	}
	out := make([]*term.Term, len(xs))
	for i := range xs {
		var p *term.Term
		if u {
			p = b.Mul(b.ZeroExt(xs[i], 2*es), b.ZeroExt(ys[i], 2*es))
		} else {
			p = b.Mul(b.SignExt(xs[i], 2*es), b.SignExt(ys[i], 2*es))
		}
		if acc {
			p = b.Add(ds[i], p)
		}
		out[i] = p
	}
	s.setV(fRd(s.enc), s.join(out))
	return nil
}
