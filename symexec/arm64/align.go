package arm64

import (
	"fmt"

	"vg.dev/symexec/mem"
)

// Alignment. Loads and stores of normal memory may be unaligned on arm64,
// except for the exclusive, acquire/release and atomic forms (none is
// modelled) and for any access whose base register is SP while SP is not
// 16-byte aligned: Linux enables the SP alignment check at EL0
// (SCTLR_EL1.SA0), and the access then faults (Arm ARM D1.3.10.2). The
// lifter proves SP aligned at every such access, else reports it
// (mem.ErrMisaligned).

// usesSPBase reports whether enc is a load or store (not a PC-relative
// literal load) whose base register field Rn is 31, the stack pointer.
func usesSPBase(enc uint32) bool {
	ldst := bit(enc, 27) && !bit(enc, 25)
	literal := field(enc, 29, 27) == 3 && field(enc, 25, 24) == 0
	return ldst && !literal && fRn(enc) == regZR
}

// checkSPBase proves SP 16-byte aligned when the current instruction uses
// it as a base address.
func (s *state) checkSPBase() error {
	if !usesSPBase(s.enc) {
		return nil
	}
	r, off, err := s.mem.ConstOffset(s.sp)
	if err != nil {
		return nil // the access itself reports it
	}
	if err := mem.CheckAlign("access", r, off, 16); err != nil {
		return fmt.Errorf("SP as a base address: %w", err)
	}
	return nil
}
