package prove

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"vg.dev/obligation"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/machine"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// param is one parameter of the obligation, as both sides see it.
type param struct {
	kind   paramKind
	slot   abi.Slot
	region *mem.Region // pointee or slice array; nil for scalars
	scalar *term.Term  // scalar value (bool: width 1)
	length int         // slice length; a pointer's elements (1 unless listed)
	cap    *term.Term  // slice capacity: its own (public) value, ≥ length
	elem   types.Type  // pointee or slice element type
	// alias is the index of the parameter whose region this one shares
	// (its own index when it has its own).
	alias int
	// secret is what the directives say of the parameter itself (an
	// aliased region is secret if any of its parameters is).
	secret bool
}

type paramKind int

const (
	scalarParam paramKind = iota
	pointerParam
	sliceParam
	stringParam
)

// inputs are the symbolic inputs shared by kernel and spec.
type inputs struct {
	b      *term.Builder
	mem    *mem.Memory // initial memory: the parameters' regions
	params []*param
	secret map[*term.Term]bool // input variables that are secret
	// assume are facts every Go caller guarantees of the inputs (a
	// slice's capacity is at least its length), assumed by every check.
	assume []*term.Term
	alias  aliasing
	// leftover reports a variable that holds what the caller left (a
	// register ABI0 leaves undefined, uninitialised stack): secret.
	leftover func(*term.Term) bool
	// publicGlobals are the package-level variables declared public
	// (qualified names); every other writable global is secret.
	publicGlobals map[string]bool
	// globals are the writable data regions the kernel read, by name,
	// and whether each is secret.
	globals map[string]bool
	// declared are the globals of globals read as their declared
	// contents (dataResolver), by name.
	declared map[string]bool
}

// maxSliceBytes bounds a slice's capacity in bytes: the Go runtime never
// allocates more than 2⁴⁸ bytes (runtime.maxAlloc on 64-bit Linux).
const maxSliceBytes = 1 << 48

// makeInputs creates a region for each pointer and slice parameter and a
// variable for each scalar; parameters that alias share a region.
func makeInputs(b *term.Builder, o *obligation.Obligation, frame *abi.Frame, alias aliasing, isPkgVar func(pkg, name string) bool) (*inputs, error) {
	in := &inputs{b: b, mem: mem.New(b), secret: map[*term.Term]bool{}, alias: alias}
	if alias == nil {
		alias = distinct(len(frame.Params))
		in.alias = alias
	}
	// An aliased region is secret if any of its names is, and as aligned
	// as the most aligned of them promises.
	groupSecret, groupAlign := map[int]bool{}, map[int]int64{}
	for i, s := range frame.Params {
		groupSecret[alias[i]] = groupSecret[alias[i]] || o.IsSecret(s.Name)
		groupAlign[alias[i]] = max(groupAlign[alias[i]], int64(o.Align[s.Name]))
	}
	for i, s := range frame.Params {
		secret := o.IsSecret(s.Name)
		p := &param{slot: s, alias: alias[i], secret: secret}
		if _, isSlice := s.Type.Underlying().(*types.Slice); !isSlice && o.Tail[s.Name] != 0 {
			return nil, fmt.Errorf("//vg:tail names %s, which is not a slice", s.Name)
		}
		if _, isPtr := s.Type.Underlying().(*types.Pointer); !isPtr && o.Align[s.Name] != 0 {
			if _, isSlice := s.Type.Underlying().(*types.Slice); !isSlice {
				return nil, fmt.Errorf("//vg:align names %s, which is not a pointer or slice", s.Name)
			}
		}
		region := func(size int64, elem types.Type) *mem.Region {
			if p.alias != i {
				return in.params[p.alias].region
			}
			align := max(frame.Sizes.Alignof(elem), groupAlign[i])
			// A string's bytes are immutable: a store through it is a
			// frame violation.
			writable := !isString(s.Type)
			return in.mem.Add(&mem.Region{Name: s.Name, Kind: mem.Input, Size: size, Writable: writable, Secret: groupSecret[i], Align: align})
		}
		switch t := s.Type.Underlying().(type) {
		case *types.Pointer:
			size := frame.Sizes.Sizeof(t.Elem())
			if size == 0 {
				return nil, fmt.Errorf("parameter %s points to a zero-size type", s.Name)
			}
			if err := plainData(t.Elem()); err != nil {
				return nil, fmt.Errorf("parameter %s: %v", s.Name, err)
			}
			// A pointer with a length points to the first of that many
			// elements (the caller's contract); the region ends there.
			n := pointerLen(o, s.Name)
			if n == 0 {
				return nil, fmt.Errorf("pointer parameter %s: a length of 0 leaves it nothing to point to (want 1 or more)", s.Name)
			}
			if size*int64(n) > maxSliceBytes {
				return nil, fmt.Errorf("pointer parameter %s: %d elements are more than Go allocates", s.Name, n)
			}
			p.kind, p.elem, p.length = pointerParam, t.Elem(), n
			p.region = region(size*int64(n), t.Elem())
			// It points to bytes: it is not nil (Go places nothing at
			// address 0), so a kernel's test for nil is false.
			in.assume = append(in.assume, b.Ne(p.region.Base, b.Zero(64)))
		case *types.Slice:
			n, ok := o.Sizes[s.Name]
			if !ok {
				return nil, fmt.Errorf("slice parameter %s needs a length: add //vg:sizes %s=N (or -sizes %s=N)", s.Name, s.Name, s.Name)
			}
			if err := plainData(t.Elem()); err != nil {
				return nil, fmt.Errorf("parameter %s: %v", s.Name, err)
			}
			p.kind, p.elem, p.length = sliceParam, t.Elem(), n
			esize := frame.Sizes.Sizeof(t.Elem())
			// A declared tail: the bytes past the length that the
			// caller leaves readable are the region's last bytes,
			// loadable, not storable (mem.Region.Tail); the capacity
			// covers them.
			tail := int64(o.Tail[s.Name])
			if tail > 0 && (esize == 0 || tail%esize != 0) {
				return nil, fmt.Errorf("//vg:tail %s=%d: not a whole number of %d-byte elements", s.Name, tail, esize)
			}
			shared := 0
			for _, a := range alias {
				if a == alias[i] {
					shared++
				}
			}
			if tail > 0 && shared > 1 {
				return nil, fmt.Errorf("//vg:tail on %s, which is the same slice as another parameter in this run: not modelled", s.Name)
			}
			// An empty slice's region has no bytes: its base is still
			// an address (a variable), but no access through it is the
			// slice's (it had one byte once, and a read of it passed).
			p.region = region(int64(n)*esize+tail, t.Elem())
			p.region.Tail = tail
			if n > 0 && esize > 0 {
				in.assume = append(in.assume, b.Ne(p.region.Base, b.Zero(64)))
			}
			// The capacity is its own value: the bytes past the length
			// are not the slice's (the region ends at the length).
			p.cap = b.Var(s.Name+".cap", 64)
			in.secret[p.cap] = false
			limit := uint64(maxSliceBytes)
			if esize > 0 {
				limit /= uint64(esize)
			}
			in.assume = append(in.assume, b.Ule(b.Uint(uint64(n)+uint64(tail/max(esize, 1)), 64), p.cap), b.Ule(p.cap, b.Uint(limit, 64)))
		case *types.Basic:
			if isString(t) {
				n, ok := o.Sizes[s.Name]
				if !ok {
					return nil, fmt.Errorf("string parameter %s needs a length: add //vg:sizes %s=N (or -sizes %s=N)", s.Name, s.Name, s.Name)
				}
				p.kind, p.elem, p.length = stringParam, types.Typ[types.Byte], n
				p.region = region(int64(n), p.elem)
				break
			}
			w := int(8 * s.Size)
			switch {
			case t.Info()&types.IsBoolean != 0:
				w = 1
			case t.Info()&types.IsInteger == 0:
				return nil, fmt.Errorf("parameter %s has type %s: only integers, bools, pointers, slices and strings are supported", s.Name, s.Type)
			}
			if n, pinned := o.Sizes[s.Name]; pinned {
				// A length passed as an integer: pinned to the listed
				// value, public as a slice's length is.
				if w == 1 || (slices.Contains(o.Secret, s.Name)) {
					return nil, fmt.Errorf("//vg:sizes pins %s, which is a bool or declared secret: only a public integer (a length) can be pinned", s.Name)
				}
				if w < 64 && uint64(n) >= 1<<(w-1) {
					return nil, fmt.Errorf("//vg:sizes pins %s to %d, which its %d bits do not hold", s.Name, n, w)
				}
				p.scalar = b.Uint(uint64(n), w)
				break
			}
			p.scalar = b.Var(s.Name, w)
			in.secret[p.scalar] = secret
		default:
			return nil, fmt.Errorf("parameter %s has type %s: only integers, bools, pointers, slices and strings are supported", s.Name, s.Type)
		}
		in.params = append(in.params, p)
	}
	in.publicGlobals, in.globals, in.declared = map[string]bool{}, map[string]bool{}, map[string]bool{}
	kpkg, _, _ := obligation.SplitName(o.Kernel)
	for _, name := range append(append([]string(nil), o.Secret...), o.Public...) {
		if hasParam(frame, name) {
			continue
		}
		q, ok := globalName(name, kpkg, isPkgVar)
		if !ok {
			return nil, fmt.Errorf("//vg:secret or //vg:public names %s, which is neither a parameter nor a package-level variable of %s", name, kpkg)
		}
		if slices.Contains(o.Public, name) {
			in.publicGlobals[q] = true
		}
	}
	for name := range o.Sizes {
		if !hasParam(frame, name) {
			return nil, fmt.Errorf("//vg:sizes names %s, which is not a parameter", name)
		}
	}
	for name := range o.Align {
		if !hasParam(frame, name) {
			return nil, fmt.Errorf("//vg:align names %s, which is not a parameter", name)
		}
	}
	for _, g := range o.NoAlias {
		for _, name := range g {
			if name != "*" && !hasParam(frame, name) {
				return nil, fmt.Errorf("//vg:noalias names %s, which is not a parameter", name)
			}
		}
	}
	return in, nil
}

// pointerLen is the number of elements a pointer parameter points to: its
// listed length, 1 when it has none.
func pointerLen(o *obligation.Obligation, name string) int {
	if n, ok := o.Sizes[name]; ok {
		return n
	}
	return 1
}

// globalName qualifies the name of a package-level variable that a
// directive names: importpath.Name as is, Name in the kernel's package
// when that package declares it.
func globalName(name, kpkg string, isPkgVar func(pkg, name string) bool) (string, bool) {
	if pkg, n, ok := obligation.SplitName(name); ok {
		return name, isPkgVar == nil || isPkgVar(pkg, n)
	}
	return kpkg + "." + name, isPkgVar != nil && isPkgVar(kpkg, name)
}

// isString reports whether t is a string type.
func isString(t types.Type) bool {
	u, ok := t.Underlying().(*types.Basic)
	return ok && u.Info()&types.IsString != 0
}

func hasParam(f *abi.Frame, name string) bool {
	for _, s := range f.Params {
		if s.Name == name {
			return true
		}
	}
	return false
}

// plainData rejects pointee types that hold pointers: their targets would
// need regions of their own.
func plainData(t types.Type) error {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&(types.IsInteger|types.IsBoolean) == 0 {
			return fmt.Errorf("type %s is not plain integer data", t)
		}
	case *types.Array:
		return plainData(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if err := plainData(u.Field(i).Type()); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("type %s is not plain integer data", t)
	}
	return nil
}

// isSecretVar reports whether an input variable is secret: scalars by their
// parameter, region words by their region, and whatever the caller left
// (registers ABI0 leaves undefined at entry, uninitialised stack: the ABI
// wrapper leaves the arguments in registers); bases, capacities, the
// return address, the registers ABI0 defines and globals are public.
func (in *inputs) isSecretVar(v *term.Term) bool {
	if s, ok := in.secret[v]; ok {
		return s
	}
	if in.leftover != nil && in.leftover(v) {
		return true
	}
	name := v.Name()
	if strings.HasPrefix(name, machine.PageJunkPrefix) {
		return true // another object's bytes, read past an argument
	}
	if at := strings.LastIndexByte(name, '@'); at > 0 {
		if secret, ok := in.globals[name[:at]]; ok {
			return secret
		}
	}
	for _, p := range in.params {
		if p.region != nil && p.region.Secret && hasRegionPrefix(name, p.region.Name) {
			return true
		}
	}
	return false
}

func hasRegionPrefix(name, region string) bool {
	return len(name) > len(region) && name[:len(region)] == region && name[len(region)] == '@'
}

// kernelArgs is the contents of the kernel's argument slots.
func (in *inputs) kernelArgs() []argSlot {
	b := in.b
	var out []argSlot
	for _, p := range in.params {
		switch p.kind {
		case pointerParam:
			out = append(out, argSlot{p.slot.Offset, p.region.Base})
		case sliceParam:
			n := b.Uint(uint64(p.length), 64)
			out = append(out, argSlot{p.slot.Offset, p.region.Base}, argSlot{p.slot.Offset + 8, n}, argSlot{p.slot.Offset + 16, p.cap})
		case stringParam:
			out = append(out, argSlot{p.slot.Offset, p.region.Base}, argSlot{p.slot.Offset + 8, b.Uint(uint64(p.length), 64)})
		default:
			v := p.scalar
			if v.Width() == 1 {
				v = b.ZeroExt(v, 8)
			}
			out = append(out, argSlot{p.slot.Offset, v})
		}
	}
	return out
}

// argSlot is a value at an FP offset.
type argSlot struct {
	off int64
	val *term.Term
}
