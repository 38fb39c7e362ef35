package prove

import (
	"hash/maphash"
	"math/rand"
	"sort"

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
func (sv *solveState) sweep(pairs []pair, assume []*term.Term) ([]pair, error) {
	var kroots, sroots []*term.Term
	for _, p := range pairs {
		kroots, sroots = append(kroots, p.k), append(sroots, p.s)
	}
	kset, sset := reach(kroots), reach(sroots)

	// Value signatures of every term that belongs to one side only.
	var vars []*term.Term
	term.Walk(func(t *term.Term) {
		if t.Op() == term.OpVar {
			vars = append(vars, t)
		}
	}, append(kroots, sroots...)...)
	term.Walk(func(t *term.Term) {
		if t.Op() == term.OpVar {
			vars = append(vars, t)
		}
	}, assume...)
	rng := rand.New(rand.NewSource(2))
	var evs []*term.Evaluator
	for i := 0; len(evs) < sweepRounds && i < 16*sweepRounds; i++ {
		model := map[*term.Term]term.Value{}
		for _, v := range vars {
			model[v] = randomValue(rng, v.Width(), i)
		}
		ev := term.NewEvaluator(defaultZero(model))
		if holds(ev, assume) || i >= 8*sweepRounds {
			evs = append(evs, ev)
		}
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
	subst := map[*term.Term]*term.Term{}
	rebuild := func(t *term.Term) *term.Term {
		return b.Rebuild(t, func(x *term.Term) (*term.Term, bool) {
			r, ok := subst[x]
			return r, ok
		})
	}
	for _, k := range cands {
		kr := rebuild(k)
		for _, s := range specBySig[candSig[k]] {
			if s.Width() != k.Width() {
				continue
			}
			if kr == s {
				subst[k] = s
				break
			}
			query := append([]*term.Term{b.Ne(kr, s)}, assume...)
			out, err := sv.solver.Check(sv.ctx, query, smt.Options{AbstractMul: true, Name: sv.name + "-sweep"})
			if err != nil {
				return nil, err
			}
			if out.Answer == smt.Unsat {
				subst[k] = s
				sv.r.Merges++
				break
			}
		}
	}
	if len(subst) == 0 {
		return pairs, nil
	}
	out := make([]pair, len(pairs))
	for i, p := range pairs {
		out[i] = pair{p.name, rebuild(p.k), p.s}
	}
	return out, nil
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
