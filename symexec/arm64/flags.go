package arm64

import "vg.dev/symexec/term"

// Flag values are built on demand: a flag-setting instruction records its
// operands and result once (lazyFlags), and a flag's term is made only
// when an instruction reads it.

type lazyKind uint8

const (
	lzAdd   lazyKind = iota // r = x + y + c (c nil: 0); AddWithCarry(x, y, c)
	lzSub                   // r = x − y − NOT(c) (c nil: 1); AddWithCarry(x, NOT(y), c)
	lzLogic                 // N and Z from r; C and V cleared
)

type lazyFlags struct {
	kind    lazyKind
	x, y, c *term.Term // c: the carry in (width 1), or nil
	r       *term.Term
}

// getFlag returns flag f.
func (s *state) getFlag(f int) (*term.Term, error) {
	fl := &s.flags[f]
	if fl.v == nil && fl.lz != nil {
		fl.v = s.compute(f, fl.lz)
	}
	if fl.v == nil {
		return nil, ErrUndefinedFlags
	}
	return fl.v, nil
}

// setFlags defines all four flags from lz.
func (s *state) setFlags(lz *lazyFlags) {
	for f := range s.flags {
		s.flags[f] = flag{lz: lz}
	}
}

// setFlag defines flag f.
func (s *state) setFlag(f int, v *term.Term) {
	if v.Width() != 1 {
		panic("arm64: flag of width != 1")
	}
	s.flags[f] = flag{v: v}
}

// compute builds flag f of the operation lz, per the Arm ARM's
// AddWithCarry: N is the sign of the result, Z whether it is zero, C the
// unsigned carry out of x + y + c (for a subtraction x + NOT(y) + c: no
// borrow), V the signed overflow.
func (s *state) compute(f int, lz *lazyFlags) *term.Term {
	b := s.b
	r := lz.r
	w := r.Width()
	switch f {
	case flagN:
		return b.Bit(r, w-1)
	case flagZ:
		return b.Eq(r, b.Zero(w))
	}
	x, y := lz.x, lz.y
	switch {
	case lz.kind == lzLogic:
		return b.Bool(false)
	case f == flagC && lz.kind == lzAdd:
		return carryOut(b, x, y, lz.c)
	case f == flagC: // NOT(borrow out of x − y − NOT(c))
		return b.Not(borrowOut(b, x, y, lz.c))
	case lz.kind == lzAdd: // V: x and y of one sign, r of the other
		return b.Bit(b.And(b.Xor(x, r), b.Xor(y, r)), w-1)
	default: // V: x and y of different signs, r's sign not x's
		return b.Bit(b.And(b.Xor(x, y), b.Xor(x, r)), w-1)
	}
}

// carryOut is the carry out of the most significant bit of x + y + c, as
// bit w of the (w+1)-bit sum (the shape of bits.Add64's carry).
func carryOut(b *term.Builder, x, y, c *term.Term) *term.Term {
	w := x.Width()
	sum := b.Add(b.ZeroExt(x, w+1), b.ZeroExt(y, w+1))
	if c != nil {
		sum = b.Add(sum, b.ZeroExt(c, w+1))
	}
	return b.Bit(sum, w)
}

// borrowOut is the borrow out of the most significant bit of x − y −
// NOT(c) (c nil: x − y), as bit w of the (w+1)-bit difference: the shape
// of the Go spec's bits.Sub64 borrow, so that SUBS/SBCS chains and
// bits.Sub64 chains are the same terms.
func borrowOut(b *term.Builder, x, y, c *term.Term) *term.Term {
	w := x.Width()
	diff := b.Sub(b.ZeroExt(x, w+1), b.ZeroExt(y, w+1))
	if c != nil {
		diff = b.Sub(diff, b.ZeroExt(b.Not(c), w+1))
	}
	return b.Bit(diff, w)
}

// addWithCarry returns x + y + c (c nil: 0) and the flags it would set.
func (s *state) addWithCarry(x, y, c *term.Term) *lazyFlags {
	b := s.b
	r := b.Add(x, y)
	if c != nil {
		r = b.Add(r, b.ZeroExt(c, x.Width()))
	}
	return &lazyFlags{kind: lzAdd, x: x, y: y, c: c, r: r}
}

// subWithCarry returns x − y − NOT(c) (c nil: x − y), i.e. AddWithCarry(x,
// NOT(y), c), and the flags it would set.
func (s *state) subWithCarry(x, y, c *term.Term) *lazyFlags {
	b := s.b
	r := b.Sub(x, y)
	if c != nil {
		r = b.Sub(r, b.ZeroExt(b.Not(c), x.Width()))
	}
	return &lazyFlags{kind: lzSub, x: x, y: y, c: c, r: r}
}

// A condCode is an A64 condition (the cond field): an odd code other
// than NV is the negation of the even code below it.
type condCode uint8

const (
	condEQ condCode = iota
	condNE
	condCS
	condCC
	condMI
	condPL
	condVS
	condVC
	condHI
	condLS
	condGE
	condLT
	condGT
	condLE
	condAL
	condNV
)

// CondNames are the condition mnemonics, by code.
var CondNames = [16]string{"EQ", "NE", "CS", "CC", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE", "AL", "NV"}

// condition evaluates cond on the flags (the Arm ARM's ConditionHolds),
// reading only the flags it needs.
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
	var v *term.Term
	var fs []*term.Term
	var err error
	switch c >> 1 {
	case 0: // EQ, NE
		if fs, err = get(flagZ); err == nil {
			v = fs[0]
		}
	case 1: // CS, CC
		if fs, err = get(flagC); err == nil {
			v = fs[0]
		}
	case 2: // MI, PL
		if fs, err = get(flagN); err == nil {
			v = fs[0]
		}
	case 3: // VS, VC
		if fs, err = get(flagV); err == nil {
			v = fs[0]
		}
	case 4: // HI, LS
		if fs, err = get(flagC, flagZ); err == nil {
			v = b.And(fs[0], b.Not(fs[1]))
		}
	case 5: // GE, LT
		if fs, err = get(flagN, flagV); err == nil {
			v = b.Not(b.Xor(fs[0], fs[1]))
		}
	case 6: // GT, LE
		if fs, err = get(flagN, flagV, flagZ); err == nil {
			v = b.And(b.Not(b.Xor(fs[0], fs[1])), b.Not(fs[2]))
		}
	case 7: // AL, NV: always
		return b.Bool(true), nil
	}
	if err != nil {
		return nil, err
	}
	if c&1 == 1 {
		v = b.Not(v)
	}
	return v, nil
}
