package arm64

import (
	"errors"
	"fmt"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// symbolicAccess records an access of n bytes at addr, whose offset in r is
// symbolic, as an event, and returns its places (machine/symidx.go); err is
// that of resolving them. The event carries the condition that the offset
// is one of the places, which the prover proves, and the path goes on
// under it.
func (s *state) symbolicAccess(addr *term.Term, n int, kind EventKind, r *mem.Region, pl *mem.Places, err error) (*mem.Region, int64, *mem.Places, error) {
	var inBounds *term.Term
	if err == nil && !pl.InBounds.IsConst() {
		inBounds = pl.InBounds
	}
	s.eventInBounds(kind, addr, n, inBounds)
	if err == nil && !s.mem.Based(addr) {
		// A bare number plus an offset names what the linker put there
		// in this binary only (as for a constant offset: access).
		err = &mem.AccessError{Op: kind.String(), Region: r.Name, Size: n, Err: mem.ErrAbsolute}
	}
	if err != nil {
		var ae *mem.AccessError
		if errors.As(err, &ae) {
			ae.Op = kind.String()
			ae.Size = n
		}
		return nil, 0, nil, fmt.Errorf("address %v: %w", addr, err)
	}
	if inBounds != nil {
		s.cond = s.b.And(s.cond, inBounds)
	}
	return r, 0, pl, nil
}
