package amd64

import (
	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/term"
)

// A condCode is an x86 condition code, numbered as in the encoding (the low
// four bits of Jcc, SETcc and CMOVcc opcodes): an odd code is the negation
// of the even code below it.
type condCode uint8

const (
	ccO condCode = iota
	ccNO
	ccB
	ccAE
	ccE
	ccNE
	ccBE
	ccA
	ccS
	ccNS
	ccP
	ccNP
	ccL
	ccGE
	ccLE
	ccG
)

// ccOf gives the condition of each Jcc, SETcc and CMOVcc.
var ccOf = map[x86asm.Op]condCode{}

func init() {
	jcc := []x86asm.Op{x86asm.JO, x86asm.JNO, x86asm.JB, x86asm.JAE, x86asm.JE, x86asm.JNE, x86asm.JBE, x86asm.JA,
		x86asm.JS, x86asm.JNS, x86asm.JP, x86asm.JNP, x86asm.JL, x86asm.JGE, x86asm.JLE, x86asm.JG}
	set := []x86asm.Op{x86asm.SETO, x86asm.SETNO, x86asm.SETB, x86asm.SETAE, x86asm.SETE, x86asm.SETNE, x86asm.SETBE, x86asm.SETA,
		x86asm.SETS, x86asm.SETNS, x86asm.SETP, x86asm.SETNP, x86asm.SETL, x86asm.SETGE, x86asm.SETLE, x86asm.SETG}
	cmov := []x86asm.Op{x86asm.CMOVO, x86asm.CMOVNO, x86asm.CMOVB, x86asm.CMOVAE, x86asm.CMOVE, x86asm.CMOVNE, x86asm.CMOVBE, x86asm.CMOVA,
		x86asm.CMOVS, x86asm.CMOVNS, x86asm.CMOVP, x86asm.CMOVNP, x86asm.CMOVL, x86asm.CMOVGE, x86asm.CMOVLE, x86asm.CMOVG}
	for i := range jcc {
		ccOf[jcc[i]] = condCode(i)
		ccOf[set[i]] = condCode(i)
		ccOf[cmov[i]] = condCode(i)
	}
	register(setcc, set...)
	register(cmovcc, cmov...)
}

// condition evaluates condition code c on the flags.
func (s *state) condition(c condCode) (*term.Term, error) {
	b := s.b
	get := func(fs ...int) ([]*term.Term, error) {
		ts := make([]*term.Term, len(fs))
		for i, f := range fs {
			t, err := s.getFlag(f)
			if err != nil {
				return nil, err
			}
			ts[i] = t
		}
		return ts, nil
	}
	var fs []*term.Term
	var err error
	var v *term.Term
	switch c &^ 1 {
	case ccO:
		if fs, err = get(OF); err == nil {
			v = fs[0]
		}
	case ccB:
		if fs, err = get(CF); err == nil {
			v = fs[0]
		}
	case ccE:
		if fs, err = get(ZF); err == nil {
			v = fs[0]
		}
	case ccBE:
		if fs, err = get(CF, ZF); err == nil {
			v = b.Or(fs[0], fs[1])
		}
	case ccS:
		if fs, err = get(SF); err == nil {
			v = fs[0]
		}
	case ccP:
		if fs, err = get(PF); err == nil {
			v = fs[0]
		}
	case ccL:
		if fs, err = get(SF, OF); err == nil {
			v = b.Xor(fs[0], fs[1])
		}
	case ccLE:
		if fs, err = get(ZF, SF, OF); err == nil {
			v = b.Or(fs[0], b.Xor(fs[1], fs[2]))
		}
	}
	if err != nil {
		return nil, err
	}
	if c&1 != 0 {
		v = b.Not(v)
	}
	return v, nil
}

// setcc: SETcc r/m8 stores 1 or 0.
func setcc(s *state) error {
	c, err := s.condition(ccOf[s.x.Op])
	if err != nil {
		return err
	}
	return s.write(s.x.Args[0], s.b.ZeroExt(c, 8))
}

// cmovcc: CMOVcc r, r/m. The source is read (a memory source is loaded)
// whatever the condition, and a 32-bit destination is zero-extended even
// when the condition is false.
func cmovcc(s *state) error {
	c, err := s.condition(ccOf[s.x.Op])
	if err != nil {
		return err
	}
	dst := s.x.Args[0]
	w := s.width(dst)
	v, err := s.read(s.x.Args[1], w)
	if err != nil {
		return err
	}
	old, err := s.read(dst, w)
	if err != nil {
		return err
	}
	return s.write(dst, s.b.Ite(c, v, old))
}
