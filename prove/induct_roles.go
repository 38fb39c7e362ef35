package prove

import (
	"fmt"

	"vg.dev/symexec/amd64"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// The relation of the induction over lengths (induct.go): the bounds on
// the spec's carried values, the registers live at each cut point, and
// the role each live register plays there.

// specInvariants finds bounds on the values the spec's loop carries that
// hold at every iteration, by induction on the spec alone: c < 2 (a carry)
// holds before the loop and one iteration from any state with c < 2, on
// any window, keeps it. The kernel's checks may assume them.
func (ind *induction) specInvariants() error {
	b := ind.b
	ind.bounds = make([]uint64, len(ind.c0))
	for j := range ind.c0 {
		const bound = 2
		if !ind.holds([]*term.Term{ind.bound()}, b.Ult(ind.c0[j], b.Uint(bound, ind.cw[j]))) {
			continue
		}
		a := ind.abstractAt(0, fmt.Sprintf("inv%d", j))
		assume := []*term.Term{b.Ult(a.c[j], b.Uint(bound, ind.cw[j]))}
		next, o, err := ind.loop.Step(gossa.Config{B: b, Mem: a.m, Sizes: ind.frame.Sizes, Stop: ind.ctx.Err}, ind.specArgs(a.windows, b.Uint(windowWords, 64)), scalars(a.c), 0)
		if err != nil || next == nil || len(o.Panics) > 0 {
			continue
		}
		sc, ok := next[j].(gossa.Scalar)
		if ok && ind.holds(assume, b.Ult(sc.T, b.Uint(bound, ind.cw[j]))) {
			ind.bounds[j] = bound
		}
	}
	return nil
}

// encode is a carried value as a register holds it.
func (ind *induction) encode(c *term.Term, neg bool) *term.Term {
	v := ind.b.ZeroExt(c, 64)
	if neg {
		v = ind.b.Neg(v)
	}
	return v
}

// probe is a havocked lift of the segments from a cut point: every
// register a fresh variable but the pointers, which point into windows.
type probe struct {
	regs map[int]*term.Term
	ptr  map[int]int // register → slice
	segs []*amd64.Segment
}

func (ind *induction) probeAt(pc uint64, regs map[string]*term.Term) (*probe, error) {
	b := ind.b
	m := mem.New(b)
	pr := &probe{regs: map[int]*term.Term{}, ptr: map[int]int{}}
	windows := ind.windowsFor(m, func(k int) string { return fmt.Sprintf("probe%x.%s", pc, ind.frame.Params[ind.slices[k]].Name) }, 8*windowWords)
	for r := 0; r < 16; r++ {
		v := regs[amd64.RegNames[r]]
		pr.regs[r] = b.Var(fmt.Sprintf("probe%x.%s", pc, amd64.RegNames[r]), 64)
		for k, base := range ind.bases {
			if v == base {
				pr.ptr[r] = k
				pr.regs[r] = windows[k].Base
			}
		}
	}
	segs, err := ind.lift(m, amd64.SegmentStart{PC: pc, Regs: pr.regs})
	if err != nil {
		return nil, err
	}
	pr.segs = segs
	return pr, nil
}

// liveness finds, per cut point, the registers whose value there may
// matter: those a path from it uses in a branch, a store or (as the same
// or another register) at a cut point where that register is live. A
// register not live is irrelevant to the relation (a fresh variable
// there, which is sound for any value).
func liveness(b *term.Builder, probes map[uint64]*probe) map[uint64]map[int]bool {
	live := map[uint64]map[int]bool{}
	// What each path uses outright: its condition and the values it
	// stores.
	direct := map[uint64]map[*term.Term]bool{}
	for pc, pr := range probes {
		used := map[*term.Term]bool{}
		for _, sg := range pr.segs {
			for _, v := range term.Support(sg.Cond) {
				used[v] = true
			}
			for _, r := range sg.Mem.Regions() {
				for _, off := range sg.Mem.Written(r) {
					for _, v := range term.Support(sg.Mem.Byte(r, off)) {
						used[v] = true
					}
				}
			}
			for _, e := range sg.Events {
				if e.Term != nil {
					for _, v := range term.Support(e.Term) {
						used[v] = true
					}
				}
			}
		}
		direct[pc] = used
		live[pc] = map[int]bool{}
	}
	for changed := true; changed; {
		changed = false
		for pc, pr := range probes {
			for r, v := range pr.regs {
				if live[pc][r] {
					continue
				}
				uses := direct[pc][v]
				for _, sg := range pr.segs {
					if sg.End == 0 || uses {
						continue
					}
					for r2 := range live[sg.End] {
						for _, w := range term.Support(sg.Regs[amd64.RegNames[r2]]) {
							if w == v {
								uses = true
							}
						}
					}
				}
				if uses {
					live[pc][r] = true
					changed = true
				}
			}
		}
	}
	return live
}

// infer finds the roles of the live registers at the cut point pc from
// the state of its first arrival from the entry (regs, under cond, with
// i = 0 and the initial carried values) and the havocked lift pr. A
// register whose role the first arrival cannot decide gets alternatives,
// tried by the checks.
func (ind *induction) infer(pc uint64, regs map[string]*term.Term, cond *term.Term, pr *probe, live map[int]bool) ([]role, map[int][]role, error) {
	b := ind.b
	rs := make([]role, 16)
	for r, k := range pr.ptr {
		rs[r] = role{kind: rolePtr, slice: k}
	}
	var loop *amd64.Segment
	for _, sg := range pr.segs {
		if sg.End == pc {
			loop = sg
			break
		}
	}
	if loop == nil {
		return nil, nil, fail("no path of the loop at %s comes back to it", ind.pos(pc))
	}
	var step int64 = -1
	for r := range pr.ptr {
		d, ok := b.Sub(loop.Regs[amd64.RegNames[r]], pr.regs[r]).Uint64()
		if !ok || d%8 != 0 || (step >= 0 && int64(d/8) != step) {
			return nil, nil, fail("the pointers of the loop at %s do not all advance by the same number of words", ind.pos(pc))
		}
		step = int64(d / 8)
	}
	if step <= 0 {
		return nil, nil, fail("the loop at %s advances no pointer", ind.pos(pc))
	}
	alts := map[int][]role{}
	for r := 0; r < 16; r++ {
		if rs[r].kind == rolePtr || r == amd64.RSP || !live[r] {
			continue
		}
		name := amd64.RegNames[r]
		v := regs[name]
		switch d, ok := b.Sub(loop.Regs[name], pr.regs[r]).Uint64(); {
		case ok && d == 0:
			rs[r] = role{kind: roleInv, inv: v}
		case ok:
			// k·r − d·i = c, c from the first arrival (i = 0): k·v, or n
			// when that equals it there (the loop may be entered from
			// another loop too, with i > 0).
			dd := int64(d)
			c := b.Mul(b.Uint(uint64(step), 64), v)
			if ind.holds([]*term.Term{ind.bound(), cond}, b.Eq(c, ind.n)) {
				c = ind.n
			}
			as := []*term.Term{ind.bound(), cond}
			rs[r] = role{kind: roleCount, k: step, d: dd, c: c,
				nonzero: ind.holds(as, b.Ne(v, b.Zero(64))), atMostN: ind.holds(as, b.Ule(v, ind.n))}
		default:
			var as []role
			for j, cj := range ind.c0 {
				for _, neg := range []bool{false, true} {
					if ind.holds([]*term.Term{ind.bound(), cond}, b.Eq(v, ind.encode(cj, neg))) {
						as = append(as, role{kind: roleCarry, j: j, neg: neg})
					}
				}
			}
			if len(as) > 0 {
				alts[r] = append(as, role{kind: roleDead})
			}
		}
	}
	return rs, alts, nil
}

// holds reports whether Z3 proves goal under assume (quietly).
func (ind *induction) holds(assume []*term.Term, goal *term.Term) bool {
	return ind.valid("", assume, goal) == nil
}
