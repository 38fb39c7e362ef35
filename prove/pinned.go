package prove

import (
	"math/big"
	"math/rand"
	"strings"
	"time"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// Pinned queries look for inputs on which a term with products holds by
// fixing some inputs to sampled values and asking the solver for the rest.
// With one factor of every product a constant, the bit-level problem is a
// sum of shifted copies instead of a multiplier. They find the differences
// random simulation misses because they need a rare input (a carry out of
// the low 32 bits of one lane, say) but are otherwise easy to hit: asked
// of an output, or of a kernel term that sweeping found differs from its
// spec twin, whose model is then tried on the outputs.
//
// They only refute: a model is checked on the real terms with every input,
// and an unsatisfiable pinned query says nothing about other inputs.

// pinnedTimeout bounds each pinned query; pinnedBudget all of them for one
// goal, so that an equivalent kernel pays little for the search.
const (
	pinnedTimeout = 2 * time.Second
	pinnedBudget  = 8 * time.Second
)

// pinning is the state of the pinned queries of one goal.
type pinning struct {
	samples  []map[*term.Term]term.Value // each meets every assumption
	cone     *cone
	deadline time.Time
}

// newPinning draws the samples the pinned inputs take: small values
// first (0, 1 or 2, where the assumptions allow: a product with such a
// factor is no product at all for the solver), then uniform ones.
func (sv *solveState) newPinning(pairs []pair, assume []*term.Term) *pinning {
	var roots []*term.Term
	for _, p := range pairs {
		roots = append(roots, p.k, p.s)
	}
	smp := sv.newSampler(assume, roots)
	rng := rand.New(rand.NewSource(3))
	pn := &pinning{cone: newCone(assume), deadline: time.Now().Add(pinnedBudget)}
	if sample, ok := smp.draw(rng, 2); ok {
		pn.samples = append(pn.samples, smp.small(sample, rng))
	}
	if sample, ok := smp.draw(rng, 0); ok {
		pn.samples = append(pn.samples, sample)
	}
	return pn
}

// small replaces the values of sample by 0, 1 or 2, group by group of
// the assumptions, wherever the group still holds.
func (s *sampler) small(sample map[*term.Term]term.Value, rng *rand.Rand) map[*term.Term]term.Value {
	pick := func(v *term.Term) term.Value {
		return term.BigValue(big.NewInt(int64(rng.Intn(3))), v.Width())
	}
	for _, v := range s.free {
		sample[v] = pick(v)
	}
	for _, g := range s.groups {
		for try := 0; try < sampleTries; try++ {
			part := map[*term.Term]term.Value{}
			for _, v := range g.vars {
				part[v] = pick(v)
			}
			if holds(term.NewEvaluator(defaultZero(part)), g.conds) {
				for v, x := range part {
					sample[v] = x
				}
				break
			}
		}
	}
	return sample
}

// pinnedModel returns inputs meeting the assumptions on which the width-1
// term target holds, found with some inputs pinned, or nil.
func (sv *solveState) pinnedModel(pn *pinning, target *term.Term, assume []*term.Term) (map[*term.Term]term.Value, error) {
	if pn == nil {
		return nil, nil
	}
	full := append(append([]*term.Term(nil), assume...), target)
	for _, sample := range pn.samples {
		for _, free := range freeSets(term.Support(target)) {
			if time.Now().After(pn.deadline) || sv.ctx.Err() != nil {
				return nil, nil
			}
			model, err := sv.pinnedQuery(pn, sample, free, target)
			if err != nil {
				return nil, err
			}
			if model != nil && sv.real(model, full) {
				return model, nil
			}
		}
	}
	return nil, nil
}

// pinnedQuery asks for values of the free variables meeting target and
// the assumptions, the other variables taking their values in sample.
func (sv *solveState) pinnedQuery(pn *pinning, sample map[*term.Term]term.Value, free map[*term.Term]bool, target *term.Term) (map[*term.Term]term.Value, error) {
	pin := func(x *term.Term) (*term.Term, bool) {
		if x.Op() == term.OpVar && !free[x] {
			return sv.b.Const(sample[x], x.Width()), true
		}
		return nil, false
	}
	var query []*term.Term
	for _, a := range append(pn.cone.assumptions(target), target) {
		q := sv.b.Rebuild(a, pin)
		if v, isConst := q.Const(); !isConst {
			query = append(query, q)
		} else if v.IsZero() {
			return nil, nil // no input with these pins
		}
	}
	if len(query) == 0 {
		return nil, nil
	}
	out, err := sv.solver.Check(sv.ctx, query, smt.Options{Name: sv.name + "-pinned", Timeout: pinnedTimeout})
	if err != nil || out.Answer != smt.Sat {
		return nil, err
	}
	model := map[*term.Term]term.Value{}
	for v, x := range sample {
		model[v] = x
	}
	for v, x := range out.Model {
		model[v] = x
	}
	return model, nil
}

// differs reports whether some pair evaluates differently under model.
func differs(model map[*term.Term]term.Value, pairs []pair) bool {
	ev := term.NewEvaluator(defaultZero(model))
	for _, p := range pairs {
		x, err1 := ev.Eval(p.k)
		y, err2 := ev.Eval(p.s)
		if err1 == nil && err2 == nil && x != y {
			return true
		}
	}
	return false
}

// freeSets lists the sets of variables left free, one query each: each
// variable alone (the smallest queries: a product of it with anything but
// itself has a constant factor), then, for more than one parameter, the
// variables of each parameter while the others are pinned (a product of
// two parameters then has a constant factor).
func freeSets(vars []*term.Term) []map[*term.Term]bool {
	var sets []map[*term.Term]bool
	var params []string
	byParam := map[string]map[*term.Term]bool{}
	for _, v := range vars {
		sets = append(sets, map[*term.Term]bool{v: true})
		name, _, _ := strings.Cut(v.Name(), "@")
		if byParam[name] == nil {
			byParam[name] = map[*term.Term]bool{}
			params = append(params, name)
		}
		byParam[name][v] = true
	}
	if len(params) > 1 {
		for _, p := range params {
			sets = append(sets, byParam[p])
		}
	}
	return sets
}
