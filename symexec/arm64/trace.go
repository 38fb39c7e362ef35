package arm64

import "vg.dev/symexec/term"

// Config.OnStep: each instruction executed is reported with the values it
// wrote (general, vector and stack pointer registers, flags with their
// operands, memory), found by comparing the state before and after it.
// Only reports use it (which instructions touch a secret); it costs
// nothing unset.

// stepState is what an instruction may change, as it was before it ran.
type stepState struct {
	x     [31]*term.Term
	sp    *term.Term
	flags [nflags]flag
	v     [32]*term.Term
}

// beforeStep saves what the instruction may change, when OnStep is set.
func (r *runner) beforeStep(s *state) *stepState {
	if r.cfg.OnStep == nil {
		return nil
	}
	r.stored = r.stored[:0]
	return &stepState{x: s.x, sp: s.sp, flags: s.flags, v: s.v}
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
	for i := range s.x {
		if s.x[i] != b.x[i] {
			add(s.x[i])
		}
	}
	if s.sp != b.sp {
		add(s.sp)
	}
	for i := range s.flags {
		if f := s.flags[i]; f != b.flags[i] {
			add(f.v)
			if f.lz != nil {
				add(f.lz.x, f.lz.y, f.lz.c, f.lz.r)
			}
		}
	}
	for i := range s.v {
		if s.v[i] != b.v[i] {
			add(s.v[i])
		}
	}
	add(r.stored...)
	r.cfg.OnStep(in.PC, wrote)
}
