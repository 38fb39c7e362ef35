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
// forever (machine.ErrNoReturn). Here over the arm64 state.

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
}

func (s *state) snapshot() *snapshot {
	return &snapshot{x: s.x, sp: s.sp, flags: s.flags, adrp: s.adrp, v: s.v, mem: s.mem.Clone(), cond: s.cond, calls: slices.Clone(s.calls)}
}

// same reports whether s is in the state of the snapshot.
func (p *snapshot) same(s *state) bool {
	if p.x != s.x || p.sp != s.sp || p.adrp != s.adrp || p.v != s.v || p.cond != s.cond || !slices.Equal(p.calls, s.calls) {
		return false
	}
	for i, f := range p.flags {
		g := s.flags[i]
		if f.v != g.v || (f.lz != g.lz && (f.lz == nil || g.lz == nil || *f.lz != *g.lz)) {
			return false
		}
	}
	return p.mem.SameContents(s.mem)
}

// atLoopHead is called when s branched back to an earlier instruction of
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
