package amd64

import (
	"fmt"

	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// pageRead models a load that reaches outside its argument's bytes, with
// Config.PageReads (machine/pageread.go): it reports whether it did. The
// event was recorded by access; only loads from arguments at a constant
// offset qualify.
func (s *state) pageRead(addr *term.Term, n int) (*term.Term, bool, error) {
	if !s.r.cfg.PageReads {
		return nil, false, nil
	}
	r, off, err := s.mem.ConstOffset(addr)
	if err != nil || !s.mem.Based(addr) {
		return nil, false, nil
	}
	fresh := func(i int) *term.Term {
		s.r.junk++
		return s.b.Var(fmt.Sprintf("%s%s%+d#%d", machine.PageJunkPrefix, r.Name, off+int64(i), s.r.junk), 8)
	}
	v, fact, ok, err := machine.PageRead(s.b, s.mem, r, off, n, fresh)
	if !ok || err != nil {
		return nil, false, err
	}
	s.pageChecks = append(s.pageChecks, machine.PageCheck{Fact: fact, Detail: machine.PageReadDetail(r, off, n),
		PC: s.in.PC, File: s.in.File, Line: s.in.Line})
	return v, true, nil
}
