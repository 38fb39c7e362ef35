package abi

import (
	"fmt"
	"go/types"
	"strings"
	"testing"
)

func TestLayout(t *testing.T) {
	u8, u32, u64 := types.Typ[types.Uint8], types.Typ[types.Uint32], types.Typ[types.Uint64]
	ptr := types.NewPointer(types.NewArray(u64, 5))
	slice := types.NewSlice(types.Typ[types.Int32])
	v := func(name string, t types.Type) *types.Var { return types.NewParam(0, nil, name, t) }
	tests := []struct {
		name    string
		params  []*types.Var
		results []*types.Var
		arch    string
		want    []Slot // params then results: name, offset, size
		size    int64
	}{
		{"pointers", []*types.Var{v("out", ptr), v("a", ptr), v("b", ptr)}, nil, "amd64",
			[]Slot{{Name: "out", Offset: 0, Size: 8}, {Name: "a", Offset: 8, Size: 8}, {Name: "b", Offset: 16, Size: 8}}, 24},
		{"alignment and unnamed result", []*types.Var{v("x", u8), v("y", u32), v("z", u8)}, []*types.Var{v("", u64)}, "arm64",
			[]Slot{{Name: "x", Offset: 0, Size: 1}, {Name: "y", Offset: 4, Size: 4}, {Name: "z", Offset: 8, Size: 1}, {Name: "ret", Offset: 16, Size: 8}}, 24},
		{"slice and two results", []*types.Var{v("p", slice), v("n", u32)}, []*types.Var{v("", u32), v("", u8)}, "amd64",
			[]Slot{{Name: "p", Offset: 0, Size: 24}, {Name: "n", Offset: 24, Size: 4}, {Name: "ret", Offset: 32, Size: 4}, {Name: "ret1", Offset: 36, Size: 1}}, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(tt.params...), types.NewTuple(tt.results...), false)
			f, err := Layout(sig, tt.arch)
			if err != nil {
				t.Fatal(err)
			}
			got := append(append([]Slot(nil), f.Params...), f.Results...)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d slots, want %d", len(got), len(tt.want))
			}
			for i, w := range tt.want {
				if got[i].Name != w.Name || got[i].Offset != w.Offset || got[i].Size != w.Size {
					t.Errorf("slot %d = %s+%d size %d, want %s+%d size %d", i, got[i].Name, got[i].Offset, got[i].Size, w.Name, w.Offset, w.Size)
				}
			}
			if f.Size != tt.size {
				t.Errorf("size %d, want %d", f.Size, tt.size)
			}
		})
	}
	if _, err := Layout(types.NewSignatureType(nil, nil, nil, nil, nil, false), "mips"); err == nil {
		t.Error("unknown arch accepted")
	}
}

func TestSameLayout(t *testing.T) {
	u64 := types.Typ[types.Uint64]
	mk := func(ts ...types.Type) *Frame {
		var vs []*types.Var
		for _, t := range ts {
			vs = append(vs, types.NewParam(0, nil, "p", t))
		}
		f, _ := Layout(types.NewSignatureType(nil, nil, nil, types.NewTuple(vs...), nil, false), "amd64")
		return f
	}
	pkgA, pkgB := types.NewPackage("a", "a"), types.NewPackage("b", "b")
	st := types.NewStruct([]*types.Var{types.NewField(0, nil, "L0", u64, false)}, nil)
	elemA := types.NewNamed(types.NewTypeName(0, pkgA, "Element", nil), st, nil)
	elemB := types.NewNamed(types.NewTypeName(0, pkgB, "Element", nil), st, nil)
	if err := SameLayout(mk(types.NewPointer(elemA)), mk(types.NewPointer(elemB))); err != nil {
		t.Errorf("identical structs in two packages: %v", err)
	}
	if err := SameLayout(mk(u64, u64), mk(u64)); err == nil {
		t.Error("different parameter counts accepted")
	}
	if err := SameLayout(mk(types.NewPointer(u64)), mk(types.NewPointer(types.Typ[types.Uint32]))); err == nil {
		t.Error("different pointees accepted")
	}
}

// TestInternalRegs: ABIInternal's integer registers, in order, for
// parameters and again for results; what it puts on the stack or in
// floating-point registers is refused.
func TestInternalRegs(t *testing.T) {
	u8, u32, u64 := types.Typ[types.Uint8], types.Typ[types.Uint32], types.Typ[types.Uint64]
	v := func(name string, t types.Type) *types.Var { return types.NewParam(0, nil, name, t) }
	bytes := types.NewSlice(u8)
	str := types.Typ[types.String]
	tests := []struct {
		name            string
		params, results []*types.Var
		args, res       string // Reg@Offset:Size, space-separated
		err             string
	}{
		{"chacha8rand.block", []*types.Var{v("seed", types.NewPointer(types.NewArray(u64, 4))), v("blocks", types.NewPointer(types.NewArray(u64, 32))), v("counter", u32)}, nil,
			"AX@0:8 BX@8:8 CX@16:4", "", ""},
		{"bytealg.Compare", []*types.Var{v("a", bytes), v("b", bytes)}, []*types.Var{v("", types.Typ[types.Int])},
			"AX@0:8 BX@8:8 CX@16:8 DI@24:8 SI@32:8 R8@40:8", "AX@48:8", ""},
		{"string and byte", []*types.Var{v("s", str), v("c", u8)}, []*types.Var{v("", u64), v("", types.Typ[types.Bool])},
			"AX@0:8 BX@8:8 CX@16:1", "AX@24:8 BX@32:1", ""},
		{"ten words", []*types.Var{v("a", bytes), v("b", bytes), v("c", bytes), v("d", u64)}, nil, "", "", "more than 9 integer registers"},
		{"float", []*types.Var{v("x", types.Typ[types.Float64])}, nil, "", "", "only integers"},
		{"array", []*types.Var{v("x", types.NewArray(u8, 2))}, nil, "", "", "only integers"},
	}
	show := func(rs []RegSlot) string {
		var out []string
		for _, r := range rs {
			out = append(out, fmt.Sprintf("%s@%d:%d", r.Reg, r.Offset, r.Size))
		}
		return strings.Join(out, " ")
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(tt.params...), types.NewTuple(tt.results...), false)
			f, err := Layout(sig, "amd64")
			if err != nil {
				t.Fatal(err)
			}
			args, res, err := InternalRegs(f)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if show(args) != tt.args || show(res) != tt.res {
				t.Errorf("args %q results %q, want %q %q", show(args), show(res), tt.args, tt.res)
			}
		})
	}
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(v("s", str), v("c", u8)), types.NewTuple(v("", u64)), false)
	f, err := Layout(sig, "arm64")
	if err != nil {
		t.Fatal(err)
	}
	if args, res, err := InternalRegs(f); err != nil || show(args) != "R0@0:8 R1@8:8 R2@16:1" || show(res) != "R0@24:8" {
		t.Errorf("arm64: args %q results %q, %v", show(args), show(res), err)
	}
	if _, _, err := InternalRegs(&Frame{Arch: "riscv64"}); err == nil {
		t.Error("riscv64: no error")
	}
}
