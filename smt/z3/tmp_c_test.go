package z3

import (
	"testing"
	"time"
)

func TestTmpCmp(t *testing.T) {
	ctx := newTestContext(t)
	x, y := ctx.BVConst("x", 64), ctx.BVConst("y", 64)
	c64 := func(v uint64) BV { return ctx.BVFromUint64(v, 64) }
	queries := map[string]func(s *Solver, i int) Result{
		"easy64": func(s *Solver, i int) Result {
			s.Assert(x.Add(y).Eq(c64(uint64(i))))
			return Sat
		},
		"fact8": func(s *Solver, i int) Result {
			a, b := ctx.BVConst("a8", 8), ctx.BVConst("b8", 8)
			s.Assert(a.Mul(b).Eq(ctx.BVFromUint64(uint64(3+2*i), 8)))
			s.Assert(a.UGT(ctx.BVFromUint64(1, 8)))
			return Sat
		},
		"avg64": func(s *Solver, i int) Result {
			l := x.And(y).Add(x.Xor(y).Lshr(c64(1)))
			r := x.ZeroExtend(1).Add(y.ZeroExtend(1)).Lshr(ctx.BVFromUint64(1, 65)).Extract(63, 0)
			s.Assert(l.NE(r))
			return Unsat
		},
		"add256": func(s *Solver, i int) Result {
			a, b := ctx.BVConst("A", 256), ctx.BVConst("B", 256)
			carry := ctx.BVFromUint64(0, 65)
			var limbs []BV
			for k := 0; k < 4; k++ {
				al, bl := a.Extract(64*k+63, 64*k).ZeroExtend(1), b.Extract(64*k+63, 64*k).ZeroExtend(1)
				sum := al.Add(bl).Add(carry)
				limbs = append(limbs, sum.Extract(63, 0))
				carry = sum.Extract(64, 64).ZeroExtend(64)
			}
			r := limbs[3].Concat(limbs[2]).Concat(limbs[1]).Concat(limbs[0])
			s.Assert(r.NE(a.Add(b)))
			return Unsat
		},
		"rot64": func(s *Solver, i int) Result {
			n := uint64(i%63 + 1)
			l := x.Shl(c64(n)).Or(x.Lshr(c64(64 - n)))
			s.Assert(l.NE(x.RotateLeft(int(n))))
			return Unsat
		},
		"mask64": func(s *Solver, i int) Result {
			// x & (x-1) clears lowest set bit: popcount-ish identity
			l := x.And(x.Sub(c64(1)))
			r := x.Xor(x.And(x.Neg()))
			s.Assert(l.NE(r))
			return Unsat
		},
	}
	mk := map[string]func() *Solver{
		"simple": ctx.NewSimpleSolver,
		"qfbv":   func() *Solver { return ctx.NewSolverForLogic("QF_BV") },
	}
	for _, q := range []string{"easy64", "fact8", "avg64", "add256", "rot64", "mask64"} {
		var line string
		for _, k := range []string{"simple", "qfbv", "simple", "qfbv"} {
			st := time.Now()
			for i := range 10 {
				s := mk[k]()
				want := queries[q](s, i)
				if r, err := s.Check(); r != want {
					t.Fatalf("%s %s: %v %v", q, k, r, err)
				}
			}
			line += k + " " + (time.Since(st) / 10).String() + "  "
		}
		t.Logf("%-8s %s", q, line)
	}
}
