package arm64

import (
	"fmt"
	"slices"
)

// ABIInternal entry and exit (machine.RegABI): the arguments come in R0
// to R15 and the results leave in them; prove still speaks of the ABI0
// frame, so the registers are loaded from and stored to its slots here.
// g stays in R28, which Preserved already requires at return.

func regIndex(name string) (int, error) {
	i := slices.Index(RegNames[:], name)
	if i < 0 {
		return 0, fmt.Errorf("arm64: no register %s", name)
	}
	return i, nil
}

// enterInternal loads the argument registers from their slots; the bits
// above a narrow argument are the caller's.
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
			v = b.Concat(b.Extract(s.x[i], 63, int(8*a.Size)), v)
		}
		s.x[i] = v
	}
	return nil
}

// leaveInternal stores the result registers into their slots at the
// final RET.
func (r *runner) leaveInternal(s *state) error {
	for _, res := range r.cfg.RegABI.Results {
		i, err := regIndex(res.Reg)
		if err != nil {
			return err
		}
		v := s.x[i]
		if res.Size < 8 {
			v = s.b.Extract(v, int(8*res.Size)-1, 0)
		}
		if err := s.mem.Store(r.stack, r.argOff+res.Offset, v); err != nil {
			return err
		}
	}
	return nil
}
