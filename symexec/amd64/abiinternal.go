package amd64

import (
	"fmt"
	"slices"

	"vg.dev/symexec/abi"
)

// ABIInternal entry and exit (machine.RegABI): the function's arguments
// come in registers and its results leave in them; prove still speaks of
// the ABI0 frame, so the registers are loaded from and stored to its
// slots here.

// regIndex is the index in state.regs of a general register's name.
func regIndex(name string) (int, error) {
	i := slices.Index(RegNames[:], name)
	if i < 0 {
		return 0, fmt.Errorf("amd64: no register %s", name)
	}
	return i, nil
}

// enterInternal loads the argument registers from their slots and sets
// what ABIInternal guarantees at entry: R14 = g, X15 = 0.
func (r *runner) enterInternal(s *state) error {
	b := s.b
	for _, a := range r.cfg.RegABI.Args {
		i, err := regIndex(a.Reg)
		if err != nil {
			return err
		}
		v, err := s.mem.Load(r.stack, r.argOff+a.Offset, int(a.Size))
		if err != nil {
			return err
		}
		if a.Size < 8 {
			// The bits above a narrow argument are the caller's.
			v = b.Concat(b.Extract(s.regs[i], 63, int(8*a.Size)), v)
		}
		s.regs[i] = v
	}
	s.regs[R14] = s.g()
	s.vregs[15] = b.Zero(512)
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
	for _, res := range r.cfg.RegABI.Results {
		if err := storeResult(s, res); err != nil {
			return err
		}
	}
	return nil
}

func storeResult(s *state, res abi.RegSlot) error {
	i, err := regIndex(res.Reg)
	if err != nil {
		return err
	}
	v := s.regs[i]
	if res.Size < 8 {
		v = s.b.Extract(v, int(8*res.Size)-1, 0)
	}
	return s.mem.Store(s.r.stack, s.r.argOff+res.Offset, v)
}
