package amd64

import (
	"fmt"
	"slices"

	"vg.dev/symexec/term"
)

// ABIInternal entry and exit (machine.RegABI): the function's arguments
// come in registers and its results leave in them; prove still speaks of
// the ABI0 frame, so the registers are loaded from and stored to its
// slots here.

// namedReg is the value of the general register named name.
func (s *state) namedReg(name string) (*term.Term, error) {
	i := slices.Index(RegNames[:], name)
	if i < 0 {
		return nil, fmt.Errorf("amd64: no register %s", name)
	}
	return s.regs[i], nil
}

// enterInternal loads the argument registers from their slots and sets
// what ABIInternal guarantees at entry: R14 = g, X15 = 0.
func (r *runner) enterInternal(s *state) error {
	regs, err := r.cfg.RegABI.EntryRegs(s.b, s.mem, r.stack, r.argOff, s.namedReg)
	if err != nil {
		return err
	}
	for name, v := range regs {
		s.regs[slices.Index(RegNames[:], name)] = v
	}
	s.regs[R14] = s.g()
	s.vregs[15] = s.b.Zero(512)
	return nil
}

// leaveInternal checks R14 and X15 at the final RET and stores the result
// registers into their slots.
func (r *runner) leaveInternal(s *state) error {
	b := s.b
	if s.regs[R14] != s.g() {
		return fmt.Errorf("ABIInternal: R14 is %v at return, not g (Go code after the call relies on it)", s.regs[R14])
	}
	if x := b.Extract(s.vreg(15), 127, 0); x != b.Zero(128) {
		return fmt.Errorf("ABIInternal: X15 is %v at return, not zero (Go code after the call relies on it)", x)
	}
	return r.cfg.RegABI.StoreResults(b, s.mem, r.stack, r.argOff, s.namedReg)
}
