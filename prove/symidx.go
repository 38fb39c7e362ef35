package prove

import (
	"errors"
	"fmt"

	"vg.dev/symexec/amd64"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// checkSymbolicBounds proves in bounds every access at a symbolic offset
// whose range did not (machine/symidx.go): under the precondition and the
// path condition at the access, can the condition that it is in bounds
// fail? Unsat: fine. Sat: a frame violation, with the input. The lifter
// went on under the condition, so the rest of the proof is about in-bounds
// executions only, which this check makes the only ones. Unknown: the frame
// is not proved.
func (sv *solveState) checkSymbolicBounds(events []machine.Event, assume []*term.Term) error {
	r := sv.r
	b := sv.b
	seen := map[*term.Term]bool{}
	unknown := ""
	for _, e := range events {
		if e.InBounds == nil || (e.Kind != machine.Load && e.Kind != machine.Store) {
			continue
		}
		// The same condition under the same path condition is one query.
		key := b.And(e.Cond, b.Not(e.InBounds))
		if seen[key] {
			continue
		}
		seen[key] = true
		query := append(append([]*term.Term(nil), assume...), b.Conjuncts(e.Cond)...)
		query = append(query, b.Not(e.InBounds))
		model, err := sv.satisfiable(query)
		if err != nil {
			var ue *UnknownError
			if errors.As(err, &ue) {
				unknown = ue.Reason
				continue
			}
			return fmt.Errorf("bounds of the %s at pc %#x: %w", e.Kind, e.PC, err)
		}
		if model == nil {
			continue
		}
		kind := KindLoadOutOfBounds
		if e.Kind == machine.Store {
			kind = KindStoreOutOfBounds
		}
		addr, _ := term.NewEvaluator(defaultZero(model)).Eval(e.Term)
		r.Violations = append(r.Violations, Violation{Kind: kind, PC: e.PC, File: e.File, Line: e.Line,
			Detail: fmt.Sprintf("%s %s of %d bytes at %s, a symbolic offset the preconditions do not keep within its region (it falls outside at address %#x of this input)",
				e.Mnemonic, e.Kind, e.Size, e.Term, addr.Big())})
		if r.Counterexample == nil {
			r.Counterexample = sv.counterexample(model, nil)
		}
	}
	sortViolations(r.Violations)
	switch {
	case hasViolation(r.Violations, frameKinds):
		r.Frame = Violated
	case unknown != "" && r.Frame == Proved:
		r.Frame = Unknown
		r.Message += "; frame: an access at a symbolic offset not proved in bounds (" + unknown + ")"
	}
	return nil
}

// symbolicInSegment refuses a loop segment with an access at a symbolic
// offset: the induction's checks of what a path reads and writes are per
// constant offset, and the condition that such an access is in bounds is
// proved only of the lifted run's events (checkSymbolicBounds).
func symbolicInSegment(sg *amd64.Segment) error {
	for _, e := range sg.Events {
		if e.Kind != machine.Load && e.Kind != machine.Store {
			continue
		}
		if _, off, err := sg.Mem.Resolve(e.Term); e.InBounds != nil || err == nil && !off.IsConst() {
			return fail("a path %ss at a symbolic offset (pc %#x), which the induction does not model", e.Kind, e.PC)
		}
	}
	return nil
}
