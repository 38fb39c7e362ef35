package prove

import (
	"context"
	"fmt"
	"math/rand"
	"sort"
	"time"

	"vg.dev/smt"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/term"
)

// quickTimeout bounds the direct query of step 3; the full query of step 5
// has the solver's timeout.
const quickTimeout = 2 * time.Second

// simulationRounds is how many random inputs are tried before the solver.
const simulationRounds = 64

// Step 2b's long simulation: up to longSimulationRounds inputs in all, for
// at most an eighth of the time left to the obligation and never more
// than longSimulationTime. A difference that shows on two inputs in a
// hundred (one lane's Montgomery product wrapping late in an NTT) is
// missed by step 2's rounds, while the solver runs out of time on it. It
// runs only once the quick queries show the outputs hard, or before the
// sweep: lane-wise kernels whose quick queries close every output would
// spend seconds on it for nothing.
const (
	longSimulationRounds = 512
	longSimulationTime   = 4 * time.Second
)

// solveState closes the goals of one obligation.
type solveState struct {
	ctx    context.Context
	b      *term.Builder
	solver *smt.Solver
	r      *Result
	in     *inputs
	name   string
	arch   machine.Arch
	// warnErr makes constant-time warnings violations.
	warnErr bool
	// leaks are the declared leaks' terms (//vg:leaks): the constant-time
	// check compares two runs that agree on each.
	leaks []*term.Term
	// instances are what the run with every pointer distinct proved,
	// renamed for this run's aliasing (nil in that run).
	instances *instances
	// prefix names the aliasing of an aliased run ("with out = a: ") in
	// what is reported of it; stage reports the step being worked on.
	prefix string
	stage  func(string)
	// ct is the constant-time check's second run (ct.go).
	ct *ctTwins
	// secretMemo records, for each term the constant-time check met,
	// whether its support holds a secret variable of in (mentionsSecret).
	secretMemo map[*term.Term]bool
}

// solve closes every pair of g. It returns done=true when it recorded a
// final verdict in the result (a refutation); an error for unknown or
// failure; done=false when every pair is proved.
func (sv *solveState) solve(g goal) (done bool, err error) {
	b := sv.b
	// 1. Hash-consing: syntactically equal outputs are done, and so are
	// outputs whose slices at the cuts of either side's concatenation
	// are (a wide XOR of the kernel's against the spec's bytes: each
	// byte of it is the spec's byte once the XOR is split).
	var open []pair
	for _, p := range g.pairs {
		if p.k == p.s || len(lanes(b, p.k, p.s)) == 0 {
			sv.closed(p.name, LayerHashCons)
			continue
		}
		open = append(open, p)
	}
	if len(open) == 0 {
		return false, nil
	}
	// 2. Random simulation finds most bugs without a solver (run.go may
	// have run it already, before the constant-time check).
	if !g.simulated {
		if model := sv.simulate(g.assume, open); model != nil {
			sv.refute(model, g, LayerSimulation)
			return true, nil
		}
	}
	// 2b. A long random simulation of the outputs left (see
	// longSimulationRounds), once the cheap steps show them hard: when a
	// quick query runs out of time, else before the sweep.
	longDone := false
	long := func(pairs []pair) bool {
		if longDone {
			return false
		}
		longDone = true
		sv.stage(LayerSimulation + " (long)")
		if model := sv.simulateLong(g.assume, pairs); model != nil {
			sv.refute(model, g, LayerSimulation)
			return true
		}
		return false
	}
	// 3. A short direct query for outputs without products: a lane-wise
	// kernel gives one query shape per lane, which the solver's cache
	// answers once for all lanes.
	c := newCone(g.assume)
	var rest []pair
	// hard are the inputs of lanes whose query ran out of time or took
	// more than a quarter of it: a later output over more inputs than
	// one of them (a count of the lanes' results) holds that lane's
	// problem and others, and is left to the sweep, which proves the
	// lanes' parts and merges them, rather than given the quick timeout
	// too.
	var hard []map[*term.Term]bool
	sv.stage(LayerQuick)
	for _, p := range open {
		// Products and table lookups go to the sweep: bit-blasting them
		// is slow, and so is a lookup into a lookup uninterpreted (AES's
		// rounds: each pair of one table's lookups a case), where the
		// sweep proves the lookups' indices equal bottom-up and merges.
		if hasProduct(p.k) || hasProduct(p.s) || hasLookup(p.k) || hasLookup(p.s) || widerThanAny(p, hard) {
			rest = append(rest, p)
			continue
		}
		// The word's lanes one at a time: k ≠ s exactly when some lane
		// differs, so the word is equal when every lane's query is
		// unsatisfiable, and a lane's model is one of the word's.
		diff := b.Ne(p.k, p.s)
		proved := true
		for _, l := range lanes(b, p.k, p.s) {
			ldiff := b.Ne(l[0], l[1])
			start := time.Now()
			out, err := sv.solver.Check(sv.ctx, append(c.assumptions(ldiff), ldiff), smt.Options{Name: sv.name + "-quick", Timeout: quickTimeout})
			if err != nil {
				return false, err
			}
			if out.Answer == smt.Unknown || time.Since(start) > quickTimeout/4 {
				hard = append(hard, variables(l[0], l[1]))
				if long(open) {
					return true, nil
				}
			}
			if out.Answer == smt.Unsat {
				continue
			}
			proved = false
			if out.Answer == smt.Sat {
				model, err := sv.complete(out.Model, g.assume)
				if err != nil {
					return false, err
				}
				if sv.real(model, append(append([]*term.Term(nil), g.assume...), diff)) {
					sv.refute(model, g, LayerQuick)
					return true, nil
				}
			}
			break
		}
		if proved {
			sv.closed(p.name, LayerQuick)
			continue
		}
		rest = append(rest, p)
	}
	open = rest
	if len(open) == 0 {
		return false, nil
	}
	if long(open) {
		return true, nil
	}
	// 4. Sweeping: prove equal subterms bottom-up and merge them; outputs
	// that become identical are done. A subterm shown to differ from its
	// twin may lead to inputs on which the outputs differ.
	sv.stage(LayerSweep)
	swept, f, err := sv.sweep(open, g.assume)
	if err != nil {
		return false, err
	}
	if f != nil {
		sv.refute(f.model, g, f.layer)
		return true, nil
	}
	open = open[:0]
	for _, p := range swept {
		if p.k == p.s {
			sv.closed(p.name, LayerSweep)
			continue
		}
		open = append(open, p)
	}
	// 5. For an output with products, pinned queries first; then, for one
	// with products or table lookups, Z3 with them uninterpreted; a model
	// under abstraction is checked on the real terms and, if spurious,
	// the query is repeated without abstraction (refinement).
	// Each query carries only the assumptions about its own inputs (see
	// cone); a model is completed with values meeting the rest.
	var pn *pinning // made once per goal: its budget bounds all its queries
	for _, p := range open {
		diff := b.Ne(p.k, p.s)
		query := append(c.assumptions(diff), diff)
		full := append(append([]*term.Term(nil), g.assume...), diff)
		layer := LayerFull
		products := hasProduct(p.k) || hasProduct(p.s)
		if products || hasLookup(p.k) || hasLookup(p.s) {
			if products {
				// Inputs with some pinned to small or sampled values first:
				// a product with a fixed factor is easy for the solver, and
				// a bug in a carry between products shows there, while the
				// queries below may run to the timeout. The goal's pinning
				// bounds all of its pinned queries (pinnedBudget).
				if pn == nil {
					pn = sv.newPinning(open, g.assume)
				}
				sv.stage(LayerPinned + " " + p.name)
				model, err := sv.pinnedModel(pn, diff, g.assume)
				if err != nil {
					return false, err
				}
				if model != nil {
					sv.refute(model, g, LayerPinned)
					return true, nil
				}
			}
			sv.stage(LayerAbstract + " " + p.name)
			out, err := sv.solver.Check(sv.ctx, query, smt.Options{Abstract: true, Name: sv.name + "-abs"})
			if err != nil {
				return false, err
			}
			switch out.Answer {
			case smt.Unsat:
				sv.closed(p.name, LayerAbstract)
				continue
			case smt.Sat:
				if model, err := sv.complete(out.Model, g.assume); err != nil {
					return false, err
				} else if sv.real(model, full) {
					sv.refute(model, g, LayerAbstract)
					return true, nil
				}
			}
			// Spurious or unknown under abstraction: refine.
		}
		sv.stage(layer + " " + p.name)
		out, err := sv.solver.Check(sv.ctx, query, smt.Options{Name: sv.name})
		if err != nil {
			return false, err
		}
		switch out.Answer {
		case smt.Unsat:
			sv.closed(p.name, layer)
		case smt.Sat:
			model, err := sv.complete(out.Model, g.assume)
			if err != nil {
				return false, err
			}
			if !sv.real(model, full) {
				return false, fmt.Errorf("internal error: solver model for %s does not evaluate to a difference", p.name)
			}
			sv.refute(model, g, layer)
			return true, nil
		default:
			return false, &UnknownError{fmt.Sprintf("%s for output %s (raise -timeout)", out.Reason, p.name)}
		}
	}
	return false, nil
}

func (sv *solveState) closed(output, layer string) {
	sv.r.Layers[layer]++
	sv.r.Layer = layer
	if t := sv.r.Trace; t != nil {
		t.Outputs = append(t.Outputs, OutputClose{sv.prefix + output, layer})
	}
}

// refute records a refutation found by layer.
func (sv *solveState) refute(model map[*term.Term]term.Value, g goal, layer string) {
	sv.r.Layer = layer
	sv.r.Equivalence = Refuted
	sv.r.Counterexample = sv.counterexample(model, g.pairs)
	sv.r.Message = fmt.Sprintf("kernel and spec differ on %d output word(s)", len(sv.r.Counterexample.Diffs))
}

// real reports whether every width-1 term of query evaluates to 1 under
// model (variables it lacks are 0).
func (sv *solveState) real(model map[*term.Term]term.Value, query []*term.Term) bool {
	ev := term.NewEvaluator(defaultZero(model))
	for _, q := range query {
		v, err := ev.Eval(q)
		if err != nil || v.IsZero() {
			return false
		}
	}
	return true
}

// complete extends a model of a query that carried only some of the
// assumptions (see cone) with values for the other variables that meet
// the rest: a model of all the assumptions, overlaid with m.
func (sv *solveState) complete(m map[*term.Term]term.Value, assume []*term.Term) (map[*term.Term]term.Value, error) {
	base, err := sv.satisfiable(assume)
	if err != nil {
		return nil, err
	}
	out := map[*term.Term]term.Value{}
	for v, x := range base {
		out[v] = x
	}
	for v, x := range m {
		out[v] = x
	}
	return out, nil
}

// feasible reports whether some input meets every width-1 term of
// assume. An input drawn group by group (smt.Components; the solver asked
// only of a group random values miss) and checked by evaluation spares the
// solver one query over every group at once: a precondition on 256
// products, say. When no draw meets them, the solver decides. (The
// evaluator, trusted here, is the one every model is checked with.)
func (sv *solveState) feasible(assume []*term.Term) (bool, error) {
	smp := sv.newSampler(assume, nil)
	if model, ok := smp.draw(rand.New(rand.NewSource(2)), 0); ok && sv.real(model, assume) {
		return true, nil
	}
	if smp.unsat() {
		// One group of assumptions, which share no variable with the
		// others, has no model: neither have all of them.
		return false, nil
	}
	model, err := sv.satisfiable(assume)
	return model != nil, err
}

// satisfiable returns a model of the width-1 terms, nil when there is none.
func (sv *solveState) satisfiable(query []*term.Term) (map[*term.Term]term.Value, error) {
	out, err := sv.solver.Check(sv.ctx, query, smt.Options{Name: sv.name + "-panic"})
	if err != nil {
		return nil, err
	}
	switch out.Answer {
	case smt.Unsat:
		return nil, nil
	case smt.Sat:
		return out.Model, nil
	}
	return nil, &UnknownError{out.Reason}
}

func defaultZero(model map[*term.Term]term.Value) func(*term.Term) (term.Value, bool) {
	return func(v *term.Term) (term.Value, bool) { return model[v], true }
}

// simulate evaluates the pairs on random inputs that satisfy the
// assumptions and returns the first input on which a pair differs.
func (sv *solveState) simulate(assume []*term.Term, pairs []pair) map[*term.Term]term.Value {
	return sv.simulateFixed(assume, pairs, nil)
}

// simulateFixed is simulate with the variables of fixed at their values
// there.
func (sv *solveState) simulateFixed(assume []*term.Term, pairs []pair, fixed map[*term.Term]term.Value) map[*term.Term]term.Value {
	return sv.simulateRounds(assume, pairs, fixed, 0, simulationRounds, time.Time{})
}

// simulateLong continues simulate past its rounds, up to
// longSimulationRounds, while the time it may take lasts (see
// longSimulationRounds) and the budget is not spent.
func (sv *solveState) simulateLong(assume []*term.Term, pairs []pair) map[*term.Term]term.Value {
	share := longSimulationTime
	if dl, ok := sv.ctx.Deadline(); ok {
		share = min(share, time.Until(dl)/8)
	}
	if share <= 0 {
		return nil
	}
	return sv.simulateRounds(assume, pairs, nil, simulationRounds, longSimulationRounds, time.Now().Add(share))
}

// simulateRounds evaluates the pairs on the inputs of rounds from…to−1
// (each round's draw depends on its number and on from, so that rounds
// after simulate's are new inputs), stopping early at stop (unless zero)
// or when the budget is spent.
func (sv *solveState) simulateRounds(assume []*term.Term, pairs []pair, fixed map[*term.Term]term.Value, from, to int, stop time.Time) map[*term.Term]term.Value {
	if len(pairs) == 0 {
		return nil // nothing can differ
	}
	smp := sv.newSampler(assume, pairTerms(pairs))
	rng := rand.New(rand.NewSource(int64(1 + from)))
	ev := term.NewEvaluator(nil)
	for round := from; round < to; round++ {
		if !stop.IsZero() && (time.Now().After(stop) || sv.ctx.Err() != nil) {
			return nil
		}
		model, ok := smp.draw(rng, round)
		if !ok {
			return nil
		}
		if len(fixed) > 0 {
			// Path conditions among the assumptions may mention the
			// fixed variables: a draw is only an input if they hold.
			for v, x := range fixed {
				model[v] = x
			}
			if !sv.real(model, assume) {
				continue
			}
		}
		ev.Reset(defaultZero(model))
		for _, p := range pairs {
			x, err1 := ev.Eval(p.k)
			y, err2 := ev.Eval(p.s)
			if err1 == nil && err2 == nil && x != y {
				return model
			}
		}
	}
	return nil
}

// randomValue mixes uniform values with small ones and edge values, since
// preconditions often bound inputs, and values whose 32-bit lanes are each
// shifted right by a random count: a word of packed coefficients, each
// under a bound, then has every lane nonzero and of every size, where the
// other draws that meet the bounds leave its upper lanes 0 (and sweeping's
// value signatures then match terms that differ).
func randomValue(rng *rand.Rand, w, round int) term.Value {
	var v term.Value
	switch round % 5 {
	case 0:
		for i := range v {
			v[i] = rng.Uint64()
		}
	case 1:
		v[0] = rng.Uint64() >> (rng.Intn(64))
	case 2:
		v[0] = uint64(rng.Intn(3))
		if rng.Intn(2) == 0 {
			for i := range v {
				v[i] = ^uint64(0)
			}
		}
	case 3:
		v[0] = rng.Uint64() & (1<<51 - 1)
	default:
		for i := 0; i < 2*len(v); i++ {
			v[i/2] |= uint64(uint32(rng.Uint64())>>rng.Intn(32)) << (32 * (i % 2))
		}
	}
	return term.BigValue(v.Big(), w)
}

// lanes splits the pair of words k, s (of one width) at the boundaries of
// their concatenations into pairs of slices, lowest first, leaving out
// slices that are already identical: k = s exactly when every pair
// returned is equal. Words that are no concatenation are one lane.
func lanes(b *term.Builder, k, s *term.Term) [][2]*term.Term {
	cut := map[int]bool{}
	for _, t := range []*term.Term{k, s} {
		if t.Op() != term.OpConcat {
			continue
		}
		lo := t.Width()
		for _, a := range t.Args() { // most significant first
			lo -= a.Width()
			if lo > 0 {
				cut[lo] = true
			}
		}
	}
	if len(cut) == 0 {
		return [][2]*term.Term{{k, s}}
	}
	bounds := []int{0}
	for at := range cut {
		bounds = append(bounds, at)
	}
	sort.Ints(bounds)
	bounds = append(bounds, k.Width())
	var out [][2]*term.Term
	for i := 0; i+1 < len(bounds); i++ {
		hi, lo := bounds[i+1]-1, bounds[i]
		kl, sl := b.Extract(k, hi, lo), b.Extract(s, hi, lo)
		if kl != sl {
			out = append(out, [2]*term.Term{kl, sl})
		}
	}
	return out
}

// variables is the set of variables of ts.
func variables(ts ...*term.Term) map[*term.Term]bool {
	vs := map[*term.Term]bool{}
	term.Walk(func(x *term.Term) {
		if x.Op() == term.OpVar {
			vs[x] = true
		}
	}, ts...)
	return vs
}

// widerThanAny reports whether the variables of p strictly include one
// of the sets.
func widerThanAny(p pair, sets []map[*term.Term]bool) bool {
	if len(sets) == 0 {
		return false
	}
	vs := variables(p.k, p.s)
sets:
	for _, set := range sets {
		if len(set) >= len(vs) {
			continue
		}
		for v := range set {
			if !vs[v] {
				continue sets
			}
		}
		return true
	}
	return false
}

// hasLookup reports whether t contains a table lookup.
func hasLookup(t *term.Term) bool {
	found := false
	term.Walk(func(x *term.Term) {
		if x.Op() == term.OpLUT {
			found = true
		}
	}, t)
	return found
}

// hasProduct reports whether t contains a product of non-constant factors.
func hasProduct(t *term.Term) bool {
	found := false
	term.Walk(func(x *term.Term) {
		if x.Op() == term.OpMul && !x.Arg(0).IsConst() {
			found = true
		}
	}, t)
	return found
}
