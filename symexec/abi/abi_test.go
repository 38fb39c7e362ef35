package abi

import (
	"go/types"
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
