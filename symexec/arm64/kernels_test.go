package arm64

import (
	"context"
	"errors"
	"math/bits"
	"math/rand"
	"os"
	"testing"
	"time"

	"vg.dev/decode"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// TestKernels builds testdata/kernels/arm64basic for arm64 (a cross build:
// no arm64 host needed), lifts its kernels from the binary (BL followed
// into the helper, ADRP resolved to the table's data symbol, padding words
// never executed) and evaluates the lifted outputs on random inputs
// against Go (a concrete check, not a proof). It is skipped in -short
// mode.
func TestKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	if os.Getenv("VG_NO_BUILD") != "" {
		t.Skip("VG_NO_BUILD set")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cfg := decode.Config{Arch: "arm64", Dir: "../.."}
	const pkg = "vg.dev/testdata/kernels/arm64basic"
	pkgs, err := decode.Load(ctx, cfg, pkg)
	if err != nil {
		t.Skipf("load: %v", err)
	}
	prog, err := decode.Build(ctx, cfg, pkgs, nil)
	if err != nil {
		t.Skipf("build: %v", err)
	}
	// Each kernel: its pointer regions (bytes), scalar arguments, result
	// words, and the Go function of the inputs.
	type kernel struct {
		regions []int64 // sizes of the pointee of the leading pointer arguments
		scalars int
		results int
		want    func(in [][]uint64, x []uint64) (mem [][]uint64, ret []uint64)
		err     error
	}
	kernels := map[string]kernel{
		"add128": {regions: []int64{16}, scalars: 2, want: func(_ [][]uint64, x []uint64) ([][]uint64, []uint64) {
			lo, c := bits.Add64(x[0], x[1], 0)
			return [][]uint64{{lo, c}}, nil
		}},
		"sub128Ptr": {regions: []int64{16, 16, 16}, want: func(in [][]uint64, _ []uint64) ([][]uint64, []uint64) {
			lo, b := bits.Sub64(in[1][0], in[2][0], 0)
			hi, _ := bits.Sub64(in[1][1], in[2][1], b)
			return [][]uint64{{lo, hi}, in[1], in[2]}, nil
		}},
		"sum8": {regions: []int64{64}, results: 1, want: func(in [][]uint64, _ []uint64) ([][]uint64, []uint64) {
			var s uint64
			for _, v := range in[0] {
				s += v
			}
			return in, []uint64{s}
		}},
		"mul128": {scalars: 2, results: 2, want: func(_ [][]uint64, x []uint64) ([][]uint64, []uint64) {
			hi, lo := bits.Mul64(x[0], x[1])
			return nil, []uint64{hi, lo}
		}},
		"twice":    {scalars: 1, results: 1, want: func(_ [][]uint64, x []uint64) ([][]uint64, []uint64) { return nil, []uint64{2*x[0] + 1} }},
		"tableMul": {scalars: 1, results: 1, want: func(_ [][]uint64, x []uint64) ([][]uint64, []uint64) { return nil, []uint64{2*x[0] + 4} }},
		"both": {scalars: 2, results: 1, want: func(_ [][]uint64, x []uint64) ([][]uint64, []uint64) {
			if x[0] != 0 && x[1] != 0 {
				return nil, []uint64{1}
			}
			return nil, []uint64{0}
		}},
		"leakSP":      {scalars: 2, results: 1, err: ErrUnbalancedStack},
		"clearPast":   {regions: []int64{32}, err: mem.ErrOutOfBounds},
		"spinForever": {scalars: 1, results: 1, err: machine.ErrNoReturn},
	}
	for name, k := range kernels {
		t.Run(name, func(t *testing.T) {
			f, err := prog.Func(pkg + "." + name)
			if err != nil {
				t.Fatal(err)
			}
			b := term.NewBuilder()
			m := mem.New(b)
			m.SetDataResolver(func(addr uint64) (*mem.Region, bool) {
				s, ok := f.Bin.SymbolAt(addr)
				if !ok || s.Size == 0 || s.Writable {
					return nil, false
				}
				return &mem.Region{Name: s.Name, Kind: mem.ReadOnly, Size: int64(s.Size), Addr: s.Addr, Data: s.Data}, true
			})
			var regions []*mem.Region
			var args []Arg
			var vars []*term.Term
			for i, size := range k.regions {
				r := m.Add(&mem.Region{Name: string(rune('p' + i)), Kind: mem.Input, Size: size, Writable: true})
				regions = append(regions, r)
				args = append(args, Arg{Offset: int64(8 * i), Value: r.Base})
			}
			for i := 0; i < k.scalars; i++ {
				v := b.Var(string(rune('a'+i)), 64)
				vars = append(vars, v)
				args = append(args, Arg{Offset: int64(8 * (len(k.regions) + i)), Value: v})
			}
			size := int64(8 * (len(k.regions) + k.scalars + k.results))
			fr, err := f.Frame()
			if err != nil {
				t.Fatal(err)
			}
			paths, err := Run(Config{B: b, Mem: m, Prog: FromBinary(f.Bin), SPMax: fr.SPMax}, f.Name, f.Insts, &abi.Frame{Size: size}, args)
			if k.err != nil {
				if !errors.Is(err, k.err) {
					t.Fatalf("got %v, want %v", err, k.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewSource(3))
			for n := 0; n < 100; n++ {
				env := map[*term.Term]term.Value{}
				in := make([][]uint64, len(regions))
				for i, r := range regions {
					for off := int64(0); off < r.Size; off += 8 {
						v := operand(rng)
						in[i] = append(in[i], v)
						env[mem.InitWord(b, r, off)] = term.U64(v, 64)
					}
				}
				x := make([]uint64, len(vars))
				for i, v := range vars {
					x[i] = operand(rng)
					env[v] = term.U64(x[i], 64)
				}
				wantMem, wantRet := k.want(in, x)
				held := 0
				for _, p := range paths {
					if eval(t, p.Cond, env) == 0 {
						continue
					}
					held++
					for i, r := range regions {
						for j, w := range wantMem[i] {
							got, err := p.Mem.Load(r, int64(8*j), 8)
							if err != nil {
								t.Fatal(err)
							}
							if g := eval(t, got, env); g != w {
								t.Fatalf("inputs %#x %#x: %s[%d] = %#x, want %#x", in, x, r.Name, j, g, w)
							}
						}
					}
					for j, w := range wantRet {
						off := int64(8 * (len(k.regions) + k.scalars + j))
						if g := eval(t, result(t, p, off), env); g != w {
							t.Fatalf("inputs %#x %#x: result %d = %#x, want %#x", in, x, j, g, w)
						}
					}
					if p.Regs["R28"] != b.Var("entry.R28", 64) || p.Regs["R29"] != b.Var("entry.R29", 64) {
						t.Errorf("R28, R29 = %v, %v", p.Regs["R28"], p.Regs["R29"])
					}
				}
				if held != 1 {
					t.Fatalf("%d paths hold", held)
				}
			}
		})
	}
	// clobberG leaves b in R28.
	f, err := prog.Func(pkg + ".clobberG")
	if err != nil {
		t.Fatal(err)
	}
	b := term.NewBuilder()
	y := b.Var("y", 64)
	paths, err := Run(Config{B: b, Mem: mem.New(b)}, f.Name, f.Insts, &abi.Frame{Size: 24}, []Arg{{Offset: 0, Value: b.Var("x", 64)}, {Offset: 8, Value: y}})
	if err != nil {
		t.Fatalf("clobberG: %v", err)
	}
	if paths[0].Regs["R28"] != y {
		t.Errorf("clobberG: R28 = %v", paths[0].Regs["R28"])
	}
}
