package amd64

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"

	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Segments: the lift of a function between cut points, for the prover's
// induction over lengths (prove/induct.go). A segment starts at an
// instruction with given registers and flags, the stack and argument
// frame laid out as Run lays them out (SP at its entry value), and ends on
// each path where the path returns from the function or arrives at a cut
// point (other than at its first instruction). Its paths are Run's, with
// where they ended and their final flags.

// Segment is one path of a segment.
type Segment struct {
	*machine.Path
	End   uint64             // the cut point reached, or 0 when the path returned
	Flags [nflags]*term.Term // the flags at the end (nil: undefined)
	// Start is the memory at the segment's start (the stack with the
	// return address and the arguments stored).
	Start *mem.Memory
}

// SegmentStart is where a segment starts.
type SegmentStart struct {
	PC uint64
	// Regs are the general registers by number (RAX … R15); a missing
	// register is the variable entry.<name>. SP is always its entry value.
	Regs map[int]*term.Term
	// Flags are CF, PF, AF, ZF, SF, OF by number; a missing one is
	// undefined.
	Flags map[int]*term.Term
}

// RunSegment lifts the segment of the function name (instructions insts,
// frame and arguments as for Run) from start to the cut points cuts.
func RunSegment(cfg Config, name string, insts []Inst, frame *abi.Frame, args []Arg, start SegmentStart, cuts map[uint64]bool) ([]*Segment, error) {
	r, s, err := newRun(cfg, name, insts, frame, args)
	if err != nil {
		return nil, err
	}
	b, fn, stack, m := r.b, s.fn, r.stack, s.mem
	idx, ok := fn.find(start.PC)
	if !ok {
		return nil, fmt.Errorf("amd64: segment start %#x is no instruction of %s", start.PC, name)
	}
	s.idx = idx
	for i, v := range start.Regs {
		if i != RSP && i >= 0 && i < len(s.regs) {
			s.regs[i] = v
		}
	}
	if idx != 0 {
		// Off the entry the vector and mask registers hold what earlier
		// iterations left: fresh variables of this start, not the
		// entry's (which would tie them to their values at entry).
		for n := range s.vregs {
			s.vregs[n] = b.Var(fmt.Sprintf("at%x.Z%d", start.PC, n), 512)
		}
		for n := range s.kregs {
			s.kregs[n] = b.Var(fmt.Sprintf("at%x.K%d", start.PC, n), 64)
		}
	}
	s.undefine(fAll, "undefined at the segment's start")
	for f, v := range start.Flags {
		s.setFlag(f, v)
	}
	var out []*Segment
	startMem := m.Clone()
	r.work = append(r.work, s)
	for len(r.work) > 0 {
		s := r.work[len(r.work)-1]
		r.work = r.work[:len(r.work)-1]
		var end uint64
		for !s.done {
			if s.steps > 0 && len(s.calls) == 0 && s.fn == fn {
				if pc := fn.insts[s.idx].PC; cuts[pc] {
					end = pc
					break
				}
			}
			if err := r.step(s); err != nil {
				return nil, err
			}
		}
		seg := &Segment{Path: &Path{
			Cond: s.cond, Mem: s.mem, Stack: stack, ArgOff: r.argOff,
			Regs: s.regMap(), Events: s.events, Steps: s.steps, Ret: s.in,
		}, End: end, Start: startMem}
		for f := range seg.Flags {
			if fl := s.flags[f]; fl.v != nil || fl.lz != nil {
				seg.Flags[f], _ = s.getFlag(f)
			}
		}
		out = append(out, seg)
	}
	return out, nil
}

// Cuts are the heads of the loops of a function: the targets of its
// backward jumps and branches.
func Cuts(insts []Inst) map[uint64]bool {
	cuts := map[uint64]bool{}
	for _, in := range insts {
		rel, ok := in.X86.Args[0].(x86asm.Rel)
		if !ok || in.X86.Op == x86asm.CALL {
			continue
		}
		if t := in.PC + uint64(in.Len) + uint64(int64(rel)); t <= in.PC {
			cuts[t] = true
		}
	}
	return cuts
}
