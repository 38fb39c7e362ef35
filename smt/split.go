package smt

import (
	"fmt"
	"sort"

	"vg.dev/symexec/term"
)

// Independent parts of a query. A conjunction whose conjuncts fall into
// groups with no variable in common is satisfiable exactly when every group
// is, and a model is the union of the groups' models. A precondition over
// 256 coefficients and a goal about one of them so become a small query
// about that coefficient plus 255 small queries about the others, which
// have the same shape and are answered once (see Solver.Check).

// conjuncts flattens width-1 conjunctions, drops the constant 1 and
// duplicates. It reports false when a conjunct is the constant 0.
func conjuncts(assertions []*term.Term) ([]*term.Term, bool) {
	seen := map[*term.Term]bool{}
	var out []*term.Term
	var add func(t *term.Term) bool
	add = func(t *term.Term) bool {
		if seen[t] {
			return true
		}
		seen[t] = true
		if t.Width() == 1 && t.Op() == term.OpAnd {
			for _, a := range t.Args() {
				if !add(a) {
					return false
				}
			}
			return true
		}
		if v, ok := t.Uint64(); ok {
			return v == 1
		}
		out = append(out, t)
		return true
	}
	for _, a := range assertions {
		if !add(a) {
			return nil, false
		}
	}
	return out, true
}

// Components groups the width-1 terms cs by shared variables: terms in
// different groups have no variable in common (cut subterms are translated
// as variables but still connect the variables under them, which only
// makes groups larger). Groups keep the order of cs and are sorted smallest
// first, so cheap parts are decided before expensive ones.
func Components(cs []*term.Term) [][]*term.Term {
	parent := make([]int, len(cs))
	for i := range parent {
		parent[i] = i
	}
	var find func(i int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	owner := map[*term.Term]int{} // variable → a conjunct that has it
	for i, c := range cs {
		term.Walk(func(t *term.Term) {
			if t.Op() != term.OpVar {
				return
			}
			if j, ok := owner[t]; ok {
				parent[find(i)] = find(j)
			} else {
				owner[t] = i
			}
		}, c)
	}
	byRoot := map[int]int{}
	var groups [][]*term.Term
	for i, c := range cs {
		r := find(i)
		g, ok := byRoot[r]
		if !ok {
			g = len(groups)
			byRoot[r] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], c)
	}
	size := func(g []*term.Term) int {
		n := 0
		term.Walk(func(*term.Term) { n++ }, g...)
		return n
	}
	sizes := make([]int, len(groups))
	for i, g := range groups {
		sizes[i] = size(g)
	}
	idx := make([]int, len(groups))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return sizes[idx[a]] < sizes[idx[b]] })
	out := make([][]*term.Term, len(groups))
	for i, j := range idx {
		out[i] = groups[j]
	}
	return out
}

// cached is a solver answer for one query shape; the model is indexed like
// the shape's variables.
type cached struct {
	answer Answer
	model  []term.Value
	reason string
}

// cacheKey is the shape of a group plus the options that change its
// meaning. Queries with cut points are not cached.
func cacheKey(group []*term.Term, opt Options) (key string, vars []*term.Term) {
	shape, vars := term.Shape(group)
	// An unknown answer depends on the time allowed.
	prefix := fmt.Sprintf("%t/%d:", opt.AbstractMul, opt.Timeout)
	return prefix + shape, vars
}
