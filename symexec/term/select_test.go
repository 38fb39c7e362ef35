package term

import (
	"fmt"
	"math/rand"
	"testing"
)

// combSpellings builds the words of a constant-time selection among n
// entries by the magnitude of the digit d, with the identity's 1 in word
// 0, in the three ways kernels and specs spell it (select.go): masks from
// arithmetic (the spec's eqMask), a chain of CSELs after CMP, and
// VPCMPEQD's 32-bit lanes against the magnitude's low doubleword. Then the
// sign: a swap of the two words and a negation under sext(d < 0), and the
// same with CSEL MI.
type combSpellings struct {
	spec, csel, lanes  [2]*Term
	specSwap, cselSwap [2]*Term
	specNeg, cselNeg   *Term
}

func spellComb(b *Builder, d *Term, n int) combSpellings {
	var s combSpellings
	sign := b.AshrC(d, 63)
	mag := b.Sub(b.Xor(d, sign), sign)
	eqMask := func(c uint64) *Term {
		v := b.Xor(mag, b.Uint(c, 64))
		return b.Sub(b.LshrC(b.Or(v, b.Neg(v)), 63), b.Uint(1, 64))
	}
	entry := func(j, w int) *Term { return b.Var(fmt.Sprintf("t%d_%d", j, w), 64) }
	for w := range 2 {
		s.spec[w] = b.Zero(64)
		for j := 1; j <= n; j++ {
			s.spec[w] = b.Or(s.spec[w], b.And(entry(j, w), eqMask(uint64(j))))
		}
	}
	s.spec[0] = b.Or(s.spec[0], b.And(eqMask(0), b.Uint(1, 64)))

	// CMP mag, j sets Z = (mag − j = 0); CSET EQ for the identity.
	z := func(j uint64) *Term { return b.Eq(b.Sub(mag, b.Uint(j, 64)), b.Zero(64)) }
	s.csel[0] = b.Ite(b.Not(z(0)), b.Zero(64), b.Uint(1, 64))
	s.csel[1] = b.Zero(64)
	for j := 1; j <= n; j++ {
		for w := range 2 {
			s.csel[w] = b.Ite(z(uint64(j)), entry(j, w), s.csel[w])
		}
	}

	// VPCMPEQD: each doubleword of the mask compares mag's low 32 bits.
	m32 := b.Extract(mag, 31, 0)
	for w := range 2 {
		s.lanes[w] = b.Zero(64)
		for j := 0; j <= n; j++ {
			lane := b.SignExt(b.Eq(m32, b.Uint(uint64(j), 32)), 32)
			v := b.Zero(64)
			switch {
			case j > 0:
				v = entry(j, w)
			case w == 0:
				v = b.Uint(1, 64)
			}
			s.lanes[w] = b.Or(s.lanes[w], b.And(v, b.Concat(lane, lane)))
		}
	}

	x := b.And(sign, b.Xor(s.spec[0], s.spec[1]))
	s.specSwap = [2]*Term{b.Xor(s.spec[0], x), b.Xor(s.spec[1], x)}
	neg := func(t *Term) *Term { return b.Sub(b.Uint(0xfffffffffffda, 64), t) }
	s.specNeg = b.Xor(s.spec[1], b.And(sign, b.Xor(neg(s.spec[1]), s.spec[1])))
	mi := b.Bit(b.Sub(d, b.Zero(64)), 63) // CMP $0, d: N
	s.cselSwap = [2]*Term{b.Ite(mi, s.csel[1], s.csel[0]), b.Ite(mi, s.csel[0], s.csel[1])}
	s.cselNeg = b.Ite(mi, neg(s.csel[1]), s.csel[1])
	return s
}

// TestSelectionsMeet checks that the spellings of a selection build one
// term where they are equal: masks from arithmetic and CSEL for any digit,
// and VPCMPEQD's 32-bit lanes too for a sign-extended byte (whose
// magnitude is below 2³², as the sum's range shows). For a 64-bit digit
// the lanes differ from the others (d = 2³² + 1 selects entry 1), and the
// test checks that they are not merged, by evaluating that input.
func TestSelectionsMeet(t *testing.T) {
	for _, tt := range []struct {
		name       string
		digit      func(b *Builder) *Term
		lanesMeet  bool
		lanesDiffs uint64 // a digit where the lanes select otherwise
	}{
		{"64-bit digit", func(b *Builder) *Term { return b.Var("d", 64) }, false, 1<<32 + 1},
		{"sign-extended byte", func(b *Builder) *Term { return b.SignExt(b.Var("d", 8), 64) }, true, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBuilder()
			s := spellComb(b, tt.digit(b), 16)
			for w := range 2 {
				if s.csel[w] != s.spec[w] {
					t.Errorf("word %d: CSEL %v\nand masks %v do not meet", w, s.csel[w], s.spec[w])
				}
				if s.cselSwap[w] != s.specSwap[w] {
					t.Errorf("word %d after the swap: CSEL %v\nand masks %v do not meet", w, s.cselSwap[w], s.specSwap[w])
				}
				if got := s.lanes[w] == s.spec[w]; got != tt.lanesMeet {
					t.Errorf("word %d: lanes meet masks: %v, want %v", w, got, tt.lanesMeet)
				}
			}
			if s.cselNeg != s.specNeg {
				t.Errorf("negation: CSEL %v\nand masks %v do not meet", s.cselNeg, s.specNeg)
			}
			if tt.lanesMeet {
				return
			}
			env := func(v *Term) (Value, bool) {
				if v.Name() == "d" {
					return U64(tt.lanesDiffs, 64), true
				}
				var id int
				fmt.Sscanf(v.Name(), "t%d_", &id)
				return U64(uint64(100+id), 64), true
			}
			a, err1 := NewEvaluator(env).Eval(s.lanes[1])
			c, err2 := NewEvaluator(env).Eval(s.spec[1])
			if err1 != nil || err2 != nil || a == c {
				t.Errorf("d = %#x: lanes %v, masks %v: want them different", tt.lanesDiffs, a, c)
			}
		})
	}
}

// TestSelectionRulesEval evaluates each rule of select.go, built raw and
// simplified, on random inputs drawn to meet the conditions they test
// (small magnitudes, the compared constants, 2⁶³, 2³² + k).
func TestSelectionRulesEval(t *testing.T) {
	rules := []struct {
		name string
		f    func(b *Builder) *Term
	}{
		{"top bit of v | −v", func(b *Builder) *Term {
			x := b.Xor(b.Var("x", 64), b.Var("k", 64))
			return b.Extract(b.Or(x, b.Neg(x)), 63, 63)
		}},
		{"eq moves constants", func(b *Builder) *Term {
			x, y := b.Var("x", 64), b.Var("y", 64)
			return b.Concat(b.Eq(b.Xor(x, b.Uint(5, 64)), b.Uint(6, 64)), b.Eq(b.AddN(x, y, b.Uint(7, 64)), b.Uint(9, 64)))
		}},
		{"eq of a bounded sum", func(b *Builder) *Term {
			s := b.Add(b.ZeroExt(b.Extract(b.Var("x", 64), 7, 0), 32), b.ZeroExt(b.Extract(b.Var("y", 64), 2, 0), 32))
			return b.Concat(b.Eq(s, b.Uint(3, 32)), b.Eq(s, b.Uint(262, 32)), b.Eq(s, b.Uint(263, 32)))
		}},
		{"mask operand", func(b *Builder) *Term {
			c := b.Ult(b.Var("x", 64), b.Var("y", 64))
			return b.Or(b.Var("t", 64), b.Sub(b.ZeroExt(c, 64), b.Uint(1, 64)))
		}},
		{"concatenated sign extensions", func(b *Builder) *Term {
			c := b.Eq(b.Var("x", 64), b.Uint(1, 64))
			return b.And(b.Var("t", 64), b.Concat(b.SignExt(c, 32), b.SignExt(c, 32)))
		}},
		{"selection chain", func(b *Builder) *Term {
			x := b.Var("x", 64)
			acc := b.Zero(64)
			for j := range 4 {
				acc = b.Ite(b.Eq(x, b.Uint(uint64(j), 64)), b.Var(fmt.Sprintf("t%d", j), 64), acc)
			}
			// The same constant twice: the later one must win.
			return b.Ite(b.Eq(x, b.Uint(2, 64)), b.Var("u", 64), acc)
		}},
		{"masked swap", func(b *Builder) *Term {
			x, y := b.Var("x", 64), b.Var("y", 64)
			m := b.SignExt(b.Bit(b.Var("k", 64), 63), 64)
			return b.Concat(b.Xor(x, b.And(m, b.Xor(x, y))), b.Xor(y, b.And(m, b.Xor(x, y, b.Uint(3, 64)))))
		}},
		{"XOR of sign extensions", func(b *Builder) *Term {
			x := b.Extract(b.Var("x", 64), 7, 0)
			d := b.SignExt(x, 64)
			return b.Concat(b.Xor(d, b.SignExt(b.Bit(x, 7), 64)), b.Xor(d, b.SignExt(b.Extract(b.Var("y", 64), 11, 0), 64), b.Ones(64)))
		}},
	}
	pick := func(rng *rand.Rand) uint64 {
		switch rng.Intn(5) {
		case 0:
			return uint64(rng.Intn(8))
		case 1:
			return -uint64(rng.Intn(8))
		case 2:
			return 1<<63 + uint64(rng.Intn(3))
		case 3:
			return 1<<32 + uint64(rng.Intn(3))
		}
		return rng.Uint64()
	}
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) {
			raw, simp := r.f(NewRawBuilder()), r.f(NewBuilder())
			if raw.String() == simp.String() {
				t.Fatalf("no rule fired: %s", simp)
			}
			rng := rand.New(rand.NewSource(1))
			for range 4000 {
				vals := map[string]Value{}
				env := func(v *Term) (Value, bool) {
					x, ok := vals[v.Name()]
					if !ok {
						x = U64(pick(rng), v.Width())
						vals[v.Name()] = x
					}
					return x, true
				}
				a, err1 := NewEvaluator(env).Eval(raw)
				c, err2 := NewEvaluator(env).Eval(simp)
				if err1 != nil || err2 != nil || a != c {
					t.Fatalf("inputs %v: raw %s = %v, simplified %s = %v (%v, %v)", vals, raw, a, simp, c, err1, err2)
				}
			}
		})
	}
}
