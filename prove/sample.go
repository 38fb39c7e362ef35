package prove

import (
	"math/rand"
	"sort"
	"strings"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// sampler draws random inputs that meet the assumptions. Random simulation
// and sweeping are only useful on such inputs: a kernel may differ from its
// spec outside the precondition, and a precondition over 256 coefficients
// is almost never met by 256 independent random values. The assumptions
// fall into groups with no variable in common (smt.Components), usually one
// per coefficient; each group is drawn on its own, by rejection, and when
// random values keep failing it takes a model from the solver.
type sampler struct {
	sv     *solveState
	free   []*term.Term // variables no assumption mentions
	groups []*sampleGroup
}

type sampleGroup struct {
	conds []*term.Term
	vars  []*term.Term
	model map[*term.Term]term.Value // from the solver, once needed
	unsat bool                      // no model: the solver said unsat, or gave up
	none  bool                      // the solver said unsat
}

// sampleTries is how many random assignments a group gets before the
// solver's model is used.
const sampleTries = 24

func (sv *solveState) newSampler(assume, roots []*term.Term) *sampler {
	s := &sampler{sv: sv}
	inGroup := map[*term.Term]bool{}
	for _, g := range smt.Components(assume) {
		sg := &sampleGroup{conds: g}
		term.Walk(func(t *term.Term) {
			if t.Op() == term.OpVar && !inGroup[t] {
				inGroup[t] = true
				sg.vars = append(sg.vars, t)
			}
		}, g...)
		s.groups = append(s.groups, sg)
	}
	term.Walk(func(t *term.Term) {
		if t.Op() == term.OpVar && !inGroup[t] {
			inGroup[t] = true
			s.free = append(s.free, t)
		}
	}, roots...)
	return s
}

// unsat reports whether the solver showed that some group has no model,
// so that no input meets the assumptions.
func (s *sampler) unsat() bool {
	for _, g := range s.groups {
		if g.none {
			return true
		}
	}
	return false
}

// draw returns an input meeting every assumption, or false when some group
// has none (or the solver could not find one).
func (s *sampler) draw(rng *rand.Rand, round int) (map[*term.Term]term.Value, bool) {
	model := map[*term.Term]term.Value{}
	for _, v := range s.free {
		model[v] = s.value(rng, v, round)
	}
	for _, g := range s.groups {
		if !s.drawGroup(g, model, rng, round) {
			return nil, false
		}
	}
	return model, true
}

// value draws a value of the variable v within its declared bound
// (term.Builder.Bound), if it has one.
func (s *sampler) value(rng *rand.Rand, v *term.Term, round int) term.Value {
	x := randomValue(rng, v.Width(), round)
	if hi, ok := s.sv.b.VarBound(v); ok && v.Width() <= 64 && x[0] > hi {
		x[0] %= hi + 1 // hi < 2⁶⁴-1: Bound caps it at term.AddrLimit
	}
	return x
}

func (s *sampler) drawGroup(g *sampleGroup, model map[*term.Term]term.Value, rng *rand.Rand, round int) bool {
	for try := 0; try < sampleTries; try++ {
		part := map[*term.Term]term.Value{}
		for _, v := range g.vars {
			part[v] = s.value(rng, v, round+try)
		}
		if holds(term.NewEvaluator(defaultZero(part)), g.conds) {
			for v, x := range part {
				model[v] = x
			}
			return true
		}
	}
	if g.model == nil && !g.unsat {
		m, err := s.sv.satisfiable(g.conds)
		if err != nil || m == nil {
			g.unsat, g.none = true, err == nil
		} else {
			g.model = m
		}
	}
	if g.unsat {
		return false
	}
	for _, v := range g.vars {
		model[v] = g.model[v]
	}
	return true
}

// cone finds the assumptions a query needs: those in a group (of
// smt.Components) that shares a variable with the query's terms. A query
// without the others that is unsatisfiable stays so with them. A model of
// it is only believed after it is completed with a model of all the
// assumptions (their variables are disjoint) and evaluated on the whole
// query (solveState.complete, solveState.real); when the assumptions have
// no model, nothing is refuted.
type cone struct {
	groups [][]*term.Term
	byVar  map[*term.Term]int
}

func newCone(assume []*term.Term) *cone {
	c := &cone{groups: smt.Components(assume), byVar: map[*term.Term]int{}}
	for i, g := range c.groups {
		term.Walk(func(t *term.Term) {
			if t.Op() == term.OpVar {
				c.byVar[t] = i
			}
		}, g...)
	}
	return c
}

// assumptions returns the assumptions that share variables with ts.
func (c *cone) assumptions(ts ...*term.Term) []*term.Term {
	seen := map[int]bool{}
	var idx []int
	term.Walk(func(t *term.Term) {
		if t.Op() != term.OpVar {
			return
		}
		if i, ok := c.byVar[t]; ok && !seen[i] {
			seen[i] = true
			idx = append(idx, i)
		}
	}, ts...)
	sort.Ints(idx)
	var out []*term.Term
	for _, i := range idx {
		out = append(out, c.groups[i]...)
	}
	return out
}

// drawWide returns an input meeting every assumption whose values are
// spread as widely as the assumptions let them: for each group, random
// values below 2^k for the greatest k (from the widest variable down) at
// which some meet the group's conditions. Under i < 16 that draws i
// uniformly from 0…15, where draw mostly finds 0, 1 and 2. With high, the
// first value tried at each k is 2^k − 1, the top of the range (i = 15):
// where a kernel is broken past some index, the last one shows it.
func (s *sampler) drawWide(rng *rand.Rand, high bool) (map[*term.Term]term.Value, bool) {
	model := map[*term.Term]term.Value{}
	for _, v := range s.free {
		model[v] = randomValue(rng, v.Width(), 0)
	}
	for _, g := range s.groups {
		if !s.drawGroupWide(g, model, rng, high) && !s.drawGroup(g, model, rng, 0) {
			return nil, false
		}
	}
	return model, true
}

// wideTries is how many random assignments drawGroupWide tries at each
// width.
const wideTries = 2

func (s *sampler) drawGroupWide(g *sampleGroup, model map[*term.Term]term.Value, rng *rand.Rand, high bool) bool {
	width := 0
	for _, v := range g.vars {
		width = max(width, v.Width())
	}
	for k := width; k >= 1; k-- {
		for try := 0; try < wideTries; try++ {
			part := map[*term.Term]term.Value{}
			for _, v := range g.vars {
				if high && try == 0 {
					part[v] = belowPow2(v.Width(), k, func() uint64 { return ^uint64(0) })
				} else {
					part[v] = belowPow2(v.Width(), k, rng.Uint64)
				}
			}
			if holds(term.NewEvaluator(defaultZero(part)), g.conds) {
				for v, x := range part {
					model[v] = x
				}
				return true
			}
		}
	}
	return false
}

// belowPow2 is a w-bit value below 2^k whose 64-bit words come from next.
func belowPow2(w, k int, next func() uint64) term.Value {
	var v term.Value
	for i := range v {
		if bits := k - 64*i; bits >= 64 {
			v[i] = next()
		} else if bits > 0 {
			v[i] = next() & (1<<bits - 1)
		}
	}
	return term.BigValue(v.Big(), w)
}

// drawSmallBut returns an input meeting every assumption with every
// value small (sampler.small) but those of parameter param (variables
// named param or param@offset), drawn wide where the assumptions allow.
func (s *sampler) drawSmallBut(rng *rand.Rand, param string) (map[*term.Term]term.Value, bool) {
	model, ok := s.draw(rng, 2)
	if !ok {
		return nil, false
	}
	model = s.small(model, rng)
	of := func(v *term.Term) bool {
		name, _, _ := strings.Cut(v.Name(), "@")
		return param != "" && name == param
	}
	for _, v := range s.free {
		if of(v) {
			model[v] = randomValue(rng, v.Width(), 0)
		}
	}
	for _, g := range s.groups {
		if len(g.vars) > 0 && of(g.vars[0]) {
			s.drawGroupWide(g, model, rng, false)
		}
	}
	return model, true
}
