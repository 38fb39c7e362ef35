package term

import (
	"fmt"
	"sort"
	"strings"
)

// Build applies op to args through the simplifying constructors; hi and lo
// are used by OpExtract, w by OpSext. It rebuilds a term from its parts.
func (b *Builder) Build(op Op, w, hi, lo int, args []*Term) *Term {
	switch op {
	case OpAdd:
		return b.AddN(args...)
	case OpMul:
		r := args[0]
		for _, a := range args[1:] {
			r = b.Mul(r, a)
		}
		return r
	case OpUDiv:
		return b.UDiv(args[0], args[1])
	case OpURem:
		return b.URem(args[0], args[1])
	case OpSDiv:
		return b.SDiv(args[0], args[1])
	case OpSRem:
		return b.SRem(args[0], args[1])
	case OpAnd, OpOr, OpXor:
		return b.bitwise(op, args)
	case OpNot:
		return b.Not(args[0])
	case OpShl, OpLshr, OpAshr:
		return b.shift(op, args[0], args[1])
	case OpExtract:
		return b.Extract(args[0], hi, lo)
	case OpRotl:
		return b.RotL(args[0], lo)
	case OpConcat:
		return b.Concat(args...)
	case OpSext:
		return b.SignExt(args[0], w)
	case OpEq:
		return b.Eq(args[0], args[1])
	case OpUlt, OpUle, OpSlt, OpSle:
		return b.cmp(op, args[0], args[1])
	case OpIte:
		return b.Ite(args[0], args[1], args[2])
	case OpClmul:
		return b.Clmul(args[0], args[1])
	}
	// OpLUT needs its table: With.
	panic(fmt.Sprintf("term: build of %s", op))
}

// With is t with its operands replaced by args (as many, of the same
// widths), built through b's constructors; t may come from another
// Builder. It rebuilds every operation, a lookup with t's table.
func (b *Builder) With(t *Term, args []*Term) *Term {
	switch t.op {
	case OpLUT:
		tab := t.aux.lut
		return b.LUT(args[0], tab.width, tab.entries)
	case OpRotl:
		return b.RotL(args[0], int(t.lo))
	}
	return b.Build(t.op, t.Width(), int(t.hi), int(t.lo), args)
}

// Import copies t, which may come from another Builder, into b through b's
// constructors (so it is simplified by b's rules).
func (b *Builder) Import(t *Term) *Term {
	return b.Rebuild(t, func(x *Term) (*Term, bool) {
		switch x.op {
		case OpConst:
			return b.Const(*x.cval(), x.Width()), true
		case OpVar:
			return b.Var(x.vname(), x.Width()), true
		}
		return nil, false
	})
}

// Rebuild reconstructs t bottom-up through b's constructors. For each subterm
// x, sub(x) may return a replacement (used as is, not visited further).
func (b *Builder) Rebuild(t *Term, sub func(x *Term) (*Term, bool)) *Term {
	return b.RebuildMemo(t, sub, map[*Term]*Term{})
}

// RebuildMemo is Rebuild with the memo of rebuilt terms passed in, so that
// calls with the same sub share their work: memo must only ever be used
// with one sub (and one Builder).
func (b *Builder) RebuildMemo(t *Term, sub func(x *Term) (*Term, bool), memo map[*Term]*Term) *Term {
	var rec func(x *Term) *Term
	rec = func(x *Term) *Term {
		if r, ok := memo[x]; ok {
			return r
		}
		r, ok := sub(x)
		if !ok {
			if len(x.args) == 0 {
				r = x
			} else {
				args := make([]*Term, len(x.args))
				changed := false
				for i, a := range x.args {
					args[i] = rec(a)
					changed = changed || args[i] != a
				}
				if changed {
					r = b.With(x, args)
				} else {
					r = x
				}
			}
		}
		memo[x] = r
		return r
	}
	return rec(t)
}

// Walk calls f once for each distinct subterm of roots, operands before the
// terms that use them.
func Walk(f func(*Term), roots ...*Term) {
	seen := map[*Term]bool{}
	var rec func(x *Term)
	rec = func(x *Term) {
		if seen[x] {
			return
		}
		seen[x] = true
		for _, a := range x.args {
			rec(a)
		}
		f(x)
	}
	for _, r := range roots {
		rec(r)
	}
}

// Support returns the variables t depends on syntactically, sorted by id.
func Support(t *Term) []*Term {
	var vs []*Term
	Walk(func(x *Term) {
		if x.op == OpVar {
			vs = append(vs, x)
		}
	}, t)
	sort.Slice(vs, func(i, j int) bool { return vs[i].id < vs[j].id })
	return vs
}

// Size is the number of distinct subterms of the roots.
func Size(roots ...*Term) int {
	n := 0
	Walk(func(*Term) { n++ }, roots...)
	return n
}

// stringBudget bounds how many nodes String prints: shared subterms are
// printed again, so a deep DAG could otherwise print exponentially long.
const stringBudget = 400

// String prints t as an S-expression, at most stringBudget nodes of it ("…"
// stands for the rest). Use Format for whole DAGs.
func (t *Term) String() string {
	var sb strings.Builder
	budget := stringBudget
	t.writeBudget(&sb, nil, &budget)
	return sb.String()
}

func (t *Term) write(sb *strings.Builder, names map[*Term]string) {
	budget := -1 // unlimited: Format binds shared subterms to names
	t.writeBudget(sb, names, &budget)
}

func (t *Term) writeBudget(sb *strings.Builder, names map[*Term]string, budget *int) {
	if n, ok := names[t]; ok {
		sb.WriteString(n)
		return
	}
	if *budget == 0 {
		sb.WriteString("…")
		return
	}
	if *budget > 0 {
		*budget--
	}
	switch t.op {
	case OpConst:
		if t.width <= 64 {
			fmt.Fprintf(sb, "%#x:%d", t.cval()[0], t.width)
		} else {
			fmt.Fprintf(sb, "%s:%d", t.cval().Hex(int(t.width)), t.width)
		}
		return
	case OpVar:
		sb.WriteString(t.vname())
		return
	}
	sb.WriteString("(")
	sb.WriteString(t.op.String())
	switch t.op {
	case OpExtract:
		fmt.Fprintf(sb, "[%d:%d]", t.hi, t.lo)
	case OpRotl:
		fmt.Fprintf(sb, "[%d]", t.lo)
	case OpLUT:
		d := t.aux.lut.digest
		fmt.Fprintf(sb, "[%x:%d]", d[:6], t.width)
	case OpSext:
		fmt.Fprintf(sb, "[%d]", t.width)
	}
	for _, a := range t.args {
		sb.WriteString(" ")
		a.writeBudget(sb, names, budget)
	}
	sb.WriteString(")")
}

// Format prints the DAG of the named roots with let-bindings for every
// subterm used more than once, so the size of the text is linear in the DAG.
func Format(names []string, roots []*Term) string {
	uses := map[*Term]int{}
	Walk(func(x *Term) {
		for _, a := range x.args {
			uses[a]++
		}
	}, roots...)
	var sb strings.Builder
	bound := map[*Term]string{}
	Walk(func(x *Term) {
		if uses[x] > 1 && len(x.args) > 0 {
			name := fmt.Sprintf("t%d", x.id)
			fmt.Fprintf(&sb, "%s = ", name)
			x.write(&sb, bound)
			sb.WriteString("\n")
			bound[x] = name
		}
	}, roots...)
	for i, r := range roots {
		fmt.Fprintf(&sb, "%s := ", names[i])
		r.write(&sb, bound)
		sb.WriteString("\n")
	}
	return sb.String()
}
