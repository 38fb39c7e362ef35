//go:build cgo

package smt

import (
	"fmt"
	"strconv"

	"vg.dev/smt/z3"
	"vg.dev/symexec/term"
)

// translator maps terms to Z3 expressions, once per term.
type translator struct {
	ctx  *z3.Context
	opt  Options
	memo map[*term.Term]z3.BV
	vars map[*term.Term]z3.BV // term variables and their Z3 constants
	ufs  map[string]z3.FuncDecl
}

func (tr *translator) bv(t *term.Term) z3.BV {
	if x, ok := tr.memo[t]; ok {
		return x
	}
	x := tr.translate(t)
	tr.memo[t] = x
	return x
}

func (tr *translator) translate(t *term.Term) z3.BV {
	ctx := tr.ctx
	w := t.Width()
	if tr.opt.Cuts[t] {
		return ctx.BVConst("cut!"+strconv.Itoa(t.ID()), w)
	}
	args := t.Args()
	arg := func(i int) z3.BV { return tr.bv(args[i]) }
	fold := func(f func(x, y z3.BV) z3.BV) z3.BV {
		r := arg(0)
		for i := 1; i < len(args); i++ {
			r = f(r, arg(i))
		}
		return r
	}
	bit := func(c z3.Bool) z3.BV { return ctx.BVIte(c, ctx.BVFromUint64(1, 1), ctx.BVFromUint64(0, 1)) }
	switch t.Op() {
	case term.OpConst:
		v, _ := t.Const()
		if w <= 64 {
			return ctx.BVFromUint64(v.Uint64(), w)
		}
		return ctx.BVFromBig(v.Big(), w)
	case term.OpVar:
		x := ctx.BVConst(t.Name(), w)
		tr.vars[t] = x
		return x
	case term.OpAdd:
		return fold(z3.BV.Add)
	case term.OpMul:
		if tr.opt.Abstract && !args[0].IsConst() && len(args) >= 2 {
			return tr.uf(t)
		}
		return fold(z3.BV.Mul)
	case term.OpUDiv:
		return arg(0).UDiv(arg(1))
	case term.OpURem:
		return arg(0).URem(arg(1))
	case term.OpSDiv:
		return arg(0).SDiv(arg(1))
	case term.OpSRem:
		return arg(0).SRem(arg(1))
	case term.OpAnd:
		return fold(z3.BV.And)
	case term.OpOr:
		return fold(z3.BV.Or)
	case term.OpXor:
		return fold(z3.BV.Xor)
	case term.OpNot:
		return arg(0).Not()
	case term.OpShl:
		return arg(0).Shl(arg(1))
	case term.OpLshr:
		return arg(0).Lshr(arg(1))
	case term.OpAshr:
		return arg(0).Ashr(arg(1))
	case term.OpExtract:
		hi, lo := t.Extract()
		return arg(0).Extract(hi, lo)
	case term.OpRotl:
		return arg(0).RotateLeft(t.Rotation())
	case term.OpConcat:
		return fold(z3.BV.Concat)
	case term.OpSext:
		return arg(0).SignExtend(w - args[0].Width())
	case term.OpEq:
		return bit(arg(0).Eq(arg(1)))
	case term.OpUlt:
		return bit(arg(0).ULT(arg(1)))
	case term.OpUle:
		return bit(arg(0).ULE(arg(1)))
	case term.OpSlt:
		return bit(arg(0).SLT(arg(1)))
	case term.OpSle:
		return bit(arg(0).SLE(arg(1)))
	case term.OpIte:
		return ctx.BVIte(arg(0).Eq(ctx.BVFromUint64(1, 1)), arg(1), arg(2))
	case term.OpLUT:
		if tr.opt.Abstract {
			return tr.lutUF(t)
		}
		return tr.lut(t.Table(), arg(0), args[0].Width(), w)
	case term.OpClmul:
		return tr.clmul(arg(0), arg(1), args[0].Width())
	}
	panic(fmt.Sprintf("smt: cannot translate %s", t.Op()))
}

// clmul is the carry-less product of x and y (n bits each): the XOR of x
// shifted left by i, 2n bits wide, for each bit i of y that is set.
func (tr *translator) clmul(x, y z3.BV, n int) z3.BV {
	ctx := tr.ctx
	wide := x.ZeroExtend(n)
	zero := ctx.BVFromUint64(0, 2*n)
	one := ctx.BVFromUint64(1, 1)
	r := zero
	for i := 0; i < n; i++ {
		shifted := wide
		if i > 0 {
			shifted = wide.Shl(ctx.BVFromUint64(uint64(i), 2*n))
		}
		r = r.Xor(ctx.BVIte(y.Extract(i, i).Eq(one), shifted, zero))
	}
	return r
}

// lut is tab[x] for an index x of n bits: a multiplexer on x's bits,
// most significant first, over the entries (of w bits).
func (tr *translator) lut(tab *term.Table, x z3.BV, n, w int) z3.BV {
	ctx := tr.ctx
	var sel func(lo uint64, bit int) z3.BV
	sel = func(lo uint64, bit int) z3.BV {
		if bit < 0 {
			return ctx.BVFromUint64(tab.At(lo), w)
		}
		c := x.Extract(bit, bit).Eq(ctx.BVFromUint64(1, 1))
		return ctx.BVIte(c, sel(lo|1<<uint(bit), bit-1), sel(lo, bit-1))
	}
	return sel(0, n-1)
}

// lutUF is the lookup t as an uninterpreted function of its index, one
// function per table content (so lookups into one table at equal indices
// are equal, congruence, and nothing else is known of them).
func (tr *translator) lutUF(t *term.Term) z3.BV {
	x := t.Arg(0)
	d := t.Table().Digest()
	key := fmt.Sprintf("lut%d_%d_%x", x.Width(), t.Width(), d[:12])
	f, ok := tr.ufs[key]
	if !ok {
		f = tr.ctx.FuncDecl(key, []z3.Sort{tr.ctx.BVSort(x.Width())}, tr.ctx.BVSort(t.Width()))
		tr.ufs[key] = f
	}
	return f.ApplyBV(tr.bv(x))
}

// uf is the uninterpreted product of t's factors: one function per width
// and arity, so equal factors give equal products (congruence).
func (tr *translator) uf(t *term.Term) z3.BV {
	args := t.Args()
	key := fmt.Sprintf("mul%d_%d", t.Width(), len(args))
	f, ok := tr.ufs[key]
	if !ok {
		dom := make([]z3.Sort, len(args))
		for i := range dom {
			dom[i] = tr.ctx.BVSort(t.Width())
		}
		f = tr.ctx.FuncDecl(key, dom, tr.ctx.BVSort(t.Width()))
		tr.ufs[key] = f
	}
	vals := make([]z3.Value, len(args))
	for i, a := range args {
		vals[i] = tr.bv(a)
	}
	return f.ApplyBV(vals...)
}
