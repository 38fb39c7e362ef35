package prove

import (
	"fmt"
	"go/types"

	"vg.dev/symexec/abi"
	"vg.dev/symexec/gossa"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// leaks interprets the declassification function (//vg:leaks) on the
// initial inputs and returns its results as terms, each scalar of an
// aggregate result on its own: constant time is checked for two runs that
// agree on every one. A leak function that can panic under the
// preconditions declares nothing a caller could rely on, so it is an
// error; so is one whose results hold a pointer or slice (what a pointer
// reveals is not a value of the inputs).
func (s *session) leaks(sv *solveState, in *inputs, frame *abi.Frame, name string, assume []*term.Term) ([]*term.Term, error) {
	fn, err := s.specs.Func(name)
	if err != nil {
		return nil, err
	}
	sig := fn.Signature
	if sig.Results().Len() == 0 {
		return nil, fmt.Errorf("leak function %s has no results: it declares nothing", name)
	}
	if err := takesKernelParams(sig, frame); err != nil {
		return nil, fmt.Errorf("leak function %s does not take the kernel's parameters: %v", name, err)
	}
	out, err := gossa.Run(gossa.Config{B: in.b, Mem: in.mem.Clone(), Sizes: frame.Sizes, Stop: sv.ctx.Err}, fn, in.specArgs())
	if err != nil {
		return nil, fmt.Errorf("interpret leak function %s: %w", name, err)
	}
	// Read only: what it reveals is then a value of the initial inputs,
	// the same in a run with two pointers equal as in the run with them
	// apart (which the aliased runs reuse).
	for _, r := range out.Mem.Regions() {
		if r.Kind != mem.Local && len(out.Mem.Written(r)) > 0 {
			return nil, fmt.Errorf("leak function %s writes %s: it must only read its arguments", name, r.Name)
		}
	}
	// Pointers are equal only in a run that aliases them, so a leak that
	// compares them is not the same function of the bytes in every run.
	if len(out.Compared) > 0 {
		return nil, fmt.Errorf("leak function %s compares the pointers %s and %s: it must depend only on the values they point to", name, out.Compared[0][0].Name, out.Compared[0][1].Name)
	}
	for _, p := range out.Panics {
		ok, err := sv.feasible(append(append([]*term.Term(nil), assume...), p.Cond))
		if err != nil {
			return nil, fmt.Errorf("leak function %s: %w", name, err)
		}
		if ok {
			return nil, fmt.Errorf("leak function %s %s at %s on an input the preconditions allow", name, panicVerb(p), p.Pos)
		}
	}
	// The results' scalars, in order; a blank field (_) is no part of
	// the value (Go's == ignores it, and the compiler stores nothing
	// there), so it declares nothing.
	var terms []*term.Term
	var flatten func(v gossa.Value, t types.Type) error
	flatten = func(v gossa.Value, t types.Type) error {
		switch v := v.(type) {
		case gossa.Scalar:
			terms = append(terms, v.T)
		case gossa.Aggregate:
			switch t := t.Underlying().(type) {
			case *types.Struct:
				if t.NumFields() != len(v) {
					return fmt.Errorf("leak function %s: a result of %d fields holds %d values", name, t.NumFields(), len(v))
				}
				for i, e := range v {
					if t.Field(i).Name() == "_" {
						continue
					}
					if err := flatten(e, t.Field(i).Type()); err != nil {
						return err
					}
				}
			case *types.Array:
				for _, e := range v {
					if err := flatten(e, t.Elem()); err != nil {
						return err
					}
				}
			default:
				return fmt.Errorf("leak function %s: a result of type %s holds an aggregate", name, t)
			}
		default:
			what := "pointer, slice, string or interface"
			if _, ok := v.(gossa.Pointer); ok {
				what = "pointer"
			}
			return fmt.Errorf("leak function %s: a result holds a %s; only integers, booleans and arrays or structs of them can be declared leaked", name, what)
		}
		return nil
	}
	if out.Results == nil {
		return nil, fmt.Errorf("leak function %s returns on no path", name)
	}
	for i, v := range out.Results {
		if err := flatten(v, sig.Results().At(i).Type()); err != nil {
			return nil, err
		}
	}
	return terms, nil
}
