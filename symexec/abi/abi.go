// Package abi computes the Go ABI0 argument frame of a function: where each
// parameter and result lives relative to the argument pointer FP, as the
// assembler's `name+off(FP)` references and go vet's asmdecl compute it;
// and, for an ABIInternal function on amd64, which of those words it takes
// and returns in registers (InternalRegs).
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

// RegSlot is a word of an argument frame that ABIInternal passes in a
// register: Size bytes at Offset of the ABI0 frame.
type RegSlot struct {
	Reg    string
	Offset int64
	Size   int64
}

// intRegs are ABIInternal's integer argument and result registers, in
// order (the Go internal ABI specification): on amd64 nine, on arm64 R0
// to R15.
var intRegs = map[string][]string{
	"amd64": {"AX", "BX", "CX", "DI", "SI", "R8", "R9", "R10", "R11"},
	"arm64": {"R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"},
}

// InternalRegs assigns the parameters and results of f to ABIInternal's
// integer registers: each integer, bool or pointer one register, a string
// two (pointer, length), a slice three (pointer, length, capacity), in
// order from the first register (AX, R0) for the parameters and again
// for the results. Everything else (floats, arrays, structs, more
// registers' worth than there are, which would go on the stack) is
// refused.
func InternalRegs(f *Frame) (args, results []RegSlot, err error) {
	regs, ok := intRegs[f.Arch]
	if !ok {
		return nil, nil, fmt.Errorf("abi: ABIInternal frames of %q are not modelled", f.Arch)
	}
	assign := func(slots []Slot) ([]RegSlot, error) {
		var out []RegSlot
		next := 0
		take := func(s Slot, off, size int64) error {
			if next == len(regs) {
				return fmt.Errorf("abi: %s: more than %d integer registers (the rest go on the stack, not modelled)", s.Name, len(regs))
			}
			out = append(out, RegSlot{Reg: regs[next], Offset: s.Offset + off, Size: size})
			next++
			return nil
		}
		for _, s := range slots {
			switch u := s.Type.Underlying().(type) {
			case *types.Basic:
				switch {
				case u.Info()&types.IsString != 0:
					if err := take(s, 0, 8); err != nil {
						return nil, err
					}
					if err := take(s, 8, 8); err != nil {
						return nil, err
					}
				case u.Info()&(types.IsInteger|types.IsBoolean) != 0 || u.Kind() == types.UnsafePointer:
					if err := take(s, 0, s.Size); err != nil {
						return nil, err
					}
				default:
					return nil, fmt.Errorf("abi: %s has type %s: only integers, bools, pointers, strings and slices are modelled in ABIInternal registers", s.Name, s.Type)
				}
			case *types.Pointer:
				if err := take(s, 0, 8); err != nil {
					return nil, err
				}
			case *types.Slice:
				for w := int64(0); w < 24; w += 8 {
					if err := take(s, w, 8); err != nil {
						return nil, err
					}
				}
			default:
				return nil, fmt.Errorf("abi: %s has type %s: only integers, bools, pointers, strings and slices are modelled in ABIInternal registers", s.Name, s.Type)
			}
		}
		return out, nil
	}
	if args, err = assign(f.Params); err != nil {
		return nil, nil, err
	}
	if results, err = assign(f.Results); err != nil {
		return nil, nil, err
	}
	return args, results, nil
}
