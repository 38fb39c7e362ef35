package prove

import (
	"vg.dev/decode"
	"vg.dev/symexec/term"
)

// stage reports the step of r's proof now being worked on (Options.Stage).
func (s *session) stage(r *Result, st string) {
	if s.onStage != nil {
		s.onStage(r, st)
	}
}

// tracer returns the tracer of r's run when Options.Trace asks for one
// and this run is the one with every pointer distinct; else nil.
func (s *session) tracer(r *Result, fn *decode.Func, in *inputs, distinct bool) *tracer {
	if !s.opts.Trace || !distinct {
		return nil
	}
	r.Trace = &Trace{}
	return newTracer(r.Trace, fn, in.isSecretVar)
}

// hook is the lifter's OnStep for tr (nil for none).
func (tr *tracer) hook() func(uint64, []*term.Term) {
	if tr == nil {
		return nil
	}
	return tr.step
}
