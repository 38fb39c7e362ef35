// Package abi computes the Go ABI0 argument frame of a function: where each
// parameter and result lives relative to the argument pointer FP, as the
// assembler's `name+off(FP)` references and go vet's asmdecl compute it.
//
// On amd64 argument offset off is at off+8(SP) at entry (after the return
// address); on arm64 it is at off+8(RSP) (the slot below holds the saved
// link register of the caller's frame). Layout follows go/types sizes for
// the architecture: each value aligned to its alignment, results starting at
// the next multiple of the pointer size, the total rounded to it.
//
// This file is part of the trusted base.
package abi

import (
	"fmt"
	"go/types"
)

// A Slot is one parameter or result in the argument frame.
type Slot struct {
	Name   string
	Type   types.Type
	Offset int64
	Size   int64
}

// Frame is the ABI0 argument frame of a signature.
type Frame struct {
	Params  []Slot
	Results []Slot
	Size    int64 // bytes of arguments and results
	Sizes   types.Sizes
	Arch    string
}

// SizesFor returns the gc sizes of arch ("amd64" or "arm64").
func SizesFor(arch string) (types.Sizes, error) {
	if arch != "amd64" && arch != "arm64" {
		return nil, fmt.Errorf("abi: architecture %q not supported (want amd64 or arm64)", arch)
	}
	return types.SizesFor("gc", arch), nil
}

// Layout computes the frame of sig on arch.
func Layout(sig *types.Signature, arch string) (*Frame, error) {
	sizes, err := SizesFor(arch)
	if err != nil {
		return nil, err
	}
	if sig.Variadic() {
		return nil, fmt.Errorf("abi: variadic functions are not supported")
	}
	if sig.Recv() != nil {
		return nil, fmt.Errorf("abi: methods are not supported")
	}
	ptr := sizes.Sizeof(types.Typ[types.Uintptr])
	f := &Frame{Sizes: sizes, Arch: arch}
	var off int64
	place := func(v *types.Var, i int, kind string) Slot {
		t := v.Type()
		a := sizes.Alignof(t)
		off = (off + a - 1) / a * a
		name := v.Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("%s%d", kind, i)
		}
		s := Slot{Name: name, Type: t, Offset: off, Size: sizes.Sizeof(t)}
		off += s.Size
		return s
	}
	for i := 0; i < sig.Params().Len(); i++ {
		f.Params = append(f.Params, place(sig.Params().At(i), i, "arg"))
	}
	off = (off + ptr - 1) / ptr * ptr
	for i := 0; i < sig.Results().Len(); i++ {
		// Unnamed results are ret, ret1, ret2, … as in go vet's asmdecl.
		s := place(sig.Results().At(i), i, "ret")
		if s.Name == "ret0" {
			s.Name = "ret"
		}
		f.Results = append(f.Results, s)
	}
	f.Size = (off + ptr - 1) / ptr * ptr
	return f, nil
}

// SameLayout reports why two frames differ, or nil when every slot has the
// same offset, size and underlying type (parameter names may differ).
func SameLayout(a, b *Frame) error {
	cmp := func(kind string, x, y []Slot) error {
		if len(x) != len(y) {
			return fmt.Errorf("%d %s vs %d", len(x), kind, len(y))
		}
		for i := range x {
			if x[i].Offset != y[i].Offset || x[i].Size != y[i].Size || !sameShape(x[i].Type, y[i].Type, 0) {
				return fmt.Errorf("%s %d: %s at %d vs %s at %d", kind, i, x[i].Type, x[i].Offset, y[i].Type, y[i].Offset)
			}
		}
		return nil
	}
	if err := cmp("parameters", a.Params, b.Params); err != nil {
		return err
	}
	return cmp("results", a.Results, b.Results)
}

// sameShape reports whether two types have the same memory shape: identical
// underlying types, looking through pointers, slices, arrays and struct
// fields, so *spec.Element and *kernel.Element match when the two Element
// types are identical structs.
func sameShape(x, y types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	x, y = x.Underlying(), y.Underlying()
	if types.Identical(x, y) {
		return true
	}
	switch x := x.(type) {
	case *types.Pointer:
		y, ok := y.(*types.Pointer)
		return ok && sameShape(x.Elem(), y.Elem(), depth+1)
	case *types.Slice:
		y, ok := y.(*types.Slice)
		return ok && sameShape(x.Elem(), y.Elem(), depth+1)
	case *types.Array:
		y, ok := y.(*types.Array)
		return ok && x.Len() == y.Len() && sameShape(x.Elem(), y.Elem(), depth+1)
	case *types.Struct:
		y, ok := y.(*types.Struct)
		if !ok || x.NumFields() != y.NumFields() {
			return false
		}
		for i := 0; i < x.NumFields(); i++ {
			if !sameShape(x.Field(i).Type(), y.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
