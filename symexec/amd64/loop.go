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
// into the step limit.

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
}

func (s *state) snapshot() *snapshot {
	return &snapshot{regs: s.regs, flags: s.flags, vregs: s.vregs, kregs: s.kregs, mem: s.mem.Clone(), cond: s.cond, calls: slices.Clone(s.calls)}
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
	if p := s.heads[h]; p != nil && p.same(s) {
		return fmt.Errorf("at %s: %w", machine.Pos(s.fn.insts[s.idx].File, s.fn.insts[s.idx].Line), machine.ErrNoReturn)
	}
	// The map is shared with paths forked earlier: copy before writing.
	s.heads = maps.Clone(s.heads)
	if s.heads == nil {
		s.heads = map[loopHead]*snapshot{}
	}
	s.heads[h] = s.snapshot()
	return nil
}
