package amd64

import (
	"fmt"
	"maps"
	"slices"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// A path that jumps back to a loop head keeps a snapshot of its state
// there. Execution from a state is deterministic, so arriving again in the
// same state (the same terms in every register, flag and memory byte, the
// same path condition and calls) means the loop never ends: a loop counter
// that is not advanced. Reported as machine.ErrNoReturn instead of running
// into the step limit. A loop whose state changes but whose branches do
// not depend on what changes is caught by a probe (machine/loop.go).

// loopHead is an instruction a path jumped back to.
type loopHead struct {
	fn  *function
	idx int
}

// snapshot is the state of a path at a loop head.
type snapshot struct {
	regs  [16]*term.Term
	flags [nflags]flag
	vregs [32]*term.Term
	kregs [8]*term.Term
	mem   *mem.Memory
	cond  *term.Term
	calls []callFrame
	n     int // the arrival this is: 1 for the first
}

func (s *state) snapshot(n int) *snapshot {
	return &snapshot{regs: s.regs, flags: s.flags, vregs: s.vregs, kregs: s.kregs, mem: s.mem.Clone(), cond: s.cond, calls: slices.Clone(s.calls), n: n}
}

// same reports whether s is in the state of the snapshot.
func (p *snapshot) same(s *state) bool {
	if p.regs != s.regs || p.vregs != s.vregs || p.kregs != s.kregs || p.cond != s.cond || !slices.Equal(p.calls, s.calls) {
		return false
	}
	for i, f := range p.flags {
		if !sameFlag(f, s.flags[i]) {
			return false
		}
	}
	return p.mem.SameContents(s.mem)
}

// sameFlag compares two flag values by the terms they are made of.
func sameFlag(a, b flag) bool {
	if a.lz != b.lz && (a.lz == nil || b.lz == nil || *a.lz != *b.lz) {
		return false
	}
	return a.v == b.v && a.by == b.by && a.bx == b.bx && a.why == b.why
}

// atLoopHead is called when s jumped back to an earlier instruction of
// its function: it compares the state with the one of the last arrival.
func (s *state) atLoopHead() error {
	h := loopHead{s.fn, s.idx}
	if s.probe != nil {
		// A probe ends at its head; other heads are inner loops.
		s.probe.arrived = h == s.probe.head
		return nil
	}
	pos := machine.Pos(s.fn.insts[s.idx].File, s.fn.insts[s.idx].Line)
	n := 1
	if p := s.heads[h]; p != nil {
		if p.same(s) {
			return fmt.Errorf("at %s: %w (it comes back to its head in the state it left it)", pos, machine.ErrNoReturn)
		}
		if n = p.n + 1; machine.ProbeAt(n) {
			if regs, bytes, ok := s.neverEnds(h, p); ok {
				return machine.NeverEnds(pos, regs, bytes)
			}
		}
	}
	// The map is shared with paths forked earlier: copy before writing.
	s.heads = maps.Clone(s.heads)
	if s.heads == nil {
		s.heads = map[loopHead]*snapshot{}
	}
	s.heads[h] = s.snapshot(n)
	return nil
}

// probe marks a state that runs one abstract iteration of a loop.
type probe struct {
	head    loopHead
	arrived bool
}

// neverEnds probes the loop at h, which s arrived at again after p
// (machine/loop.go). It returns how many registers and flags and how many
// memory bytes were havocked.
func (s *state) neverEnds(h loopHead, p *snapshot) (regs, bytes int, ok bool) {
	if p.cond != s.cond || !slices.Equal(p.calls, s.calls) {
		return 0, 0, false
	}
	b := s.b
	a := s.fork()
	a.probe = &probe{head: h}
	a.events = nil
	prevV, prevK := p.vregs, p.kregs
	for i := range a.vregs {
		if prevV[i] == nil {
			prevV[i] = s.entryZ(i)
		}
		a.vreg(i)
	}
	for i := range a.kregs {
		if prevK[i] == nil {
			prevK[i] = s.entryK(i)
		}
		a.kreg(i)
	}
	chR := machine.Havoc(b, p.regs[:], a.regs[:])
	chV := machine.Havoc(b, prevV[:], a.vregs[:])
	chK := machine.Havoc(b, prevK[:], a.kregs[:])
	var chF [nflags]bool
	for i := range a.flags {
		if !sameFlag(p.flags[i], a.flags[i]) {
			chF[i] = true
			a.flags[i] = flag{v: machine.Fresh(b, 1)}
		}
	}
	chM, ok := machine.HavocMemory(p.mem, a.mem)
	if !ok {
		return 0, 0, false
	}
	start := a.fork()
	if !machine.RunProbe(func() error { return s.r.step(a) }, func() bool { return a.probe.arrived }, func() bool { return a.done }) {
		return 0, 0, false
	}
	if a.cond != start.cond || !slices.Equal(a.calls, start.calls) ||
		!machine.Unchanged(start.regs[:], a.regs[:], chR) ||
		!machine.Unchanged(start.vregs[:], a.vregs[:], chV) ||
		!machine.Unchanged(start.kregs[:], a.kregs[:], chK) ||
		!machine.MemoryUnchanged(start.mem, a.mem, chM) {
		return 0, 0, false
	}
	for i := range a.flags {
		if !chF[i] && !sameFlag(start.flags[i], a.flags[i]) {
			return 0, 0, false
		}
	}
	return machine.Count(chR, chV, chK, chF[:]), len(chM), true
}
