package prove

import (
	"fmt"

	"vg.dev/symexec/amd64"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// The cut points of the induction over lengths (induct.go): the abstract
// state the relation describes there, and the checks at each cut and at
// the return.

// abstract is the state at a cut point the relation describes: i, the
// carried values, the windows and the registers.
type abstract struct {
	i       *term.Term
	c       []*term.Term
	windows []*mem.Region
	m       *mem.Memory
	regs    map[int]*term.Term
	assume  []*term.Term
}

func (ind *induction) abstractAt(pc uint64, tag string) *abstract {
	b := ind.b
	a := &abstract{i: b.Var(tag+".i", 64), m: mem.New(b), regs: map[int]*term.Term{}}
	for j, w := range ind.cw {
		a.c = append(a.c, b.Var(fmt.Sprintf("%s.c%d", tag, j), w))
	}
	a.windows = ind.windowsFor(a.m, func(k int) string { return fmt.Sprintf("%s.%s", tag, ind.frame.Params[ind.slices[k]].Name) }, 8*windowWords)
	a.assume = []*term.Term{ind.bound(), b.Ule(a.i, ind.n)}
	for j, bd := range ind.bounds {
		if bd > 0 {
			a.assume = append(a.assume, b.Ult(a.c[j], b.Uint(bd, ind.cw[j])))
		}
	}
	for r, ro := range ind.roles[pc] {
		switch ro.kind {
		case rolePtr:
			a.regs[r] = a.windows[ro.slice].Base
		case roleInv:
			a.regs[r] = ro.inv
		case roleCount:
			v := b.Var(fmt.Sprintf("%s.%s", tag, amd64.RegNames[r]), 64)
			a.regs[r] = v
			a.assume = append(a.assume, b.Eq(b.Sub(b.Mul(b.Uint(uint64(ro.k), 64), v), b.Mul(b.Uint(uint64(ro.d), 64), a.i)), ro.c))
			if ro.nonzero {
				a.assume = append(a.assume, b.Ne(v, b.Zero(64)))
			}
			if ro.atMostN {
				a.assume = append(a.assume, b.Ule(v, ind.n))
			}
		case roleCarry:
			a.regs[r] = ind.encode(a.c[ro.j], ro.neg)
		default:
			a.regs[r] = b.Var(fmt.Sprintf("%s.%s", tag, amd64.RegNames[r]), 64)
		}
	}
	return a
}

func (ind *induction) checkCut(pc uint64) error {
	a := ind.abstractAt(pc, fmt.Sprintf("at%x", pc))
	segs, err := ind.lift(a.m, amd64.SegmentStart{PC: pc, Regs: a.regs})
	if err != nil {
		return err
	}
	for _, sg := range segs {
		ind.segments++
		// Elements consumed: the pointers' advance.
		var k int64 = -1
		for r, ro := range ind.roles[pc] {
			if ro.kind != rolePtr {
				continue
			}
			d, ok := ind.b.Sub(sg.Regs[amd64.RegNames[r]], a.regs[r]).Uint64()
			if !ok || d%8 != 0 || (k >= 0 && int64(d/8) != k) {
				return fail("a path from %s moves the pointers unevenly", ind.pos(pc))
			}
			k = int64(d / 8)
		}
		if k < 0 {
			k = 0
		}
		if sg.End != 0 && k == 0 {
			return fail("a path from %s comes back to a loop head without consuming an element", ind.pos(pc))
		}
		if err := symbolicInSegment(sg); err != nil {
			return err
		}
		if err := ind.checkEnd(sg, append(a.assume, sg.Cond), a.i, k, a.c, a.windows, a.m); err != nil {
			return err
		}
	}
	return nil
}

// checkEnd checks one path that started with i elements done and the
// carried values c, consumed k elements (windows: their windows), and
// ended at sg.End (a cut point) or returned.
func (ind *induction) checkEnd(sg *amd64.Segment, assume []*term.Term, i *term.Term, k int64, c []*term.Term, windows []*mem.Region, m *mem.Memory) error {
	b := ind.b
	assume = append(append([]*term.Term(nil), assume...), sg.Cond)
	// A path no input takes.
	if ind.holds(assume, b.Bool(false)) {
		return nil
	}
	// The relation says nothing of the stack or of the data symbols: a
	// path may not leave anything there for a later one (the results
	// of a path that returns excepted), nor move SP.
	for _, r := range sg.Mem.Regions() {
		if r.Kind != mem.Stack && r.Kind != mem.Global {
			continue
		}
		for _, off := range sg.Mem.Written(r) {
			if r.Kind == mem.Stack && sg.End == 0 && off >= sg.ArgOff {
				continue // the argument frame of a path that returns
			}
			var before *term.Term
			if _, ok := sg.Start.Region(r.Name); ok {
				before = sg.Start.Byte(r, off)
			}
			if before == nil || sg.Mem.Byte(r, off) != before {
				return fail("a path writes %s at offset %d, which the relation does not track", r.Name, off)
			}
		}
	}
	if sg.End != 0 && sg.Regs["SP"] != b.Add(sg.Stack.Base, b.Uint(amd64.StackBelow, 64)) {
		return fail("SP at the loop head %s is not its entry value", ind.pos(sg.End))
	}
	ik := b.Add(i, b.Uint(uint64(k), 64))
	if k > 0 {
		if err := ind.valid("the elements i…i+k exist (i + k ≤ n)", assume, b.Ule(ik, ind.n)); err != nil {
			return err
		}
	}
	// The spec's k iterations on the windows.
	cs := c
	var smem *mem.Memory
	if k > 0 {
		smem = m
		for j := int64(0); j < k; j++ {
			ln := b.Uint(windowWords, 64)
			next, o, err := ind.loop.Step(gossa.Config{B: b, Mem: smem, Sizes: ind.frame.Sizes, Stop: ind.ctx.Err}, ind.specArgs(windows, ln), scalars(cs), j)
			if err != nil {
				return fail("the spec's loop body: %v", err)
			}
			for _, p := range o.Panics {
				if err := ind.valid("the spec's loop body cannot panic", assume, b.Not(p.Cond)); err != nil {
					return err
				}
			}
			if next == nil {
				return fail("the spec's loop body does not come back to its header")
			}
			smem = o.Mem
			cs = nil
			for _, v := range next {
				sc, ok := v.(gossa.Scalar)
				if !ok {
					return fail("the spec's loop carries a value that is not an integer")
				}
				cs = append(cs, sc.T)
			}
		}
		// The bytes either side wrote in the windows are the same, and
		// within the elements consumed.
		for _, w := range distinctWindows(windows) {
			offs := map[int64]bool{}
			for _, o := range sg.Mem.Written(w) {
				offs[o] = true
			}
			for _, o := range smem.Written(w) {
				offs[o] = true
			}
			for _, o := range sortedKeys(offs) {
				if o >= 8*k {
					return fail("a path writes %s beyond the elements it consumed (offset %d, %d elements)", w.Name, o, k)
				}
				kb, sb := sg.Mem.Byte(w, o), smem.Byte(w, o)
				if err := ind.valid(fmt.Sprintf("byte %d of %s is written as the spec writes it", o, w.Name), assume, b.Eq(kb, sb)); err != nil {
					return err
				}
			}
		}
		// Reads only within the consumed elements.
		for _, e := range sg.Events {
			if e.Kind != machine.Load {
				continue
			}
			r, off, err := sg.Mem.ConstOffset(e.Term)
			if err != nil {
				continue // the stack, data: checked by the lift
			}
			for _, w := range windows {
				if r == w && off+int64(e.Size) > 8*k {
					return fail("a path reads %s beyond the elements it consumed (offset %d, %d elements)", w.Name, off, k)
				}
			}
		}
	} else {
		for _, w := range windows {
			if len(sg.Mem.Written(w)) > 0 {
				return fail("a path that consumes no element writes %s", w.Name)
			}
		}
	}
	if sg.End == 0 {
		// Returned: all done, the spec's results after its loop.
		if err := ind.valid("a path that returns has done every element (i + k = n)", assume, b.Eq(ik, ind.n)); err != nil {
			return err
		}
		em := mem.New(b)
		dummies := ind.windowsFor(em, func(k int) string { return fmt.Sprintf("post%d", k) }, 1)
		o, err := ind.loop.Epilogue(gossa.Config{B: b, Mem: em, Sizes: ind.frame.Sizes, Stop: ind.ctx.Err}, ind.specArgs(dummies, ind.n), scalars(cs))
		if err != nil {
			return fail("the spec's code after its loop: %v", err)
		}
		if len(o.Results) != len(ind.frame.Results) {
			return fail("the spec's code after its loop returns %d results", len(o.Results))
		}
		for j, res := range ind.frame.Results {
			sv, ok := o.Results[j].(gossa.Scalar)
			if !ok {
				return fail("result %s is not an integer", res.Name)
			}
			kv, err := sg.Mem.Load(sg.Stack, sg.ArgOff+res.Offset, 8)
			if err != nil {
				return err
			}
			if err := ind.valid("result "+res.Name+" is the spec's", assume, b.Eq(kv, b.ZeroExt(sv.T, 64))); err != nil {
				return err
			}
		}
		return nil
	}
	// At a cut point: its relation, with i + k and the new carried values.
	roles, ok := ind.roles[sg.End]
	if !ok {
		return fail("a path reaches the loop head %s, whose relation is not known", ind.pos(sg.End))
	}
	var goals []*term.Term
	var whats []string
	for r, ro := range roles {
		v := sg.Regs[amd64.RegNames[r]]
		name := amd64.RegNames[r]
		switch ro.kind {
		case rolePtr:
			want := b.Add(ind.bases[ro.slice], b.Uint(uint64(8*k), 64))
			if windows != nil {
				want = b.Add(windows[ro.slice].Base, b.Uint(uint64(8*k), 64))
			}
			goals, whats = append(goals, b.Eq(v, want)), append(whats, name+" points to element i+k")
		case roleInv:
			goals, whats = append(goals, b.Eq(v, ro.inv)), append(whats, name+" keeps its value")
		case roleCount:
			goals = append(goals, b.Eq(b.Sub(b.Mul(b.Uint(uint64(ro.k), 64), v), b.Mul(b.Uint(uint64(ro.d), 64), ik)), ro.c))
			whats = append(whats, fmt.Sprintf("%d·%s − %d·i stays constant", ro.k, name, ro.d))
			if ro.nonzero {
				goals, whats = append(goals, b.Ne(v, b.Zero(64))), append(whats, name+" ≠ 0")
			}
			if ro.atMostN {
				goals, whats = append(goals, b.Ule(v, ind.n)), append(whats, name+" ≤ n")
			}
		case roleCarry:
			goals, whats = append(goals, b.Eq(v, ind.encode(cs[ro.j], ro.neg))), append(whats, name+" holds the carried value")
		}
	}
	for g, goal := range goals {
		if err := ind.valid(fmt.Sprintf("at the loop head %s, %s", ind.pos(sg.End), whats[g]), assume, goal); err != nil {
			return err
		}
	}
	return nil
}

func scalars(ts []*term.Term) []gossa.Value {
	out := make([]gossa.Value, len(ts))
	for i, t := range ts {
		out[i] = gossa.Scalar{T: t}
	}
	return out
}
