package prove

import (
	"fmt"
	"go/types"
	"strings"

	"vg.dev/obligation"
	"vg.dev/symexec/abi"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// Aliasing. A Go caller may pass the same pointer (or slice) for two
// parameters of one type: crypto APIs allow v.Multiply(v, v). So the safe
// default is that pointer and slice parameters whose pointee (element)
// types have one underlying type, and slices (pointers) of the same
// length (number of elements pointed to), may be equal, and an
// obligation is proved for every way of making them so: each partition of
// such parameters into groups of equal pointers, kernel and spec run on
// the same memory. //vg:noalias excludes the partitions it forbids (the
// caller must guarantee it). Partial overlaps (a slice of another's
// middle) and aliasing between different types are not modelled.

// aliasing maps each parameter index to the index of the parameter whose
// region it shares: the first of its group, itself when it has its own.
type aliasing []int

// distinct is the aliasing of n parameters none of which alias.
func distinct(n int) aliasing {
	a := make(aliasing, n)
	for i := range a {
		a[i] = i
	}
	return a
}

// isDistinct reports whether no two parameters share a region.
func (a aliasing) isDistinct() bool {
	for i, j := range a {
		if i != j {
			return false
		}
	}
	return true
}

// describe names the groups of a, as "out = a, b = c" ("" when distinct).
func (a aliasing) describe(frame *abi.Frame) string {
	var groups []string
	for i, j := range a {
		if i != j {
			continue
		}
		names := []string{frame.Params[i].Name}
		for k := i + 1; k < len(a); k++ {
			if a[k] == i {
				names = append(names, frame.Params[k].Name)
			}
		}
		if len(names) > 1 {
			groups = append(groups, strings.Join(names, " = "))
		}
	}
	return strings.Join(groups, ", ")
}

// maxAliasings bounds the partitions an obligation is proved for.
const maxAliasings = 64

// aliasings lists the aliasings to prove: all parameters distinct first,
// then every partition the types and //vg:noalias allow.
func aliasings(o *obligation.Obligation, frame *abi.Frame) ([]aliasing, error) {
	n := len(frame.Params)
	// Parameters that may alias form classes: pointers to types of
	// identical underlying types (Go converts *A to *B when A and B have
	// one underlying type); slices of such element types and equal
	// lengths.
	var classes [][]int
	for i, s := range frame.Params {
		if !mayAliasType(s.Type) {
			continue
		}
		placed := false
		for c, cl := range classes {
			first := frame.Params[cl[0]]
			if sameClass(o, first, s) {
				classes[c] = append(cl, i)
				placed = true
				break
			}
		}
		if !placed {
			classes = append(classes, []int{i})
		}
	}
	out := []aliasing{distinct(n)}
	for _, cl := range classes {
		if len(cl) < 2 {
			continue
		}
		var next []aliasing
		for _, base := range out {
			for _, part := range partitions(cl) {
				a := append(aliasing(nil), base...)
				ok := true
				for _, g := range part {
					for _, k := range g {
						a[k] = g[0]
					}
					for x := 0; x < len(g) && ok; x++ {
						for y := x + 1; y < len(g) && ok; y++ {
							ok = o.MayAlias(frame.Params[g[x]].Name, frame.Params[g[y]].Name)
						}
					}
				}
				if ok {
					next = append(next, a)
				}
			}
		}
		out = next
		if len(out) > maxAliasings {
			return nil, fmt.Errorf("%d ways for the pointer arguments to alias, more than %d: declare those that never alias with //vg:noalias", len(out), maxAliasings)
		}
	}
	// partitions lists the all-distinct one first: keep it first overall.
	return out, nil
}

// sameClass reports whether parameters x and y may alias by their types
// and lengths (//vg:noalias aside): pointers or slices to memory of one
// underlying type, of one length.
func sameClass(o *obligation.Obligation, x, y abi.Slot) bool {
	return sameMemory(x.Type, y.Type) && pointerLen(o, x.Name) == pointerLen(o, y.Name)
}

// sameMemory reports whether pointer or slice types x and y point to
// memory of one underlying type.
func sameMemory(x, y types.Type) bool {
	elem := func(t types.Type) (types.Type, bool) {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return u.Elem().Underlying(), true
		case *types.Slice:
			return u.Elem().Underlying(), false
		case *types.Basic:
			// Strings share bytes with strings only (a []byte that
			// shares a string's bytes must not be written).
			if u.Info()&types.IsString != 0 {
				return u, false
			}
		}
		return nil, false
	}
	ex, px := elem(x)
	ey, py := elem(y)
	return ex != nil && ey != nil && px == py && types.Identical(ex, ey)
}

func mayAliasType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice:
		return true
	}
	return isString(t)
}

// partitions lists the set partitions of xs, each as groups in order of
// their first element, the partition into singletons first.
func partitions(xs []int) [][][]int {
	if len(xs) == 0 {
		return [][][]int{nil}
	}
	var out [][][]int
	for _, rest := range partitions(xs[1:]) {
		// xs[0] alone, or joined to one of rest's groups.
		alone := append([][]int{{xs[0]}}, rest...)
		out = append(out, alone)
		for g := range rest {
			p := make([][]int, len(rest))
			copy(p, rest)
			p[g] = append([]int{xs[0]}, rest[g]...)
			out = append(out, p)
		}
	}
	return out
}

// substitution maps the input variables of the all-distinct inputs d to
// those of the aliased inputs a built with the same builder: each
// parameter's region words and base to its group's.
func substitution(b *term.Builder, d, a *inputs) map[*term.Term]*term.Term {
	sub := map[*term.Term]*term.Term{}
	for i, p := range d.params {
		q := a.params[i]
		if p.region == nil || q.region == p.region || q.region.Name == p.region.Name {
			continue
		}
		sub[p.region.Base] = q.region.Base
		for off := int64(0); off < p.region.Size; off += 8 {
			sub[mem.InitWord(b, p.region, off)] = mem.InitWord(b, q.region, off)
		}
	}
	return sub
}

// uniformSecrecy reports whether every region shared by aliased
// parameters is shared only by secret ones or only by public ones.
func (in *inputs) uniformSecrecy() bool {
	for i, p := range in.params {
		if p.region != nil && p.alias != i && p.secret != in.params[p.alias].secret {
			return false
		}
	}
	return true
}

// comparedApart is what the spec's pointer comparisons need of the run:
// the interpreter answers "different" for two regions, so the kernel must
// not see their addresses equal either, or a kernel that tests them as
// the spec does (internal/bytealg's Compare: &a[0] == &b[0]) would take
// its equal branch on bytes no real call has. For each pair of argument
// regions the spec compared, the regions do not overlap. That loses
// nothing where the pair may alias (a run with them one region covers
// equal pointers); where it may not (types or lengths differ, or
// //vg:noalias), it is an assumption the report lists. An allocation of
// the spec (a Local region) compared with any region is apart from it
// too, as a new object is: no assumption about the caller (AES's generic
// counter mode checks its buffer against src with alias.InexactOverlap).
func comparedApart(b *term.Builder, o *obligation.Obligation, frame *abi.Frame, in *inputs, compared [][2]*mem.Region) (assume []*term.Term, notes []string) {
	seen := map[[2]*mem.Region]bool{}
	for _, c := range compared {
		x, y := c[0], c[1]
		inputs := x.Kind == mem.Input && y.Kind == mem.Input
		local := x.Kind == mem.Local || y.Kind == mem.Local
		if !inputs && !local || x == y || x.Size == 0 || y.Size == 0 {
			continue
		}
		if x.Name > y.Name {
			x, y = y, x
		}
		if seen[[2]*mem.Region{x, y}] {
			continue
		}
		seen[[2]*mem.Region{x, y}] = true
		// In 65 bits, so that no base near 2⁶⁴ wraps past the other.
		end := func(r *mem.Region) *term.Term { return b.Add(b.ZeroExt(r.Base, 65), b.Uint(uint64(r.Size), 65)) }
		assume = append(assume, b.Or(b.Ule(end(x), b.ZeroExt(y.Base, 65)), b.Ule(end(y), b.ZeroExt(x.Base, 65))))
		if inputs && !mayShare(o, frame, in, x, y) {
			notes = append(notes, fmt.Sprintf("%s and %s do not overlap (the spec compares their addresses, and no run has them equal: their types or lengths differ, or //vg:noalias)", x.Name, y.Name))
		}
	}
	return assume, notes
}

// mayShare reports whether some parameter of region x and some of region
// y may alias: a run of the obligation has them in one region.
func mayShare(o *obligation.Obligation, frame *abi.Frame, in *inputs, x, y *mem.Region) bool {
	for i, p := range in.params {
		for j, q := range in.params {
			if p.region != x || q.region != y {
				continue
			}
			si, sj := frame.Params[i], frame.Params[j]
			if sameClass(o, si, sj) && o.MayAlias(si.Name, sj.Name) {
				return true
			}
		}
	}
	return false
}
