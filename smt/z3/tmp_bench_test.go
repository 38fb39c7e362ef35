package z3

import (
	"testing"
)

func benchKind(b *testing.B, mk func(ctx *Context) *Solver, kind int) {
	ctx := NewContext(nil)
	defer ctx.Close()
	x, y := ctx.BVConst("x", 64), ctx.BVConst("y", 64)
	x12, y12 := ctx.BVConst("x12", 12), ctx.BVConst("y12", 12)
	f := ctx.FuncDecl("f", []Sort{ctx.BVSort(64)}, ctx.BVSort(64))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := mk(ctx)
		want := Sat
		switch kind {
		case 0:
			s.Assert(x.Add(y).Eq(ctx.BVFromUint64(uint64(i%50), 64)))
		case 1:
			s.Assert(x12.Mul(y12).Eq(ctx.BVFromUint64(uint64(1003+2*(i%20)), 12)))
			s.Assert(x12.UGT(ctx.BVFromUint64(1, 12)))
		case 2:
			s.Assert(f.ApplyBV(x.Add(y)).NE(f.ApplyBV(y.Add(x))))
			want = Unsat
		case 3:
			s.Assert(x.Mul(y).NE(y.Mul(x)))
			want = Unsat
		case 4:
			a, b, c := ctx.BVConst("a", 12), ctx.BVConst("b", 12), ctx.BVConst("c", 12)
			s.Assert(a.Mul(b.Add(c)).NE(a.Mul(b).Add(a.Mul(c))))
			want = Unsat
		case 5:
			a, b := ctx.BVConst("a", 20), ctx.BVConst("b", 20)
			s.Assert(a.Mul(b).Eq(ctx.BVFromUint64(uint64(500009+2*(i%20)), 20)))
			s.Assert(a.UGT(ctx.BVFromUint64(1, 20)))
		case 7:
			// avg: (x&y) + ((x^y)>>1) == ((x zext) + (y zext)) >> 1
			l := x.And(y).Add(x.Xor(y).Lshr(ctx.BVFromUint64(1, 64)))
			r := x.ZeroExtend(1).Add(y.ZeroExtend(1)).Lshr(ctx.BVFromUint64(1, 65)).Extract(63, 0)
			s.Assert(l.NE(r))
			want = Unsat
		case 8:
			// 16-bit mulhi via halves vs 32-bit product
			const w = 16
			a, b := ctx.BVConst("ma", w), ctx.BVConst("mb", w)
			h := w / 2
			z := func(v BV) BV { return v.ZeroExtend(h) }
			ah, al := a.Extract(w-1, h), a.Extract(h-1, 0)
			bh, bl := b.Extract(w-1, h), b.Extract(h-1, 0)
			// all partial products as w-bit
			ll := z(al).Mul(z(bl))
			lh := z(al).Mul(z(bh))
			hl := z(ah).Mul(z(bl))
			hh := z(ah).Mul(z(bh))
			mask := ctx.BVFromUint64(1<<h-1, w)
			sh := ctx.BVFromUint64(uint64(h), w)
			mid := ll.Lshr(sh).Add(lh.And(mask)).Add(hl.And(mask))
			hi := hh.Add(lh.Lshr(sh)).Add(hl.Lshr(sh)).Add(mid.Lshr(sh))
			ref := a.ZeroExtend(w).Mul(b.ZeroExtend(w)).Extract(2*w-1, w)
			s.Assert(hi.NE(ref))
			want = Unsat
		case 6:
			// 64-bit: (x << 3) - x == x * 7, unsat negation
			s.Assert(x.Shl(ctx.BVFromUint64(3, 64)).Sub(x).NE(x.Mul(ctx.BVFromUint64(7, 64))))
			want = Unsat
		}
		r, err := s.Check()
		if err != nil || r != want {
			b.Fatal(r, err)
		}
	}
}

var kinds = map[string]func(c *Context) *Solver{
	"Default": (*Context).NewSolver,
	"Simple":  (*Context).NewSimpleSolver,
	"QFBV":    func(c *Context) *Solver { return c.NewSolverForLogic("QF_BV") },
	"QFUFBV":  func(c *Context) *Solver { return c.NewSolverForLogic("QF_UFBV") },
}

func BenchmarkTmpQuery(b *testing.B) {
	for _, k := range []string{"Simple", "QFBV", "QFUFBV"} {
		
		for q, qn := range []string{"easy", "fact12", "uf", "mulcomm64", "distrib12", "fact20", "shlmul64", "avg64", "mulhi16"} {
			if q != 0 && q != 7 { continue }
			b.Run(k+"/"+qn, func(b *testing.B) { benchKind(b, kinds[k], q) })
		}
	}
}
