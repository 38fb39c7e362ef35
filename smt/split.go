package smt

import (
	"fmt"
	"math/big"
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
func Components(cs []*term.Term) [][]*term.Term { return componentsBy(cs, nil) }

// componentsBy is Components with the terms of leaves (see sliced) as the
// atoms that connect conjuncts, in place of the variables under them.
func componentsBy(cs []*term.Term, leaves map[*term.Term]bool) [][]*term.Term {
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
	owner := map[*term.Term]int{} // atom → a conjunct that has it
	for i, c := range cs {
		atoms(c, leaves, func(t *term.Term) {
			if j, ok := owner[t]; ok {
				parent[find(i)] = find(j)
			} else {
				owner[t] = i
			}
		})
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

// atoms calls f once for each variable and each leaf of t, not looking
// below a leaf.
func atoms(t *term.Term, leaves map[*term.Term]bool, f func(*term.Term)) {
	seen := map[*term.Term]bool{}
	var rec func(x *term.Term)
	rec = func(x *term.Term) {
		if seen[x] {
			return
		}
		seen[x] = true
		if x.Op() == term.OpVar || leaves[x] {
			f(x)
			return
		}
		for _, a := range x.Args() {
			rec(a)
		}
	}
	rec(t)
}

// sliced returns the extracts of variables in cs that may stand for
// variables of their own: those of a variable that cs uses only through
// extracts whose bit ranges are pairwise disjoint. Such a variable's
// slices take their values independently of each other, so a conjunction
// is satisfiable exactly when it is with each slice replaced by a fresh
// variable of its width; a model of that gives the variable its slices'
// values (and 0 in bits no slice has). The two lanes of a 64-bit word of
// 32-bit coefficients so become two independent parts of a query, of one
// shape.
func sliced(cs []*term.Term) map[*term.Term]bool {
	whole := map[*term.Term]bool{}
	uses := map[*term.Term][]*term.Term{} // variable → its extracts
	seen := map[*term.Term]bool{}
	for _, c := range cs {
		if c.Op() == term.OpVar {
			whole[c] = true
		}
	}
	term.Walk(func(x *term.Term) {
		for _, a := range x.Args() {
			if a.Op() != term.OpVar {
				continue
			}
			if x.Op() != term.OpExtract {
				whole[a] = true
			} else if !seen[x] {
				seen[x] = true
				uses[a] = append(uses[a], x)
			}
		}
	}, cs...)
	var leaves map[*term.Term]bool
	for v, xs := range uses {
		if whole[v] || !disjoint(xs) {
			continue
		}
		if leaves == nil {
			leaves = map[*term.Term]bool{}
		}
		for _, x := range xs {
			leaves[x] = true
		}
	}
	return leaves
}

// disjoint reports whether the bit ranges of the extracts xs (of one
// variable) are pairwise disjoint; it sorts xs by their low bit.
func disjoint(xs []*term.Term) bool {
	sort.Slice(xs, func(i, j int) bool {
		_, a := xs[i].Extract()
		_, b := xs[j].Extract()
		return a < b
	})
	for i := 1; i < len(xs); i++ {
		hi, _ := xs[i-1].Extract()
		if _, lo := xs[i].Extract(); lo <= hi {
			return false
		}
	}
	return true
}

// atomValue is the value of the atom a (a variable, or a leaf extract of
// one) in a model of the variables.
func atomValue(model map[*term.Term]term.Value, a *term.Term) term.Value {
	if a.Op() == term.OpVar {
		return model[a]
	}
	hi, lo := a.Extract()
	return term.BigValue(new(big.Int).Rsh(model[a.Arg(0)].Big(), uint(lo)), hi-lo+1)
}

// setAtom gives the atom a the value x in a model of the variables: a
// leaf's bits of its variable (other bits are kept).
func setAtom(model map[*term.Term]term.Value, a *term.Term, x term.Value) {
	if a.Op() == term.OpVar {
		model[a] = x
		return
	}
	v := a.Arg(0)
	_, lo := a.Extract()
	y := new(big.Int).Or(model[v].Big(), new(big.Int).Lsh(x.Big(), uint(lo)))
	model[v] = term.BigValue(y, v.Width())
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
func cacheKey(group []*term.Term, opt Options, leaves map[*term.Term]bool) (key string, vars []*term.Term) {
	shape, vars := term.ShapeLeaves(group, leaves)
	// An unknown answer depends on the time allowed.
	prefix := fmt.Sprintf("%t/%d:", opt.Abstract, opt.Timeout)
	return prefix + shape, vars
}
