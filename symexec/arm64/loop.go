package arm64

import (
	"fmt"
	"maps"
	"slices"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Loops that never end: as symexec/amd64/loop.go explains, a path that
// comes back to a loop head in exactly the state it left it repeats
// forever (machine.ErrNoReturn), and so does one whose changing state
// decides no branch (the probe of machine/loop.go). Here over the arm64
// state.

// loopHead is an instruction a path branched back to.
type loopHead struct {
	fn  *function
	idx int
}

// snapshot is the state of a path at a loop head.
type snapshot struct {
	x     [31]*term.Term
	sp    *term.Term
	flags [nflags]flag
	adrp  uint32
	v     [32]*term.Term
	mem   *mem.Memory
	cond  *term.Term
	calls []callFrame
	n     int // the arrival this is: 1 for the first
}

func (s *state) snapshot(n int) *snapshot {
	return &snapshot{x: s.x, sp: s.sp, flags: s.flags, adrp: s.adrp, v: s.v, mem: s.mem.Clone(), cond: s.cond, calls: slices.Clone(s.calls), n: n}
}

// same reports whether s is in the state of the snapshot.
func (p *snapshot) same(s *state) bool {
	if p.x != s.x || p.sp != s.sp || p.adrp != s.adrp || p.v != s.v || p.cond != s.cond || !slices.Equal(p.calls, s.calls) {
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
func sameFlag(f, g flag) bool {
	return f.v == g.v && (f.lz == g.lz || f.lz != nil && g.lz != nil && *f.lz == *g.lz)
}

// atLoopHead is called when s branched back to an earlier instruction of
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
	if p.cond != s.cond || p.adrp != s.adrp || !slices.Equal(p.calls, s.calls) {
		return 0, 0, false
	}
	b := s.b
	a := s.fork()
	a.probe = &probe{head: h}
	a.events = nil
	prevV := p.v
	for i := range a.v {
		if prevV[i] == nil {
			prevV[i] = s.entryV(i)
		}
		a.vreg(i)
	}
	// The general registers and SP, havocked as one list.
	gprs := append(a.x[:], a.sp)
	chX := machine.Havoc(b, append(p.x[:], p.sp), gprs)
	copy(a.x[:], gprs[:31])
	a.sp = gprs[31]
	chV := machine.Havoc(b, prevV[:], a.v[:])
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
	if a.cond != start.cond || a.adrp != start.adrp || !slices.Equal(a.calls, start.calls) ||
		!machine.Unchanged(append(start.x[:], start.sp), append(a.x[:], a.sp), chX) ||
		!machine.Unchanged(start.v[:], a.v[:], chV) ||
		!machine.MemoryUnchanged(start.mem, a.mem, chM) {
		return 0, 0, false
	}
	for i := range a.flags {
		if !chF[i] && !sameFlag(start.flags[i], a.flags[i]) {
			return 0, 0, false
		}
	}
	return machine.Count(chX, chV, chF[:]), len(chM), true
}
