//go:build cgo

package prove

import (
	"context"
	"math/rand"
	"testing"

	"vg.dev/smt"
	"vg.dev/symexec/term"
)

// TestLanes: a pair of words splits at the boundaries of either side's
// concatenation, lanes already identical are left out, and on random
// inputs the words are equal exactly when every lane pair is.
func TestLanes(t *testing.T) {
	b := term.NewBuilder()
	x, y := b.Var("x", 32), b.Var("y", 32)
	u := b.Var("u", 16)
	f := func(v *term.Term) *term.Term { return b.Add(b.Mul(b.Uint(3, 32), v), b.Uint(1, 32)) }
	cases := []struct {
		name  string
		k, s  *term.Term
		lanes int
	}{
		{"two lanes", b.Concat(f(x), f(y)), b.Concat(b.Add(x, y), f(y)), 1},
		{"a concatenation and a sum", b.Concat(f(x), f(y)), b.Add(b.ZeroExt(x, 64), b.ShlC(b.ZeroExt(y, 64), 32)), 2},
		{"boundaries of both sides", b.Concat(f(x), u, b.Extract(y, 15, 0)), b.Concat(b.Extract(x, 15, 0), y, u), 4},
		{"no concatenation", f(x), f(y), 1},
	}
	rng := rand.New(rand.NewSource(1))
	for _, c := range cases {
		ls := lanes(b, c.k, c.s)
		if len(ls) != c.lanes {
			t.Errorf("%s: %d lanes, want %d", c.name, len(ls), c.lanes)
		}
		for i := 0; i < 200; i++ {
			env := map[*term.Term]term.Value{}
			for _, v := range []*term.Term{x, y, u} {
				env[v] = randomValue(rng, v.Width(), i)
			}
			if i%3 == 0 { // equal words now and then
				env[y] = env[x]
			}
			ev := term.NewEvaluator(defaultZero(env))
			kv, _ := ev.Eval(c.k)
			sv, _ := ev.Eval(c.s)
			lanesEqual := true
			for _, l := range ls {
				a, _ := ev.Eval(l[0])
				b, _ := ev.Eval(l[1])
				lanesEqual = lanesEqual && a == b
			}
			if (kv == sv) != lanesEqual {
				t.Fatalf("%s: words equal %v, lanes equal %v", c.name, kv == sv, lanesEqual)
			}
		}
	}
}

// TestSweepCexs: an input kept for a variable separates a later pair that
// differs on it and depends on that variable, and only such pairs.
func TestSweepCexs(t *testing.T) {
	b := term.NewBuilder()
	x, y := b.Var("x", 32), b.Var("y", 32)
	q := b.Uint(8380417, 32)
	sv := &solveState{b: b}
	// (x + y) masked to 0 past q and (x + y) mod q agree unless x + y ≥ q.
	masked := b.And(b.Add(x, y), b.SignExt(b.Bit(b.Sub(b.Add(x, y), q), 31), 32))
	mod := b.URem(b.Add(x, y), q)
	sample := map[*term.Term]term.Value{x: term.U64(1, 32), y: term.U64(2, 32)}
	cx := &sweepCexs{byVar: map[*term.Term][]*term.Evaluator{}}
	query := []*term.Term{b.Ne(masked, mod), b.Ult(x, q), b.Ult(y, q)}
	// A model that does not make the pair differ is not kept.
	cx.add([]*term.Term{x, y}, sv.realInput(map[*term.Term]term.Value{x: term.U64(5, 32)}, sample, query))
	if len(cx.byVar) != 0 {
		t.Fatal("an input on which the pair agrees was kept")
	}
	cx.add([]*term.Term{x, y}, sv.realInput(map[*term.Term]term.Value{x: term.U64(8380000, 32), y: term.U64(1000, 32)}, sample, query))
	if !cx.separates([]*term.Term{x, y}, masked, mod) {
		t.Error("the kept input does not separate its pair")
	}
	other := b.Ite(b.Ult(b.Add(x, y), q), b.Add(x, y), b.Sub(b.Add(x, y), q))
	if cx.separates([]*term.Term{x, y}, other, mod) {
		t.Error("an input separates equal terms")
	}
	if cx.separates([]*term.Term{b.Var("z", 32)}, masked, mod) {
		t.Error("an input kept for x and y was tried on a term of z")
	}
}

// TestSamplerLanes: inputs drawn under a bound on each 32-bit lane of
// 64-bit words (ML-DSA coefficients in [0, q), two to a word) have every
// lane nonzero and spread, not only the low one. With the upper lanes
// always 0, sweeping's signatures matched the kernel's and the spec's
// terms of an upper lane that differ and spent a solver query on each.
func TestSamplerLanes(t *testing.T) {
	b := term.NewBuilder()
	solver := smt.NewSolver(0, "")
	defer solver.Close()
	sv := &solveState{ctx: context.Background(), b: b, solver: solver}
	q := b.Uint(8380417, 32)
	var assume, words []*term.Term
	for _, name := range []string{"r@0", "r@8"} {
		w := b.Var(name, 64)
		words = append(words, w)
		assume = append(assume, b.Ult(b.Extract(w, 31, 0), q), b.Ult(b.Extract(w, 63, 32), q))
	}
	smp := sv.newSampler(assume, words)
	rng := rand.New(rand.NewSource(2))
	distinct := map[uint64]bool{}
	for i := 0; i < sweepRounds; i++ {
		model, ok := smp.draw(rng, i)
		if !ok || !sv.real(model, assume) {
			t.Fatalf("draw %d does not meet the bounds", i)
		}
		distinct[model[words[0]].Uint64()>>32] = true
	}
	if len(distinct) < sweepRounds/4 {
		t.Errorf("the upper lane took %d distinct values in %d draws", len(distinct), sweepRounds)
	}
}
