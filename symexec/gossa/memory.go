package gossa

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"vg.dev/symexec/mem"
	"vg.dev/symexec/term"
)

// addr is the 64-bit address of p: its region's base plus its offset.
func (in *interp) addr(p Pointer) *term.Term {
	if p.Region == nil {
		return in.b.Zero(64)
	}
	return in.b.Add(p.Region.Base, p.Off)
}

// decodePointer is the inverse of addr.
func (in *interp) decodePointer(s *state, a *term.Term) (Pointer, error) {
	if k, ok := a.Uint64(); ok && k == 0 {
		return Pointer{}, nil
	}
	r, off, err := s.mem.Resolve(a)
	if err != nil {
		return Pointer{}, err
	}
	return Pointer{r, off}, nil
}

// layout is the memory layout, pointers stored as addresses.
func (in *interp) layout(s *state) *layout {
	return &layout{
		b:     in.b,
		sizes: in.sizes,
		enc:   func(p Pointer) (*term.Term, error) { return in.addr(p), nil },
		dec:   func(a *term.Term) (Pointer, error) { return in.decodePointer(s, a) },
	}
}

// alloc adds a new zeroed Local region of size bytes.
func (in *interp) alloc(s *state, v ssa.Value, size int64) (*mem.Region, error) {
	fn := v.Parent().Name()
	var name string
	for {
		in.nalloc++
		name = fmt.Sprintf("%s.%s#%d", fn, v.Name(), in.nalloc)
		if !in.names[name] {
			break
		}
	}
	in.names[name] = true
	return s.mem.Add(&mem.Region{Name: name, Kind: mem.Local, Size: size, Writable: true}), nil
}

// positions lists the offsets at which an access of n bytes through p may
// fall: those within p's region that the offset term's lattice allows
// (mem.PlacesOf).
// Only the in-bounds offsets matter: every symbolic offset comes from an
// index or slice bound that was checked (a failed check ends the path).
func (in *interp) positions(p Pointer, n int64) (*mem.Places, error) {
	// The offsets the lattice allows within the region, as the
	// interpreter has always taken them: not narrowed by a range.
	pl, err := mem.PlacesOf(in.b, p.Region, p.Off, int(n), false)
	if err != nil {
		return nil, err
	}
	return pl, nil
}

// load reads a value of type t through p.
func (in *interp) load(s *state, p Pointer, t types.Type, pos token.Pos) (Value, bool, error) {
	if p.Region == nil {
		return nil, in.fail(s, in.b.Bool(true), pos, "nil dereference"), nil
	}
	n := in.sizes.Sizeof(t)
	if n == 0 {
		v, err := zeroValue(in.b, t, in.sizes)
		return v, true, err
	}
	l := in.layout(s)
	read := func(off int64, n int) (*term.Term, error) { return s.mem.Load(p.Region, off, n) }
	if k, ok := p.Off.Uint64(); ok {
		v, err := l.build(t, int64(k), read)
		return v, true, err
	}
	// An integer from a table of constants at an index of a byte:
	// one lookup (mem.Lookup), every place of it in bounds.
	if w, _, ok := intType(t, in.sizes); ok && w >= 8 {
		x, ok, err := s.mem.Lookup(p.Region, p.Off, int(n))
		if err != nil {
			return nil, false, err
		}
		if ok {
			return Scalar{x}, true, nil
		}
	}
	pl, err := in.positions(p, n)
	if err != nil || len(pl.Offs) == 0 {
		return nil, false, errors.Join(err, fmt.Errorf("no in-bounds position for a load from %s", p.Region.Name))
	}
	offs := pl.Offs
	// ite(Off = o₀, v₀, ite(Off = o₁, v₁, … v_last)).
	var r Value
	for i := len(offs) - 1; i >= 0; i-- {
		v, err := l.build(t, offs[i], read)
		if err != nil {
			return nil, false, err
		}
		if r == nil {
			r = v
			continue
		}
		r = mergeValue(in.b, in.b.Eq(p.Off, in.b.Uint(uint64(offs[i]), 64)), v, r)
	}
	return r, true, nil
}

// store writes v, of type t, through p.
func (in *interp) store(s *state, p Pointer, v Value, t types.Type, pos token.Pos) (bool, error) {
	b := in.b
	if p.Region == nil {
		return in.fail(s, b.Bool(true), pos, "nil dereference"), nil
	}
	n := in.sizes.Sizeof(t)
	if n == 0 {
		return true, nil
	}
	leaves, err := in.layout(s).leaves(v, t, 0, nil)
	if err != nil {
		return false, err
	}
	if k, ok := p.Off.Uint64(); ok {
		for _, lf := range leaves {
			if err := s.mem.Store(p.Region, int64(k)+lf.off, lf.t); err != nil {
				return false, err
			}
		}
		return true, nil
	}
	pl, err := in.positions(p, n)
	if err != nil || len(pl.Offs) == 0 {
		return false, errors.Join(err, fmt.Errorf("no in-bounds position for a store to %s", p.Region.Name))
	}
	for _, lf := range leaves {
		if err := s.mem.StoreAt(p.Region, pl, lf.off, lf.t); err != nil {
			return false, err
		}
	}
	return true, nil
}

// upperBound is an upper bound on the unsigned value of t (at most 64 bits
// wide), read from its shape: enough to see that table[i&15] or t[i%8]
// stays in range.
func upperBound(t *term.Term) uint64 {
	all := ^uint64(0) >> (64 - t.Width())
	switch t.Op() {
	case term.OpConst:
		k, _ := t.Uint64()
		return k
	case term.OpConcat:
		top := t.Arg(0)
		if k, ok := top.Uint64(); ok {
			r := t.Width() - top.Width()
			return k<<r | (1<<r - 1)
		}
	case term.OpAnd:
		for _, a := range t.Args() {
			all = min(all, upperBound(a))
		}
	case term.OpURem:
		if k, ok := t.Arg(1).Uint64(); ok && k != 0 {
			return k - 1
		}
	case term.OpUDiv:
		if k, ok := t.Arg(1).Uint64(); ok && k != 0 {
			return upperBound(t.Arg(0)) / k
		}
	case term.OpIte:
		return max(upperBound(t.Arg(1)), upperBound(t.Arg(2)))
	}
	return all
}

// outOfRange is the width-1 term i >= n for 64-bit i and n, false when the
// shape of i bounds it below a constant n.
func outOfRange(b *term.Builder, i, n *term.Term) *term.Term {
	if k, ok := n.Uint64(); ok && upperBound(i) < k {
		return b.Bool(false)
	}
	return b.Uge(i, n)
}

// fieldAddr executes &x.f.
func (in *interp) fieldAddr(s *state, v *ssa.FieldAddr) (bool, error) {
	p, err := in.pointer(s, v.X)
	if err != nil {
		return false, err
	}
	if p.Region == nil {
		return in.fail(s, in.b.Bool(true), v.Pos(), "nil dereference"), nil
	}
	st := v.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	off := in.sizes.Offsetsof(fields(st))[v.Field]
	s.env[v] = Pointer{p.Region, in.b.Add(p.Off, in.b.Uint(uint64(off), 64))}
	return true, nil
}

// sequence returns the first element, length, capacity and element type of
// an array pointer or slice.
func (in *interp) sequence(s *state, x ssa.Value) (p Pointer, n, c *term.Term, elem types.Type, err error) {
	v, err := in.operand(s, x)
	if err != nil {
		return
	}
	switch t := x.Type().Underlying().(type) {
	case *types.Pointer:
		if a, ok := t.Elem().Underlying().(*types.Array); ok {
			n = in.b.Uint(uint64(a.Len()), 64)
			return v.(Pointer), n, n, a.Elem(), nil
		}
	case *types.Slice:
		sl := v.(Slice)
		return sl.Ptr, sl.Len, sl.Cap, t.Elem(), nil
	case *types.Basic:
		// A string parameter is a Slice of its bytes (Cap = Len); a
		// string constant is not modelled.
		if sl, ok := v.(Slice); ok && t.Info()&types.IsString != 0 {
			return sl.Ptr, sl.Len, sl.Len, types.Typ[types.Byte], nil
		}
	}
	return p, nil, nil, nil, fmt.Errorf("indexing or slicing %s is not supported", x.Type())
}

// indexAddr executes &x[i] with its bounds check.
func (in *interp) indexAddr(s *state, v *ssa.IndexAddr) (bool, error) {
	b := in.b
	p, n, _, elem, err := in.sequence(s, v.X)
	if err != nil {
		return false, err
	}
	if _, isArray := v.X.Type().Underlying().(*types.Pointer); isArray && p.Region == nil {
		return in.fail(s, b.Bool(true), v.Pos(), "nil dereference"), nil
	}
	i, err := in.index64(s, v.Index)
	if err != nil {
		return false, err
	}
	if !in.fail(s, outOfRange(b, i, n), v.Pos(), "index out of range") || p.Region == nil {
		return false, nil
	}
	size := b.Uint(uint64(in.sizes.Sizeof(elem)), 64)
	s.env[v] = Pointer{p.Region, b.Add(p.Off, b.Mul(i, size))}
	return true, nil
}

// slice executes x[lo:hi:max] on an array pointer or slice.
func (in *interp) slice(s *state, v *ssa.Slice) (bool, error) {
	b := in.b
	if _, ok := v.X.Type().Underlying().(*types.Basic); ok && v.Max != nil {
		return false, errors.New("a 3-index slice of a string is not Go")
	}
	p, n, c, elem, err := in.sequence(s, v.X)
	if err != nil {
		return false, err
	}
	if _, isArray := v.X.Type().Underlying().(*types.Pointer); isArray && p.Region == nil {
		return in.fail(s, b.Bool(true), v.Pos(), "nil dereference"), nil
	}
	lo, hi, mx := b.Zero(64), n, c
	for _, x := range []struct {
		v ssa.Value
		t **term.Term
	}{{v.Low, &lo}, {v.High, &hi}, {v.Max, &mx}} {
		if x.v != nil {
			if *x.t, err = in.index64(s, x.v); err != nil {
				return false, err
			}
		}
	}
	bad := b.Or(b.Ugt(mx, c), b.Ugt(hi, mx), b.Ugt(lo, hi))
	if !in.fail(s, bad, v.Pos(), "slice bounds out of range") {
		return false, nil
	}
	// An argument slice's capacity is its own value, but its region ends
	// at its length: elements past the region have no bytes here.
	if p.Region != nil {
		esize := uint64(in.sizes.Sizeof(elem))
		past := b.Ugt(b.Add(p.Off, b.Mul(hi, b.Uint(esize, 64))), b.Uint(uint64(p.Region.Size), 64))
		if !in.unmodelled(s, past, v.Pos(), "a reslice past the elements "+p.Region.Name+" holds (up to its capacity)") {
			return false, nil
		}
	}
	if p.Region != nil {
		p.Off = b.Add(p.Off, b.Mul(lo, b.Uint(uint64(in.sizes.Sizeof(elem)), 64)))
	}
	if _, isString := v.X.Type().Underlying().(*types.Basic); isString {
		mx = hi
	}
	s.env[v] = Slice{p, b.Sub(hi, lo), b.Sub(mx, lo)}
	return true, nil
}

// makeSlice executes make([]T, len, cap) for constant len and cap.
func (in *interp) makeSlice(s *state, v *ssa.MakeSlice) (bool, error) {
	b := in.b
	n, err := in.index64(s, v.Len)
	if err != nil {
		return false, err
	}
	c, err := in.index64(s, v.Cap)
	if err != nil {
		return false, err
	}
	kn, ok1 := n.Uint64()
	kc, ok2 := c.Uint64()
	if !ok1 || !ok2 {
		return false, errors.New("make of a slice with a symbolic length or capacity is not supported")
	}
	if int64(kn) < 0 || kn > kc || kc > maxElems {
		return in.fail(s, b.Bool(true), v.Pos(), "makeslice: len out of range"), nil
	}
	elem := v.Type().Underlying().(*types.Slice).Elem()
	r, err := in.alloc(s, v, int64(kc)*in.sizes.Sizeof(elem))
	if err != nil {
		return false, err
	}
	s.env[v] = Slice{Pointer{r, b.Zero(64)}, n, c}
	return true, nil
}

// copy executes the builtin copy(dst, src) for slices whose common length
// is a constant.
func (in *interp) copy(s *state, args []ssa.Value, pos token.Pos) (Value, bool, error) {
	b := in.b
	st, ok := args[1].Type().Underlying().(*types.Slice)
	if !ok {
		return nil, false, errors.New("copy from a string is not supported")
	}
	dst, err := in.operand(s, args[0])
	if err != nil {
		return nil, false, err
	}
	src, err := in.operand(s, args[1])
	if err != nil {
		return nil, false, err
	}
	d, sr := dst.(Slice), src.(Slice)
	n := b.Ite(b.Ult(d.Len, sr.Len), d.Len, sr.Len)
	k, ok := n.Uint64()
	if !ok {
		return nil, false, errors.New("copy of a symbolic number of elements is not supported")
	}
	if k > 0 {
		t := types.NewArray(st.Elem(), int64(k))
		x, alive, err := in.load(s, sr.Ptr, t, pos)
		if err != nil || !alive {
			return nil, alive, err
		}
		if alive, err := in.store(s, d.Ptr, x, t, pos); err != nil || !alive {
			return nil, alive, err
		}
	}
	return Scalar{n}, true, nil
}
