//go:build cgo

package term_test

import (
	"context"
	"math/rand"
	"testing"
	"time"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// valid asks Z3 whether raw and simplified differ for some input.
func valid(t *testing.T, s *smt.Solver, raw, simp *term.Term) {
	t.Helper()
	// Put both in one builder without rewriting, so the query states
	// exactly the two terms.
	b := term.NewRawBuilder()
	x, y := b.Import(raw), b.Import(simp)
	out, err := s.Check(context.Background(), []*term.Term{b.Ne(x, y)}, smt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Answer != smt.Unsat {
		t.Errorf("rule not valid (%s):\n raw  %s\n simp %s\n model %v", out.Answer, raw, simp, out.Model)
	}
}

// TestRulesZ3 states one instance of every rewrite rule of the simplifier
// unsimplified (raw builder) and simplified, and proves them equal with Z3.
func TestRulesZ3(t *testing.T) {
	s := smt.NewSolver(0, "")
	defer s.Close()
	type rule struct {
		name string
		f    func(b *term.Builder) *term.Term
	}
	v := func(b *term.Builder, n string, w int) *term.Term { return b.Var(n, w) }
	rules := []rule{
		{"const fold", func(b *term.Builder) *term.Term { return b.Add(b.Uint(3, 8), b.Mul(b.Uint(200, 8), b.Uint(7, 8))) }},
		{"linear sum", func(b *term.Builder) *term.Term {
			x := v(b, "x", 64)
			return b.Add(b.Add(x, b.Mul(b.Uint(8, 64), x)), b.Sub(v(b, "y", 64), x))
		}},
		{"neg neg", func(b *term.Builder) *term.Term { return b.Neg(b.Neg(v(b, "x", 32))) }},
		{"eq of a selection with a constant", func(b *term.Builder) *term.Term {
			c := v(b, "c", 1)
			return b.And(b.Eq(b.Ite(c, v(b, "x", 8), b.Uint(6, 8)), b.Uint(3, 8)), b.Not(b.Eq(b.Ite(c, b.Uint(9, 8), v(b, "y", 8)), b.Uint(4, 8))))
		}},
		{"eq of a zero extension with a constant", func(b *term.Builder) *term.Term {
			x := v(b, "x", 32)
			bit := b.ZeroExt(b.Extract(b.Add(x, b.Uint(1<<32-8380417, 32)), 31, 31), 32)
			return b.And(b.Eq(bit, b.Uint(1, 32)), b.Not(b.Eq(b.ZeroExt(v(b, "y", 8), 32), b.Uint(0x1ff, 32))),
				b.Eq(b.Concat(b.Uint(5, 4), v(b, "z", 8), v(b, "u", 4)), b.Uint(0x5a3c, 16)))
		}},
		{"nested selection with a shared else", func(b *term.Builder) *term.Term {
			y := v(b, "y", 8)
			return b.Ite(v(b, "c", 1), b.Ite(v(b, "d", 1), v(b, "x", 8), y), y)
		}},
		{"mul distributes constant", func(b *term.Builder) *term.Term {
			return b.Mul(b.Uint(19, 64), b.Add(v(b, "x", 64), b.Uint(5, 64)))
		}},
		{"mul commutes and flattens", func(b *term.Builder) *term.Term {
			return b.Mul(b.Mul(b.Uint(3, 64), v(b, "y", 64)), b.Mul(v(b, "x", 64), b.Uint(5, 64)))
		}},
		{"div by one", func(b *term.Builder) *term.Term {
			return b.Add(b.UDiv(v(b, "x", 16), b.Uint(1, 16)), b.SRem(v(b, "y", 16), b.Uint(1, 16)))
		}},
		{"and constant mask", func(b *term.Builder) *term.Term { return b.And(v(b, "x", 64), b.Uint(1<<51-1, 64)) }},
		{"or constant mask", func(b *term.Builder) *term.Term { return b.Or(v(b, "x", 64), b.Uint(0xff00, 64)) }},
		{"xor ones is not", func(b *term.Builder) *term.Term { return b.Xor(v(b, "x", 8), b.Uint(0xff, 8)) }},
		{"xor cancels", func(b *term.Builder) *term.Term { return b.Xor(v(b, "x", 8), v(b, "y", 8), v(b, "x", 8)) }},
		{"and complement", func(b *term.Builder) *term.Term { return b.And(v(b, "x", 8), b.Not(v(b, "x", 8))) }},
		{"or complement", func(b *term.Builder) *term.Term { return b.Or(v(b, "x", 8), b.Not(v(b, "x", 8))) }},
		{"split concats", func(b *term.Builder) *term.Term {
			return b.Or(b.ShlC(v(b, "h", 64), 13), b.LshrC(v(b, "l", 64), 51))
		}},
		{"split concats at a mask", func(b *term.Builder) *term.Term {
			m := b.SignExt(v(b, "c", 1), 32)
			return b.Xor(b.And(b.ShlC(v(b, "x", 32), 1), m), b.Or(b.Concat(v(b, "h", 16), v(b, "l", 16)), m))
		}},
		{"carries of one chain of additions", func(b *term.Builder) *term.Term {
			x, y, z := v(b, "x", 16), v(b, "y", 16), v(b, "z", 16)
			carry := func(p, q *term.Term) *term.Term {
				return b.ZeroExt(b.Extract(b.Add(b.ZeroExt(p, 17), b.ZeroExt(q, 17)), 16, 16), 8)
			}
			return b.Add(b.Add(v(b, "o", 8), carry(x, y)), carry(b.Add(x, y), z))
		}},
		{"shl const", func(b *term.Builder) *term.Term { return b.ShlC(v(b, "x", 64), 13) }},
		{"lshr const", func(b *term.Builder) *term.Term { return b.LshrC(v(b, "x", 64), 51) }},
		{"ashr const", func(b *term.Builder) *term.Term { return b.AshrC(v(b, "x", 32), 31) }},
		{"shift past width", func(b *term.Builder) *term.Term { return b.Add(b.ShlC(v(b, "x", 8), 9), b.AshrC(v(b, "y", 8), 200)) }},
		{"rotate", func(b *term.Builder) *term.Term { return b.RotL(b.RotR(v(b, "x", 64), 7), 20) }},
		{"rotate concat", func(b *term.Builder) *term.Term { return b.RotL(b.Concat(v(b, "x", 32), v(b, "y", 32)), 40) }},
		{"extract of rotation", func(b *term.Builder) *term.Term {
			r := b.RotL(b.Add(v(b, "x", 64), v(b, "y", 64)), 20)
			return b.Concat(b.Extract(r, 63, 40), b.Extract(r, 30, 10), b.Extract(r, 9, 0))
		}},
		{"extract within a half of a swapped XOR", func(b *term.Builder) *term.Term {
			r := b.RotL(b.Xor(v(b, "x", 64), b.Concat(v(b, "y", 32), b.Zero(32))), 32)
			return b.Concat(b.Extract(r, 15, 8), b.Extract(r, 63, 40))
		}},
		{"rotation from shifts and or", func(b *term.Builder) *term.Term {
			x := b.Xor(v(b, "x", 64), b.RotL(v(b, "y", 64), 3))
			return b.Or(b.ShlC(x, 13), b.LshrC(x, 51))
		}},
		{"rotation from parts", func(b *term.Builder) *term.Term {
			x := b.And(b.Not(v(b, "x", 64)), v(b, "y", 64))
			return b.Concat(b.Extract(x, 50, 0), b.Extract(x, 63, 51))
		}},
		{"extract of extract", func(b *term.Builder) *term.Term { return b.Extract(b.Extract(v(b, "x", 64), 40, 8), 15, 4) }},
		{"extract of concat", func(b *term.Builder) *term.Term {
			return b.Extract(b.Concat(v(b, "x", 16), v(b, "y", 16), v(b, "z", 16)), 35, 12)
		}},
		{"extract of sext", func(b *term.Builder) *term.Term {
			s := b.SignExt(v(b, "x", 16), 64)
			return b.Concat(b.Extract(s, 63, 40), b.Extract(s, 20, 3), b.Extract(s, 10, 0))
		}},
		{"extract of sum low bits", func(b *term.Builder) *term.Term {
			return b.Extract(b.Add(v(b, "x", 64), b.Mul(v(b, "y", 64), v(b, "z", 64))), 31, 0)
		}},
		{"extract of bitwise", func(b *term.Builder) *term.Term {
			return b.Extract(b.Xor(b.Not(v(b, "x", 64)), v(b, "y", 64)), 50, 20)
		}},
		{"extract of ite", func(b *term.Builder) *term.Term {
			return b.Extract(b.Ite(v(b, "c", 1), b.Concat(v(b, "x", 8), v(b, "y", 8)), b.Uint(0x1234, 16)), 11, 4)
		}},
		{"merge adjacent extracts", func(b *term.Builder) *term.Term {
			x := v(b, "x", 64)
			return b.Concat(b.Extract(x, 63, 48), b.Extract(x, 47, 8), b.Extract(x, 7, 0))
		}},
		{"concat constants", func(b *term.Builder) *term.Term { return b.Concat(b.Uint(1, 3), b.Uint(2, 5), v(b, "x", 8)) }},
		{"zext then sext", func(b *term.Builder) *term.Term { return b.SignExt(b.SignExt(v(b, "x", 8), 16), 64) }},
		{"shift is a coefficient", func(b *term.Builder) *term.Term {
			x := v(b, "x", 64)
			return b.Add(x, b.ShlC(b.Add(x, b.ShlC(x, 3)), 1))
		}},
		{"low bits of a scaled term", func(b *term.Builder) *term.Term {
			return b.Extract(b.Mul(b.Uint(38, 128), b.SignExt(v(b, "x", 64), 128)), 63, 0)
		}},
		{"narrow product", func(b *term.Builder) *term.Term {
			return b.Mul(b.ZeroExt(v(b, "x", 52), 128), b.ZeroExt(v(b, "y", 40), 128))
		}},
		{"power of two coefficient is a shift", func(b *term.Builder) *term.Term {
			return b.Mul(b.Uint(16, 64), b.Add(v(b, "x", 64), v(b, "y", 64)))
		}},
		{"eq rules", func(b *term.Builder) *term.Term {
			c := v(b, "c", 1)
			return b.Concat(b.Eq(c, b.Uint(1, 1)), b.Eq(c, b.Uint(0, 1)), b.Eq(v(b, "x", 8), v(b, "x", 8)), b.Eq(b.Uint(3, 8), b.Uint(4, 8)))
		}},
		{"compare rules", func(b *term.Builder) *term.Term {
			x := v(b, "x", 8)
			return b.Concat(b.Ult(x, b.Uint(0, 8)), b.Ule(b.Uint(0, 8), x), b.Ule(x, b.Uint(255, 8)), b.Ult(b.Uint(255, 8), x),
				b.Slt(x, x), b.Sle(x, x), b.Slt(b.Uint(0x80, 8), b.Uint(1, 8)))
		}},
		{"ite rules", func(b *term.Builder) *term.Term {
			c, x, y := v(b, "c", 1), v(b, "x", 8), v(b, "y", 8)
			return b.Concat(b.Ite(b.Not(c), x, y), b.Ite(c, x, x), b.ZeroExt(b.Ite(c, b.Uint(1, 1), b.Uint(0, 1)), 8),
				b.ZeroExt(b.Ite(c, b.Uint(0, 1), b.Uint(1, 1)), 8), b.Ite(b.Uint(1, 1), x, y))
		}},
		{"not not", func(b *term.Builder) *term.Term { return b.Not(b.Not(v(b, "x", 8))) }},
		// Linear forms (linear.go), issue 19's cases and their parts.
		{"LEA chain of a product's limb", func(b *term.Builder) *term.Term {
			p := b.Mul(b.ZeroExt(v(b, "x", 64), 128), b.ZeroExt(v(b, "y", 64), 128))
			l := b.Add(b.And(b.Extract(p, 63, 0), b.Uint(1<<51-1, 64)), b.Extract(p, 114, 51))
			nine := b.Add(l, b.Mul(b.Uint(8, 64), l))
			return b.Sub(b.Add(l, b.Mul(b.Uint(2, 64), nine)), b.Mul(b.Uint(19, 64), l))
		}},
		{"shift read back through a lift", func(b *term.Builder) *term.Term {
			a := b.And(v(b, "x", 64), b.Uint(1<<51-1, 64))
			return b.Add(b.Concat(b.Extract(a, 60, 0), b.Zero(3)), a)
		}},
		{"lift of an extract", func(b *term.Builder) *term.Term {
			p := b.Mul(b.ZeroExt(v(b, "x", 64), 128), b.ZeroExt(v(b, "y", 64), 128))
			return b.Add(b.Concat(b.Extract(p, 111, 51), b.Zero(3)), b.Extract(p, 114, 51))
		}},
		{"canonical atom of an even multiple", func(b *term.Builder) *term.Term {
			return b.Mul(b.Uint(1<<20, 64), b.And(v(b, "x", 64), b.Uint(1<<51-1, 64)))
		}},
		{"coefficient reduced to its residue", func(b *term.Builder) *term.Term {
			p := b.Mul(b.ZeroExt(v(b, "x", 64), 128), b.ZeroExt(v(b, "y", 64), 128))
			return b.Mul(b.Uint(1<<52-1, 64), b.And(b.Extract(p, 63, 0), b.Uint(1<<51-1, 64)))
		}},
		{"residue of a sign extension", func(b *term.Builder) *term.Term {
			return b.Mul(b.Uint(3<<50+5, 64), b.SignExt(v(b, "x", 16), 64))
		}},
		{"complement is linear", func(b *term.Builder) *term.Term {
			x, y := v(b, "p", 16), v(b, "q", 16)
			return b.Concat(b.Add(b.Not(x), b.Uint(1, 16)), b.Not(b.Add(x, b.Mul(b.Uint(3, 16), y))))
		}},
		{"minus x minus one is not x", func(b *term.Builder) *term.Term {
			return b.Sub(b.Neg(v(b, "x", 32)), b.Uint(1, 32))
		}},
		{"shift is a product", func(b *term.Builder) *term.Term {
			x := b.Mul(b.Uint(3, 64), v(b, "x", 64))
			return b.ShlC(b.Add(x, v(b, "y", 64)), 5)
		}},
		{"bits of an even multiple", func(b *term.Builder) *term.Term {
			return b.Concat(b.Extract(b.Mul(b.Uint(0x26, 64), v(b, "x", 64)), 63, 51),
				b.Extract(b.Mul(b.Uint(0x4c0, 64), v(b, "y", 64)), 40, 3))
		}},
		{"bits of a sum of even multiples", func(b *term.Builder) *term.Term {
			return b.Extract(b.Add(b.Mul(b.Uint(6, 64), v(b, "x", 64)), b.Mul(b.Uint(20, 64), v(b, "y", 64))), 50, 20)
		}},
		{"shifted sum inside a concatenation", func(b *term.Builder) *term.Term {
			s := b.Add(b.ShlC(v(b, "x", 61), 9), b.ShlC(v(b, "y", 61), 9))
			return b.Concat(b.Zero(3), s)
		}},
		{"shifted sum at a concatenation's end", func(b *term.Builder) *term.Term {
			return b.Concat(b.Add(v(b, "x", 50), b.Mul(b.Uint(3, 50), v(b, "y", 50))), b.Zero(14))
		}},
		{"extracts of a term and of its simplified low bits merge", func(b *term.Builder) *term.Term {
			q := b.Mul(b.Uint(19, 127), b.ZeroExt(v(b, "x", 64), 127))
			low := b.Extract(q, 62, 0)
			return b.Concat(b.Extract(q, 113, 63), b.Extract(low, 62, 50))
		}},
		{"bitwise split at a shifted sum", func(b *term.Builder) *term.Term {
			h := b.Add(v(b, "h", 64), v(b, "g", 64))
			return b.Or(b.ShlC(h, 13), b.LshrC(v(b, "l", 64), 51))
		}},
		// The lift (linear.go) of each kind of term a shift reads back:
		// h ++ 0^3 is 8·lift(h), next to a multiple of the lifted term.
		{"lift of a bitwise operation", func(b *term.Builder) *term.Term {
			x, y, z := v(b, "x", 64), v(b, "y", 64), v(b, "z", 64)
			var out []*term.Term
			for _, t := range []*term.Term{b.And(x, y), b.Or(x, z), b.Xor(y, z)} {
				out = append(out, b.Add(b.Concat(b.Extract(t, 60, 0), b.Zero(3)), b.Mul(b.Uint(3, 64), t)))
			}
			return b.Concat(out...)
		}},
		{"lift of a complement", func(b *term.Builder) *term.Term {
			// 16 bits: Z3 takes long over 64-bit constant products here.
			t := b.Not(b.And(v(b, "p", 16), v(b, "q", 16)))
			return b.Add(b.Concat(b.Extract(t, 12, 0), b.Zero(3)), b.Mul(b.Uint(5, 16), t))
		}},
		{"lift of a sign extension", func(b *term.Builder) *term.Term {
			t := b.SignExt(v(b, "x", 16), 64)
			return b.Add(b.Concat(b.Extract(t, 60, 0), b.Zero(3)), b.Mul(b.Uint(7, 64), t))
		}},
		{"lift of a selection", func(b *term.Builder) *term.Term {
			x, y := v(b, "x", 64), v(b, "y", 64)
			t := b.Ite(b.Ult(x, y), x, b.Xor(x, y))
			return b.Add(b.Concat(b.Extract(t, 60, 0), b.Zero(3)), b.Mul(b.Uint(3, 64), t))
		}},
		{"lift of a concatenation", func(b *term.Builder) *term.Term {
			t := b.Concat(b.Xor(v(b, "p", 32), v(b, "q", 32)), v(b, "y", 32))
			return b.Add(b.Concat(b.Extract(t, 60, 0), b.Zero(3)), b.Mul(b.Uint(3, 64), t))
		}},
		{"even multiples of extensions keep them", func(b *term.Builder) *term.Term {
			z := b.ZeroExt(b.Xor(v(b, "x", 50), v(b, "y", 50)), 64)
			s := b.SignExt(b.Xor(v(b, "p", 16), v(b, "q", 16)), 64)
			return b.Add(b.Add(b.Mul(b.Uint(1<<13+1, 64), z), b.Mul(b.Uint(1<<20, 64), z)),
				b.Add(b.Mul(b.Uint(3<<40, 64), s), b.Mul(b.Uint(6, 64), s)))
		}},
		{"a selection between constants in a sum", func(b *term.Builder) *term.Term {
			c := b.Ult(v(b, "x", 64), v(b, "y", 64))
			return b.Add(b.Mul(b.Uint(24, 64), b.Ite(c, b.Uint(7, 64), b.Uint(3, 64))), b.SignExt(c, 64))
		}},
		{"de Morgan: the fewest complements", func(b *term.Builder) *term.Term {
			x, y, z := v(b, "x", 16), v(b, "y", 16), v(b, "z", 16)
			return b.Xor(b.Or(b.Not(x), b.Not(y), z), b.And(b.Not(x), b.Not(z)), b.Or(b.Not(y), x))
		}},
		{"a complement leaves a XOR and a rotation", func(b *term.Builder) *term.Term {
			x, y := v(b, "x", 16), v(b, "y", 16)
			return b.Xor(b.RotL(b.Not(x), 5), b.Not(b.Xor(y, b.Uint(9, 16))), b.Not(y))
		}},
		{"the complement of a XOR (and of a rotated XOR) in its constant", func(b *term.Builder) *term.Term {
			x, y, z := v(b, "x", 16), v(b, "y", 16), v(b, "z", 16)
			return b.And(b.Not(b.Xor(x, y)), b.Or(b.Not(b.RotL(b.Xor(y, z), 3)), x), b.Not(b.Xor(z, b.Uint(0x8001, 16))))
		}},
		{"a rotation of a XOR holds no constant", func(b *term.Builder) *term.Term {
			x, y := v(b, "x", 16), v(b, "y", 16)
			return b.Or(b.RotL(b.Xor(b.Uint(0x8421, 16), x, y), 7), b.RotL(b.Xor(b.Uint(0xffff, 16), y), 1))
		}},
		{"de Morgan counts a XOR with its top bit set as a complement", func(b *term.Builder) *term.Term {
			x, y, z := v(b, "x", 16), v(b, "y", 16), v(b, "z", 16)
			return b.Xor(b.Or(b.Xor(b.Uint(0x8000, 16), x, y), b.Not(z)), b.And(b.Xor(b.Uint(0xc000, 16), y), b.Xor(b.Uint(0x9000, 16), x, z)))
		}},
		{"a shifted bitwise term stays bits", func(b *term.Builder) *term.Term {
			x, y := v(b, "x", 16), v(b, "y", 16)
			return b.Xor(b.ShlC(b.Not(b.And(x, y)), 5), b.ShlC(b.Xor(b.Uint(3, 16), x), 2))
		}},
		{"rotations by shifts of complements and XORs with constants", func(b *term.Builder) *term.Term {
			x, y := v(b, "x", 16), v(b, "y", 16)
			rot := func(a *term.Term, n int) *term.Term { return b.Or(b.ShlC(a, n), b.LshrC(a, 16-n)) }
			return b.Xor(rot(b.Xor(b.Uint(5, 16), x, y), 5), rot(b.Not(b.And(x, y)), 3), rot(b.Not(b.Xor(x, y)), 9))
		}},
		// Selections (select.go).
		{"top bit of v | −v is v ≠ 0", func(b *term.Builder) *term.Term {
			x := b.Xor(v(b, "x", 64), b.Uint(5, 64))
			return b.LshrC(b.Or(x, b.Neg(x)), 63)
		}},
		{"eq moves a XOR's and a sum's constant", func(b *term.Builder) *term.Term {
			x, y := v(b, "x", 64), v(b, "y", 64)
			return b.Concat(b.Eq(b.Xor(x, y, b.Uint(5, 64)), b.Uint(9, 64)), b.Eq(b.Add(x, b.Uint(7, 64)), b.Uint(3, 64)))
		}},
		{"eq of a bounded sum on its low bits", func(b *term.Builder) *term.Term {
			s := b.Add(b.ZeroExt(v(b, "x", 8), 32), b.ZeroExt(v(b, "y", 8), 32))
			return b.Concat(b.Eq(s, b.Uint(300, 32)), b.Eq(s, b.Uint(3, 32)))
		}},
		{"zext(c) − 1 in a bitwise operation is sext(¬c)", func(b *term.Builder) *term.Term {
			m := b.Sub(b.ZeroExt(b.Ult(v(b, "x", 64), v(b, "y", 64)), 64), b.Uint(1, 64))
			return b.And(v(b, "t", 64), m)
		}},
		{"sign extensions of one bit concatenated", func(b *term.Builder) *term.Term {
			c := b.Eq(v(b, "x", 32), b.Uint(3, 32))
			return b.Concat(b.SignExt(c, 32), b.SignExt(c, 32))
		}},
		{"a chain of selections by one term's constants is masks", func(b *term.Builder) *term.Term {
			x := v(b, "x", 64)
			eq := func(k uint64) *term.Term { return b.Eq(x, b.Uint(k, 64)) }
			return b.Ite(eq(2), v(b, "u", 64), b.Ite(eq(1), v(b, "t", 64), b.Ite(eq(0), b.Uint(1, 64), b.Uint(0, 64))))
		}},
		{"a swap under a mask is a selection", func(b *term.Builder) *term.Term {
			x, y, z := v(b, "x", 64), v(b, "y", 64), v(b, "z", 64)
			m := b.SignExt(b.Bit(z, 63), 64)
			neg := b.Sub(b.Uint(1000, 64), y)
			return b.Concat(b.Xor(x, b.And(m, b.Xor(x, y))), b.Xor(y, b.And(m, b.Xor(neg, y))))
		}},
		{"|x| of a sign-extended byte has a range", func(b *term.Builder) *term.Term {
			d := b.SignExt(v(b, "x", 8), 64)
			s := b.AshrC(d, 63)
			return b.Eq(b.Extract(b.Sub(b.Xor(d, s), s), 31, 0), b.Uint(3, 32))
		}},
		{"high bits of a product by a constant at its own width", func(b *term.Builder) *term.Term {
			// Small widths, so that Z3 bit-blasts the products quickly.
			p := b.Mul(b.Uint(0xfda, 32), b.ZeroExt(b.Extract(v(b, "x", 16), 11, 0), 32))
			q := b.Mul(b.Uint(121, 24), b.ZeroExt(v(b, "y", 10), 24))
			return b.Concat(b.Extract(p, 31, 12), b.Extract(q, 23, 5), b.Extract(q, 20, 17))
		}},
	}
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) {
			raw, simp := r.f(term.NewRawBuilder()), r.f(term.NewBuilder())
			if raw.String() == simp.String() {
				t.Fatalf("rule %q did not fire: %s", r.name, simp)
			}
			valid(t, s, raw, simp)
		})
	}
}

// TestRandomTermsZ3 proves random simplified terms equal to their raw form.
// Widths stay small so that products and divisions bit-blast quickly; wide
// instances of every rule are in TestRulesZ3 and the evaluation tests.
func TestRandomTermsZ3(t *testing.T) {
	s := smt.NewSolver(0, "")
	defer s.Close()
	n := 400
	if testing.Short() {
		n = 100
	}
	for seed := int64(0); seed < int64(n); seed++ {
		w := []int{1, 4, 8, 12, 16}[seed%5]
		raw := term.GenTerm(term.NewRawBuilder(), rand.New(rand.NewSource(seed)), 3, w)
		simp := term.GenTerm(term.NewBuilder(), rand.New(rand.NewSource(seed)), 3, w)
		valid(t, s, raw, simp)
	}
}

// TestRandomLaneSumsZ3 proves random bits of sums of lanes equal to their
// raw form: the split of a sum where no carry crosses (ranges.go) and
// the cases where one may.
func TestRandomLaneSumsZ3(t *testing.T) {
	s := smt.NewSolver(0, "")
	defer s.Close()
	for seed := int64(0); seed < 200; seed++ {
		w := []int{1, 4, 8}[seed%3]
		raw := term.LaneSum(term.NewRawBuilder(), rand.New(rand.NewSource(seed)), 2, w)
		simp := term.LaneSum(term.NewBuilder(), rand.New(rand.NewSource(seed)), 2, w)
		valid(t, s, raw, simp)
	}
}

// FuzzSimplify builds random terms (table lookups among them) from a
// fuzzed recipe, raw and simplified:
// they must evaluate equal on random inputs, and for narrow terms Z3 must
// prove them equal.
func FuzzSimplify(f *testing.F) {
	for seed := int64(0); seed < 8; seed++ {
		f.Add(seed, uint8(3), uint8(8))
	}
	f.Add(int64(42), uint8(4), uint8(64))
	// A short timeout: some random products and quotients are hard for the
	// solver even at 8 bits; evaluation has checked them already.
	s := smt.NewSolver(300*time.Millisecond, "")
	defer s.Close()
	f.Fuzz(func(t *testing.T, seed int64, depth, width uint8) {
		w := 1 + int(width)%64
		d := int(depth) % 5
		raw := term.GenTermLUT(term.NewRawBuilder(), rand.New(rand.NewSource(seed)), d, w)
		simp := term.GenTermLUT(term.NewBuilder(), rand.New(rand.NewSource(seed)), d, w)
		rng := rand.New(rand.NewSource(seed ^ 0x5eed))
		for k := 0; k < 16; k++ {
			vals := map[string]term.Value{}
			env := func(v *term.Term) (term.Value, bool) {
				x, ok := vals[v.Name()]
				if !ok {
					x = term.U64(rng.Uint64()>>uint(rng.Intn(64)), v.Width())
					vals[v.Name()] = x
				}
				return x, true
			}
			a, err1 := term.NewEvaluator(env).Eval(raw)
			b, err2 := term.NewEvaluator(env).Eval(simp)
			if err1 != nil || err2 != nil || a != b {
				t.Fatalf("raw %s = %v, simplified %s = %v", raw, a, simp, b)
			}
		}
		if w <= 8 {
			b := term.NewRawBuilder()
			out, err := s.Check(context.Background(), []*term.Term{b.Ne(b.Import(raw), b.Import(simp))}, smt.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if out.Answer == smt.Sat {
				t.Fatalf("rule not valid:\n raw  %s\n simp %s\n model %v", raw, simp, out.Model)
			}
		}
	})
}
