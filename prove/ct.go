package prove

import (
	"errors"
	"fmt"
	"math/rand"
	"sort"
	"strings"

	"vg.dev/smt"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// checkCT proves that no branch condition, memory address or operand of a
// variable-time instruction depends on a secret. A term whose support holds
// no secret variable is fine at once (taint); one that mentions a secret is
// checked relationally: can two runs with equal public inputs, both meeting
// the preconditions and on the same path, disagree on it? Unsat: fine. Sat: a
// violation with the two secret assignments.
//
// When lifting failed (liftErr), the events seen before the failure are
// checked: a violation among them is reported, but the absence of one
// proves nothing, so the verdict is then an error.
func (sv *solveState) checkCT(events []machine.Event, assume []*term.Term, liftErr error) error {
	r := sv.r
	unknown := ""
	type site struct {
		kind string
		pc   uint64
	}
	seen := map[site]bool{}
	// The sites to check: each instruction once, with the first of its
	// terms that mentions a secret.
	type check struct {
		e    machine.Event
		t    *term.Term
		kind string
	}
	var checks []check
	for _, e := range events {
		terms := []*term.Term{e.Term}
		kind := KindSecretBranch
		switch e.Kind {
		case machine.Load, machine.Store:
			kind = KindSecretAddress
		case machine.VarTime:
			terms, kind = e.Operands, KindVariableTime
		}
		for _, t := range terms {
			// An instruction already checked is skipped before its
			// operands are walked: a whole ladder repeats each of its
			// multiplies hundreds of times.
			key := site{kind, e.PC}
			if t == nil || t.IsConst() || seen[key] || !sv.mentionsSecret(t) {
				continue
			}
			if sv.instances.checked(e, t) {
				continue // checked, renamed, with every pointer distinct
			}
			if kind == KindSecretAddress && sv.onlyLeftover(t) && violationAt(r.Violations, KindUndefinedRegister, e.PC) {
				continue // reported as what it is: an address from a register the caller left
			}
			seen[key] = true
			checks = append(checks, check{e, t, kind})
		}
	}
	conds := make([]*term.Term, len(checks))
	ts := make([]*term.Term, len(checks))
	for i, c := range checks {
		conds[i], ts[i] = c.e.Cond, c.t
	}
	found := sv.simulateCT(ts, conds, assume)
	for i, c := range checks {
		e, kind := c.e, c.kind
		v := found[i]
		if v == nil {
			var err error
			v, err = sv.relational(c.t, e.Cond, assume)
			if err != nil {
				var ue *UnknownError
				if errors.As(err, &ue) {
					unknown = ue.Reason
					continue
				}
				return err
			}
		}
		if v == nil {
			continue
		}
		v.Kind, v.PC, v.File, v.Line = kind, e.PC, e.File, e.Line
		switch kind {
		case KindSecretBranch:
			v.Detail = fmt.Sprintf("%s branches on a secret", e.Mnemonic)
		case KindSecretAddress:
			v.Detail = fmt.Sprintf("%s %s of %d bytes at an address that depends on a secret", e.Mnemonic, e.Kind, e.Size)
		default:
			p := sv.arch.VarTime[e.Mnemonic]
			v.Detail = fmt.Sprintf("%s with a secret operand: %s", e.Mnemonic, p.Why)
			v.Warning = p.Severity == machine.Warning && !sv.warnErr
		}
		r.Violations = append(r.Violations, *v)
	}
	switch {
	case hasViolation(r.Violations, ctKinds):
		r.CT = Violated
	case liftErr != nil:
		r.CT = Error
	case unknown != "":
		r.CT = Unknown
	default:
		r.CT = Proved
	}
	return nil
}

var ctKinds = map[string]bool{KindSecretBranch: true, KindSecretAddress: true, KindVariableTime: true}

func hasViolation(vs []Violation, kinds map[string]bool) bool {
	for _, v := range vs {
		if kinds[v.Kind] && !v.Warning {
			return true
		}
	}
	return false
}

// onlyLeftover reports whether every secret variable of t is one the
// caller left (a register at entry, uninitialised stack).
func (sv *solveState) onlyLeftover(t *term.Term) bool {
	for _, v := range term.Support(t) {
		if sv.in.isSecretVar(v) && (sv.in.leftover == nil || !sv.in.leftover(v)) {
			return false
		}
	}
	return true
}

func violationAt(vs []Violation, kind string, pc uint64) bool {
	for _, v := range vs {
		if v.Kind == kind && v.PC == pc {
			return true
		}
	}
	return false
}

// mentionsSecret reports whether t's support holds a secret variable (the
// taint test before the relational check).
//
// The answer of every subterm is kept for the run (secretMemo): an
// instruction is marked checked only once an operand of it mentions a
// secret, so in a kernel whose inputs are all public each execution of
// each multiply is asked again, and walking the whole DAG below each
// operand every time is quadratic in the length of a long chain (a whole
// exponentiation: 262 rounds of 30 to 50 multiply-adds).
func (sv *solveState) mentionsSecret(t *term.Term) bool {
	if sv.secretMemo == nil {
		sv.secretMemo = map[*term.Term]bool{}
	}
	var rec func(x *term.Term) bool
	rec = func(x *term.Term) bool {
		if m, ok := sv.secretMemo[x]; ok {
			return m
		}
		m := false
		if x.Op() == term.OpVar {
			m = sv.in.isSecretVar(x)
		} else {
			for _, a := range x.Args() {
				if rec(a) {
					m = true
					break
				}
			}
		}
		sv.secretMemo[x] = m
		return m
	}
	return rec(t)
}

// relational asks whether t can differ between two runs that share public
// inputs and agree on the declared leaks. It returns the violation (with
// both secret assignments) or nil.
func (sv *solveState) relational(t, cond *term.Term, assume []*term.Term) (*Violation, error) {
	b := sv.b
	query := []*term.Term{b.Ne(t, sv.twin(t))}
	query = append(query, sv.twoRuns(assume)...)
	if cond != nil {
		query = append(query, cond, sv.twin(cond))
	}
	// Two random runs usually tell a dependence at once, without a solver
	// (a product of secrets would be slow to bit-blast).
	if model := sv.simulate(query[1:], []pair{{"ct", t, sv.twin(t)}}); model != nil {
		return sv.violationOf(model, sv.ct.primed), nil
	}
	out, err := sv.solver.Check(sv.ctx, query, smt.Options{Name: sv.name + "-ct"})
	if err != nil {
		return nil, err
	}
	switch out.Answer {
	case smt.Unsat:
		return nil, nil
	case smt.Unknown:
		return nil, &UnknownError{out.Reason}
	}
	return sv.violationOf(out.Model, sv.ct.primed), nil
}

// ctTwins is the constant-time check's second run: each term with every
// secret variable v replaced by its twin v′ (primed), built once per term
// for all the sites (memo), so that checking many instructions deep in one
// computation costs one rebuild of it, not one per instruction.
type ctTwins struct {
	primed map[*term.Term]*term.Term
	memo   map[*term.Term]*term.Term
}

// twin returns t with every secret variable replaced by its twin.
func (sv *solveState) twin(t *term.Term) *term.Term {
	if sv.ct == nil {
		sv.ct = &ctTwins{primed: map[*term.Term]*term.Term{}, memo: map[*term.Term]*term.Term{}}
	}
	b := sv.b
	return b.RebuildMemo(t, func(y *term.Term) (*term.Term, bool) {
		if y.Op() != term.OpVar || !sv.in.isSecretVar(y) {
			return nil, false
		}
		p := b.Var(y.Name()+"'", y.Width())
		sv.ct.primed[y] = p
		return p, true
	}, sv.ct.memo)
}

// twoRuns returns what two runs of the constant-time check share: both
// meet the assumptions, and their secrets agree on what the kernel is
// declared to leak.
func (sv *solveState) twoRuns(assume []*term.Term) []*term.Term {
	var q []*term.Term
	for _, l := range sv.leaks {
		q = append(q, sv.b.Eq(l, sv.twin(l)))
	}
	for _, a := range assume {
		if a != nil {
			q = append(q, a, sv.twin(a))
		}
	}
	return q
}

// simulateCT looks for violations among many sites at once: on random
// pairs of runs that meet the assumptions (twoRuns), it evaluates every
// site's term ts[i] in both runs, once per draw for all the sites, and
// where the two values differ with the site's path condition conds[i]
// (nil: none) holding in both runs, that draw is the site's violation.
// It only ever finds violations (each checked by evaluation); the sites
// it leaves nil are for relational, which also proves their absence.
func (sv *solveState) simulateCT(ts, conds []*term.Term, assume []*term.Term) []*Violation {
	found := make([]*Violation, len(ts))
	if len(ts) == 0 {
		return found
	}
	common := sv.twoRuns(assume)
	twins := make([]*term.Term, len(ts))
	condTwins := make([]*term.Term, len(ts))
	roots := append([]*term.Term(nil), common...)
	for i, t := range ts {
		twins[i] = sv.twin(t)
		roots = append(roots, t, twins[i])
		if conds[i] != nil {
			condTwins[i] = sv.twin(conds[i])
			roots = append(roots, conds[i], condTwins[i])
		}
	}
	smp := sv.newSampler(common, roots)
	rng := rand.New(rand.NewSource(1))
	ev := term.NewEvaluator(nil)
	open := len(ts)
	for round := 0; round < simulationRounds && open > 0 && sv.ctx.Err() == nil; round++ {
		model, ok := smp.draw(rng, round)
		if !ok {
			break
		}
		ev.Reset(defaultZero(model))
		var v *Violation // this draw's, made once for all the sites it finds
		for i, t := range ts {
			if found[i] != nil {
				continue
			}
			if conds[i] != nil && !holds(ev, []*term.Term{conds[i], condTwins[i]}) {
				continue
			}
			x, err1 := ev.Eval(t)
			y, err2 := ev.Eval(twins[i])
			if err1 == nil && err2 == nil && x != y {
				if v == nil {
					v = sv.violationOf(model, sv.ct.primed)
				}
				c := *v
				found[i] = &c
				open--
			}
		}
	}
	return found
}

// violationOf makes the two runs of a model: run A is the model, run B the
// model with each secret replaced by its primed twin.
func (sv *solveState) violationOf(model map[*term.Term]term.Value, primed map[*term.Term]*term.Term) *Violation {
	runB := map[*term.Term]term.Value{}
	for v, x := range model {
		runB[v] = x
	}
	for v, p := range primed {
		runB[v] = model[p]
	}
	v := &Violation{SecretsA: sv.secretInputs(model), SecretsB: sv.secretInputs(runB)}
	// What the caller left (a register at entry, stack it never wrote)
	// is a secret too: show the values that differ.
	var left []*term.Term
	for x := range primed {
		if sv.in.leftover != nil && sv.in.leftover(x) || isGlobalWord(sv.in, x.Name()) {
			left = append(left, x)
		}
	}
	sort.Slice(left, func(i, j int) bool { return left[i].Name() < left[j].Name() })
	for _, x := range left {
		a, b := model[x], runB[x]
		if a == b {
			continue
		}
		name := strings.TrimPrefix(x.Name(), "entry.") + " at entry"
		if isGlobalWord(sv.in, x.Name()) {
			name = x.Name() + " (global)"
		}
		v.SecretsA = append(v.SecretsA, Input{Name: name, Bytes: leHex(a, x.Width())})
		v.SecretsB = append(v.SecretsB, Input{Name: name, Bytes: leHex(b, x.Width())})
	}
	return v
}

// secretInputs lists the secret parameters' values under a model.
func (sv *solveState) secretInputs(model map[*term.Term]term.Value) []Input {
	cx := sv.counterexample(model, nil)
	var out []Input
	for i, p := range sv.in.params {
		secret := false
		if p.region != nil {
			secret = p.region.Secret
		} else {
			secret = sv.in.secret[p.scalar]
		}
		if secret {
			out = append(out, cx.Inputs[i])
		}
	}
	return out
}

// checkFrame checks what the ABI0 frame requires of every path: BP kept,
// every result written; and turns a lifting failure that is a frame fault
// (a store outside the writable regions, a load outside every region, SP
// not restored, a corrupted return address) into a violation.
func (sv *solveState) checkFrame(paths []*machine.Path, frame *abi.Frame, events []machine.Event, liftErr error) {
	r := sv.r
	if liftErr != nil {
		if v, ok := frameFault(liftErr); ok {
			r.Violations = append(r.Violations, v)
		} else if v, ok := undefinedAddress(liftErr, events); ok {
			r.Violations = append(r.Violations, v)
		}
	}
	for _, p := range paths {
		at := func(kind, detail string) {
			v := Violation{Kind: kind, Detail: detail}
			if p.Ret != nil {
				v.PC, v.File, v.Line = p.Ret.PC, p.Ret.File, p.Ret.Line
			}
			r.Violations = append(r.Violations, v)
		}
		for _, name := range sv.arch.Preserved {
			if v, ok := p.Regs[name]; ok && v != sv.b.Var("entry."+name, v.Width()) {
				kind := KindRegClobbered
				if name == "BP" {
					kind = KindBPClobbered
				}
				at(kind, fmt.Sprintf("%s at return is %v, not its value at entry", name, v))
			}
		}
		if name, v, ok := sv.undefinedOutput(p, frame); ok {
			at(KindUndefinedRegister, fmt.Sprintf("output %s depends on %s, which the ABI leaves undefined at entry", name, v))
		}
		written := map[int64]bool{}
		for _, off := range p.Mem.Written(p.Stack) {
			written[off] = true
		}
		for _, res := range frame.Results {
			for i := int64(0); i < res.Size; i++ {
				if !written[p.ArgOff+res.Offset+i] {
					at(KindResultNotWritten, fmt.Sprintf("result %s+%d(FP) is not written on every path", res.Name, res.Offset))
					break
				}
			}
		}
	}
	sortViolations(r.Violations)
	switch {
	case hasViolation(r.Violations, frameKinds):
		r.Frame = Violated
	case liftErr != nil:
		r.Frame = Error
	default:
		r.Frame = Proved
	}
}

var frameKinds = map[string]bool{
	KindStoreOutOfBounds: true, KindLoadOutOfBounds: true, KindStoreReadOnly: true, KindNoRegion: true,
	KindUndefinedRegister: true, KindSPNotRestored: true, KindReturnAddress: true, KindBPClobbered: true, KindRegClobbered: true, KindResultNotWritten: true,
	KindMisaligned: true, KindStoreGlobal: true,
}

// undefinedOutput finds an output of the path (a word written through a
// pointer argument, or a result) that depends on a register the ABI leaves
// undefined at entry: the kernel returns garbage there.
func (sv *solveState) undefinedOutput(p *machine.Path, frame *abi.Frame) (string, string, bool) {
	var outs []*term.Term
	var names []string
	for _, prm := range sv.in.params {
		if r := prm.region; r != nil {
			for _, off := range p.Mem.Written(r) {
				if v, err := p.Mem.Load(r, off, 1); err == nil {
					outs, names = append(outs, v), append(names, fmt.Sprintf("%s[%d]", r.Name, off))
				}
			}
		}
	}
	for _, res := range frame.Results {
		if v, err := p.Mem.Load(p.Stack, p.ArgOff+res.Offset, int(res.Size)); err == nil {
			outs, names = append(outs, v), append(names, res.Name)
		}
	}
	dep := leftoverDependence(sv.b, sv.in.leftover)
	for i, o := range outs {
		if !dep(o) {
			continue
		}
		for _, v := range term.Support(o) {
			if sv.in.leftover(v) {
				return names[i], v.Name(), true
			}
		}
	}
	return "", "", false
}

// leftoverDependence returns a test of whether a term of b depends on a
// variable that leftover reports (a register or stack word the caller
// left undefined): one walk of the DAG shared by every term asked about,
// each subterm visited once (a kernel's outputs share most of their
// subterms; a walk per output byte made this the bulk of a long kernel's
// proof).
func leftoverDependence(b *term.Builder, leftover func(*term.Term) bool) func(*term.Term) bool {
	const (
		unknown = iota
		no
		yes
	)
	state := make([]uint8, b.Len())
	var visit func(t *term.Term) bool
	visit = func(t *term.Term) bool {
		switch state[t.ID()] {
		case no:
			return false
		case yes:
			return true
		}
		dep := t.Op() == term.OpVar && leftover(t)
		for _, a := range t.Args() {
			if dep {
				break
			}
			dep = visit(a)
		}
		state[t.ID()] = no
		if dep {
			state[t.ID()] = yes
		}
		return dep
	}
	return visit
}

// undefinedAddress reports an access in no region, or at a non-constant
// offset, whose address comes from a register the ABI leaves undefined at
// entry (entry.*): whatever the register holds, the kernel has no right to
// it.
func undefinedAddress(err error, events []machine.Event) (Violation, bool) {
	var ae *machine.Error
	if !(errors.Is(err, mem.ErrNoRegion) || errors.Is(err, mem.ErrSymbolicIndex)) || !errors.As(err, &ae) {
		return Violation{}, false
	}
	for i := len(events) - 1; i >= 0; i-- {
		e := events[i]
		if e.PC != ae.PC || (e.Kind != machine.Load && e.Kind != machine.Store) || e.Term == nil {
			continue
		}
		for _, v := range term.Support(e.Term) {
			if strings.HasPrefix(v.Name(), "entry.") {
				return Violation{Kind: KindUndefinedRegister, PC: ae.PC, File: ae.File, Line: ae.Line,
					Detail: fmt.Sprintf("%s: address uses %s, which the ABI leaves undefined at entry", ae.Inst, v.Name())}, true
			}
		}
		break
	}
	return Violation{}, false
}

// frameFault classifies a lifting error as a frame violation.
func frameFault(err error) (Violation, bool) {
	var v Violation
	var ae *machine.Error
	if errors.As(err, &ae) {
		v.PC, v.File, v.Line = ae.PC, ae.File, ae.Line
	}
	var acc *mem.AccessError
	isStore := errors.As(err, &acc) && acc.Op == "store"
	switch {
	case errors.Is(err, mem.ErrOutOfBounds) && isStore:
		v.Kind = KindStoreOutOfBounds
	case errors.Is(err, mem.ErrOutOfBounds):
		v.Kind = KindLoadOutOfBounds
	case errors.Is(err, mem.ErrReadOnly):
		v.Kind = KindStoreReadOnly
	case errors.Is(err, mem.ErrGlobalStore):
		v.Kind = KindStoreGlobal
	case errors.Is(err, mem.ErrMisaligned):
		v.Kind = KindMisaligned
	case errors.Is(err, mem.ErrNoRegion):
		// An address the model cannot place (a pointer it did not make)
		// may be fine on the real machine: not proved, but not a finding.
		return v, false
	case errors.Is(err, machine.ErrUnbalancedStack):
		v.Kind = KindSPNotRestored
	case errors.Is(err, machine.ErrCorruptReturn):
		v.Kind = KindReturnAddress
	default:
		return v, false
	}
	v.Detail = err.Error()
	if ae != nil {
		v.Detail = fmt.Sprintf("%s: %v", ae.Inst, ae.Err)
	}
	return v, true
}

func sortViolations(vs []Violation) {
	sort.SliceStable(vs, func(i, j int) bool { return vs[i].PC < vs[j].PC })
}

// checkPageReads proves that every load that read past an argument
// (//vg:pageread) stays in the pages of the argument's bytes on its path:
// one query per load, the path condition and the assumptions against the
// load's fact. A load that may leave them is a frame violation at its
// instruction; an unknown answer leaves the frame unknown.
func (sv *solveState) checkPageReads(paths []*machine.Path, assume []*term.Term) error {
	r, b := sv.r, sv.b
	unknown := false
	for _, p := range paths {
		for _, c := range p.PageChecks {
			if c.Fact == b.Bool(true) {
				continue
			}
			query := append(append([]*term.Term(nil), assume...), p.Cond, b.Not(c.Fact))
			model, err := sv.satisfiable(query)
			var ue *UnknownError
			switch {
			case errors.As(err, &ue):
				unknown = true
				continue
			case err != nil:
				return err
			case model == nil:
				continue
			}
			r.Violations = append(r.Violations, Violation{Kind: KindLoadOutOfBounds, PC: c.PC, File: c.File, Line: c.Line,
				Detail: c.Detail + ": past the argument, and not proved to stay in its pages (//vg:pageread)"})
		}
	}
	sortViolations(r.Violations)
	switch {
	case hasViolation(r.Violations, frameKinds):
		r.Frame = Violated
	case unknown && r.Frame == Proved:
		r.Frame = Unknown
	}
	return nil
}
