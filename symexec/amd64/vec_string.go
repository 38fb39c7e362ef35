package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// The SSE4.2 string compare with explicit lengths and an index result,
// PCMPESTRI (internal/bytealg's Index searches with it), as the SDM's
// section "Imm8 Control Byte Operation for PCMPESTRI / PCMPESTRM /
// PCMPISTRI / PCMPISTRM" defines it, for every immediate: bytes or words,
// unsigned or signed, the four aggregations (equal any, ranges, equal
// each, equal ordered), the four polarities, the least or the most
// significant index. The implicit-length forms (PCMPISTR*), the mask
// results (PCMPxSTRM), the REX.W form (64-bit lengths) and the VEX forms
// are not modelled.

func init() {
	registerVec(pcmpestri, x86asm.PCMPESTRI, "66.0F3A 61 /r ib V,W,I")
}

// pcmpestri: the lengths are |EAX| and |EDX|, saturated to the element count n; element i of the first operand
// (xmm1) or of the second (xmm2/m128) is valid below its length. ECX gets
// the index of the least (imm8[6] = 0) or most significant set bit of
// IntRes2, n if none; CF = IntRes2 ≠ 0, ZF = |EDX| < n, SF = |EAX| < n,
// OF = IntRes2[0], AF = PF = 0.
func pcmpestri(v *vinst) error {
	b, s := v.b, v.s
	imm := v.imm()
	a, err := v.read(0, 128)
	if err != nil {
		return err
	}
	m, err := v.read(1, 128)
	if err != nil {
		return err
	}
	ew, n := 8, 16
	if imm&1 == 1 {
		ew, n = 16, 8
	}
	signed := imm&2 != 0
	agg, polarity, msb := imm>>2&3, imm>>4&3, imm&0x40 != 0

	// The form is REX.W = 0 (vec_form.go matches W0): the lengths are
	// EAX and EDX; the RAX/RDX form is not modelled.
	const lw = 32
	lenA, lenD := x86asm.EAX, x86asm.EDX
	length := func(r x86asm.Reg) (*term.Term, error) {
		x, err := s.getReg(r)
		if err != nil {
			return nil, err
		}
		abs := b.Ite(b.Slt(x, b.Zero(lw)), b.Neg(x), x)
		// The most negative value is its own negation: as unsigned it
		// is past n, so it saturates too.
		return b.Ite(b.Ult(abs, b.Uint(uint64(n), lw)), abs, b.Uint(uint64(n), lw)), nil
	}
	la, err := length(lenA)
	if err != nil {
		return err
	}
	lm, err := length(lenD)
	if err != nil {
		return err
	}
	// VarTimePolicy: the string compare is microcoded; no operand may
	// be secret.
	v.varTime(a, m, la, lm)
	validA, validM := make([]*term.Term, n), make([]*term.Term, n)
	for i := range n {
		validA[i] = b.Ult(b.Uint(uint64(i), lw), la)
		validM[i] = b.Ult(b.Uint(uint64(i), lw), lm)
	}
	as, ms := v.lanes(a, ew), v.lanes(m, ew)

	// ovr forces a comparison of a's element i with m's element j where
	// either is invalid, as the SDM's override table says for agg.
	ovr := func(i, j int, cmp *term.Term) *term.Term {
		both := b.And(validA[i], validM[j])
		var neither, onlyM *term.Term // a invalid with m invalid, with m valid
		switch agg {
		case 0, 1: // equal any, ranges: false
			neither, onlyM = b.Bool(false), b.Bool(false)
		case 2: // equal each
			neither, onlyM = b.Bool(true), b.Bool(false)
		default: // equal ordered
			neither, onlyM = b.Bool(true), b.Bool(true)
		}
		// a valid with m invalid is false for every aggregation.
		return b.Ite(both, cmp, b.Ite(validA[i], b.Bool(false), b.Ite(validM[j], onlyM, neither)))
	}
	le := func(x, y *term.Term) *term.Term {
		if signed {
			return b.Sle(x, y)
		}
		return b.Ule(x, y)
	}
	res1 := make([]*term.Term, n)
	for j := range n {
		switch agg {
		case 0: // equal any: m_j is one of a's elements
			any := b.Bool(false)
			for i := range n {
				any = b.Or(any, ovr(i, j, b.Eq(as[i], ms[j])))
			}
			res1[j] = any
		case 1: // ranges: a_i ≤ m_j ≤ a_i+1 for some even i
			any := b.Bool(false)
			for i := 0; i < n; i += 2 {
				any = b.Or(any, b.And(ovr(i, j, le(as[i], ms[j])), ovr(i+1, j, le(ms[j], as[i+1]))))
			}
			res1[j] = any
		case 2: // equal each
			res1[j] = ovr(j, j, b.Eq(as[j], ms[j]))
		default: // equal ordered: a occurs in m at j
			all := b.Bool(true)
			for k := 0; k < n-j; k++ {
				all = b.And(all, ovr(k, j+k, b.Eq(as[k], ms[j+k])))
			}
			res1[j] = all
		}
	}
	res2 := make([]*term.Term, n)
	for j := range n {
		switch polarity {
		case 1: // negative
			res2[j] = b.Not(res1[j])
		case 3: // masked negative: negated where m's element is valid
			res2[j] = b.Ite(validM[j], b.Not(res1[j]), res1[j])
		default: // positive, masked positive
			res2[j] = res1[j]
		}
	}
	// The index: n when no bit is set.
	index := b.Uint(uint64(n), 32)
	if msb {
		for j := 0; j < n; j++ {
			index = b.Ite(res2[j], b.Uint(uint64(j), 32), index)
		}
	} else {
		for j := n - 1; j >= 0; j-- {
			index = b.Ite(res2[j], b.Uint(uint64(j), 32), index)
		}
	}
	if err := s.setReg(x86asm.ECX, index); err != nil {
		return err
	}
	none := b.Bool(true)
	for _, r := range res2 {
		none = b.And(none, b.Not(r))
	}
	nn := b.Uint(uint64(n), lw)
	s.setFlag(CF, b.Not(none))
	s.setFlag(ZF, b.Ult(lm, nn))
	s.setFlag(SF, b.Ult(la, nn))
	s.setFlag(OF, res2[0])
	s.setFlag(AF, b.Bool(false))
	s.setFlag(PF, b.Bool(false))
	return nil
}
