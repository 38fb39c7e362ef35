package amd64

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// Vector state and the machinery the vector families share.
//
// A vector register is a 512-bit term; XMMn and YMMn are its low 128 and
// 256 bits. Every lane-wise result is built as a Concat of per-lane terms,
// so extracting a lane of it gives back that lane's term. Writes follow the
// SDM: a legacy SSE instruction writes bits 127..0 and keeps the rest, a
// VEX- or EVEX-encoded one writes its vector length and zeroes the bits
// above it up to 511.
//
// Each modelled operation lists its encoding forms (vec_form.go); an
// instruction is executed only when its encoding matches one of them, so
// the forms are exactly what is modelled, and the co-simulation tests
// generate their encodings from the same table.

// vreg is ZMMn.
func (s *state) vreg(n int) *term.Term {
	if v := s.vregs[n]; v != nil {
		return v
	}
	v := s.entryZ(n)
	s.vregs[n] = v
	return v
}

// entryZ is the value of ZMMn at entry, which a nil s.vregs[n] stands for.
func (s *state) entryZ(n int) *term.Term { return s.b.Var(fmt.Sprintf("entry.Z%d", n), 512) }

// entryK is the value of Kn at entry, which a nil s.kregs[n] stands for.
func (s *state) entryK(n int) *term.Term { return s.b.Var(fmt.Sprintf("entry.K%d", n), 64) }

// kreg is opmask register Kn.
func (s *state) kreg(n int) *term.Term {
	if v := s.kregs[n]; v != nil {
		return v
	}
	v := s.entryK(n)
	s.kregs[n] = v
	return v
}

// vecRegOf returns the number and width of vector register r.
func vecRegOf(r x86asm.Reg) (n, w int, ok bool) {
	switch {
	case r >= x86asm.X0 && r <= x86asm.X31:
		return int(r - x86asm.X0), 128, true
	case r >= x86asm.Y0 && r <= x86asm.Y31:
		return int(r - x86asm.Y0), 256, true
	case r >= x86asm.Z0 && r <= x86asm.Z31:
		return int(r - x86asm.Z0), 512, true
	}
	return 0, 0, false
}

// vecEnc is an instruction's encoding scheme.
type vecEnc uint8

const (
	encSSE  vecEnc = iota // legacy (SSE, or no vector prefix at all)
	encVEX                // VEX (C4 or C5)
	encEVEX               // EVEX (62)
)

func (e vecEnc) String() string { return [...]string{"legacy", "VEX", "EVEX"}[e] }

// encoding is what the raw bytes of an instruction say, parsed here rather
// than trusted from x86asm (which does not report VEX.L, the mapping or
// EVEX.aaa directly).
type encoding struct {
	enc      vecEnc
	pp       byte // mandatory prefix: 0 none, 1 66, 2 F3, 3 F2 (0xFF: conflicting)
	mmap     byte // opcode map: 1 0F, 2 0F38, 3 0F3A
	w        bool // REX.W, VEX.W or EVEX.W
	l        int  // VEX.L or EVEX.L'L
	opc      byte
	hasModRM bool
	mod, reg byte
	ripRel   bool // ModRM mod 00 rm 101: RIP-relative in 64-bit mode
	aaa      int  // EVEX opmask register
	z        bool // EVEX zeroing
	bc       bool // EVEX.b: broadcast (memory) or rounding/SAE (register)
	// The register-number extensions, un-inverted: vvvv (with EVEX.V' as
	// bit 4) and the extension bits of ModRM.reg (R as bit 3, EVEX.R' as
	// bit 4) and of ModRM.rm (B as bit 3).
	vvvv, regHi, rmHi byte
}

// parseEncoding parses the prefixes, opcode and ModRM of code.
func parseEncoding(code []byte) (encoding, bool) {
	var e encoding
	i := 0
	var p66, pF2, pF3 bool
	for ; i < len(code); i++ {
		switch code[i] {
		case 0x66:
			p66 = true
			continue
		case 0xF2:
			pF2 = true
			continue
		case 0xF3:
			pF3 = true
			continue
		case 0xF0, 0x2E, 0x36, 0x3E, 0x26, 0x64, 0x65, 0x67:
			continue
		}
		break
	}
	need := func(n int) bool { return i+n <= len(code) }
	switch {
	case !need(1):
		return e, false
	case code[i] == 0xC5 || code[i] == 0xC4 || code[i] == 0x62:
		if i != 0 {
			return e, false // x86asm decodes VEX/EVEX only without prefixes
		}
		var lo byte // the byte holding pp
		switch code[i] {
		case 0xC5:
			if !need(3) {
				return e, false
			}
			e.enc, e.mmap, lo = encVEX, 1, code[i+1]
			e.l = int(lo >> 2 & 1)
			e.regHi = (^lo >> 7 & 1) << 3
			e.vvvv = ^lo >> 3 & 0xF
			i += 2
		case 0xC4:
			if !need(4) {
				return e, false
			}
			e.enc, e.mmap, lo = encVEX, code[i+1]&0x1F, code[i+2]
			e.w, e.l = lo&0x80 != 0, int(lo>>2&1)
			e.regHi = (^code[i+1] >> 7 & 1) << 3
			e.rmHi = (^code[i+1] >> 5 & 1) << 3
			e.vvvv = ^lo >> 3 & 0xF
			i += 3
		default:
			if !need(5) {
				return e, false
			}
			p0, p1, p2 := code[i+1], code[i+2], code[i+3]
			e.enc, e.mmap, lo = encEVEX, p0&0x07, p1
			e.w = p1&0x80 != 0
			e.z, e.l, e.bc, e.aaa = p2&0x80 != 0, int(p2>>5&3), p2&0x10 != 0, int(p2&7)
			e.regHi = (^p0>>7&1)<<3 | (^p0>>4&1)<<4
			e.rmHi = (^p0 >> 5 & 1) << 3
			e.vvvv = ^p1>>3&0xF | (^p2>>3&1)<<4
			i += 4
		}
		e.pp = lo & 3
	default:
		switch {
		case p66 && (pF2 || pF3), pF2 && pF3:
			e.pp = 0xFF
		case pF3:
			e.pp = 2
		case pF2:
			e.pp = 3
		case p66:
			e.pp = 1
		}
		if code[i]&0xF0 == 0x40 {
			e.w = code[i]&8 != 0
			i++
		}
		if !need(2) || code[i] != 0x0F {
			return e, false
		}
		e.mmap = 1
		i++
		switch code[i] {
		case 0x38:
			e.mmap, i = 2, i+1
		case 0x3A:
			e.mmap, i = 3, i+1
		}
	}
	if !need(1) {
		return e, false
	}
	e.opc = code[i]
	i++
	if need(1) {
		e.hasModRM = true
		m := code[i]
		e.mod, e.reg = m>>6, m>>3&7
		e.ripRel = e.mod == 0 && m&7 == 5
	}
	return e, true
}

// vinst is the vector instruction being executed.
type vinst struct {
	s    *state
	b    *term.Builder
	f    *vecForm
	e    encoding
	vl   int          // vector length in bits
	args []x86asm.Arg // operands in Intel order, without the EVEX opmask
}

// vecSemFunc is the meaning of a vector operation.
type vecSemFunc func(v *vinst) error

// vecOps are the operations registered by the vector families.
var vecOps = map[x86asm.Op]bool{}

// registerVec registers op with its encoding forms (vec_form.go syntax):
// an instruction runs f only when it matches one of the forms.
func registerVec(f vecSemFunc, op x86asm.Op, specs ...string) {
	for _, sp := range specs {
		vecForms[op] = append(vecForms[op], parseForm(op, sp))
	}
	vecOps[op] = true
	register(func(s *state) error {
		v, err := s.vecInst()
		if err != nil {
			return err
		}
		return f(v)
	}, op)
}

// vecInst matches the current instruction against its forms.
func (s *state) vecInst() (*vinst, error) {
	e, ok := parseEncoding(s.in.Bytes)
	if !ok {
		return nil, s.unsupported("cannot parse the vector encoding")
	}
	var f *vecForm
	for _, g := range vecForms[s.x.Op] {
		if g.matches(&e) {
			f = g
			break
		}
	}
	if f == nil {
		return nil, s.unsupported("encoding form not modelled: " + e.describe())
	}
	if err := f.reserved(&e); err != "" {
		return nil, s.unsupported(err + ": the CPU raises #UD")
	}
	v := &vinst{s: s, b: s.b, f: f, e: e, vl: 128 << e.l}
	if e.enc == encSSE {
		v.vl = 128
	}
	for i, a := range s.x.Args {
		if a == nil {
			break
		}
		// The write mask follows the destination; an opmask destination
		// (VPCMP) is an operand.
		maskPos := i > 0 || f.ops[0] != 'K'
		if r, ok := a.(x86asm.Reg); ok && r >= x86asm.K0 && r <= x86asm.K7 && e.enc == encEVEX && f.opmask && maskPos {
			if int(r-x86asm.K0) != e.aaa {
				return nil, s.unsupported(fmt.Sprintf("opmask operand %v does not match EVEX.aaa %d", r, e.aaa))
			}
			continue
		}
		if m, ok := a.(x86asm.Mem); ok && e.enc != encSSE && e.ripRel && m.Base == 0 && m.Index == 0 {
			// x86asm leaves the base of a RIP-relative VEX/EVEX operand
			// empty, which would make it an absolute address.
			m.Base = x86asm.RIP
			a = m
		}
		v.args = append(v.args, a)
	}
	if len(v.args) != len(f.ops) {
		return nil, s.unsupported(fmt.Sprintf("decoded %d operands for the form %q", len(v.args), f.spec))
	}
	return v, nil
}

// describe names an encoding for error messages.
func (e *encoding) describe() string {
	s := fmt.Sprintf("%v map %d opcode %02X pp %d W%d", e.enc, e.mmap, e.opc, e.pp, b2u(e.w))
	if e.enc != encSSE {
		s += fmt.Sprintf(" L%d", e.l)
	}
	if e.hasModRM {
		if e.mod == 3 {
			s += " register operand"
		} else {
			s += " memory operand"
		}
	}
	if e.enc == encEVEX {
		s += fmt.Sprintf(" {k%d}", e.aaa)
		if e.z {
			s += "{z}"
		}
		if e.bc {
			s += " EVEX.b"
		}
	}
	return s
}

func b2u(x bool) int {
	if x {
		return 1
	}
	return 0
}

// isMem reports whether operand i is in memory.
func (v *vinst) isMem(i int) bool {
	_, ok := v.args[i].(x86asm.Mem)
	return ok
}

// imm is the 8-bit immediate operand (the last one).
func (v *vinst) imm() int {
	return int(uint8(v.args[len(v.args)-1].(x86asm.Imm)))
}

// read returns the low w bits of operand i: a vector register, a general
// register (zero-extended or truncated to w), a memory operand of w/8
// bytes, or, with EVEX embedded broadcast, the broadcast element repeated.
func (v *vinst) read(i, w int) (*term.Term, error) {
	s, b := v.s, v.b
	switch a := v.args[i].(type) {
	case x86asm.Reg:
		if n, rw, ok := vecRegOf(a); ok {
			if w > rw {
				return nil, s.unsupported(fmt.Sprintf("read of %d bits from %v", w, a))
			}
			return b.Extract(s.vreg(n), w-1, 0), nil
		}
		if a >= x86asm.K0 && a <= x86asm.K7 {
			return b.Extract(s.kreg(int(a-x86asm.K0)), w-1, 0), nil
		}
		x, err := s.getReg(a)
		if err != nil {
			return nil, err
		}
		if x.Width() >= w {
			return b.Extract(x, w-1, 0), nil
		}
		return b.ZeroExt(x, w), nil
	case x86asm.Mem:
		if v.e.bc {
			ew := 8 * v.f.bcst
			x, err := s.load(a, v.f.bcst)
			if err != nil {
				return nil, err
			}
			return v.repeat(x, w/ew), nil
		}
		if err := v.checkAligned(a, w/8); err != nil {
			return nil, err
		}
		return s.load(a, w/8)
	}
	return nil, s.unsupported(fmt.Sprintf("operand %v", v.args[i]))
}

// repeat is n copies of x.
func (v *vinst) repeat(x *term.Term, n int) *term.Term {
	parts := make([]*term.Term, n)
	for i := range parts {
		parts[i] = x
	}
	return v.b.Concat(parts...)
}

// setVec writes x into vector register n: VEX and EVEX zero the bits above
// x, legacy SSE keeps the bits above 127.
func (v *vinst) setVec(n int, x *term.Term) {
	s, b := v.s, v.b
	w := x.Width()
	if v.e.enc == encSSE && w < 512 {
		if w != 128 {
			panic(fmt.Sprintf("amd64: legacy SSE write of %d bits", w))
		}
		s.vregs[n] = b.Concat(b.Extract(s.vreg(n), 511, 128), x)
		return
	}
	s.vregs[n] = b.ZeroExt(x, 512)
}

// write stores x into operand i (vector register, general register or
// memory), without masking.
func (v *vinst) write(i int, x *term.Term) error {
	s, b := v.s, v.b
	switch a := v.args[i].(type) {
	case x86asm.Reg:
		if n, _, ok := vecRegOf(a); ok {
			v.setVec(n, x)
			return nil
		}
		if a >= x86asm.K0 && a <= x86asm.K7 {
			s.kregs[a-x86asm.K0] = b.ZeroExt(x, 64)
			return nil
		}
		g, ok := gprOf(a)
		if !ok {
			return s.unsupported(fmt.Sprintf("destination %v", a))
		}
		if x.Width() < g.w {
			x = b.ZeroExt(x, g.w)
		} else if x.Width() > g.w {
			x = b.Extract(x, g.w-1, 0)
		}
		return s.setReg(a, x)
	case x86asm.Mem:
		if err := v.checkAligned(a, x.Width()/8); err != nil {
			return err
		}
		return s.store(a, x)
	}
	return s.unsupported(fmt.Sprintf("destination operand %v", v.args[i]))
}

// lanes splits x into lanes of ew bits, least significant first.
func (v *vinst) lanes(x *term.Term, ew int) []*term.Term {
	n := x.Width() / ew
	ls := make([]*term.Term, n)
	for i := range ls {
		ls[i] = v.b.Extract(x, i*ew+ew-1, i*ew)
	}
	return ls
}

// join concatenates lanes given least significant first.
func (v *vinst) join(ls []*term.Term) *term.Term {
	parts := make([]*term.Term, len(ls))
	for i, l := range ls {
		parts[len(ls)-1-i] = l
	}
	return v.b.Concat(parts...)
}

// readLanes reads operand i as v.vl bits split into ew-bit lanes.
func (v *vinst) readLanes(i, ew int) ([]*term.Term, error) {
	x, err := v.read(i, v.vl)
	if err != nil {
		return nil, err
	}
	return v.lanes(x, ew), nil
}

// writeLanes writes the lanes (least significant first) to operand i,
// applying EVEX merging or zeroing masking at the lane width.
func (v *vinst) writeLanes(i int, ls []*term.Term) error {
	if v.e.enc != encEVEX || v.e.aaa == 0 {
		if a, ok := v.args[i].(x86asm.Mem); ok {
			if err := v.checkAligned(a, len(ls)*ls[0].Width()/8); err != nil {
				return err
			}
			addr, err := v.s.addr(a)
			if err != nil {
				return err
			}
			return v.s.storeLanesAt(addr, ls)
		}
		return v.write(i, v.join(ls))
	}
	b, s := v.b, v.s
	ew := ls[0].Width()
	k := s.kreg(v.e.aaa)
	if v.isMem(i) {
		// A masked store writes only the selected elements. With a
		// constant mask only those are stored; otherwise each element is
		// stored as itself or as the memory's current content (the same
		// in a single thread; the whole range must be accessible).
		a := v.args[i].(x86asm.Mem)
		// The aligned moves fault on a misaligned operand whatever the
		// mask selects.
		if err := v.checkAligned(a, len(ls)*ew/8); err != nil {
			return err
		}
		base, err := s.addr(a)
		if err != nil {
			return err
		}
		m, isConst := k.Uint64()
		for j, l := range ls {
			at := b.Add(base, b.Uint(uint64(j*ew/8), 64))
			if isConst {
				if m>>uint(j)&1 == 0 {
					continue
				}
			} else {
				cur, err := s.loadAt(at, ew/8)
				if err != nil {
					return err
				}
				l = b.Ite(b.Bit(k, j), l, cur)
			}
			if err := s.storeAt(at, l); err != nil {
				return err
			}
		}
		return nil
	}
	var old []*term.Term
	if !v.e.z {
		x, err := v.read(i, v.vl)
		if err != nil {
			return err
		}
		old = v.lanes(x, ew)
	}
	out := make([]*term.Term, len(ls))
	for j, l := range ls {
		keep := b.Zero(ew)
		if old != nil {
			keep = old[j]
		}
		out[j] = b.Ite(b.Bit(k, j), l, keep)
	}
	return v.write(i, v.join(out))
}

// varTime records the operands of a SIMD multiply (Intel's MCDT guidance).
func (v *vinst) varTime(ops ...*term.Term) {
	v.s.event(VarTime, nil, 0, ops...)
}

// binary reads the two sources of a lane-wise binary operation: the last
// two operands before any immediate, that is 0 and 1 in the two-operand
// legacy form (the destination is the first source), 1 and 2 in the VEX
// and EVEX forms.
func (v *vinst) binary(ew int) (x, y []*term.Term, err error) {
	i := len(v.args) - 2
	if v.f.imm {
		i--
	}
	if x, err = v.readLanes(i, ew); err != nil {
		return nil, nil, err
	}
	y, err = v.readLanes(i+1, ew)
	return x, y, err
}

// lanewise is a binary lane-wise operation on ew-bit lanes.
func (v *vinst) lanewise(ew int, f func(x, y *term.Term) *term.Term) error {
	x, y, err := v.binary(ew)
	if err != nil {
		return err
	}
	out := make([]*term.Term, len(x))
	for j := range x {
		out[j] = f(x[j], y[j])
	}
	return v.writeLanes(0, out)
}
