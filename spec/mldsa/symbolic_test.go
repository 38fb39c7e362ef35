package mldsa

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"vg.dev/symexec/gossa"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// The spec must be interpretable by the prover's symbolic interpreter: each
// kernel-facing function is run on symbolic inputs (an Input region per
// *Poly, a variable per int32), and the resulting terms are evaluated on
// random inputs and compared with the native call.

const pkgPath = "vg.dev/spec/mldsa."

// symCases are the functions interpreted: their parameters are *Poly or
// int32, their result (if any) uint32 or bool. gen makes a random input in
// the function's documented range; call runs it natively.
var symCases = []struct {
	name string
	gen  func(rng *rand.Rand) ([]*Poly, []int32)
	call func(p []*Poly, s []int32) uint32
}{
	{"NTT", polys(randCentred), func(p []*Poly, _ []int32) uint32 { NTT(p[0]); return 0 }},
	{"InvNTT", polys(randCentred), func(p []*Poly, _ []int32) uint32 { InvNTT(p[0]); return 0 }},
	{"Decompose88", polys(randAny, randAny, randZq), func(p []*Poly, _ []int32) uint32 { Decompose88(p[0], p[1], p[2]); return 0 }},
	{"Decompose32", polys(randAny, randAny, randZq), func(p []*Poly, _ []int32) uint32 { Decompose32(p[0], p[1], p[2]); return 0 }},
	{"Power2Round", polys(randAny, randAny, randZq), func(p []*Poly, _ []int32) uint32 { Power2Round(p[0], p[1], p[2]); return 0 }},
	{"HighBits88", polys(randAny, randZq), func(p []*Poly, _ []int32) uint32 { HighBits88(p[0], p[1]); return 0 }},
	{"LowBits32", polys(randAny, randZq), func(p []*Poly, _ []int32) uint32 { LowBits32(p[0], p[1]); return 0 }},
	{"MakeHint88", polys(randAny, randZq, randZq), func(p []*Poly, _ []int32) uint32 { return MakeHint88(p[0], p[1], p[2]) }},
	{"UseHint32", polys(randAny, randBit, randZq), func(p []*Poly, _ []int32) uint32 { UseHint32(p[0], p[1], p[2]); return 0 }},
	{"PointwiseMontgomery", polys(randAny, randCentred9, randCentred9), func(p []*Poly, _ []int32) uint32 { PointwiseMontgomery(p[0], p[1], p[2]); return 0 }},
	{"PointwiseAccMontgomery", polys(randCentred, randCentred9, randCentred9), func(p []*Poly, _ []int32) uint32 { PointwiseAccMontgomery(p[0], p[1], p[2]); return 0 }},
	{"Add", polys(randAny, randAny, randAny), func(p []*Poly, _ []int32) uint32 { Add(p[0], p[1], p[2]); return 0 }},
	{"Sub", polys(randAny, randAny, randAny), func(p []*Poly, _ []int32) uint32 { Sub(p[0], p[1], p[2]); return 0 }},
	{"Reduce", polys(randAny), func(p []*Poly, _ []int32) uint32 { Reduce(p[0]); return 0 }},
	{"Freeze", polys(randAny), func(p []*Poly, _ []int32) uint32 { Freeze(p[0]); return 0 }},
	{"NormExceeds", normInput, func(p []*Poly, s []int32) uint32 { return NormExceeds(p[0], s[0]) }},
	{"DecomposeRequires", polys(randAny, randAny, randZqOrNot), func(p []*Poly, _ []int32) uint32 { return b2u(DecomposeRequires(p[0], p[1], p[2])) }},
	{"PointwiseAccRequires", polys(randAny, randCentred9, randCentred9), func(p []*Poly, _ []int32) uint32 { return b2u(PointwiseAccRequires(p[0], p[1], p[2])) }},
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func randAny(rng *rand.Rand) *Poly      { return randPoly(rng, -1<<31, 1<<31-1) }
func randZq(rng *rand.Rand) *Poly       { return randPoly(rng, 0, Q-1) }
func randCentred(rng *rand.Rand) *Poly  { return randPoly(rng, -(Q - 1), Q-1) }
func randCentred9(rng *rand.Rand) *Poly { return randPoly(rng, -(9*Q - 1), 9*Q-1) }
func randBit(rng *rand.Rand) *Poly      { return randPoly(rng, 0, 1) }
func randZqOrNot(rng *rand.Rand) *Poly {
	p := randZq(rng)
	if rng.IntN(2) == 0 {
		p[rng.IntN(N)] = []int32{-1, Q, -1 << 31}[rng.IntN(3)]
	}
	return p
}

func polys(gens ...func(*rand.Rand) *Poly) func(*rand.Rand) ([]*Poly, []int32) {
	return func(rng *rand.Rand) ([]*Poly, []int32) {
		var ps []*Poly
		for _, g := range gens {
			ps = append(ps, g(rng))
		}
		return ps, nil
	}
}

func normInput(rng *rand.Rand) ([]*Poly, []int32) {
	bound := int32(rng.IntN(1 << 19))
	p := randPoly(rng, -bound, bound)
	if rng.IntN(2) == 0 {
		p[rng.IntN(N)] = bound // sometimes exceeds
	}
	return []*Poly{p}, []int32{bound}
}

// loadSpec loads the named cases (all when names is empty) for arch.
func loadSpec(t *testing.T, arch string, names ...string) *gossa.Program {
	t.Helper()
	if len(names) == 0 {
		for _, c := range symCases {
			names = append(names, c.name)
		}
	}
	var qualified []string
	for _, n := range names {
		qualified = append(qualified, pkgPath+n)
	}
	start := time.Now()
	prog, err := gossa.Load(context.Background(), arch, "../..", qualified...)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("gossa.Load %s: %v", arch, time.Since(start))
	return prog
}

// TestSymbolic interprets each case on symbolic inputs and compares the
// evaluated terms with native calls on random inputs.
func TestSymbolic(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and interprets the spec")
	}
	prog := loadSpec(t, "amd64")
	for k := range symCases {
		checkSymbolic(t, prog, k)
	}
}

// TestSymbolicArm64 does the same for NTT and Decompose88 loaded for arm64,
// the other architecture kernels will be proved on.
func TestSymbolicArm64(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and interprets the spec")
	}
	prog := loadSpec(t, "arm64", "NTT", "Decompose88")
	for k, c := range symCases {
		if c.name == "NTT" || c.name == "Decompose88" {
			checkSymbolic(t, prog, k)
		}
	}
}

// checkSymbolic runs case k symbolically and compares with native calls.
func checkSymbolic(t *testing.T, prog *gossa.Program, k int) {
	c := symCases[k]
	t.Run(c.name, func(t *testing.T) {
		fn, err := prog.Func(pkgPath + c.name)
		if err != nil {
			t.Fatal(err)
		}
		b := term.NewBuilder()
		m := mem.New(b)
		var regions []*mem.Region
		var scalars []*term.Term
		var args []gossa.Value
		for i, prm := range fn.Params {
			name := fmt.Sprintf("%s%d", prm.Name(), i)
			if strings.HasSuffix(prm.Type().String(), "Poly") {
				r := m.Add(&mem.Region{Name: name, Kind: mem.Input, Size: 4 * N, Writable: true})
				regions = append(regions, r)
				args = append(args, gossa.Pointer{Region: r, Off: b.Zero(64)})
			} else {
				v := b.Var(name, 32)
				scalars = append(scalars, v)
				args = append(args, gossa.Scalar{T: v})
			}
		}
		start := time.Now()
		out, err := gossa.Run(gossa.Config{B: b, Mem: m, Sizes: prog.Sizes}, fn, args)
		elapsed := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("interpreted in %v, %d terms", elapsed, b.Len())
		rng := newRand(uint64(100 + k))
		for trial := range 2 {
			ps, ss := c.gen(rng)
			env := map[*term.Term]term.Value{}
			for i, r := range regions {
				env[r.Base] = term.U64(uint64(i+1)<<32, 64)
				for off := int64(0); off < r.Size; off += 8 {
					w := uint64(uint32(ps[i][off/4])) | uint64(uint32(ps[i][off/4+1]))<<32
					env[mem.InitWord(b, r, off)] = term.U64(w, 64)
				}
			}
			for i, v := range scalars {
				env[v] = term.U64(uint64(uint32(ss[i])), 32)
			}
			ev := term.NewEvaluator(term.MapEnv(env))
			for _, p := range out.Panics {
				if v, err := ev.Eval(p.Cond); err != nil || v.Uint64() != 0 {
					t.Fatalf("trial %d: panic %q at %s (%v)", trial, p.What, p.Pos, err)
				}
			}
			// Native call on copies.
			native := make([]*Poly, len(ps))
			for i, p := range ps {
				cp := *p
				native[i] = &cp
			}
			res := c.call(native, ss)
			if len(out.Results) == 1 {
				sc, ok := out.Results[0].(gossa.Scalar)
				if !ok {
					t.Fatalf("result %T", out.Results[0])
				}
				v, err := ev.Eval(sc.T)
				if err != nil {
					t.Fatal(err)
				}
				if uint32(v.Uint64()) != res {
					t.Fatalf("trial %d: result symbolic %d, native %d", trial, v.Uint64(), res)
				}
			}
			for i, r := range regions {
				for j := range N {
					x, err := out.Mem.Load(r, int64(4*j), 4)
					if err != nil {
						t.Fatal(err)
					}
					v, err := ev.Eval(x)
					if err != nil {
						t.Fatal(err)
					}
					if int32(uint32(v.Uint64())) != native[i][j] {
						t.Fatalf("trial %d: %s[%d] symbolic %d, native %d", trial, r.Name, j, int32(uint32(v.Uint64())), native[i][j])
					}
				}
			}
		}
	})
}
