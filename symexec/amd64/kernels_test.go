package amd64

import (
	"context"
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"

	"vg.dev/decode"
	spec "vg.dev/spec/fe25519"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// TestKernels lifts the fe25519 kernels from a real build and evaluates the
// lifted outputs on random inputs against the spec (a concrete check, not
// a proof). It builds a test binary, so it is skipped in -short mode.
func TestKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	if os.Getenv("VG_NO_BUILD") != "" {
		t.Skip("VG_NO_BUILD set")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cfg := decode.Config{Arch: "amd64", Dir: "../.."}
	pkgs, err := decode.Load(ctx, cfg, "vg.dev/kernels/fe25519")
	if err != nil {
		t.Skipf("load: %v", err)
	}
	prog, err := decode.Build(ctx, cfg, pkgs, nil)
	if err != nil {
		t.Skipf("build: %v", err)
	}
	specs := map[string]func(out, a, b *spec.Element){
		"mulADX":     spec.Mul,
		"mulMULQ":    spec.Mul,
		"squareADX":  func(out, a, _ *spec.Element) { spec.Square(out, a) },
		"squareMULQ": func(out, a, _ *spec.Element) { spec.Square(out, a) },
		"carryAMD64": func(out, a, _ *spec.Element) { spec.Carry(out, a) },
	}
	for name, ref := range specs {
		t.Run(name, func(t *testing.T) {
			f, err := prog.Func("vg.dev/kernels/fe25519." + name)
			if err != nil {
				t.Fatal(err)
			}
			nargs := 3
			if name[0] != 'm' {
				nargs = 2
			}
			b := term.NewBuilder()
			m := mem.New(b)
			var regions []*mem.Region
			var args []Arg
			for i, rn := range []string{"out", "a", "b"}[:nargs] {
				r := m.Add(&mem.Region{Name: rn, Kind: mem.Input, Size: 40, Writable: true, Secret: i > 0})
				regions = append(regions, r)
				args = append(args, Arg{Offset: int64(8 * i), Value: r.Base})
			}
			start := time.Now()
			secret := func(v *term.Term) bool {
				return strings.HasPrefix(v.Name(), "a@") || strings.HasPrefix(v.Name(), "b@")
			}
			fr, err := f.Frame()
			if err != nil {
				t.Fatal(err)
			}
			paths, err := Run(Config{B: b, Mem: m, Prog: FromBinary(f.Bin), SPMax: fr.SPMax, Secret: secret}, f.Name, f.Insts, &abi.Frame{Size: int64(8 * nargs)}, args)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d instructions, %d steps, %d terms, %v", len(f.Insts), paths[0].Steps, b.Len(), time.Since(start))
			if len(paths) != 1 {
				t.Fatalf("%d paths", len(paths))
			}
			p := paths[0]
			outs := make([]*term.Term, 5)
			for i := range outs {
				if outs[i], err = p.Mem.Load(regions[0], int64(8*i), 8); err != nil {
					t.Fatal(err)
				}
			}
			rng := rand.New(rand.NewSource(6))
			for k := 0; k < 200; k++ {
				env := map[*term.Term]term.Value{}
				var in [2]spec.Element
				for j, r := range regions[1:] {
					limbs := []*uint64{&in[j].L0, &in[j].L1, &in[j].L2, &in[j].L3, &in[j].L4}
					for i, l := range limbs {
						*l = rng.Uint64() >> uint(rng.Intn(14))
						env[mem.InitWord(b, r, int64(8*i))] = term.U64(*l, 64)
					}
				}
				var want spec.Element
				ref(&want, &in[0], &in[1])
				ev := term.NewEvaluator(term.MapEnv(env))
				for i, w := range []uint64{want.L0, want.L1, want.L2, want.L3, want.L4} {
					v, err := ev.Eval(outs[i])
					if err != nil {
						t.Fatal(err)
					}
					if v.Uint64() != w {
						t.Fatalf("input %v %v: limb %d = %#x, spec %#x", in[0], in[1], i, v.Uint64(), w)
					}
				}
			}
			for _, e := range p.Events {
				if e.Kind == Branch || e.Kind == VarTime || (e.Secret && (e.Kind == Load || e.Kind == Store)) {
					t.Errorf("unexpected event %+v", e)
				}
			}
		})
	}
}
