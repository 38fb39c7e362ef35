package prove

import (
	"encoding/hex"
	"fmt"
	"math/rand"
	"sort"

	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// counterexample turns a model into concrete inputs and the output words
// that differ under it.
func (sv *solveState) counterexample(model map[*term.Term]term.Value, pairs []pair) *Counterexample {
	b := sv.b
	ev := term.NewEvaluator(defaultZero(model))
	cx := &Counterexample{}
	for i, p := range sv.in.params {
		var bytes []byte
		in := Input{Name: p.slot.Name}
		switch {
		case p.region != nil:
			bytes = regionBytes(b, ev, p.region)
			in.Align = max(p.region.Align, 1)
			if p.alias != i {
				in.Alias = sv.in.params[p.alias].slot.Name
			}
			if p.cap != nil {
				c, _ := ev.Eval(p.cap)
				in.Cap = c.Big().Uint64()
			}
		default:
			v, _ := ev.Eval(p.scalar)
			n := int(p.slot.Size)
			for i := 0; i < n; i++ {
				bytes = append(bytes, byte(v.Big().Uint64()>>(8*i)))
			}
		}
		in.Bytes = hex.EncodeToString(bytes)
		cx.Inputs = append(cx.Inputs, in)
	}
	// Writable globals the kernel read are inputs too.
	var globals []string
	for v, x := range model {
		if name := v.Name(); isGlobalWord(sv.in, name) {
			globals = append(globals, fmt.Sprintf("%s=%s", name, x.Hex(v.Width())))
		}
	}
	sort.Strings(globals)
	for _, g := range globals {
		cx.Globals = append(cx.Globals, Input{Name: g})
	}
	for _, p := range pairs {
		x, err1 := ev.Eval(p.k)
		y, err2 := ev.Eval(p.s)
		if err1 != nil || err2 != nil || x == y {
			continue
		}
		cx.Diffs = append(cx.Diffs, Diff{Output: p.name, Kernel: leHex(x, p.k.Width()), Spec: leHex(y, p.s.Width())})
	}
	cx.Evaluated = len(cx.Diffs) > 0
	return cx
}

// regionBytes is the initial content of a parameter region under ev.
func regionBytes(b *term.Builder, ev *term.Evaluator, r *mem.Region) []byte {
	out := make([]byte, r.Size)
	for off := int64(0); off < r.Size; off += 8 {
		v, _ := ev.Eval(mem.InitWord(b, r, off))
		for i := int64(0); i < 8 && off+i < r.Size; i++ {
			out[off+i] = byte(v[0] >> (8 * i))
		}
	}
	return out
}

// leHex prints a value as its little-endian bytes, as memory holds it.
func leHex(v term.Value, w int) string {
	n := (w + 7) / 8
	bytes := make([]byte, n)
	for i := 0; i < n; i++ {
		bytes[i] = byte(v[i/8] >> (8 * (i % 8)))
	}
	return hex.EncodeToString(bytes)
}

func isGlobalWord(in *inputs, name string) bool {
	for _, p := range in.params {
		if p.region != nil && hasRegionPrefix(name, p.region.Name) {
			return false
		}
	}
	for i := 0; i < len(name); i++ {
		if name[i] == '@' {
			return name[:i] != "stack"
		}
	}
	return false
}

// unsafeWitnesses are the inputs offered for a kernel that could not be
// lifted because it violates the frame or constant time (it reads out of
// bounds, or through a register the caller left undefined), or never
// returns: random inputs that meet the assumptions, at most n. They are
// not evaluated, since the kernel has no terms; only running it (replay)
// can show that its result differs, and then the kernel is refuted by that
// run.
//
// The first is the usual draw, rich in edge values. The second and third
// are drawn wide (sampler.drawWide), uniformly and from the top of the
// range: a table selection broken only for entries past the fourth keeps
// its result for the small indices the usual draw finds under i < 16. The
// fourth has every value small (0, 1 or 2 where the assumptions allow);
// each further one too, but for one parameter's, drawn wide: a norm check
// that reads past its input answers as its spec does unless every
// coefficient is in bound, with a wide bound.
func (sv *solveState) unsafeWitnesses(assume []*term.Term, n int) []*Counterexample {
	var roots []*term.Term
	for _, p := range sv.in.params {
		switch {
		case p.region != nil:
			for off := int64(0); off < p.region.Size; off += 8 {
				roots = append(roots, mem.InitWord(sv.b, p.region, off))
			}
		case p.scalar != nil:
			roots = append(roots, p.scalar)
		}
	}
	s := sv.newSampler(assume, roots)
	draws := []func(*rand.Rand) (map[*term.Term]term.Value, bool){
		func(rng *rand.Rand) (map[*term.Term]term.Value, bool) { return s.draw(rng, 0) },
		func(rng *rand.Rand) (map[*term.Term]term.Value, bool) { return s.drawWide(rng, false) },
		func(rng *rand.Rand) (map[*term.Term]term.Value, bool) { return s.drawWide(rng, true) },
		func(rng *rand.Rand) (map[*term.Term]term.Value, bool) { return s.drawSmallBut(rng, "") },
	}
	for _, p := range sv.in.params {
		draws = append(draws, func(rng *rand.Rand) (map[*term.Term]term.Value, bool) { return s.drawSmallBut(rng, p.slot.Name) })
	}
	var out []*Counterexample
	for i, draw := range draws[:min(n, len(draws))] {
		model, ok := draw(rand.New(rand.NewSource(int64(4 + i))))
		if !ok {
			break
		}
		out = append(out, sv.counterexample(model, nil))
	}
	return out
}

// unsafeDraws is how many inputs a kernel that was not lifted is run on,
// at most: each is one build and run of a test.
const unsafeDraws = 7

// unsafeWitness is the first of unsafeWitnesses, or nil.
func (sv *solveState) unsafeWitness(assume []*term.Term) *Counterexample {
	if ws := sv.unsafeWitnesses(assume, 1); len(ws) > 0 {
		return ws[0]
	}
	return nil
}
