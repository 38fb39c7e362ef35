package arm64

import (
	A "golang.org/x/arch/arm64/arm64asm"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// The cryptographic extension (AESE, AESD, AESMC, AESIMC; SHA1C, SHA1P,
// SHA1M, SHA1H, SHA1SU0, SHA1SU1; SHA256H, SHA256H2, SHA256SU0,
// SHA256SU1; PMULL and PMULL2, of bytes and of doublewords) and the other
// SIMD forms the standard library's assembly uses: REV16/REV32/REV64
// (vector), TBL/TBX, ADDP (vector and scalar), UADDLV. As the Arm ARM's
// pseudocode defines them; the AES and carry-less blocks are shared with
// amd64 (symexec/machine/crypto.go).

func init() {
	registerNeon("AESE/AESD/AESMC/AESIMC", 0xFFFFCC00, 0x4E284800, neonAES, A.AESE, A.AESD, A.AESMC, A.AESIMC)
	registerNeon("SHA1C/SHA1P/SHA1M/SHA1SU0/SHA256H/SHA256H2/SHA256SU1", 0xFFE08C00, 0x5E000000, neonSHA3reg,
		A.SHA1C, A.SHA1P, A.SHA1M, A.SHA1SU0, A.SHA256H, A.SHA256H2, A.SHA256SU1)
	registerNeon("SHA1H/SHA1SU1/SHA256SU0", 0xFFFFCC00, 0x5E280800, neonSHA2reg, A.SHA1H, A.SHA1SU1, A.SHA256SU0)
	registerNeon("PMULL/PMULL2", 0xBF20FC00, 0x0E20E000, neonPmull, A.PMULL, A.PMULL2)
	registerNeon("REV16/REV32/REV64 (vector)", 0x9F3FEC00, 0x0E200800, neonRev, A.REV16, A.REV32, A.REV64)
	registerNeon("TBL/TBX", 0xBFE08C00, 0x0E000000, neonTbl, A.TBL, A.TBX)
	registerNeon("ADDP (vector)", m3same, same(0, 0x17), neonAddp, A.ADDP)
	registerNeon("ADDP (scalar)", 0xFF3FFC00, 0x5E31B800, neonAddpScalar, A.ADDP)
	registerNeon("UADDLV/SADDLV", 0x9F3FFC00, 0x0E303800, neonAddlv, A.UADDLV, A.SADDLV)
}

// bytes16 splits a 128-bit term into its bytes, byte 0 least significant.
func (s *state) bytes16(x *term.Term) []*term.Term { return s.lanes(x, 8) }

// neonAES: AESE and AESD XOR the round key Vn into Vd, then apply
// ShiftRows and SubBytes (or their inverses); AESMC and AESIMC apply
// MixColumns (or its inverse) to Vn.
func neonAES(s *state) error {
	e, b := s.enc, s.b
	d, n := fRd(e), fRn(e)
	var out []*term.Term
	switch field(e, 13, 12) {
	case 0, 1: // AESE, AESD
		inv := field(e, 12, 12) == 1
		x := s.bytes16(b.Xor(s.vreg(d), s.vreg(n)))
		out = machine.SubBytes(b, machine.ShiftRows(x, inv), inv)
	default: // AESMC, AESIMC
		out = machine.MixColumns(b, s.bytes16(s.vreg(n)), field(e, 12, 12) == 1)
	}
	s.setV(d, s.join(out))
	return nil
}

func choose(b *term.Builder, x, y, z *term.Term) *term.Term {
	return b.Xor(b.And(b.Xor(y, z), x), z)
}

func parity(b *term.Builder, x, y, z *term.Term) *term.Term { return b.Xor(x, y, z) }

func majority(b *term.Builder, x, y, z *term.Term) *term.Term {
	return b.Or(b.And(x, y), b.And(b.Or(x, y), z))
}

// words4 splits a 128-bit term into four words, word 0 least significant.
func (s *state) words4(x *term.Term) []*term.Term { return s.lanes(x, 32) }

// neonSHA3reg: the three-register SHA instructions.
func neonSHA3reg(s *state) error {
	e, b := s.enc, s.b
	d, n, m := fRd(e), fRn(e), fRm(e)
	opc := field(e, 14, 12)
	switch opc {
	case 0, 1, 2: // SHA1C, SHA1P, SHA1M: Qd (abcd), Sn (e), Vm.4S (w)
		f := [3]func(*term.Builder, *term.Term, *term.Term, *term.Term) *term.Term{choose, parity, majority}[opc]
		x := s.words4(s.vreg(d))
		y := b.Extract(s.vreg(n), 31, 0)
		w := s.words4(s.vreg(m))
		for i := 0; i < 4; i++ {
			t := f(b, x[1], x[2], x[3])
			y = b.AddN(y, b.RotL(x[0], 5), t, w[i])
			x[1] = b.RotL(x[1], 30)
			// <Y, X> rotated left by 32: Y = X<127:96>, X = X<95:0>:Y.
			x, y = []*term.Term{y, x[0], x[1], x[2]}, x[3]
		}
		s.setV(d, s.join(x))
	case 3: // SHA1SU0: Vm<63:0>:Vd<127:64> ⊕ Vd ⊕ Vn... (operand2 = Vn)
		vd, vn, vm := s.vreg(d), s.vreg(n), s.vreg(m)
		r := b.Concat(b.Extract(vn, 63, 0), b.Extract(vd, 127, 64))
		s.setV(d, b.Xor(r, vd, vm))
	case 4, 5: // SHA256H, SHA256H2
		x, y := s.words4(s.vreg(d)), s.words4(s.vreg(n))
		w := s.words4(s.vreg(m))
		part1 := opc == 4
		if !part1 {
			x, y = y, x
		}
		for i := 0; i < 4; i++ {
			chs := choose(b, y[0], y[1], y[2])
			maj := majority(b, x[0], x[1], x[2])
			sig1 := b.Xor(b.RotR(y[0], 6), b.RotR(y[0], 11), b.RotR(y[0], 25))
			sig0 := b.Xor(b.RotR(x[0], 2), b.RotR(x[0], 13), b.RotR(x[0], 22))
			t := b.AddN(y[3], sig1, chs, w[i])
			x[3] = b.Add(t, x[3])
			y[3] = b.AddN(t, sig0, maj)
			// <Y, X> (256 bits) rotated left by 32.
			x, y = []*term.Term{y[3], x[0], x[1], x[2]}, []*term.Term{x[3], y[0], y[1], y[2]}
		}
		if part1 {
			s.setV(d, s.join(x))
		} else {
			s.setV(d, s.join(y))
		}
	case 6: // SHA256SU1
		op1, op2, op3 := s.vreg(d), s.vreg(n), s.vreg(m)
		t0 := s.words4(b.Concat(b.Extract(op3, 31, 0), b.Extract(op2, 127, 32)))
		o1 := s.words4(op1)
		sig1 := func(x *term.Term) *term.Term { return b.Xor(b.RotR(x, 17), b.RotR(x, 19), b.LshrC(x, 10)) }
		t1 := s.words4(op3)[2:]
		r := make([]*term.Term, 4)
		for i := 0; i < 2; i++ {
			r[i] = b.AddN(sig1(t1[i]), o1[i], t0[i])
		}
		for i := 2; i < 4; i++ {
			r[i] = b.AddN(sig1(r[i-2]), o1[i], t0[i])
		}
		s.setV(d, s.join(r))
	default:
		return s.reserved("unallocated SHA opcode")
	}
	return nil
}

// neonSHA2reg: SHA1H, SHA1SU1, SHA256SU0.
func neonSHA2reg(s *state) error {
	e, b := s.enc, s.b
	d, n := fRd(e), fRn(e)
	switch field(e, 13, 12) {
	case 0: // SHA1H: Sd = Sn rotated left by 30
		s.setV(d, b.RotL(b.Extract(s.vreg(n), 31, 0), 30))
	case 1: // SHA1SU1
		t := s.words4(b.Xor(s.vreg(d), b.LshrC(s.vreg(n), 32)))
		r := make([]*term.Term, 4)
		for i := 0; i < 4; i++ {
			r[i] = b.RotL(t[i], 1)
		}
		r[3] = b.Xor(r[3], b.RotL(t[0], 2))
		s.setV(d, s.join(r))
	case 2: // SHA256SU0
		op1, op2 := s.vreg(d), s.vreg(n)
		t := s.words4(b.Concat(b.Extract(op2, 31, 0), b.Extract(op1, 127, 32)))
		o1 := s.words4(op1)
		r := make([]*term.Term, 4)
		for i := range r {
			x := t[i]
			r[i] = b.Add(b.Xor(b.RotR(x, 7), b.RotR(x, 18), b.LshrC(x, 3)), o1[i])
		}
		s.setV(d, s.join(r))
	default:
		return s.reserved("unallocated SHA opcode")
	}
	return nil
}

// neonPmull: PMULL (the low half of Vn and Vm) and PMULL2 (the high half)
// multiply polynomials over GF(2): bytes into halfwords (size 00) or the
// doublewords into 128 bits (size 11).
func neonPmull(s *state) error {
	e, b := s.enc, s.b
	half := func(n int) *term.Term {
		if vq(e) {
			return b.Extract(s.vreg(n), 127, 64)
		}
		return b.Extract(s.vreg(n), 63, 0)
	}
	x, y := half(fRn(e)), half(fRm(e))
	switch field(e, 23, 22) {
	case 0:
		xs, ys := s.lanes(x, 8), s.lanes(y, 8)
		out := make([]*term.Term, 8)
		for i := range out {
			out[i] = machine.Clmul(b, xs[i], ys[i])
		}
		s.setV(fRd(e), s.join(out))
	case 3:
		s.setV(fRd(e), machine.Clmul(b, x, y))
	default:
		return s.reserved("reserved PMULL size")
	}
	return nil
}

// neonRev: REV16, REV32, REV64 reverse the elements of the size in each
// container of 16, 32 or 64 bits.
func neonRev(s *state) error {
	e := s.enc
	es := vsize(e)
	var container int
	switch {
	case field(e, 29, 29) == 0 && field(e, 12, 12) == 0:
		container = 64
	case field(e, 29, 29) == 1 && field(e, 12, 12) == 0:
		container = 32
	case field(e, 29, 29) == 0 && field(e, 12, 12) == 1:
		container = 16
	default:
		return s.reserved("unallocated REV")
	}
	if es >= container {
		return s.reserved("reserved REV element size")
	}
	ls := s.lanes(s.vregQ(fRn(e), vq(e)), es)
	per := container / es
	out := make([]*term.Term, len(ls))
	for i := range ls {
		base := i - i%per
		out[i] = ls[base+per-1-i%per]
	}
	s.setV(fRd(e), s.join(out))
	return nil
}

// neonTbl: TBL (and TBX) look each byte index of Vm up in the table of the
// len+1 registers from Vn (wrapping at V31); an index past the table gives
// 0 (TBX: the byte of Vd).
func neonTbl(s *state) error {
	e, b := s.enc, s.b
	nregs := int(field(e, 14, 13)) + 1
	var table []*term.Term
	for i := 0; i < nregs; i++ {
		table = append(table, s.bytes16(s.vreg((fRn(e)+i)%32))...)
	}
	idx := s.lanes(s.vregQ(fRm(e), vq(e)), 8)
	old := s.lanes(s.vregQ(fRd(e), vq(e)), 8)
	tbx := bit(e, 12)
	out := make([]*term.Term, len(idx))
	for j, ix := range idx {
		r := b.Zero(8)
		if tbx {
			r = old[j]
		}
		if k, ok := ix.Uint64(); ok {
			if int(k) < len(table) {
				r = table[k]
			}
		} else {
			for k := len(table) - 1; k >= 0; k-- {
				r = b.Ite(b.Eq(ix, b.Uint(uint64(k), 8)), table[k], r)
			}
		}
		out[j] = r
	}
	s.setV(fRd(e), s.join(out))
	return nil
}

// neonAddp: ADDP (vector) adds adjacent pairs of the concatenation Vm:Vn.
func neonAddp(s *state) error {
	x, y, es, err := s.sameArgs(true)
	if err != nil {
		return err
	}
	b := s.b
	all := append(s.lanes(x, es), s.lanes(y, es)...)
	out := make([]*term.Term, len(all)/2)
	for i := range out {
		out[i] = b.Add(all[2*i], all[2*i+1])
	}
	s.setV(fRd(s.enc), s.join(out))
	return nil
}

// neonAddpScalar: ADDP Dd, Vn.2D adds the two doublewords.
func neonAddpScalar(s *state) error {
	if field(s.enc, 23, 22) != 3 {
		return s.reserved("reserved ADDP (scalar) size")
	}
	ls := s.lanes(s.vreg(fRn(s.enc)), 64)
	s.setV(fRd(s.enc), s.b.Add(ls[0], ls[1]))
	return nil
}

// neonAddlv: UADDLV (SADDLV) adds the elements, zero- (sign-) extended to
// twice their width, into a scalar.
func neonAddlv(s *state) error {
	e, b := s.enc, s.b
	es := vsize(e)
	if es == 64 || es == 32 && !vq(e) {
		return s.reserved("reserved arrangement")
	}
	var r *term.Term
	for _, l := range s.lanes(s.vregQ(fRn(e), vq(e)), es) {
		if bit(e, 29) {
			l = b.ZeroExt(l, 2*es)
		} else {
			l = b.SignExt(l, 2*es)
		}
		if r == nil {
			r = l
		} else {
			r = b.Add(r, l)
		}
	}
	s.setV(fRd(e), r)
	return nil
}
