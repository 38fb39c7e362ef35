package amd64

import "vg.dev/symexec/term"

// Config.OnStep: each instruction executed is reported with the values it
// wrote (registers, flags with their operands, vector and mask registers,
// memory), found by comparing the state before and after it. Only reports
// use it (which instructions touch a secret); it costs nothing unset.

// stepState is what an instruction may change, as it was before it ran.
type stepState struct {
	regs  [16]*term.Term
	flags [nflags]flag
	vregs [32]*term.Term
	kregs [8]*term.Term
}

// beforeStep saves what the instruction may change, when OnStep is set.
func (r *runner) beforeStep(s *state) *stepState {
	if r.cfg.OnStep == nil {
		return nil
	}
	r.stored = r.stored[:0]
	return &stepState{regs: s.regs, flags: s.flags, vregs: s.vregs, kregs: s.kregs}
}

// afterStep reports the instruction and what it wrote to OnStep.
func (r *runner) afterStep(s *state, in *Inst, b *stepState) {
	if b == nil {
		return
	}
	var wrote []*term.Term
	add := func(ts ...*term.Term) {
		for _, t := range ts {
			if t != nil {
				wrote = append(wrote, t)
			}
		}
	}
	for i := range s.regs {
		if s.regs[i] != b.regs[i] {
			add(s.regs[i])
		}
	}
	for i := range s.flags {
		if f := s.flags[i]; f != b.flags[i] {
			add(f.v)
			if f.lz != nil {
				add(f.lz.x, f.lz.y, f.lz.c, f.lz.r)
			}
		}
	}
	for i := range s.vregs {
		if s.vregs[i] != b.vregs[i] {
			add(s.vregs[i])
		}
	}
	for i := range s.kregs {
		if s.kregs[i] != b.kregs[i] {
			add(s.kregs[i])
		}
	}
	add(r.stored...)
	r.cfg.OnStep(in.PC, wrote)
}
