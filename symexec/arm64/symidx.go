package arm64

import (
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// symbolicAccess records an access of n bytes at addr, whose offset in r is
// symbolic, as an event, and returns its places (machine/symidx.go); err is
// that of resolving them. The event carries the condition that the offset
// is one of the places, which the prover proves, and the path goes on
// under it.
func (s *state) symbolicAccess(addr *term.Term, n int, kind EventKind, r *mem.Region, pl *mem.Places, err error) (*mem.Region, int64, *mem.Places, error) {
	inBounds, err := machine.CheckSymbolic(s.mem, addr, n, kind.String(), r, pl, err)
	s.eventInBounds(kind, addr, n, inBounds)
	if err != nil {
		return nil, 0, nil, err
	}
	if inBounds != nil {
		s.cond = s.b.And(s.cond, inBounds)
	}
	return r, 0, pl, nil
}
