package prove

import (
	"fmt"
	"hash/maphash"
	"math/rand"
	"slices"
	"sort"
	"time"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// sweepRounds is the number of random input vectors that give each term its
// value signature.
const sweepRounds = 32

// sweep is word-level SAT sweeping between the kernel's and the spec's
// DAGs: terms of one side that evaluate like a term of the other on random
// inputs are candidate equivalences; each is proved with a small query
// (products uninterpreted) bottom-up, and a proved kernel term is replaced by
// its spec twin, so the terms above it often become identical. It returns
// the pairs rebuilt with every proved replacement.
//
// Signatures come from inputs that meet the assumptions when random inputs
// do often enough, and the candidate queries assume them, so equalities that
// hold only under a precondition are found too.
func (sv *solveState) sweep(pairs []pair, assume []*term.Term) ([]pair, *found, error) {
	var kroots, sroots []*term.Term
	for _, p := range pairs {
		kroots, sroots = append(kroots, p.k), append(sroots, p.s)
	}
	kset, sset := reach(kroots), reach(sroots)

	// Value signatures of every term that belongs to one side only, on
	// inputs that meet the assumptions.
	smp := sv.newSampler(assume, append(kroots, sroots...))
	rng := rand.New(rand.NewSource(2))
	var evs []*term.Evaluator
	var sample map[*term.Term]term.Value // an input meeting the assumptions
	for i := 0; i < sweepRounds; i++ {
		model, ok := smp.draw(rng, i)
		if !ok {
			break
		}
		if sample == nil {
			sample = model
		}
		evs = append(evs, term.NewEvaluator(defaultZero(model)))
	}
	seed := maphash.MakeSeed()
	signature := func(t *term.Term) uint64 {
		var h maphash.Hash
		h.SetSeed(seed)
		for _, ev := range evs {
			v, _ := ev.Eval(t)
			for _, w := range v {
				var buf [8]byte
				for i := range buf {
					buf[i] = byte(w >> (8 * i))
				}
				h.Write(buf[:])
			}
		}
		return h.Sum64() ^ uint64(t.Width())
	}
	specBySig := map[uint64][]*term.Term{}
	for t := range sset {
		if !kset[t] && interesting(t) {
			sig := signature(t)
			specBySig[sig] = append(specBySig[sig], t)
		}
	}
	for _, ts := range specBySig {
		sort.Slice(ts, func(i, j int) bool { return ts[i].ID() < ts[j].ID() })
	}
	var cands []*term.Term
	candSig := map[*term.Term]uint64{}
	for t := range kset {
		if !sset[t] && interesting(t) {
			if sig := signature(t); len(specBySig[sig]) > 0 {
				cands = append(cands, t)
				candSig[t] = sig
			}
		}
	}
	// Bottom-up: a term's id is larger than its operands'.
	sort.Slice(cands, func(i, j int) bool { return cands[i].ID() < cands[j].ID() })

	b := sv.b
	c := newCone(assume)
	subst := map[*term.Term]*term.Term{}
	// rebuilt memoises rebuild across candidates: candidates are taken
	// bottom-up, so a term rebuilt once contains no candidate merged
	// later (each candidate's id is larger than its operands'), except
	// the candidate itself, whose entry is replaced when it merges.
	rebuilt := map[*term.Term]*term.Term{}
	rebuild := func(t *term.Term) *term.Term {
		r := b.Rebuild(t, func(x *term.Term) (*term.Term, bool) {
			if r, ok := subst[x]; ok {
				return r, true
			}
			r, ok := rebuilt[x]
			return r, ok
		})
		rebuilt[t] = r
		return r
	}
	sup := supports{}
	cx := &sweepCexs{byVar: map[*term.Term][]*term.Evaluator{}}
	var pn *pinning
	refuteTries, unknowns := 0, 0
sweep:
	for _, k := range cands {
		if err := sv.ctx.Err(); err != nil {
			return nil, nil, err
		}
		kr := rebuild(k)
		tried := 0
		for _, s := range specBySig[candSig[k]] {
			if s.Width() != k.Width() || !sup.compatible(k, s) {
				continue
			}
			if kr == s {
				subst[k] = s
				break
			}
			// A twin that differs from kr on an input an earlier query
			// found is not asked: its query is satisfiable.
			if cx.separates(sup.of(k), kr, s) {
				continue
			}
			// Terms that are nearly constant on the samples (flags, rare
			// corrections) share signatures with many others; a few tries
			// each keep the sweep linear.
			if tried++; tried > maxTwinTries {
				break
			}
			// First with what both share cut to fresh variables: a
			// round of a hash whose operands merged already is then a
			// question about a few words, not about every round below.
			if cq, ok := cutQuery(b, kr, s, sset); ok {
				out, err := sv.solver.Check(sv.ctx, []*term.Term{cq}, smt.Options{Abstract: true, Name: sv.name + "-sweep-cut", Timeout: cutTimeout})
				if err != nil {
					return nil, nil, err
				}
				if out.Answer == smt.Unsat {
					subst[k] = s
					sv.r.Merges++
					break
				}
			}
			ne := b.Ne(kr, s)
			query := append([]*term.Term{ne}, c.assumptions(ne)...)
			out, err := sv.solver.Check(sv.ctx, query, smt.Options{Abstract: true, Name: sv.name + "-sweep", Timeout: sweepTimeout})
			if err != nil {
				return nil, nil, err
			}
			if out.Answer == smt.Unsat {
				subst[k] = s
				sv.r.Merges++
				break
			}
			if out.Answer == smt.Sat && sample != nil {
				// An input on which kr and s differ may separate the
				// twins of later candidates too.
				cx.add(sup.of(k), sv.realInput(out.Model, sample, query))
			}
			if out.Answer == smt.Unknown {
				// Terms the solver cannot compare soon: more of them
				// would only spend sweepTimeout each.
				if unknowns++; unknowns >= maxSweepUnknowns {
					break sweep
				}
			}
			if out.Answer == smt.Sat && refuteTries < maxRefuteTries {
				// The lowest candidates that differ are where a bug
				// shows first; an equivalent kernel pays for a few.
				refuteTries++
				if pn == nil {
					pn = sv.newPinning(pairs, assume)
				}
				f, err := sv.differentInputs(pn, out.Model, ne, assume, pairs)
				if err != nil || f != nil {
					return nil, f, err
				}
			}
		}
	}
	if len(subst) == 0 {
		return pairs, nil, nil
	}
	out := make([]pair, len(pairs))
	for i, p := range pairs {
		out[i] = pair{p.name, rebuild(p.k), p.s}
	}
	return out, nil, nil
}

// sweepCexs are inputs that meet the assumptions on which some candidate
// pair of the sweep differs: fraiging's refinement of the classes that
// the value signatures make. A later candidate pair that differs on one
// of them has a satisfiable query and is not asked. Each input is kept
// under the variables of the candidate it separated (a narrow support)
// and tried on candidates that depend on one of them, at most
// maxCexPerVar per variable, so the check stays a few evaluations of a
// lane's terms. Skipping a pair never merges anything, so it can cost
// only completeness, and an input is kept only after evaluation showed
// that it meets the assumptions and separates its pair.
type sweepCexs struct {
	byVar map[*term.Term][]*term.Evaluator
}

// maxCexPerVar bounds the separating inputs kept for one variable.
const maxCexPerVar = 8

// add keeps ev (nil: nothing) for the variables of support.
func (cx *sweepCexs) add(support []*term.Term, ev *term.Evaluator) {
	if ev == nil {
		return
	}
	for _, v := range support {
		evs := cx.byVar[v]
		if len(evs) == maxCexPerVar {
			evs = evs[1:] // the oldest goes
		}
		cx.byVar[v] = append(evs, ev)
	}
}

// separates reports whether an input kept for a variable of support
// gives k and s different values.
func (cx *sweepCexs) separates(support []*term.Term, k, s *term.Term) bool {
	for _, v := range support {
		for _, ev := range cx.byVar[v] {
			x, err1 := ev.Eval(k)
			y, err2 := ev.Eval(s)
			if err1 == nil && err2 == nil && x != y {
				return true
			}
		}
	}
	return false
}

// realInput returns an evaluator of the solver's model of query (a
// conjunction that holds the assumptions sharing a variable with the
// rest, see cone) overlaid on sample, an input meeting every assumption,
// when every term of query holds on it: then it is an input meeting the
// assumptions (the query's groups from the model, the others from
// sample) on which the query holds. It returns nil otherwise, as for a
// model that gave abstracted products values no inputs give.
func (sv *solveState) realInput(model, sample map[*term.Term]term.Value, query []*term.Term) *term.Evaluator {
	in := make(map[*term.Term]term.Value, len(sample)+len(model))
	for v, x := range sample {
		in[v] = x
	}
	for v, x := range model {
		in[v] = x
	}
	ev := term.NewEvaluator(defaultZero(in))
	if !holds(ev, query) {
		return nil
	}
	return ev
}

// found is a counterexample and the layer that found it.
type found struct {
	model map[*term.Term]term.Value
	layer string
}

// differentInputs looks for inputs on which the candidate inequality ne
// really holds, first in the solver's model (spurious when it assigned the
// abstracted products values no inputs give), then by pinned queries, and
// returns them when some output pair differs on them too.
func (sv *solveState) differentInputs(pn *pinning, abstract map[*term.Term]term.Value, ne *term.Term, assume []*term.Term, pairs []pair) (*found, error) {
	full := append(append([]*term.Term(nil), assume...), ne)
	if model, err := sv.complete(abstract, assume); err != nil {
		return nil, err
	} else if sv.real(model, full) && differs(model, pairs) {
		return &found{model, LayerSweep}, nil
	}
	if !hasProduct(ne) {
		return nil, nil // the solver's model was exact: nothing to pin
	}
	model, err := sv.pinnedModel(pn, ne, assume)
	if err != nil || model == nil || !differs(model, pairs) {
		return nil, err
	}
	return &found{model, LayerPinned}, nil
}

// sweepTimeout bounds one sweep query. A merge is a small identity (the
// shipped kernels' take under a second, on a quiet machine); one the
// solver cannot settle is left unmerged, and the outputs' own queries
// decide, under the solver's timeout. The bound leaves room for a loaded
// machine: Z3's timeout is wall time. (A mutant of mul52x4IFMA spent the
// solver's 30 s on each of two dozen such queries.)
const sweepTimeout = 15 * time.Second

// maxSweepUnknowns is how many sweep queries may time out before the
// sweep stops: the outputs' own queries then decide.
const maxSweepUnknowns = 2

// maxTwinTries bounds the spec terms tried as the twin of one kernel term.
const maxTwinTries = 4

// maxRefuteTries bounds the candidates found unequal whose inputs are
// tried on the outputs (differentInputs).
const maxRefuteTries = 8

// supports are the variables terms depend on, as sorted lists of at most
// supportMax variables (nil beyond: wide).
type supports map[*term.Term][]*term.Term

const supportMax = 8

func (sp supports) of(t *term.Term) []*term.Term {
	if s, ok := sp[t]; ok {
		return s
	}
	var s []*term.Term
	wide := false
	if t.Op() == term.OpVar {
		s = []*term.Term{t}
	}
	for _, a := range t.Args() {
		as := sp.of(a)
		if as == nil { // wide
			wide = true
			break
		}
		s = union(s, as)
		if len(s) > supportMax {
			wide = true
			break
		}
	}
	if wide {
		s = nil
		sp[t] = nil
		return nil
	}
	if s == nil {
		s = []*term.Term{} // no variables
	}
	sp[t] = s
	return s
}

// compatible reports whether k and s may be equal functions as far as
// their supports tell: when both are narrow they must depend on the same
// variables. (Equal terms can differ in support only through a vacuous
// dependence, which the kernel and spec of one lane do not have; missing
// such a merge costs completeness, never soundness.)
func (sp supports) compatible(k, s *term.Term) bool {
	a, b := sp.of(k), sp.of(s)
	return a == nil || b == nil || slices.Equal(a, b)
}

// union merges two lists sorted by id.
func union(a, b []*term.Term) []*term.Term {
	out := make([]*term.Term, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i].ID() < b[j].ID():
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].ID() < a[i].ID():
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// interesting terms are worth a candidate equivalence: not leaves, not
// single bits (carries differ between orders of addition and are cheap).
func interesting(t *term.Term) bool {
	switch t.Op() {
	case term.OpConst, term.OpVar:
		return false
	}
	return t.Width() > 1
}

func reach(roots []*term.Term) map[*term.Term]bool {
	set := map[*term.Term]bool{}
	term.Walk(func(t *term.Term) { set[t] = true }, roots...)
	return set
}

// holds reports whether every width-1 term is 1 under ev.
func holds(ev *term.Evaluator, ts []*term.Term) bool {
	for _, t := range ts {
		if v, err := ev.Eval(t); err != nil || v.IsZero() {
			return false
		}
	}
	return true
}

// cutTimeout bounds one cut query (cutQuery): it is about a few words, so
// one the solver does not settle soon is left to the full query.
const cutTimeout = 2 * time.Second

// maxCutQuery bounds the terms of a cut query (cutQuery); a larger one is
// not tried.
const maxCutQuery = 4096

// cutDepth is how many levels of shared bitwise nodes below the kernel
// term cutQuery looks through before it cuts whatever is shared.
const cutDepth = 3

// cutQuery is kr ≠ s with spec terms that kr holds (merged operands, in
// sset) replaced, in both, by fresh variables. Within cutDepth levels of
// kr it looks through shared bitwise operations and cuts the other shared
// terms, below it cuts every shared term; a sum whose complement is cut
// (the builder b writes ^x as −x − 1) becomes the complement of that
// variable, so that x & y and ^x & z stay related without an adder in the
// query. Unsat means kr = s for every value of the cut terms, so for
// theirs: a sound merge, proved without the cones below the cuts and
// without the assumptions. Sat says nothing (a cut may lose a relation the
// equality needs): the caller then asks the full query. The query is built
// in a raw builder, so that it states exactly these terms; ok is false
// when nothing is cut or it would exceed maxCutQuery terms.
func cutQuery(b *term.Builder, kr, s *term.Term, sset map[*term.Term]bool) (*term.Term, bool) {
	rb := term.NewRawBuilder()
	cuts := map[*term.Term]*term.Term{}
	memo := map[*term.Term]*term.Term{}
	n := 0
	var rec func(x *term.Term, depth int, kernel bool) *term.Term
	rec = func(x *term.Term, depth int, kernel bool) *term.Term {
		if r, ok := memo[x]; ok {
			return r
		}
		if v, ok := cuts[x]; ok {
			return v
		}
		if n++; n > maxCutQuery {
			return rb.Var(fmt.Sprintf("sweep.over#%d", x.Width()), x.Width())
		}
		var r *term.Term
		switch {
		case x.Op() == term.OpConst:
			v, _ := x.Const()
			r = rb.Const(v, x.Width())
		case x.Op() == term.OpVar:
			r = rb.Var(x.Name(), x.Width())
		case linearNode(x) && cuts[b.Not(x)] != nil:
			// The complement of a cut sum (−x − 1 is how the
			// builder writes ^x): the complement of its variable.
			r = rb.Not(cuts[b.Not(x)])
		case kernel && sset[x] && (depth >= cutDepth || !bitwiseNode(x)):
			r = rb.Var(fmt.Sprintf("sweep.cut#%d", x.ID()), x.Width())
			cuts[x] = r
			return r
		default:
			args := make([]*term.Term, len(x.Args()))
			for i, a := range x.Args() {
				args[i] = rec(a, depth+1, kernel)
			}
			r = rb.With(x, args)
		}
		memo[x] = r
		return r
	}
	k := rec(kr, 0, true)
	if len(cuts) == 0 || n > maxCutQuery {
		return nil, false
	}
	// The spec side is rebuilt apart: a term the kernel side looked
	// through is rebuilt again down to the same cuts.
	memo = map[*term.Term]*term.Term{}
	sp := rec(s, 0, false)
	if n > maxCutQuery {
		return nil, false
	}
	return rb.Ne(k, sp), true
}

// linearNode reports whether t is a node of a linear form (a sum, a
// constant multiple, a complement): a complement, for cutQuery, of
// another.
func linearNode(t *term.Term) bool {
	switch t.Op() {
	case term.OpAdd, term.OpNot:
		return true
	case term.OpMul:
		return len(t.Args()) == 2 && t.Arg(0).IsConst()
	}
	return false
}

// bitwiseNode reports whether t is an and, or or xor.
func bitwiseNode(t *term.Term) bool {
	switch t.Op() {
	case term.OpAnd, term.OpOr, term.OpXor:
		return true
	}
	return false
}
