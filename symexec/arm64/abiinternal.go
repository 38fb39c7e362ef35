package arm64

import (
	"fmt"
	"slices"

	"vg.dev/symexec/term"
)

// ABIInternal entry and exit (machine.RegABI): the arguments come in R0
// to R15 and the results leave in them; prove still speaks of the ABI0
// frame, so the registers are loaded from and stored to its slots here.
// g stays in R28, which Preserved already requires at return.

// namedReg is the value of the general register named name.
func (s *state) namedReg(name string) (*term.Term, error) {
	i := slices.Index(RegNames[:], name)
	if i < 0 {
		return nil, fmt.Errorf("arm64: no register %s", name)
	}
	return s.x[i], nil
}

// enterInternal loads the argument registers from their slots.
func (r *runner) enterInternal(s *state) error {
	regs, err := r.cfg.RegABI.EntryRegs(s.b, s.mem, r.stack, r.argOff, s.namedReg)
	if err != nil {
		return err
	}
	for name, v := range regs {
		s.x[slices.Index(RegNames[:], name)] = v
	}
	return nil
}

// leaveInternal stores the result registers into their slots at the
// final RET.
func (r *runner) leaveInternal(s *state) error {
	return r.cfg.RegABI.StoreResults(s.b, s.mem, r.stack, r.argOff, s.namedReg)
}
